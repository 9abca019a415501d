import Testing
@testable import TransitionCoordinator

/// A double tap never pushes a screen twice: the second push of a screen whose push is in flight
/// or waiting is refused with `screenAlreadyRequested`, under every admission policy.
@Suite("Double taps")
struct DoubleTapTests {
    typealias T = ContentTrees
    static let thread = TransitionRequest.content(.push(T.thread, onto: "inbox"))

    static func app() async throws -> Coordinator {
        try await Coordinator(root: .stack(T.inbox), clock: ManualClock())
    }

    @Test("a second push of the screen whose push animates is refused as already requested, under every policy",
          arguments: [AdmissionPolicy.reject, .enqueue, .coalesce(group: "taps"), .preempt])
    func whileInFlight(policy: AdmissionPolicy) async throws {
        let coordinator = try await Self.app()
        let animator = GatedAnimator()
        let first = Task { await attempt { try await coordinator.perform(Self.thread, animator: animator) } }
        await animator.started()
        let second = await attempt { try await coordinator.perform(Self.thread, policy: policy) }
        #expect(second.failure == .screenAlreadyRequested(T.thread.id, by: Self.thread))
        animator.open()
        _ = try #require(await first.value.success)
        #expect(await coordinator.stack("inbox").items() == [T.list, T.mail, T.thread])
    }

    @Test("a second push of a screen whose push still waits in the queue is refused, under every policy",
          arguments: [AdmissionPolicy.reject, .enqueue, .coalesce(group: "other"), .preempt])
    func whileWaiting(policy: AdmissionPolicy) async throws {
        let coordinator = try await Self.app()
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let holder = Task { await attempt { try await coordinator.stack("inbox").pop(animator: animator) } }
        await animator.started()
        let first = Task { await attempt { try await coordinator.perform(Self.thread, policy: .enqueue) } }
        await probe.waiting(Self.thread)
        let second = await attempt { try await coordinator.perform(Self.thread, policy: policy) }
        #expect(second.failure == .screenAlreadyRequested(T.thread.id, by: Self.thread))
        animator.open()
        _ = try #require(await holder.value.success)
        _ = try #require(await first.value.success)
        #expect(await coordinator.stack("inbox").items() == [T.list, T.thread], "pushed once")
    }

    @Test("a coalescing push supersedes the waiting push of its own group instead of being refused")
    func coalescingSupersedes() async throws {
        let coordinator = try await Self.app()
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let holder = Task { await attempt { try await coordinator.stack("inbox").pop(animator: animator) } }
        await animator.started()
        let first = Task { await attempt { try await coordinator.perform(Self.thread, policy: .coalesce(group: "taps")) } }
        await probe.waiting(Self.thread)
        let second = Task { await attempt { try await coordinator.perform(Self.thread, policy: .coalesce(group: "taps")) } }
        #expect(await first.value.failure == .superseded(group: "taps", by: Self.thread))
        animator.open()
        _ = try #require(await holder.value.success)
        _ = try #require(await second.value.success)
    }

    @Test("once the waiting push is cancelled, the screen may be pushed again")
    func afterCancellation() async throws {
        let coordinator = try await Self.app()
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let holder = Task { await attempt { try await coordinator.stack("inbox").pop(animator: animator) } }
        await animator.started()
        let first = Task { await attempt { try await coordinator.perform(Self.thread, policy: .enqueue) } }
        await probe.waiting(Self.thread)
        first.cancel()
        #expect(await first.value.failure == .cancelled(Self.thread))
        let again = Task { await attempt { try await coordinator.perform(Self.thread, policy: .enqueue) } }
        await probe.waiting(Self.thread)
        animator.open()
        _ = try #require(await holder.value.success)
        _ = try #require(await again.value.success)
        #expect(await coordinator.stack("inbox").items() == [T.list, T.thread])
    }
}
