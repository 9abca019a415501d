import TransitionCoordinator

/// A clock whose time moves only when the ``SimulationScheduler`` has nothing ready to run.
///
/// Sleeping registers a deadline; ``advanceToNextDeadline()`` jumps to the earliest one and wakes
/// its sleepers (in deadline, then registration order). A cancelled sleeper wakes at once with
/// `CancellationError`. Animator delays and timeouts thus cost no wall time.
public final class VirtualClock: Clock, Sendable {
    /// A point in virtual time.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// Time since the clock started.
        public var offset: Duration
        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Orders instants.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// A sleeper's place in deadline order (then registration order).
    private struct Due: Comparable, Sendable {
        let deadline: Instant
        let id: UInt64

        static func < (lhs: Due, rhs: Due) -> Bool { (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id) }
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        /// Every sleeper's deadline; a cancelled one's entry is skipped when it comes up.
        var order = MinHeap<Due>()
        var cancelledEarly: Set<UInt64> = []
    }

    private let state = Locked(State())

    /// A clock at time zero.
    public init() {}

    /// The current virtual time.
    public var now: Instant { state.withLock { $0.now } }
    /// Virtual time has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// Suspends until virtual time reaches `deadline`; throws `CancellationError` when cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Action { case resume, cancel, wait }
                let action: Action = state.withLock { state in
                    if state.cancelledEarly.remove(id) != nil { return .cancel }
                    if deadline <= state.now { return .resume }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    state.order.insert(Due(deadline: deadline, id: id))
                    return .wait
                }
                switch action {
                case .resume: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                case .wait: break
                }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelledEarly.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time to the earliest deadline and wakes everyone due, in registration order; false
    /// when nobody sleeps. O(log n) per sleeper woken or cancelled.
    public func advanceToNextDeadline() -> Bool {
        let due: [CheckedContinuation<Void, any Error>]? = state.withLock { state in
            // Entries of cancelled sleepers are dropped as they come up.
            while let first = state.order.min, state.sleepers[first.id] == nil { state.order.removeMin() }
            guard let earliest = state.order.min?.deadline else { return nil }
            state.now = earliest
            var woken: [CheckedContinuation<Void, any Error>] = []
            while let first = state.order.min, first.deadline <= earliest {
                state.order.removeMin()
                if let sleeper = state.sleepers.removeValue(forKey: first.id) { woken.append(sleeper.continuation) }
            }
            return woken
        }
        guard let due else { return false }
        for continuation in due { continuation.resume() }
        return true
    }
}
