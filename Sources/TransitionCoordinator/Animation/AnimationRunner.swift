/// Runs one animator under a timeout, the caller's cancellation and preemption (see ``AnimationRace``).
enum AnimationRunner {
    /// Starts `animator` in a task of its own and waits until `race` settles: the animator returned
    /// or threw, or `timeout` passed (the coordinator's ``Watchdog`` says so), or it was cut short
    /// (the caller's cancellation, or ``AnimationRace/cut(_:)`` from elsewhere) and has returned
    /// since or was never called.
    /// A cut or the timeout cancels the animator's task at once (so a cooperative animator ends
    /// early). The timeout counts from the animator's call.
    ///
    /// Never throws and never waits past the timeout, whatever the animator does. The animator is
    /// called at most once, only while its windows are live, and they stay live until it returns
    /// or the timeout passes.
    static func run(
        _ animator: any Animator, context: TransitionContext, race: AnimationRace,
        timeout: Duration, watchdog: Watchdog, taskExecutor: (any TaskExecutor)?,
        chain: TransitionScope.Chain
    ) async -> AnimationOutcome {
        let animation = Self.detached(preferring: taskExecutor) {
            guard race.enter() else { return }
            // Armed once the animator is sure to be called, so its time counts from its call,
            // however long the task waited for a thread. Disarming by token never touches a later
            // transition's alarm.
            let alarm = watchdog.arm(in: timeout, kind: .animation) { race.timeUp() }
            await TransitionScope.$chain.withValue(chain) {
                do {
                    try await animator.animate(context)
                    watchdog.disarm(alarm)
                    race.returned(failure: nil)
                } catch {
                    watchdog.disarm(alarm)
                    race.returned(failure: String(describing: error))
                }
            }
        }
        race.attach(animation)
        let outcome = await withTaskCancellationHandler {
            await race.settled()
        } onCancel: {
            race.cut(.callerCancelled)
        }
        animation.cancel()
        return outcome
    }

    /// A detached task preferring `executor`; with none, a plain detached task (asking for no
    /// preference still records one, at an allocation per task).
    private static func detached(
        preferring executor: (any TaskExecutor)?,
        _ operation: sending @escaping @isolated(any) () async -> Void
    ) -> Task<Void, Never> {
        if let executor { return Task.detached(executorPreference: executor, operation: operation) }
        return Task.detached(operation: operation)
    }
}
