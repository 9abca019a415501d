/// Sends one phase of host calls, in order: inline to a synchronous host, else under a time
/// limit, so a stuck host never holds the coordinator.
///
/// For an async host the calls run in a task of their own. The task carries the transition's
/// ``TransitionScope`` (the task-local chain of transitions it runs inside), so a host that asks
/// the coordinator for a transition from a call is refused as re-entrant. The coordinator waits
/// for whichever comes first: every call returned, or the time limit, an alarm set on the
/// coordinator's ``Watchdog``. After a timeout the task makes no further call once the stuck one
/// returns, and ``HostProgress/hasReturned`` tells the coordinator so. A
/// ``SynchronousWindowHost`` is called inline, in the coordinator's own step: it cannot get
/// stuck, so it needs no task and no alarm.
///
/// **Where the task starts.** A host that is an actor is entered first, and its task starts
/// there at once, on the same thread (`Task.immediate`, isolated to the host, where the OS has
/// it; before iOS 26 and its peers the task is enqueued on the host's actor instead): calls that do not
/// suspend run to the end before the coordinator goes on, with no thread woken for them. The
/// first call that suspends (an animation awaited, a hop to another actor) hands the rest to the
/// task, which the coordinator then waits for as above. The task inherits the requesting task's
/// priority and task-local values (the chain among them), as a direct call would. The cost: the
/// time limit counts from the first call, so entering a busy actor, or a call that works long
/// without suspending, holds the transition as long (see ``WindowHost``). Any other host (a
/// main-actor class, a nonisolated one) gets a detached task: its calls hop to wherever the host
/// runs. A task started off the host's actor would not do: it starts on no executor, so its
/// first call to an actor would be queued anyway.
enum HostCallRunner {
    /// How a phase ended.
    enum Result: Sendable {
        case completed
        /// The call at `index` had not returned when time was up; `progress` says when it does.
        case stuck(index: Int, progress: HostProgress)
    }

    /// Sends `commands` to `host` and waits for them, at most `timeout`. An empty phase costs nothing.
    /// While it waits (to enter the host's actor, or for the phase), the coordinator's actor is
    /// free: a request that arrives meanwhile finds the transition's slot held, as in any phase.
    static func run(
        _ commands: [HostCommand], on link: HostLink, timeout: Duration, watchdog: Watchdog,
        taskExecutor: (any TaskExecutor)?, chain: TransitionScope.Chain
    ) async -> Result {
        guard !commands.isEmpty else { return .completed }
        let phase: Phase
        switch link {
        case .inline(let synchronous):
            for command in commands { synchronous.apply(command) }
            return .completed
        case .awaited(let host, let actor):
            phase = Phase(commands: commands, host: host, timeout: timeout, watchdog: watchdog, chain: chain)
            if let actor {
                await phase.start(on: actor, preferring: taskExecutor)
            } else {
                phase.detach(preferring: taskExecutor)
            }
        }
        if let stuck = await phase.progress.settled() { return .stuck(index: stuck, progress: phase.progress) }
        return .completed
    }

    /// One phase's calls, where they go and what bounds them.
    struct Phase: Sendable {
        let commands: [HostCommand]
        let host: any WindowHost
        let timeout: Duration
        let watchdog: Watchdog
        let chain: TransitionScope.Chain
        let progress = HostProgress()

        /// Starts the phase's task on `actor` (the host itself) and runs it here, on this thread,
        /// until its first suspension; returns then, or when every call returned. Where the OS
        /// has no `Task.immediate` (before iOS 26 and its peers), the task is enqueued on the
        /// actor instead (``enqueue(on:preferring:)``): the same calls, in the same order, in the
        /// chain, under the same time limit, one thread hand-off later.
        func start(on actor: isolated any Actor, preferring executor: (any TaskExecutor)?) {
            guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
                enqueue(on: actor, preferring: executor)
                return
            }
            // The task takes the chain from here (a task-local set around an `await` inside it
            // would run its body off the actor).
            TransitionScope.$chain.withValue(chain) {
                Task.immediate(executorPreference: executor) {
                    // Using `actor` makes the closure isolated to it, so the task starts on the
                    // actor we are on (rather than on no executor) and the host's own methods run at once.
                    _ = actor
                    await send()
                }
            }
        }

        /// Starts the phase's task on `actor` (the host itself) as an ordinary job of that actor,
        /// and returns at once: the calls run when the actor takes the job. The task is not
        /// detached, so it inherits the request's priority and task-local values (the chain
        /// among them), as ``start(on:preferring:)``'s does.
        func enqueue(on actor: isolated any Actor, preferring executor: (any TaskExecutor)?) {
            TransitionScope.$chain.withValue(chain) {
                Task(executorPreference: executor) {
                    // Isolated to `actor`, as above: the task's job is the host's own.
                    _ = actor
                    await send()
                }
            }
        }

        /// Sends the calls from a detached task, wherever the host runs.
        func detach(preferring executor: (any TaskExecutor)?) {
            Task.detached(executorPreference: executor) {
                await TransitionScope.$chain.withValue(chain) { await send() }
            }
        }

        /// Makes the calls in order, where the caller runs, until one has not returned in time.
        nonisolated(nonsending) private func send() async {
            // Armed here, so the phase's time counts from its first call, however long the task
            // waited for a thread; disarming by token never touches a later phase's alarm.
            progress.began(at: watchdog.now)
            let alarm = watchdog.arm(in: timeout, kind: .host) { [progress] in progress.timeUp() }
            for (index, command) in commands.enumerated() {
                await command.send(to: host)
                if !progress.returned(index, of: commands.count) { break }
            }
            watchdog.disarm(alarm)
        }
    }
}

/// How far one phase of host calls got, shared by the task sending them, its timer and the coordinator.
///
/// Exactly one of "all returned" and "time up" settles the phase, under the lock; the waiting
/// continuation is resumed once, outside it.
final class HostProgress: Sendable {
    private struct State {
        var completed = 0
        var total = Int.max
        var timedOut = false
        var began: Duration?
        var stuckReturned = false
        var waiter: CheckedContinuation<Int?, Never>?
        var settled: Int?? = nil
    }

    private let state = Locked(State())

    /// Notes that call `index` of `total` returned; returns whether the sender goes on.
    func returned(_ index: Int, of total: Int) -> Bool {
        let (goOn, waiter, value): (Bool, CheckedContinuation<Int?, Never>?, Int?) = state.withLock { state in
            state.completed = index + 1
            state.total = total
            if state.timedOut {
                state.stuckReturned = true
                return (false, nil, nil)
            }
            guard state.completed == total else { return (true, nil, nil) }
            state.settled = .some(nil)
            defer { state.waiter = nil }
            return (false, state.waiter, nil)
        }
        waiter?.resume(returning: value)
        return goOn
    }

    /// Notes when the phase's first call is made.
    func began(at time: Duration) { state.withLock { $0.began = time } }

    /// When the phase's first call was made (nil before).
    var beganAt: Duration? { state.withLock { $0.began } }

    /// The timer fired: the call in progress is stuck unless every call returned first.
    func timeUp() {
        let (waiter, stuck): (CheckedContinuation<Int?, Never>?, Int?) = state.withLock { state in
            guard state.settled == nil else { return (nil, nil) }
            state.timedOut = true
            state.settled = .some(state.completed)
            defer { state.waiter = nil }
            return (state.waiter, state.completed)
        }
        waiter?.resume(returning: stuck)
    }

    /// Waits until the phase settles: nil when every call returned, else the index of the stuck call.
    func settled() async -> Int? {
        await withCheckedContinuation { continuation in
            let ready: Int?? = state.withLock { state in
                if let settled = state.settled { return .some(settled) }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// How many calls of the phase returned.
    var completedCount: Int { state.withLock { $0.completed } }

    /// Whether every call returned or the time is up.
    var isSettled: Bool { state.withLock { $0.settled != nil } }

    /// Whether the stuck call has returned since (the host answers again).
    var hasReturned: Bool { state.withLock { $0.stuckReturned } }
}
