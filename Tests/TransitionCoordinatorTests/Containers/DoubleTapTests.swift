import TestSupport
import Testing

@testable import TransitionCoordinator

/// A double tap never pushes a screen twice: the second push of a screen whose push is in flight
/// or waiting is refused with `screenAlreadyRequested`, under every admission policy.
@Suite("Double taps")
struct DoubleTapTests {
    typealias T = ContentTrees
    static let thread = TransitionRequest.content(.push(T.thread, onto: "inbox"))

    static func app() async throws -> Coordinator {
        try await Coordinator(root: .stack(T.inbox), clock: TestClock())
    }

    /// A pop of `inbox` held at its animator, and a push of `thread` (under `policy`) waiting behind it.
    struct Queued {
        let coordinator: Coordinator
        let animator = GatedAnimator()
        let holder: Task<Result<TransitionRecord, TransitionError>, Never>
        let first: Task<Result<TransitionRecord, TransitionError>, Never>
        var probe: EventProbe

        init(firstPolicy: AdmissionPolicy) async throws {
            let coordinator = try await DoubleTapTests.app()
            self.coordinator = coordinator
            probe = EventProbe(coordinator)
            holder = Task { [animator] in await attempt { try await coordinator.stack("inbox").pop(animator: animator) } }
            await animator.started()
            first = Task { await attempt { try await coordinator.perform(DoubleTapTests.thread, policy: firstPolicy) } }
            await probe.waiting(DoubleTapTests.thread)
        }
    }

    @Test(
        "a second push of the screen whose push animates is refused as already requested, under every policy",
        arguments: [AdmissionPolicy.reject, .enqueue, .coalesce(group: "taps"), .preempt])
    func whileInFlight(policy: AdmissionPolicy) async throws {
        let coordinator = try await Self.app()
        let animator = GatedAnimator()
        let first = Task { await attempt { try await coordinator.perform(Self.thread, animator: animator) } }
        await animator.started()
        let second = await attempt { try await coordinator.perform(Self.thread, policy: policy) }
        #expect(second.failure == .refused(.screenAlreadyRequested(T.thread.id, by: Self.thread)))
        animator.open()
        _ = try #require(await first.value.success)
        #expect(await coordinator.stack("inbox").items() == [T.list, T.mail, T.thread])
    }

    @Test(
        "a second push of a screen whose push still waits in the queue is refused, under every policy",
        arguments: [AdmissionPolicy.reject, .enqueue, .coalesce(group: "other"), .preempt])
    func whileWaiting(policy: AdmissionPolicy) async throws {
        let queued = try await Queued(firstPolicy: .enqueue)
        let second = await attempt { try await queued.coordinator.perform(Self.thread, policy: policy) }
        #expect(second.failure == .refused(.screenAlreadyRequested(T.thread.id, by: Self.thread)))
        queued.animator.open()
        _ = try #require(await queued.holder.value.success)
        _ = try #require(await queued.first.value.success)
        #expect(await queued.coordinator.stack("inbox").items() == [T.list, T.thread], "pushed once")
    }

    @Test("a coalescing push supersedes the waiting push of its own group instead of being refused")
    func coalescingSupersedes() async throws {
        let queued = try await Queued(firstPolicy: .coalesce(group: "taps"))
        let coordinator = queued.coordinator
        let second = Task { await attempt { try await coordinator.perform(Self.thread, policy: .coalesce(group: "taps")) } }
        #expect(await queued.first.value.failure == .refused(.superseded(group: "taps", by: Self.thread)))
        queued.animator.open()
        _ = try #require(await queued.holder.value.success)
        _ = try #require(await second.value.success)
    }

    @Test("once the waiting push is cancelled, the screen may be pushed again")
    func afterCancellation() async throws {
        var queued = try await Queued(firstPolicy: .enqueue)
        let coordinator = queued.coordinator
        queued.first.cancel()
        #expect(await queued.first.value.failure == .refused(.cancelled(Self.thread)))
        let again = Task { await attempt { try await coordinator.perform(Self.thread, policy: .enqueue) } }
        await queued.probe.waiting(Self.thread)
        queued.animator.open()
        _ = try #require(await queued.holder.value.success)
        _ = try #require(await again.value.success)
        #expect(await coordinator.stack("inbox").items() == [T.list, T.thread])
    }
}
