/// One timer per coordinator: the deadline of the step being awaited (an animation, a phase of
/// host calls), re-armed per step instead of a task and a sleep per step.
///
/// A coordinator awaits at most one bounded step at a time, so one alarm suffices. ``arm(in:fire:)``
/// records an absolute deadline on the coordinator's clock; a single long-lived task sleeps until
/// it and runs the alarm's action unless the alarm was disarmed or replaced first. Nothing is
/// cancelled per step: on Linux a cancelled sleep stays scheduled until its deadline (about 700
/// bytes each, for the whole timeout), so a timer task per transition held memory in proportion
/// to the transitions of the last timeout; this holds at most one sleep per coordinator.
///
/// **Never late.** The task sleeps until the earlier of the armed deadline and `step` from now,
/// where `step` is the shortest timeout the coordinator arms. An alarm armed while it sleeps is
/// due at least `step` after the sleep began, so the task always wakes by the new deadline, then
/// sleeps again until it if it is not yet due. A deadline already past when the task looks at it
/// fires at once, so a test that advances a manual clock once the alarm is armed sees it fire.
///
/// **Idle costs nothing.** With no alarm armed the task parks on a continuation; arming resumes
/// it (at most once per `step` in a busy coordinator, since it only parks after a wake finds
/// nothing armed). ``close()`` (the coordinator's `deinit`) ends the task.
///
/// **Kinds told apart.** Each alarm has a ``TimeoutKind``; a ``TimeoutObservingClock`` is told,
/// under the lock and so in order, when each alarm is armed and how it ends (fired, disarmed,
/// replaced, closed), so a test clock can say which deadline is armed and advance to it.
final class Watchdog: Sendable {
    /// Names one arming, so a late disarm cannot disarm a newer alarm.
    struct Token: Sendable, Hashable {
        fileprivate let value: UInt64
    }

    private struct Alarm {
        let token: Token
        let kind: TimeoutKind
        let deadline: Duration
        let fire: @Sendable () -> Void
    }

    private struct State {
        var alarm: Alarm?
        var nextToken: UInt64 = 0
        var parked: CheckedContinuation<Void, Never>?
        var running = false
        var closed = false
    }

    private let state = Locked(State())
    private let clock: CoordinatorClock
    private let step: Duration
    private let taskExecutor: (any TaskExecutor)?

    /// A watchdog on `clock` whose task prefers `taskExecutor`; `step` is the shortest timeout it will be armed with.
    init(clock: CoordinatorClock, step: Duration, taskExecutor: (any TaskExecutor)?) {
        self.clock = clock
        self.step = step
        self.taskExecutor = taskExecutor
    }

    /// Arms the alarm of `kind` `duration` from now, replacing any other; `fire` runs once at the
    /// deadline unless ``disarm(_:)`` comes first. `fire` runs on the watchdog's task, outside its lock.
    func arm(in duration: Duration, kind: TimeoutKind, fire: @escaping @Sendable () -> Void) -> Token {
        let deadline = clock.elapsed() + duration
        let (token, wake, start): (Token, CheckedContinuation<Void, Never>?, Bool) = state.withLock { state in
            let token = Token(value: state.nextToken)
            state.nextToken &+= 1
            if let replaced = state.alarm { report(.ended(observed(replaced.token), fired: false)) }
            state.alarm = Alarm(token: token, kind: kind, deadline: deadline, fire: fire)
            report(.armed(observed(token), kind, deadline: deadline))
            let wake = state.parked
            state.parked = nil
            let start = !state.running && !state.closed
            if start { state.running = true }
            return (token, wake, start)
        }
        wake?.resume()
        if start {
            Task.detached(executorPreference: taskExecutor) { [self] in await watch() }
        }
        return token
    }

    /// Disarms the alarm armed with `token`, if it has not fired; a no-op otherwise.
    func disarm(_ token: Token) {
        state.withLock { state in
            if state.alarm?.token == token {
                state.alarm = nil
                report(.ended(observed(token), fired: false))
            }
        }
    }

    /// The token an observing clock knows `token` by: unique across coordinators.
    private func observed(_ token: Token) -> TimeoutToken {
        TimeoutToken(owner: ObjectIdentifier(self), value: token.value)
    }

    /// Tells an observing clock, if the clock is one (the report is not even built otherwise);
    /// called under the lock, so reports keep the timer's order.
    private func report(_ report: @autoclosure () -> CoordinatorClock.TimeoutReport) {
        guard let observer = clock.report else { return }
        observer(report())
    }

    /// The time on the coordinator's clock (since its creation).
    var now: Duration { clock.elapsed() }

    /// The deadline of the armed alarm, on the coordinator's clock (tests wait for it).
    var armedDeadline: Duration? { state.withLock { $0.alarm?.deadline } }

    /// The kind of the armed alarm, if one is armed.
    var armedKind: TimeoutKind? { state.withLock { $0.alarm?.kind } }

    /// Ends the task (at its next wake) and drops the alarm.
    func close() {
        let parked: CheckedContinuation<Void, Never>? = state.withLock { state in
            state.closed = true
            if let alarm = state.alarm { report(.ended(observed(alarm.token), fired: false)) }
            state.alarm = nil
            defer { state.parked = nil }
            return state.parked
        }
        parked?.resume()
    }

    private enum Step {
        case exit
        case fire(@Sendable () -> Void)
        case sleep(until: Duration)
        case park
    }

    /// The task's loop: fire what is due, sleep towards what is armed, park when nothing is.
    private func watch() async {
        while true {
            let now = clock.elapsed()
            let next: Step = state.withLock { state in
                if state.closed {
                    state.running = false
                    return .exit
                }
                guard let alarm = state.alarm else { return .park }
                if alarm.deadline <= now {
                    state.alarm = nil
                    report(.ended(observed(alarm.token), fired: true))
                    return .fire(alarm.fire)
                }
                return .sleep(until: min(alarm.deadline, now + step))
            }
            switch next {
            case .exit:
                return
            case .fire(let action):
                action()
            case .sleep(let deadline):
                // Never cancelled; a cancellation could only come from outside, and the loop re-checks.
                try? await clock.sleepUntil(deadline)
            case .park:
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let goOn: Bool = state.withLock { state in
                        guard state.alarm == nil, !state.closed else { return true }
                        state.parked = continuation
                        return false
                    }
                    if goOn { continuation.resume() }
                }
            }
        }
    }
}
