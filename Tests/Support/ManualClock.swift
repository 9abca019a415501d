import TransitionCoordinator

/// A clock whose time moves only when it is told to: by ``advance(by:)`` (a test steps time) or
/// ``advanceToNextDeadline()`` (a simulation jumps to the next armed deadline when nothing else
/// can run). Animator delays and timeouts thus cost no wall time.
///
/// `sleep(until:)` registers a deadline and suspends until time reaches it, or throws
/// `CancellationError` at once when the sleeping task is cancelled. Sleepers wake in deadline
/// order, then in the order they went to sleep, so the same steps wake them in the same order
/// every run. ``sleepers(atLeast:dueIn:)`` lets a test wait until a timer is armed before it
/// moves time.
package final class ManualClock: Clock, Sendable {
    /// A point in this clock's time.
    package struct Instant: InstantProtocol, Hashable, Sendable {
        /// Time since the clock started.
        package var offset: Duration

        package init(offset: Duration) { self.offset = offset }
        /// The instant `duration` later.
        package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The duration from this instant to `other`.
        package func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Orders instants.
        package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// A sleeper's place in wake order: deadline, then registration.
    private struct Due: Comparable, Sendable {
        let deadline: Instant
        let id: UInt64

        static func < (lhs: Due, rhs: Due) -> Bool { (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id) }
    }

    private struct State {
        typealias CountWaiter = (count: Int, dueIn: Duration?, continuation: CheckedContinuation<Void, Never>)

        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        /// Every sleeper's place in wake order; a cancelled one's entry is dropped when it comes up.
        var order = MinHeap<Due>()
        var cancelledEarly: Set<UInt64> = []
        var countWaiters: [CountWaiter] = []

        /// How many sleepers there are, counting only those due `dueIn` from now when given.
        func count(dueIn: Duration?) -> Int {
            guard let dueIn else { return sleepers.count }
            let deadline = now.advanced(by: dueIn)
            return sleepers.values.filter { $0.deadline == deadline }.count
        }

        /// Removes and returns the waiters whose count is now reached.
        mutating func satisfiedCountWaiters() -> [CheckedContinuation<Void, Never>] {
            guard !countWaiters.isEmpty else { return [] }
            var ready: [CheckedContinuation<Void, Never>] = []
            var waiting: [CountWaiter] = []
            for waiter in countWaiters {
                if waiter.count <= count(dueIn: waiter.dueIn) { ready.append(waiter.continuation) } else { waiting.append(waiter) }
            }
            countWaiters = waiting
            return ready
        }

        /// Removes and returns, in wake order, the sleepers due at or before `deadline`.
        mutating func wake(upTo deadline: Instant) -> [CheckedContinuation<Void, any Error>] {
            var woken: [CheckedContinuation<Void, any Error>] = []
            while let first = order.min, first.deadline <= deadline {
                order.removeMin()
                if let sleeper = sleepers.removeValue(forKey: first.id) { woken.append(sleeper.continuation) }
            }
            return woken
        }
    }

    private let state = Locked(State())

    /// A clock at time zero, with nobody asleep.
    package init() {}

    /// The current time.
    package var now: Instant { state.withLock { $0.now } }

    /// Time here has no resolution limit.
    package var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping right now.
    package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until time reaches `deadline`; throws `CancellationError` when the task is cancelled.
    package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Action { case cancelled, due, sleeping([CheckedContinuation<Void, Never>]) }
                let action: Action = state.withLock { state in
                    if state.cancelledEarly.remove(id) != nil { return .cancelled }
                    if deadline <= state.now { return .due }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    state.order.insert(Due(deadline: deadline, id: id))
                    return .sleeping(state.satisfiedCountWaiters())
                }
                switch action {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .due: continuation.resume()
                case .sleeping(let ready): for waiter in ready { waiter.resume() }
                }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                if let sleeper = state.sleepers.removeValue(forKey: id) { return sleeper }
                state.cancelledEarly.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration` and wakes every sleeper whose deadline is reached.
    package func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            return state.wake(upTo: state.now)
        }
        for continuation in due { continuation.resume() }
    }

    /// Moves time to the earliest armed deadline and wakes everyone due then; false when nobody
    /// sleeps. O(log n) per sleeper woken or cancelled.
    package func advanceToNextDeadline() -> Bool {
        let due: [CheckedContinuation<Void, any Error>]? = state.withLock { state in
            // Entries of cancelled sleepers are dropped as they come up.
            while let first = state.order.min, state.sleepers[first.id] == nil { state.order.removeMin() }
            guard let earliest = state.order.min?.deadline else { return nil }
            state.now = earliest
            return state.wake(upTo: earliest)
        }
        guard let due else { return false }
        for continuation in due { continuation.resume() }
        return true
    }

    /// Suspends until at least `count` tasks are sleeping on this clock; with `dueIn`, only
    /// sleepers due exactly that long from now count (an animation timer, not a host call's).
    package func sleepers(atLeast count: Int, dueIn: Duration? = nil) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.count(dueIn: dueIn) >= count { return true }
                state.countWaiters.append((count, dueIn, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
