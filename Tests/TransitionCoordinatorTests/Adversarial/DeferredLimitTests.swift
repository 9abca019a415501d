import TestSupport
import Testing
import TransitionCoordinator

/// Hole 3: requests that hit the lock only when their turn came went to the deferred lane with no
/// regard for `deferredLimit`. The bound now holds at hand-over too.
@Suite("Adversarial: the deferred bound holds at hand-over")
struct AdversarialDeferredLimitTests {
    /// Levels above the lock (`medium`) and below the shield (`high`): hidden while locked, so a
    /// push there hits the lock.
    static let above = (1...4).map { WindowLevel("above\($0)", rawValue: 2_000 + 100 * $0) }
    static let configuration = try! CoordinatorConfiguration(
        levels: WindowLevel.builtIn + above,
        shield: LifecycleCover(screen: Screens.shield, level: .high),
        lock: LifecycleCover(screen: Screens.pin, level: .medium),
        deferredLimit: 2)
    static let requests = above.enumerated().map { TransitionRequest.push(Screen("over\($0.offset + 1)"), at: $0.element) }

    @Test(
        "queued deferrable requests that meet the lock at hand-over: at most deferredLimit are deferred, the rest are refused as deferredQueueFull"
    )
    func boundAtHandOver() async throws {
        let fixture = await Fixture(configuration: Self.configuration)
        let coordinator = fixture.coordinator
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let push = Task { await attempt { try await coordinator.openWindow(Screens.tutorial, at: .low, animator: animator) } }
        await animator.started()

        var waiters: [Task<Result<TransitionRecord, TransitionError>, Never>] = []
        for request in Self.requests {
            waiters.append(
                Task {
                    await attempt { try await coordinator.perform(request, policy: .enqueue, whenLocked: .deferUntilUnlocked) }
                })
            #expect(await probe.waiting(request) == .queued)
        }
        // The background event goes ahead of them all: each meets the lock when its turn comes.
        let background = Task { await attempt { try await coordinator.setApplicationState(.background) } }
        #expect(await probe.waiting(.setApplicationState(.background)) == .lifecycle)
        animator.open()

        #expect(await push.value.success != nil)
        #expect(try #require(await background.value.success).after.isLocked)
        // The background event's commit handed the slot on: every queued request met the lock by now.
        #expect(await coordinator.waitingRequests == Array(Self.requests.prefix(2)))
        #expect(await coordinator.peakDeferredDepth <= 2)

        try await coordinator.setApplicationState(.active)
        let unlock = try await coordinator.unlock()
        #expect(await waiters[2].value.failure == .refused(.deferredQueueFull(limit: 2)))
        #expect(await waiters[3].value.failure == .refused(.deferredQueueFull(limit: 2)))
        let first = try #require(await waiters[0].value.success)
        let second = try #require(await waiters[1].value.success)
        #expect(first.before == unlock.after)
        #expect(first.waited?.lane == .deferred && second.waited?.lane == .deferred)
        #expect(second.before == first.after)
        #expect(await coordinator.peakDeferredDepth <= 2)
        #expect(await coordinator.waitingRequests.isEmpty)
        #expect(await coordinator.audit().isEmpty)
    }
}
