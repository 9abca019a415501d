import TestSupport
import Testing
import TransitionCoordinator

/// Hole 2: a host call that never returned used to hang the caller, every later request and the
/// shield. Each phase of host calls is now bounded by `hostTimeout`, on the injected clock.
@Suite("Adversarial: a stuck host never hangs the coordinator")
struct AdversarialStuckHostTests {
    static let hostTimeout = Duration.seconds(1)
    static let configuration = try! CoordinatorConfiguration(
        shield: LifecycleCover(screen: Screens.shield, level: .high),
        hostTimeout: hostTimeout)
    static let pushTutorial = TransitionRequest.push(Screens.tutorial, at: .low)

    struct Setup {
        let coordinator: Coordinator
        let host: TestHost
        let clock: TestClock

        init(clock: TestClock = TestClock()) async {
            host = TestHost()
            self.clock = clock
            coordinator = await Coordinator(
                root: Screens.home, configuration: AdversarialStuckHostTests.configuration,
                host: host, clock: clock)
        }

        /// Waits (yielding, never sleeping) until the stuck call has returned and the coordinator knows it.
        func untilHostAnswers() async {
            while await coordinator.hostFault != nil { await Task.yield() }
        }

        /// The host's windows against the committed snapshot (invariant 5).
        func hostViolations() async -> [InvariantViolation] {
            InvariantChecker.checkHost(await host.ledger, against: await coordinator.snapshot)
        }
    }

    @Test(
        "a createWindow that never returns: the push returns at hostTimeout, requests are refused, the shield still commits, and the host is caught up once it answers"
    )
    func createNeverReturns() async throws {
        let setup = await Setup()
        let coordinator = setup.coordinator
        let entered = Gate(), release = Gate()
        await setup.host.setCommandHook { call in
            guard call.description == "create #2" else { return }
            entered.open()
            await release.wait()
        }

        let push = Task { await attempt { try await coordinator.perform(Self.pushTutorial) } }
        // The phase's alarm is armed before its first call, so once the call is entered the advance fires it.
        await entered.wait()
        setup.clock.advance(by: Self.hostTimeout)
        let record = try #require(await push.value.success)
        let fault = try #require(record.hostFault)
        #expect(fault.transition == record.id, "the record's own call got stuck")
        #expect(fault.call.description == "create #2")
        #expect(fault.phase == .beforeAnimation)
        #expect(record.after.window(at: .low)?.content == .screen(Screens.tutorial))
        #expect(await coordinator.hostFault == fault)

        for policy in [AdmissionPolicy.reject, .enqueue, .coalesce(group: "g"), .preempt] {
            await #expect(throws: TransitionError.refused(.hostUnresponsive(fault))) {
                try await coordinator.openWindow(Screens.login, at: .medium, policy: policy)
            }
        }

        let inactive = try await coordinator.setApplicationState(.inactive)
        #expect(inactive.hostFault == fault && fault.transition != inactive.id)
        let shield = try #require(inactive.after.shieldWindow)
        #expect(inactive.after.keyWindow == shield.id)
        #expect(await coordinator.snapshot == inactive.after)

        release.open()
        await setup.untilHostAnswers()
        let popped = try await coordinator.closeWindow(at: .low)
        #expect(popped.hostFault == nil)
        #expect(await setup.hostViolations().isEmpty)
        let ledger = await setup.host.ledger
        #expect(ledger.key == shield.id && ledger.visible.contains(shield.id))
        try await coordinator.setApplicationState(.active)
        #expect(await setup.hostViolations().isEmpty)
        #expect(await coordinator.audit().isEmpty)
    }

    @Test(
        "an unanimated push goes to the host as one phase under one timeout: a makeKey stuck after a slow create is given up one host timeout after the create began, and named as after the animation"
    )
    func unanimatedChangeIsOnePhase() async throws {
        let setup = await Setup()
        let coordinator = setup.coordinator
        let createEntered = Gate(), createGoesOn = Gate(), keyEntered = Gate(), release = Gate()
        await setup.host.setCommandHook { call in
            switch call.description {
            case "create #2":
                createEntered.open()
                await createGoesOn.wait()
            case "makeKey #2":
                keyEntered.open()
                await release.wait()
            default: break
            }
        }

        let push = Task { await attempt { try await coordinator.perform(Self.pushTutorial) } }
        await createEntered.wait()
        setup.clock.advance(by: Self.hostTimeout * 0.6)
        createGoesOn.open()
        // One timeout from the create's start bounds both; two phases would give the makeKey a
        // timeout of its own, due one host timeout after it began.
        await keyEntered.wait()
        let timeout = try #require(setup.clock.advance(toDeadlineOf: .host))
        #expect(timeout.deadline.offset == Self.hostTimeout)
        let record = try #require(await push.value.success)
        let fault = try #require(record.hostFault)
        #expect(fault.call.description == "makeKey #2")
        #expect(fault.phase == .afterAnimation)
        #expect(fault.phaseBegan == .zero && fault.since == Self.hostTimeout)

        release.open()
        await setup.untilHostAnswers()
        #expect(await setup.hostViolations().isEmpty)
        #expect(await coordinator.audit().isEmpty)
    }

    @Test("a reset the host missed while stuck is sent in the catch-up, so no animator's change stays on screen")
    func missedResetCaughtUp() async throws {
        let setup = await Setup()
        let entered = Gate(), release = Gate()
        // The first after-animation call, the root window's reset, gets stuck: the new window's
        // reset and its making key are never sent.
        await setup.host.setCommandHook { call in
            guard call.description == "reset #1" else { return }
            entered.open()
            await release.wait()
        }
        let push = Task {
            try await setup.coordinator.openWindow(Screens.tutorial, at: .low, animator: ScriptedAnimator(.finish))
        }
        await entered.wait()
        setup.clock.advance(by: Self.hostTimeout)
        #expect(try await push.value.hostFault?.call.description == "reset #1")
        release.open()
        await setup.untilHostAnswers()
        await setup.host.setCommandHook(nil)
        await setup.host.clearLog()
        try await setup.coordinator.registerUnmanagedWindow(UnmanagedWindow(id: "debug", zOrder: 10))
        #expect(await setup.host.lines.prefix(2) == ["reset #2", "makeKey #2"], "the catch-up sends what the host missed")
        #expect(await setup.hostViolations().isEmpty)
    }

    @Test(
        "a window registered as key while the host is behind, its catch-up stuck, is told to resign at the next catch-up once the host answers"
    )
    func resignOwedAfterStuckCatchUp() async throws {
        let setup = await Setup()
        let coordinator = setup.coordinator
        try await coordinator.openWindow(Screens.tutorial, at: .low)
        /// Holds `line` once, past the host timeout, while `request` runs; then lets it return.
        func stuck(
            on line: String, _ request: @escaping @Sendable () async throws -> TransitionRecord
        ) async throws -> TransitionRecord {
            let entered = Gate(), release = Gate(), held = Box(false)
            await setup.host.setCommandHook { call in
                guard call.description == line else { return }
                let first = held.update { wasHeld -> Bool in
                    defer { wasHeld = true }
                    return !wasHeld
                }
                guard first else { return }
                entered.open()
                await release.wait()
            }
            let asked = Task { try await request() }
            await entered.wait()
            setup.clock.advance(by: Self.hostTimeout)
            let record = try await asked.value
            release.open()
            await setup.untilHostAnswers()
            return record
        }
        // The close's makeKey gets stuck: the host misses the window's hide and destroy.
        #expect(try await stuck(on: "makeKey #1") { try await coordinator.closeWindow(at: .low) }.hostFault != nil)
        // The registration's catch-up (that destroy) gets stuck: its own makeKey, resigning, is never sent.
        let registered = try await stuck(on: "destroy #2") {
            try await coordinator.registerUnmanagedWindow(UnmanagedWindow(id: "alert", zOrder: 10, isKey: true))
        }
        #expect(registered.hostFault?.phase == .catchUp)
        #expect(registered.after.unmanagedWindows == [UnmanagedWindow(id: "alert", zOrder: 10)], "resigned in the model")
        await setup.host.setCommandHook(nil)
        try await coordinator.openWindow(Screens.login, at: .medium)
        #expect(await setup.host.calls.log.filter { $0.contains("resigning") } == ["makeKey #1 resigning alert"])
        #expect(InvariantChecker.checkResigns(await setup.host.ledger, history: await coordinator.history) == [])
        #expect(await setup.hostViolations() == [])
    }

    @Test("a preempting request that cut the animation runs, to the model alone, when the host gets stuck after the cut")
    func preempterThatCutRunsPastStuckHost() async throws {
        let setup = await Setup()
        var probe = EventProbe(setup.coordinator)
        let started = Gate(), entered = Gate(), release = Gate()
        // The cut transition's after-animation reset gets stuck.
        await setup.host.setCommandHook { call in
            guard call.description == "reset #1" else { return }
            entered.open()
            await release.wait()
        }
        let held = CallbackAnimator { _, _ in started.open() }
        let first = Task { try await setup.coordinator.openWindow(Screens.tutorial, at: .low, animator: held) }
        await started.wait()
        let preempting = Task { () async throws(TransitionError) -> TransitionRecord in
            try await setup.coordinator.openWindow(Screens.pin, at: .medium, policy: .preempt)
        }
        #expect(await probe.waiting(.push(Screens.pin, at: .medium)) == .preempt)
        await entered.wait()
        setup.clock.advance(by: Self.hostTimeout)
        #expect(try await first.value.animation == .preempted)
        let record = try await preempting.value
        #expect(record.hostFault != nil, "committed to the model alone while the reset is stuck")
        #expect(await setup.coordinator.snapshot.window(at: .medium)?.content == .screen(Screens.pin))
        release.open()
        await setup.untilHostAnswers()
    }

    @Test("a createWindow that awaits a detached enqueued request to the same coordinator: no hang, the request is answered")
    func hostAwaitsItsOwnCoordinator() async throws {
        let setup = await Setup()
        let coordinator = setup.coordinator
        var probe = EventProbe(coordinator)
        let pushLogin = TransitionRequest.push(Screens.login, at: .medium)
        let answer = Box<Result<TransitionRecord, TransitionError>?>(nil)
        let answered = Gate()
        await setup.host.setCommandHook { call in
            guard call.description == "create #2" else { return }
            let request = Task.detached { await attempt { try await coordinator.perform(pushLogin, policy: .enqueue) } }
            answer.value = await request.value
            answered.open()
        }

        let push = Task { await attempt { try await coordinator.perform(Self.pushTutorial) } }
        // The create call is in progress (it made the request), so the phase's alarm is armed.
        #expect(await probe.waiting(pushLogin) == .queued)
        setup.clock.advance(by: Self.hostTimeout)

        let record = try #require(await push.value.success)
        let fault = try #require(record.hostFault)
        #expect(fault.call.description == "create #2")
        await answered.wait()
        // The stuck call cannot have returned when the slot was freed: it awaits this very answer.
        #expect(answer.value == .failure(.refused(.hostUnresponsive(fault))))
        await setup.untilHostAnswers()
        try await coordinator.setApplicationState(.inactive)
        try await coordinator.setApplicationState(.active)
        #expect(await setup.hostViolations().isEmpty)
        #expect(await coordinator.audit().isEmpty)
    }

    @Test("two coordinators whose hosts await each other's coordinator: both calls return")
    func hostsAwaitEachOther() async throws {
        let clock = TestClock()
        let a = await Setup(clock: clock), b = await Setup(clock: clock)
        var probeA = EventProbe(a.coordinator), probeB = EventProbe(b.coordinator)
        let enteredA = Gate(), enteredB = Gate(), bothIn = Gate()
        let answers = Box<[String: Result<TransitionRecord, TransitionError>]>([:])
        let answeredA = Gate(), answeredB = Gate()
        let fromA = TransitionRequest.push(Screen("fromA"), at: .medium)
        let fromB = TransitionRequest.push(Screen("fromB"), at: .medium)
        for (host, entered, other, request, name, answered) in [
            (a.host, enteredA, b.coordinator, fromA, "A", answeredA), (b.host, enteredB, a.coordinator, fromB, "B", answeredB),
        ] {
            await host.setCommandHook { call in
                guard call.description == "create #2" else { return }
                entered.open()
                await bothIn.wait()
                let result = await attempt { try await other.perform(request, policy: .enqueue) }
                answers.mutate { $0[name] = result }
                answered.open()
            }
        }

        let pushA = Task { await attempt { try await a.coordinator.perform(Self.pushTutorial) } }
        let pushB = Task { await attempt { try await b.coordinator.perform(Self.pushTutorial) } }
        await enteredA.wait()
        await enteredB.wait()
        bothIn.open()
        #expect(await probeB.waiting(fromA) == .queued)
        // Both create calls are in progress, so both coordinators' alarms are armed.
        #expect(await probeA.waiting(fromB) == .queued)
        clock.advance(by: Self.hostTimeout)

        let recordA = try #require(await pushA.value.success)
        let recordB = try #require(await pushB.value.success)
        #expect(recordA.after.window(at: .low) != nil && recordB.after.window(at: .low) != nil)
        await answeredA.wait()
        await answeredB.wait()
        for result in answers.value.values {
            switch result {
            case .success, .failure(.refused(.hostUnresponsive)): break
            case .failure(let error): Issue.record("unexpected answer \(error)")
            }
        }
        for setup in [a, b] {
            await setup.untilHostAnswers()
            try await setup.coordinator.setApplicationState(.inactive)
            #expect(await setup.hostViolations().isEmpty)
            #expect(await setup.coordinator.audit().isEmpty)
        }
    }
}
