import TransitionCoordinator

/// The least a transition can cost while keeping the coordinator's documented guarantees, written
/// in plain Swift with none of the coordinator's code: the floor that shows how much of a
/// transition's cost the contract itself charges, beside the bare-call floor.
///
/// Each step below is there because a guarantee needs it, done the cheapest way we know; each can
/// be left out (``Steps``), so `stress bench --only 'contract'` prints what each one costs:
/// - **One hop onto the actor** (serialization): the bare call. Never left out.
/// - **Re-entrancy refusal** (a request from inside a transition's own work is refused, not
///   deadlocked): read the task-local chain on arrival, and bind it while the host is called, so
///   a task the host starts inherits it.
/// - **Cancellation** (a request cancelled before admission changes nothing): one check.
/// - **The busy gate** (a busy refusal is answered without the actor, so it costs ~1 call): the
///   transition in flight is published under a lock on admission and withdrawn before commit.
/// - **Records** (each returned record says when it was admitted and committed): two clock reads.
/// - **Snapshots** (a record keeps the state before and after; observers read committed values):
///   the after-state is a new array (the before-state stays shared by the record). Never left out:
///   it is the state change itself.
/// - **The host** (windows created, shown, made key and destroyed through the app's host): the
///   same calls through an existential of the same no-op host the case uses.
/// - **Level ownership** (each level's window is held by its owner): one write per change.
/// - **History** (bounded): the record goes into a ring of the same size.
/// - **Events** (transition ended, to subscribers): one locked check that there are none.
///
/// With an animator (``Floor/push(at:animator:)``), the guarantees of the animated path add:
/// - **The animator in a task of its own** (a stuck animator cannot hold the caller; it can be
///   walked away from at the timeout), with the re-entrancy chain bound inside it.
/// - **The timeout**: a deadline set under a lock when the animator is called and cleared when it
///   returns (a real timer wakes only for a deadline that is due, so none wakes here).
/// - **The one-shot settle**: the animator's return and the timeout race under a lock; the caller
///   waits on one continuation, resumed once.
/// - **The caller's cancellation cuts it short**: a cancellation handler around the wait.
/// - **The context**: the from and to windows, as values.
enum ContractFloor {
    /// The steps of the contract that can be left out, to measure what each costs.
    struct Steps: OptionSet, Sendable, CaseIterable {
        let rawValue: Int

        static let reentrancy = Steps(rawValue: 1 << 0)
        static let cancellation = Steps(rawValue: 1 << 1)
        static let busyGate = Steps(rawValue: 1 << 2)
        static let clock = Steps(rawValue: 1 << 3)
        static let host = Steps(rawValue: 1 << 5)
        static let levels = Steps(rawValue: 1 << 6)
        static let history = Steps(rawValue: 1 << 7)
        static let events = Steps(rawValue: 1 << 8)

        static let allCases: [Steps] = [.reentrancy, .cancellation, .busyGate, .clock, .host, .levels, .history, .events]
        static let all = Steps(allCases)

        /// The step's name in a bench row.
        var name: String {
            switch self {
            case .reentrancy: "the re-entrancy chain"
            case .cancellation: "the cancellation check"
            case .busyGate: "the busy gate"
            case .clock: "the two clock reads"
            case .host: "the host calls"
            case .levels: "the level owner's write"
            case .history: "the history ring"
            case .events: "the subscriber check"
            case .all: "every step but the hop"
            default: "steps \(rawValue)"
            }
        }
    }

    /// A window as the floor keeps it: an id and a level, as small as a window can be.
    struct Entry: Sendable {
        var id: Int
        var level: Int
    }

    /// What the floor's transition returns: the two states and the two instants.
    struct Record: Sendable {
        var id: Int
        var before: [Entry]
        var after: [Entry]
        var admittedAt: ContinuousClock.Instant
        var committedAt: ContinuousClock.Instant
    }

    /// What the floor's animator is told: the windows it moves between.
    struct Context: Sendable {
        var from: Int?
        var to: Int?
    }

    /// The floor's animator: the bench's suspends once.
    struct Animator: Sendable {
        func animate(_ context: Context) async throws { await Task.yield() }
    }

    /// The floor's re-entrancy chain: the transitions whose work the current task runs in.
    enum Scope {
        @TaskLocal static var chain: [Int] = []
    }

    /// An error the floor throws where the coordinator would refuse.
    enum Refusal: Error { case reentrant, cancelled, busy }

    /// The timeout of the floor's animation in flight (one at a time): a deadline set and cleared
    /// under a lock, which a process-wide timer would read (it sleeps until the nearest deadline
    /// and is woken only for one that is due, so none wakes here).
    final class Alarm: Sendable {
        private let deadline = Locked<ContinuousClock.Instant?>(nil)
        func arm(at instant: ContinuousClock.Instant) { deadline.withLock { $0 = instant } }
        func disarm() { deadline.withLock { $0 = nil } }
    }

    /// The one-shot end of an animation: the first of its return, the timeout or a cut wins, and
    /// the caller's continuation is resumed once, by whichever comes second of the win and the wait.
    ///
    /// Why the continuation may be unsafe: it enters the state only from `.running` (so once), and
    /// leaves it only in `end`, which moves the state to `.settled` under the lock and resumes it
    /// after; a wait that finds the race ended resumes its own continuation at once, never storing it.
    final class Settle: Sendable {
        private enum State {
            case running
            case waiting(UnsafeContinuation<Void, Never>)
            case settled
        }

        private let state = Locked(State.running)

        /// Ends the race (a second end is ignored).
        func end() {
            let waiter: UnsafeContinuation<Void, Never>? = state.withLock { state in
                switch state {
                case .running:
                    state = .settled
                    return nil
                case .waiting(let continuation):
                    state = .settled
                    return continuation
                case .settled: return nil
                }
            }
            waiter?.resume()
        }

        /// Waits until the race ends. Called once, by the floor's transition.
        func wait() async {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                let now: Bool = state.withLock { state in
                    if case .running = state {
                        state = .waiting(continuation)
                        return false
                    }
                    return true
                }
                if now { continuation.resume() }
            }
        }
    }

    /// The steps a floor leaves out, as a type, so each floor is compiled with its own checks
    /// folded away: the full floor's code is the contract's and nothing else.
    protocol LeavingOut { static var steps: Steps { get } }
    enum Nothing: LeavingOut { static var steps: Steps { [] } }
    enum Reentrancy: LeavingOut { static var steps: Steps { .reentrancy } }
    enum Cancellation: LeavingOut { static var steps: Steps { .cancellation } }
    enum BusyGate: LeavingOut { static var steps: Steps { .busyGate } }
    enum Clock: LeavingOut { static var steps: Steps { .clock } }
    enum Host: LeavingOut { static var steps: Steps { .host } }
    enum Levels: LeavingOut { static var steps: Steps { .levels } }
    enum History: LeavingOut { static var steps: Steps { .history } }
    enum Events: LeavingOut { static var steps: Steps { .events } }
    enum Everything: LeavingOut { static var steps: Steps { .all } }

    /// Each floor that leaves steps out, by what it leaves out, and its run of `pairs` push + pop pairs on a host.
    /// Spelled out one type at a time: a call through an opened `any LeavingOut.Type` would run the
    /// unspecialized floor, with its checks, and price the checks instead of the step.
    static let ablations: [(steps: Steps, run: @Sendable (Int, any SynchronousWindowHost) async throws -> Int)] = [
        (Reentrancy.steps, { try await pushPop(pairs: $0, host: $1, leavingOut: Reentrancy.self) }),
        (Cancellation.steps, { try await pushPop(pairs: $0, host: $1, leavingOut: Cancellation.self) }),
        (BusyGate.steps, { try await pushPop(pairs: $0, host: $1, leavingOut: BusyGate.self) }),
        (Clock.steps, { try await pushPop(pairs: $0, host: $1, leavingOut: Clock.self) }),
        (Host.steps, { try await pushPop(pairs: $0, host: $1, leavingOut: Host.self) }),
        (Levels.steps, { try await pushPop(pairs: $0, host: $1, leavingOut: Levels.self) }),
        (History.steps, { try await pushPop(pairs: $0, host: $1, leavingOut: History.self) }),
        (Events.steps, { try await pushPop(pairs: $0, host: $1, leavingOut: Events.self) }),
        (Everything.steps, { try await pushPop(pairs: $0, host: $1, leavingOut: Everything.self) }),
    ]

    /// The floor's coordinator: push and pop of one window at a level, leaving `Skipped` out.
    actor Floor<Skipped: LeavingOut> {
        private let host: any SynchronousWindowHost
        private var skips: Steps { Skipped.steps }
        private let clock = ContinuousClock()
        /// The instant a record gets when the clock reads are left out.
        private let epoch: ContinuousClock.Instant
        private let gate = Locked<Int?>(nil)
        private let subscribers = Locked(0)
        private let alarm = Alarm()
        private var windows: [Entry] = []
        private var levels: [Int: Int] = [:]
        private var history: [Record] = []
        private var oldest = 0
        private var nextID = 0
        private var announced = 0

        init(host: any SynchronousWindowHost) {
            self.host = host
            epoch = clock.now
            history.reserveCapacity(16)
        }

        /// Opens a window at `level`.
        func push(at level: Int) throws(Refusal) -> Record {
            try transition { windows in windows.append(Entry(id: nextID, level: level)) }
        }

        /// Closes the top window.
        func pop() throws(Refusal) -> Record {
            try transition { windows in _ = windows.popLast() }
        }

        /// Opens a window at `level`, animated by `animator` in a task of its own under `timeout`.
        func push(at level: Int, animator: Animator, timeout: Duration) async throws(Refusal) -> Record {
            try await animatedTransition(animator, timeout: timeout) { windows in
                windows.append(Entry(id: nextID, level: level))
            }
        }

        /// Closes the top window, animated by `animator` in a task of its own under `timeout`.
        func pop(animator: Animator, timeout: Duration) async throws(Refusal) -> Record {
            try await animatedTransition(animator, timeout: timeout) { windows in _ = windows.popLast() }
        }

        private func transition(_ change: (inout [Entry]) -> Void) throws(Refusal) -> Record {
            let (id, admittedAt, before) = try admit()
            var after = before
            change(&after)
            callHost(id, before: before, after: after)
            return commit(id, admittedAt: admittedAt, before: before, after: after)
        }

        private func animatedTransition(
            _ animator: Animator, timeout: Duration,
            _ change: (inout [Entry]) -> Void
        ) async throws(Refusal) -> Record {
            let (id, admittedAt, before) = try admit()
            var after = before
            change(&after)
            await animate(id, animator, Context(from: before.last?.id, to: after.last?.id), timeout: timeout)
            callHost(id, before: before, after: after)
            return commit(id, admittedAt: admittedAt, before: before, after: after)
        }

        /// Steps 1 and 2: the refusals, the gate, the first clock read; the state before.
        @inline(__always)
        private func admit() throws(Refusal) -> (Int, ContinuousClock.Instant, [Entry]) {
            if !skips.contains(.reentrancy) { guard Scope.chain.isEmpty else { throw .reentrant } }
            if !skips.contains(.cancellation) { guard !Task.isCancelled else { throw .cancelled } }
            nextID &+= 1
            let id = nextID
            if !skips.contains(.busyGate) { gate.withLock { $0 = id } }
            return (id, skips.contains(.clock) ? epoch : clock.now, windows)
        }

        /// The host calls (with the chain bound, unless that step is left out).
        @inline(__always)
        private func callHost(_ id: Int, before: [Entry], after: [Entry]) {
            guard !skips.contains(.host) else { return }
            if skips.contains(.reentrancy) { return hostCalls(before: before, after: after) }
            Scope.$chain.withValue([id]) { hostCalls(before: before, after: after) }
        }

        @inline(__always)
        private func hostCalls(before: [Entry], after: [Entry]) {
            if let added = after.last, after.count > before.count {
                host.apply(
                    .create(
                        TransitionCoordinator.ManagedWindow(id: WindowID(UInt64(added.id)), level: .low, content: .screen(screen))
                    ))
                host.apply(.show(WindowID(UInt64(added.id))))
                host.apply(.makeKey(WindowID(UInt64(added.id)), resigning: []))
            } else {
                if let key = after.last { host.apply(.makeKey(WindowID(UInt64(key.id)), resigning: [])) }
                host.apply(.destroy(WindowID(UInt64(before.last?.id ?? nextID))))
            }
        }

        /// The animator in a task of its own, with the chain bound inside it, under an alarm;
        /// the caller waits on the settle, cut short by its cancellation.
        private func animate(_ id: Int, _ animator: Animator, _ context: Context, timeout: Duration) async {
            let settle = Settle()
            let alarm = alarm, deadline = clock.now.advanced(by: timeout)
            let task = Task.detached {
                alarm.arm(at: deadline)
                await Scope.$chain.withValue([id]) { try? await animator.animate(context) }
                alarm.disarm()
                settle.end()
            }
            await withTaskCancellationHandler {
                await settle.wait()
            } onCancel: {
                settle.end()
            }
            // A cut (here only the caller's cancellation) cancels the animator, so a cooperative one ends early.
            if Task.isCancelled { task.cancel() }
        }

        /// Step 5: the level owner, the gate withdrawn, the state, the record, the history, the event check.
        @inline(__always)
        private func commit(_ id: Int, admittedAt: ContinuousClock.Instant, before: [Entry], after: [Entry]) -> Record {
            if !skips.contains(.levels) {
                levels[after.last?.level ?? 0] = after.last?.id
            }
            if !skips.contains(.busyGate) { gate.withLock { $0 = nil } }
            windows = after
            let record = Record(
                id: id, before: before, after: after,
                admittedAt: admittedAt, committedAt: skips.contains(.clock) ? epoch : clock.now)
            if !skips.contains(.history) {
                if history.count < 16 {
                    history.append(record)
                } else {
                    history[oldest] = record
                    oldest = (oldest + 1) % 16
                }
            }
            if !skips.contains(.events), subscribers.withLock({ $0 }) > 0 { announced &+= 1 }
            return record
        }
    }

    private static let screen = Screen("floor")

    /// `pairs` push + pop pairs through the floor, one caller, on `host` (called as
    /// `SynchronousWindowHost`), leaving out what `skipped` names.
    static func pushPop<Skipped: LeavingOut>(
        pairs: Int, host: any SynchronousWindowHost,
        leavingOut skipped: Skipped.Type = Nothing.self
    ) async throws -> Int {
        let floor = Floor<Skipped>(host: host)
        for _ in 0..<pairs {
            _ = try await floor.push(at: 10)
            _ = try await floor.pop()
        }
        return pairs
    }

    /// `pairs` push + pop pairs through the floor, each animated by an animator that suspends once.
    static func animatedPushPop(pairs: Int, host: any SynchronousWindowHost) async throws -> Int {
        let floor = Floor<Nothing>(host: host)
        let animator = Animator()
        for _ in 0..<pairs {
            _ = try await floor.push(at: 10, animator: animator, timeout: .seconds(30))
            _ = try await floor.pop(animator: animator, timeout: .seconds(30))
        }
        return pairs
    }
}
