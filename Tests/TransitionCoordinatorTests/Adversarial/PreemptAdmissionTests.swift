import TestSupport
import Testing
import TransitionCoordinator

/// Hole 5: a preempting request cut the running animation short before it knew whether it could
/// wait or fit, and one whose task was cancelled after cutting left the cut for nothing. Now only
/// a request sure to run next cuts, and once it has cut it runs.
@Suite("Adversarial: a preempting request cuts only when it is sure to run next")
struct AdversarialPreemptAdmissionTests {
    static let pushPin = TransitionRequest.push(Screens.pin, at: .medium)
    static let pushTutorial = TransitionRequest.push(Screens.tutorial, at: .low)

    /// Starts an animated push of the PIN at `medium` and returns once its animator is running.
    static func holdInFlight(
        _ coordinator: Coordinator, _ animator: GatedAnimator
    )
        async -> Task<Result<TransitionRecord, TransitionError>, Never>
    {
        let first = Task { await attempt { try await coordinator.perform(pushPin, animator: animator) } }
        await animator.started()
        return first
    }

    @Test("a preempting request refused for a full queue does not cut the animation in flight")
    func queueFullDoesNotCut() async throws {
        let fixture = await Fixture(configuration: try CoordinatorConfiguration(queueLimit: 1))
        var probe = EventProbe(fixture.coordinator)
        let animator = GatedAnimator()
        let first = await Self.holdInFlight(fixture.coordinator, animator)
        let waiter = Task { await attempt { try await fixture.coordinator.perform(Self.pushTutorial, policy: .enqueue) } }
        await probe.waiting(Self.pushTutorial)

        await #expect(throws: TransitionError.refused(.queueFull(limit: 1))) {
            try await fixture.coordinator.openWindow(Screens.shield, at: .high, policy: .preempt)
        }
        #expect(await fixture.coordinator.inFlightTransition?.id == t(1))
        #expect(animator.cancelledCallCount == 0)

        animator.open()
        let pin = try #require(await first.value.success)
        #expect(pin.animation == .ran)
        #expect(await waiter.value.success?.before == pin.after)
        #expect(animator.cancelledCallCount == 0)
    }

    static let misfits: [(TransitionRequest, TransitionError)] = [
        (.pop(.high), .invalid(.nothingToPop(.high))),
        (
            .push(Screen("pin2"), at: .medium),
            .invalid(.levelOccupied(.medium, by: ManagedWindow(id: WindowID(2), level: .medium, content: .screen(Screens.pin))))
        ),
        (.popScreen("ghost"), .invalid(.screenNotShown("ghost"))),
        // A second push of the screen in flight is a double tap, refused before any plan.
        (.push(Screens.pin, at: .low), .refused(.screenAlreadyRequested("pin", by: .push(Screens.pin, at: .medium)))),
    ]

    @Test(
        "a preempting request whose plan does not fit the state the running transition commits throws at once, and does not cut",
        arguments: misfits)
    func misfitDoesNotCut(request: TransitionRequest, error: TransitionError) async throws {
        let fixture = await Fixture()
        let animator = GatedAnimator()
        let first = await Self.holdInFlight(fixture.coordinator, animator)

        await #expect(throws: error) { try await fixture.coordinator.perform(request, policy: .preempt) }
        #expect(await fixture.coordinator.inFlightTransition?.id == t(1))
        #expect(await fixture.coordinator.waitingRequests.isEmpty)

        animator.open()
        let pin = try #require(await first.value.success)
        #expect(pin.animation == .ran)
        #expect(await fixture.coordinator.history == [pin])
    }

    @Test("a preempting request that did cut the animation runs even when its task is cancelled while it waits")
    func cutThenCancelledStillRuns() async throws {
        let host = TestHost()
        let coordinator = await Coordinator(root: Screens.home, host: host, clock: TestClock())
        var probe = EventProbe(coordinator)
        // Hold the cut transition's commit at its key change, so the preempting request is still waiting when cancelled.
        let keyChange = Gate()
        await host.setCommandHook { call in if call == .makeKey(w(2), resigning: []) { await keyChange.wait() } }
        let animator = GatedAnimator()
        let first = await Self.holdInFlight(coordinator, animator)

        let preempting = Task { await attempt { try await coordinator.perform(Self.pushTutorial, policy: .preempt) } }
        #expect(await probe.waiting(Self.pushTutorial) == .preempt)
        preempting.cancel()
        animator.open()
        keyChange.open()

        let pin = try #require(await first.value.success)
        #expect(pin.animation == .preempted)
        let tutorial = try #require(await preempting.value.success)
        #expect(tutorial.id == t(2))
        #expect(tutorial.before == pin.after)
        #expect(tutorial.waited?.lane == .preempt)
        #expect(await coordinator.snapshot.window(at: .low)?.content == .screen(Screens.tutorial))
        #expect(await coordinator.audit().isEmpty)
    }
}
