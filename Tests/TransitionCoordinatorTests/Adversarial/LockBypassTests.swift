import TestSupport
import Testing
import TransitionCoordinator

/// Hole 1: an unlock that waited behind an animation while the app went to the background used to
/// remove the lock of a background app. Only an active app can be unlocked.
@Suite("Adversarial: no unlock while the app is not active")
struct AdversarialLockBypassTests {
    static let configuration = try! CoordinatorConfiguration(
        shield: LifecycleCover(screen: Screens.shield, level: .high),
        lock: LifecycleCover(screen: Screens.pin, level: .medium))
    static let pushTutorial = TransitionRequest.push(Screens.tutorial, at: .low)

    @Test("an unlock waiting behind an animation while the app goes to the background is refused, and the lock stays up")
    func waitingUnlockThenBackground() async throws {
        let fixture = await Fixture(configuration: Self.configuration)
        var probe = EventProbe(fixture.coordinator)
        let animator = GatedAnimator()
        let push = Task { await attempt { try await fixture.coordinator.perform(Self.pushTutorial, animator: animator) } }
        await animator.started()

        // The person typed the PIN: the unlock waits for the animation in flight.
        let unlock = Task { await attempt { try await fixture.coordinator.unlock(policy: .enqueue) } }
        #expect(await probe.waiting(.unlock) == .queued)
        // Then the app goes to the background: the lifecycle event goes ahead of the unlock.
        let background = Task { await attempt { try await fixture.coordinator.setApplicationState(.background) } }
        #expect(await probe.waiting(.setApplicationState(.background)) == .lifecycle)
        animator.open()

        let pushed = try #require(await push.value.success)
        let backgrounded = try #require(await background.value.success)
        #expect(backgrounded.before == pushed.after)
        #expect(await unlock.value.failure == .invalid(.unlockWhileNotActive(.background)))

        let snapshot = await fixture.snapshot
        #expect(snapshot.applicationState == .background)
        #expect(snapshot.isLocked)
        #expect(snapshot == backgrounded.after)
        #expect(await fixture.coordinator.audit().isEmpty)
        #expect(await fixture.coordinator.history.map(\.request) == [Self.pushTutorial, .setApplicationState(.background)])
        #expect(InvariantChecker.checkHost(await fixture.host.ledger, against: snapshot).isEmpty)
    }

    @Test(
        "unlock while the app is not active is refused and changes nothing; once active it unlocks",
        arguments: [ApplicationState.inactive, .background])
    func unlockOnlyWhileActive(state: ApplicationState) async throws {
        let fixture = await Fixture(configuration: Self.configuration)
        try await fixture.coordinator.setApplicationState(.background)
        if state != .background { try await fixture.coordinator.setApplicationState(state) }
        let before = await fixture.snapshot
        let history = await fixture.coordinator.history
        await fixture.host.clearLog()
        #expect(before.isLocked)

        for policy in [AdmissionPolicy.reject, .enqueue, .preempt] {
            await #expect(throws: TransitionError.invalid(.unlockWhileNotActive(state))) {
                try await fixture.coordinator.unlock(animator: GatedAnimator(.returnAtOnce), policy: policy)
            }
        }
        #expect(await fixture.snapshot == before)
        #expect(await fixture.coordinator.history == history)
        #expect(await fixture.calls.isEmpty)
        #expect(await fixture.coordinator.audit().isEmpty)

        try await fixture.coordinator.setApplicationState(.active)
        #expect(await fixture.snapshot.isLocked)
        let unlocked = try await fixture.coordinator.unlock()
        #expect(!unlocked.after.isLocked)
        #expect(unlocked.after.applicationState == .active)
        #expect(await fixture.coordinator.audit().isEmpty)
    }
}
