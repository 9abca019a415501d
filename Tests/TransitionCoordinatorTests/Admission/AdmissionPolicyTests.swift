import TestSupport
import Testing
import TransitionCoordinator

/// The four admission policies, each driven by a gated animator holding a transition in flight.
@Suite("Admission policies")
struct AdmissionPolicyTests {
    static let pushPin = TransitionRequest.push(Screens.pin, at: .medium)
    static let pushTutorial = TransitionRequest.push(Screens.tutorial, at: .low)
    static let pushLogin = TransitionRequest.push(Screens.login, at: .low)

    /// Starts an animated push of the PIN at `medium` and returns once its animator is running.
    static func holdInFlight(
        _ fixture: Fixture, _ animator: GatedAnimator
    )
        async -> Task<Result<TransitionRecord, TransitionError>, Never>
    {
        let first = Task { await attempt { try await fixture.coordinator.perform(pushPin, animator: animator) } }
        await animator.started()
        return first
    }

    @Test("an enqueued request waits for the transition in flight, then runs from its after-state")
    func enqueueWaitsThenRuns() async throws {
        let fixture = await Fixture()
        var probe = EventProbe(fixture.coordinator)
        let animator = GatedAnimator()
        let first = await Self.holdInFlight(fixture, animator)
        let second = Task { await attempt { try await fixture.coordinator.perform(Self.pushTutorial, policy: .enqueue) } }
        #expect(await probe.waiting(Self.pushTutorial) == .queued)
        #expect(await fixture.coordinator.waitingRequests == [Self.pushTutorial])
        #expect(await fixture.snapshot.window(at: .low) == nil)

        animator.open()
        let pin = try #require(await first.value.success)
        let tutorial = try #require(await second.value.success)
        #expect(tutorial.id == t(2))
        #expect(tutorial.before == pin.after)
        #expect(tutorial.waited?.description == "queued #1")
        #expect(pin.waited == nil)
        #expect(await fixture.snapshot.windowList.map(\.level) == [.root, .low, .medium])
        #expect(await fixture.coordinator.waitingRequests.isEmpty)
    }

    @Test("a request beyond the queue limit is refused as queueFull and changes nothing")
    func fullQueue() async throws {
        let fixture = await Fixture(configuration: try CoordinatorConfiguration(queueLimit: 1))
        var probe = EventProbe(fixture.coordinator)
        let animator = GatedAnimator()
        let first = await Self.holdInFlight(fixture, animator)
        let waiter = Task { await attempt { try await fixture.coordinator.perform(Self.pushTutorial, policy: .enqueue) } }
        await probe.waiting(Self.pushTutorial)
        let before = await fixture.snapshot

        await #expect(throws: TransitionError.refused(.queueFull(limit: 1))) {
            try await fixture.coordinator.openWindow(Screens.shield, at: .high, policy: .enqueue)
        }
        await #expect(throws: TransitionError.refused(.queueFull(limit: 1))) {
            try await fixture.coordinator.openWindow(Screens.shield, at: .high, policy: .preempt)
        }
        #expect(await fixture.snapshot == before)
        #expect(await fixture.coordinator.waitingRequests == [Self.pushTutorial])

        animator.open()
        #expect(await first.value.success != nil)
        #expect(await waiter.value.success?.request == Self.pushTutorial)
    }

    @Test("a waiting request whose task is cancelled leaves the queue with a cancellation error and changes nothing")
    func cancelledWaiter() async throws {
        let fixture = await Fixture()
        var probe = EventProbe(fixture.coordinator)
        let animator = GatedAnimator()
        let first = await Self.holdInFlight(fixture, animator)
        let waiter = Task { await attempt { try await fixture.coordinator.perform(Self.pushTutorial, policy: .enqueue) } }
        await probe.waiting(Self.pushTutorial)

        waiter.cancel()
        #expect(await waiter.value.failure == .refused(.cancelled(Self.pushTutorial)))
        #expect(await fixture.coordinator.waitingRequests.isEmpty)

        animator.open()
        let pin = try #require(await first.value.success)
        #expect(await fixture.snapshot == pin.after)
        #expect(await fixture.coordinator.history == [pin])
        #expect(await fixture.coordinator.inFlightTransition == nil)
    }

    @Test("a coalescing request supersedes the waiting one of its group, which is told by whom")
    func coalesceSupersedes() async throws {
        let fixture = await Fixture()
        var probe = EventProbe(fixture.coordinator)
        let animator = GatedAnimator()
        let first = await Self.holdInFlight(fixture, animator)
        let older = Task {
            await attempt { try await fixture.coordinator.perform(Self.pushTutorial, policy: .coalesce(group: "intro")) }
        }
        await probe.waiting(Self.pushTutorial)
        let other = Task {
            await attempt {
                try await fixture.coordinator.openWindow(Screens.shield, at: .high, policy: .coalesce(group: "cover"))
            }
        }
        await probe.waiting(.push(Screens.shield, at: .high))
        let newer = Task {
            await attempt { try await fixture.coordinator.perform(Self.pushLogin, policy: .coalesce(group: "intro")) }
        }
        await probe.waiting(Self.pushLogin)

        #expect(await older.value.failure == .refused(.superseded(group: "intro", by: Self.pushLogin)))
        #expect(await fixture.coordinator.waitingRequests == [.push(Screens.shield, at: .high), Self.pushLogin])

        animator.open()
        #expect(await first.value.success != nil)
        #expect(await other.value.success?.waited?.description == "queued #2")
        #expect(await newer.value.success?.waited?.description == "queued #3")
        #expect(await fixture.snapshot.window(at: .low)?.content == .screen(Screens.login))
        #expect(await fixture.coordinator.history.count == 3)
    }

    @Test("a preempting request cuts the animation in flight short, lets it commit, then runs ahead of queued requests")
    func preemptCutsShort() async throws {
        let fixture = await Fixture()
        var probe = EventProbe(fixture.coordinator)
        let animator = GatedAnimator()
        let first = await Self.holdInFlight(fixture, animator)
        let queued = Task { await attempt { try await fixture.coordinator.perform(Self.pushTutorial, policy: .enqueue) } }
        await probe.waiting(Self.pushTutorial)

        let preempting = try await fixture.coordinator.openWindow(Screens.shield, at: .high, policy: .preempt)

        let pin = try #require(await first.value.success)
        #expect(pin.animation == .preempted)
        #expect(pin.after.window(at: .medium) != nil)
        #expect(preempting.id == t(2))
        #expect(preempting.before == pin.after)
        #expect(preempting.waited?.description == "preempt #2")
        let tutorial = try #require(await queued.value.success)
        #expect(tutorial.id == t(3))
        await animator.cancelled()
        #expect(animator.callCount == 1)
    }

    @Test(
        "a preempting request that arrives while a swipe is held cuts nothing and stays cancellable: withdrawn, it changes nothing"
    )
    func preemptDuringHeldSwipeStaysCancellable() async throws {
        let coordinator = try await Coordinator(
            root: .stack(StackContainer(id: "form", root: Screen("step1"))), clock: TestClock())
        try await coordinator.stack("form").push(Screen("step2"))
        var probe = EventProbe(coordinator)
        let swipe = try await coordinator.beginGesture(.pop("form"))
        let toast = TransitionRequest.push(Screen("toast"), at: .low)
        let preempting = Task { await attempt { try await coordinator.perform(toast, policy: .preempt) } }
        #expect(await probe.waiting(toast) == .preempt)
        preempting.cancel()
        await swipe.cancel()
        #expect(await preempting.value.failure == .refused(.cancelled(toast)))
        #expect(await coordinator.snapshot.window(at: .low) == nil, "nothing changed")
    }

    @Test(
        "a preempting request that arrives while the guards decide cuts nothing: cancellable while it waits, planned when its turn comes",
        arguments: [true, false])
    func preemptWhileGuardsDecide(_ allowed: Bool) async throws {
        let gate = Gate()
        let slow = NavigationGuard("slow") { context in
            guard context.arriving.contains(where: { $0.name == "vault" }) else { return .allow }
            await gate.wait()
            return allowed ? .allow : .deny("no")
        }
        let coordinator = await Coordinator(root: Screen("home"), clock: TestClock(), guards: [slow])
        var probe = EventProbe(coordinator)
        let open = Task {
            await attempt { try await coordinator.openWindow(Screen("vault"), at: .low, animator: GatedAnimator(.returnAtOnce)) }
        }
        _ = await probe.next { if case .began = $0 { true } else { false } }
        let close = TransitionRequest.pop(.low)
        let closing = Task { await attempt { try await coordinator.perform(close, policy: .preempt) } }
        #expect(await probe.waiting(close) == .preempt)
        if allowed {
            gate.open()
            let opened = try #require(await open.value.success)
            #expect(opened.animation == .ran, "nothing cut an animation that started once the guards let it through")
            let closed = try #require(await closing.value.success)
            #expect(closed.before == opened.after)
            #expect(await coordinator.snapshot.window(at: .low) == nil)
        } else {
            // Its caller gives up while the guards decide: withdrawn, as any waiter is.
            closing.cancel()
            gate.open()
            #expect(await closing.value.failure == .refused(.cancelled(close)))
            #expect(await open.value.failure?.code == "denied")
            #expect(await coordinator.history.count == 0, "nothing committed")
        }
    }

    @Test(
        "a preempting request behind one that came while the guards decided cuts nothing: the earlier one runs first, and a refusal then changes nothing"
    )
    func preemptBehindEarlierWaiter() async throws {
        let deciding = Gate(), decide = Gate()
        let slow = NavigationGuard("slow") { context in
            guard context.arriving.contains(where: { $0.name == "vault" }) else { return .allow }
            deciding.open()
            await decide.wait()
            return .allow
        }
        let clock = TestClock()
        let coordinator = await Coordinator(root: Screen("home"), clock: clock, guards: [slow])
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let open = Task { await attempt { try await coordinator.openWindow(Screen("vault"), at: .low, animator: animator) } }
        await deciding.wait()
        let login = TransitionRequest.push(Screens.login, at: .medium), pin = TransitionRequest.push(Screens.pin, at: .medium)
        let first = Task { await attempt { try await coordinator.perform(login, policy: .preempt) } }
        #expect(await probe.waiting(login) == .preempt)
        decide.open()
        await animator.started()
        // Planned against what the transition in flight commits, the level is free; but the
        // earlier request runs first and takes it.
        let second = Task { await attempt { try await coordinator.perform(pin, policy: .preempt) } }
        #expect(await probe.waiting(pin) == .preempt)
        animator.open()
        let opened = try #require(await open.value.success)
        #expect(opened.animation == .ran, "nothing cut the animation: \(opened.animation)")
        #expect(await first.value.success != nil)
        #expect(await second.value.failure?.code == "levelOccupied", "refused, having cut nothing")
    }

    static let policies: [AdmissionPolicy] = [.reject, .enqueue, .coalesce(group: "g"), .preempt]

    @Test("an idle coordinator admits a request at once whatever its policy", arguments: policies)
    func idleAdmitsAtOnce(policy: AdmissionPolicy) async throws {
        let fixture = await Fixture()
        let record = try await fixture.coordinator.perform(Self.pushTutorial, policy: policy)
        #expect(record.waited == nil)
        #expect(record.after.window(at: .low)?.content == .screen(Screens.tutorial))
    }

    @Test("a request from inside the animator is refused as re-entrant under every policy, never waiting", arguments: policies)
    func reentrantUnderEveryPolicy(policy: AdmissionPolicy) async throws {
        let fixture = await Fixture()
        let answer = Box<Result<TransitionRecord, TransitionError>?>(nil)
        let coordinator = fixture.coordinator
        let animator = AnyAnimator { _ in
            answer.value = await attempt { try await coordinator.perform(Self.pushTutorial, policy: policy) }
        }
        let record = try await coordinator.perform(Self.pushPin, animator: animator)
        #expect(answer.value?.failure == .refused(.reentrant(inFlight: InFlightTransition(id: record.id, request: Self.pushPin))))
        #expect(record.animation == .ran)
        #expect(await fixture.coordinator.history == [record])
    }

    @Test("every waiting request ends with exactly one outcome when the in-flight one commits")
    func everyWaiterAnswered() async throws {
        let fixture = await Fixture()
        var probe = EventProbe(fixture.coordinator)
        let animator = GatedAnimator()
        let first = await Self.holdInFlight(fixture, animator)
        // Two requests for the same level: the first to run takes it, the second no longer fits.
        let a = Task { await attempt { try await fixture.coordinator.perform(Self.pushTutorial, policy: .enqueue) } }
        await probe.waiting(Self.pushTutorial)
        let b = Task { await attempt { try await fixture.coordinator.perform(Self.pushLogin, policy: .enqueue) } }
        await probe.waiting(Self.pushLogin)

        animator.open()
        #expect(await first.value.success != nil)
        let tutorial = try #require(await a.value.success)
        #expect(await b.value.failure == .invalid(.levelOccupied(.low, by: try #require(tutorial.after.window(at: .low)))))
        #expect(await fixture.coordinator.history.count == 2)
        #expect(await fixture.coordinator.inFlightTransition == nil)
    }
}
