import TestSupport
import Testing
import TransitionCoordinator

/// Hole 4: coalescing requests deferred while locked all kept their place and all ran after the
/// unlock. A group now keeps only its newest request in whichever lane it waits.
@Suite("Adversarial: coalescing across the deferred lane")
struct AdversarialCoalesceDeferredTests {
    static let banner = WindowLevel("banner", rawValue: 2_500)
    static let configuration = try! CoordinatorConfiguration(
        levels: WindowLevel.builtIn + [banner],
        shield: LifecycleCover(screen: Screens.shield, level: .high),
        lock: LifecycleCover(screen: Screens.pin, level: .medium))
    static let requests = (1...3).map { TransitionRequest.push(Screen("result\($0)"), at: banner) }

    @Test(
        "coalescing requests deferred while locked: only the newest of the group runs after the unlock, the others are superseded"
    )
    func newestDeferredRuns() async throws {
        let fixture = await Fixture(configuration: Self.configuration)
        let coordinator = fixture.coordinator
        var probe = EventProbe(coordinator)
        try await coordinator.setApplicationState(.background)
        try await coordinator.setApplicationState(.active)
        #expect(await coordinator.snapshot.isLocked)

        var waiters: [Task<Result<TransitionRecord, TransitionError>, Never>] = []
        for request in Self.requests {
            waiters.append(
                Task {
                    await attempt {
                        try await coordinator.perform(
                            request, policy: .coalesce(group: "search"), whenLocked: .deferUntilUnlocked)
                    }
                })
            #expect(await probe.waiting(request) == .deferred)
        }
        #expect(await coordinator.waitingRequests == [Self.requests[2]])

        let unlock = try await coordinator.unlock()
        #expect(await waiters[0].value.failure == .refused(.superseded(group: "search", by: Self.requests[1])))
        #expect(await waiters[1].value.failure == .refused(.superseded(group: "search", by: Self.requests[2])))
        let newest = try #require(await waiters[2].value.success)
        #expect(newest.before == unlock.after)
        #expect(newest.waited?.lane == .deferred)
        #expect(await coordinator.snapshot.window(at: Self.banner)?.content == .screen(Screen("result3")))
        #expect(await coordinator.history.suffix(2).map(\.id) == [unlock.id, newest.id])
        #expect(await coordinator.audit().isEmpty)
    }

    @Test("a coalescing request queued behind an animation supersedes its group's request deferred while locked")
    func queuedSupersedesDeferred() async throws {
        let (fixture, deferred) = try await Self.lockedWithOneDeferred()
        let coordinator = fixture.coordinator
        var probe = EventProbe(coordinator)

        let animator = GatedAnimator()
        let unlock = Task { await attempt { try await coordinator.unlock(animator: animator) } }
        await animator.started()
        let queued = Task {
            await attempt {
                try await coordinator.perform(
                    Self.requests[1], policy: .coalesce(group: "search"), whenLocked: .deferUntilUnlocked)
            }
        }
        #expect(await probe.waiting(Self.requests[1]) == .queued)
        #expect(await coordinator.waitingRequests == [Self.requests[1]])
        animator.open()
        #expect(await deferred.value.failure == .refused(.superseded(group: "search", by: Self.requests[1])))

        #expect(await unlock.value.success?.animation == .ran)
        let newest = try #require(await queued.value.success)
        #expect(newest.after.window(at: Self.banner)?.content == .screen(Screen("result2")))
        #expect(await coordinator.audit().isEmpty)
    }

    @Test("a coalescing request that runs at once while locked supersedes its group's request deferred until the unlock")
    func admittedAtOnceSupersedesDeferred() async throws {
        let (fixture, deferred) = try await Self.lockedWithOneDeferred()
        let coordinator = fixture.coordinator

        // Beneath the lock, so it runs now, with nothing in flight: the group's newest request.
        let beneath = TransitionRequest.push(Screen("results"), at: .low)
        let newest = try await coordinator.perform(beneath, policy: .coalesce(group: "search"))
        #expect(newest.waited == nil)
        #expect(await coordinator.waitingRequests.isEmpty)

        // Read after the unlock, so that a deferred request still waiting runs instead of hanging the test.
        let unlock = try await coordinator.unlock()
        #expect(await deferred.value.failure == .refused(.superseded(group: "search", by: beneath)))
        #expect(await coordinator.snapshot.window(at: Self.banner) == nil)
        #expect(await coordinator.history.last?.id == unlock.id)
        #expect(await coordinator.audit().isEmpty)
    }
    /// A locked coordinator whose first request of the group "search" waits deferred until the
    /// unlock, and the task that waits for its answer.
    static func lockedWithOneDeferred() async throws -> (Fixture, Task<Result<TransitionRecord, TransitionError>, Never>) {
        let fixture = await Fixture(configuration: configuration)
        let coordinator = fixture.coordinator
        var probe = EventProbe(coordinator)
        try await coordinator.setApplicationState(.background)
        try await coordinator.setApplicationState(.active)
        let deferred = Task {
            await attempt {
                try await coordinator.perform(
                    requests[0], policy: .coalesce(group: "search"), whenLocked: .deferUntilUnlocked)
            }
        }
        #expect(await probe.waiting(requests[0]) == .deferred)
        return (fixture, deferred)
    }
}
