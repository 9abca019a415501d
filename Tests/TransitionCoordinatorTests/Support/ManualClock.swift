import TransitionCoordinator

/// A clock whose time moves only when the test calls ``advance(by:)``.
///
/// `sleep(until:)` suspends until time is advanced past the deadline, or throws
/// `CancellationError` when the sleeping task is cancelled. ``sleepers(atLeast:)`` lets a test
/// wait until the coordinator's timeout timer is armed before it moves time.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        var cancelledBeforeRegistration: Set<UInt64> = []
        typealias Waiter = (count: Int, dueIn: Duration?, continuation: CheckedContinuation<Void, Never>)
        var countWaiters: [Waiter] = []

        /// How many sleepers there are, counting only those due `dueIn` from now when given.
        func count(dueIn: Duration?) -> Int {
            guard let dueIn else { return sleepers.count }
            return sleepers.values.filter { $0.deadline == now.advanced(by: dueIn) }.count
        }

        /// Removes and returns the waiters whose count is now reached.
        mutating func satisfiedCountWaiters() -> [CheckedContinuation<Void, Never>] {
            let (ready, waiting) = countWaiters.reduce(into: ([CheckedContinuation<Void, Never>](), [Waiter]())) { split, waiter in
                if waiter.count <= count(dueIn: waiter.dueIn) { split.0.append(waiter.continuation) } else { split.1.append(waiter) }
            }
            countWaiters = waiting
            return ready
        }
    }

    private let state = Locked(State())

    init() {}

    var now: Instant { state.withLock { $0.now } }

    var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping right now.
    var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Action { case cancelled, due, sleeping([CheckedContinuation<Void, Never>]) }
                let action: Action = state.withLock { state in
                    if state.cancelledBeforeRegistration.remove(id) != nil { return .cancelled }
                    if deadline <= state.now { return .due }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
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
                state.cancelledBeforeRegistration.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline is reached.
    func advance(by duration: Duration) {
        let due: [CheckedContinuation<Void, any Error>] = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let ids = state.sleepers.filter { $0.value.deadline <= now }.map(\.key)
            return ids.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
        }
        for continuation in due { continuation.resume() }
    }

    /// Suspends until at least `count` tasks are sleeping on this clock; with `dueIn`, only
    /// sleepers due exactly that long from now count (an animation timer, not a host call's).
    func sleepers(atLeast count: Int, dueIn: Duration? = nil) async {
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
