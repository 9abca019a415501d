import TransitionCoordinator

/// A clock whose time moves only when a test tells it to, and which says which of a
/// coordinator's timeouts are armed, of which kind, so a test fires exactly the one it means.
///
/// Give it to the coordinator (`Coordinator(root:…, clock: clock)`): the animation, host and
/// guard timeouts then run on it, each reported as a `TimeoutKind` (the coordinator tells the
/// clock each one it arms and ends). A test waits until a timeout is armed
/// (`armed(_:)`), then moves time to its deadline (`advance(toDeadlineOf:)`): the timeout
/// fires, and nothing else that was not due by then. `armedTimeouts` and `firedTimeouts` say
/// what is armed now and what fired so far.
///
/// A `LinkInbox`'s link expiry and record times read the same clock but are not timeouts:
/// an expiry is a plain sleeper, reached with `advance(by:)`.
///
/// Time moves by `advance(by:)` (a test steps time), `advance(toDeadlineOf:)` (a test fires
/// one timeout) or `advanceToNextDeadline()` (a simulation jumps to the next sleeper when
/// nothing else can run). Delays and timeouts cost no wall time.
///
/// `sleep(until:)` registers a deadline and suspends until time reaches it, or throws
/// `CancellationError` at once when the sleeping task is cancelled. Sleepers wake in deadline
/// order, then in the order they went to sleep, so the same steps wake them in the same order
/// every run. Safe from any thread; every method returns promptly except the `async` waits,
/// which suspend until what they wait for happens (and not past it).
public final class TestClock: TimeoutObservingClock, Sendable {
    /// A point in this clock's time: the time since the clock was created.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// Time since the clock started.
        public var offset: Duration

        /// The instant `offset` after the clock's start.
        public init(offset: Duration) { self.offset = offset }
        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Orders instants.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        /// `at 5.0 seconds`.
        public var description: String { "at \(offset)" }
    }

    /// One timeout a coordinator armed on this clock.
    public struct Timeout: Sendable, Hashable, CustomStringConvertible {
        /// Names it among every coordinator's timeouts.
        package let token: TimeoutToken
        /// Which timeout it is.
        public let kind: TimeoutKind
        /// When it is due.
        public let deadline: Instant

        /// `animation timeout at 5.0 seconds`.
        public var description: String { "\(kind) timeout \(deadline)" }
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
        /// The timeouts armed now, in arming order.
        var armed: [Timeout] = []
        /// The timeouts that fired, in firing order.
        var fired: [Timeout] = []
        /// Tasks waiting for a timeout of a kind to be armed.
        var armWaiters: [(kind: TimeoutKind, continuation: CheckedContinuation<Timeout, Never>)] = []

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
                if waiter.count <= count(dueIn: waiter.dueIn) {
                    ready.append(waiter.continuation)
                } else {
                    waiting.append(waiter)
                }
            }
            countWaiters = waiting
            return ready
        }

        /// What moving time wakes: the sleepers due, in wake order, then the count waiters whose
        /// count is reached from the new now.
        struct Woken {
            var sleepers: [CheckedContinuation<Void, any Error>] = []
            var countWaiters: [CheckedContinuation<Void, Never>] = []

            /// Resumes them, outside the lock.
            func resume() {
                for continuation in sleepers { continuation.resume() }
                for waiter in countWaiters { waiter.resume() }
            }
        }

        /// Time moved to `now`: removes the sleepers due at or before it, and the count waiters
        /// it satisfies (a sleeper due `dueIn` from now is another one once time moved).
        mutating func moved() -> Woken {
            var woken = Woken()
            while let first = order.min, first.deadline <= now {
                order.removeMin()
                if let sleeper = sleepers.removeValue(forKey: first.id) { woken.sleepers.append(sleeper.continuation) }
            }
            woken.countWaiters = satisfiedCountWaiters()
            return woken
        }
    }

    private let state = Locked(State())

    /// A clock at time zero, with nobody asleep and no timeout armed.
    public init() {}

    /// The current time.
    public var now: Instant { state.withLock { $0.now } }

    /// Time here has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping right now (a coordinator's timer among them).
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The timeouts armed now, earliest deadline first (then in arming order).
    public var armedTimeouts: [Timeout] {
        state.withLock { $0.armed }.enumerated().sorted { a, b in
            a.element.deadline != b.element.deadline ? a.element.deadline < b.element.deadline : a.offset < b.offset
        }.map(\.element)
    }

    /// The timeouts that fired so far, in firing order.
    public var firedTimeouts: [Timeout] { state.withLock { $0.fired } }

    /// Told by a coordinator: a timeout was armed. Not for tests to call.
    package func timeoutArmed(_ token: TimeoutToken, kind: TimeoutKind, deadline: Instant) {
        let timeout = Timeout(token: token, kind: kind, deadline: deadline)
        let ready: [CheckedContinuation<Timeout, Never>] = state.withLock { state in
            state.armed.append(timeout)
            let ready = state.armWaiters.filter { $0.kind == kind }.map(\.continuation)
            state.armWaiters.removeAll { $0.kind == kind }
            return ready
        }
        for waiter in ready { waiter.resume(returning: timeout) }
    }

    /// Told by a coordinator: a timeout fired or was disarmed. Not for tests to call.
    package func timeoutEnded(_ token: TimeoutToken, fired: Bool) {
        state.withLock { state in
            guard let index = state.armed.firstIndex(where: { $0.token == token }) else { return }
            let timeout = state.armed.remove(at: index)
            if fired { state.fired.append(timeout) }
        }
    }

    /// Suspends until a timeout of `kind` is armed (returns at once when one is) and returns it
    /// (the earliest, when several are).
    ///
    /// It waits as long as it takes: await it only once the test made sure one will be armed
    /// (an animator was entered, a host call is held), or read `armedTimeouts` instead.
    @discardableResult
    public func armed(_ kind: TimeoutKind) async -> Timeout {
        await withCheckedContinuation { (continuation: CheckedContinuation<Timeout, Never>) in
            let ready: Timeout? = state.withLock { state in
                if let armed = state.armed.filter({ $0.kind == kind }).min(by: { $0.deadline < $1.deadline }) { return armed }
                state.armWaiters.append((kind, continuation))
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Moves time to the deadline of the earliest armed timeout of `kind`, which wakes the
    /// coordinator's timer so that it fires; returns that timeout.
    ///
    /// Moves nothing and returns nil when no timeout of `kind` is armed, or when one of another
    /// kind is due before it (it would fire first: advance to that one, or by a duration, on
    /// purpose). The timeout fires on the coordinator's timer task, shortly after this returns;
    /// await the call it bounds to see its effect.
    @discardableResult
    public func advance(toDeadlineOf kind: TimeoutKind) -> Timeout? {
        let (timeout, due): (Timeout?, State.Woken) = state.withLock { state in
            guard let target = state.armed.filter({ $0.kind == kind }).min(by: { $0.deadline < $1.deadline }),
                !state.armed.contains(where: { $0.kind != kind && $0.deadline < target.deadline })
            else { return (nil, State.Woken()) }
            if target.deadline > state.now { state.now = target.deadline }
            return (target, state.moved())
        }
        due.resume()
        return timeout
    }

    /// Suspends until time reaches `deadline`; throws `CancellationError` when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Action {
                    case cancelled, due
                    case sleeping([CheckedContinuation<Void, Never>])
                }
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

    /// Moves time forward by `duration` and wakes every sleeper whose deadline is reached: every
    /// armed timeout due by then fires, whatever its kind.
    public func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            return state.moved()
        }
        due.resume()
    }

    /// Moves time to the earliest armed deadline and wakes everyone due then; false when nobody
    /// sleeps. O(log n) per sleeper woken or cancelled. A coordinator's timer sleeps in steps no
    /// longer than its shortest timeout, so the next deadline may be a step, not a timeout: to
    /// fire a timeout, use `advance(toDeadlineOf:)`.
    @discardableResult
    public func advanceToNextDeadline() -> Bool {
        let due: State.Woken? = state.withLock { state in
            // Entries of cancelled sleepers are dropped as they come up.
            while let first = state.order.min, state.sleepers[first.id] == nil { state.order.removeMin() }
            guard let earliest = state.order.min?.deadline else { return nil }
            state.now = earliest
            return state.moved()
        }
        guard let due else { return false }
        due.resume()
        return true
    }

    /// Suspends until at least `count` tasks are sleeping on this clock; with `dueIn`, only
    /// sleepers due exactly that long from now count (a link's expiry, a task of the app's own
    /// that sleeps), checked again whenever a sleeper comes and whenever time moves. A
    /// coordinator's timer sleeps in steps no longer than its shortest timeout, not to a
    /// timeout's deadline: wait for a timeout with ``armed(_:)``.
    public func sleepers(atLeast count: Int, dueIn: Duration? = nil) async {
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
