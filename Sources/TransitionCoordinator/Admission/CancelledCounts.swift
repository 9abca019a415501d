import Synchronization

/// Per lane, how many tickets ended (were cancelled) while their entries still stand in that lane of
/// a ``WaitQueue``: shared by the queue and its tickets.
///
/// A ticket adds one, from whichever thread cancels it, in the same locked step in which its
/// cancellation wins; the queue takes that one back when it drops the dead entry. The queue
/// subtracts these counts from the entries it holds, so a cancelled waiter frees its room at once,
/// without a scan. See ``AdmissionTicket`` for why each ticket is counted exactly once.
///
/// Relaxed atomics suffice: every decrement follows its increment through the ticket's lock (so a
/// count never goes below zero), and a reader that learned of a cancellation through any
/// synchronization (the cancelled task's answer, an actor hop) reads that increment or a later value.
final class CancelledCounts: Sendable {
    /// Cancelled entries still in the lifecycle lane.
    private let lifecycle = Atomic<Int>(0)
    /// Cancelled entries still in the preempt lane.
    private let preempt = Atomic<Int>(0)
    /// Cancelled entries still in the deferred lane.
    private let deferred = Atomic<Int>(0)
    /// Cancelled entries still in the queued lane.
    private let queued = Atomic<Int>(0)

    /// All counts at zero.
    init() {}

    /// How many cancelled entries `lane` still holds.
    subscript(lane: WaitLane) -> Int { withCounter(lane) { $0.load(ordering: .relaxed) } }

    /// Counts one more cancelled entry in `lane` (called by a ticket, under its lock).
    func add(_ lane: WaitLane) { withCounter(lane) { _ = $0.add(1, ordering: .relaxed) } }

    /// Takes back the count of a cancelled entry the queue dropped from `lane`.
    func takeBack(_ lane: WaitLane) { withCounter(lane) { _ = $0.subtract(1, ordering: .relaxed) } }

    /// Runs `body` on the counter of `lane` (an atomic cannot be copied out, only lent).
    private func withCounter<R>(_ lane: WaitLane, _ body: (borrowing Atomic<Int>) -> R) -> R {
        switch lane {
        case .lifecycle: body(lifecycle)
        case .preempt: body(preempt)
        case .deferred: body(deferred)
        case .queued: body(queued)
        }
    }
}
