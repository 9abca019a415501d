/// Runs one animator under a timeout, the caller's cancellation and preemption (see ``AnimationRace``).
enum AnimationRunner {
    /// Starts `animator` in a task of its own and waits until `race` settles: the animator returned
    /// or threw, or `timeout` passed on `clock`, or it was cut short (the caller's cancellation,
    /// or ``AnimationRace/cut(_:)`` from elsewhere) and has returned since or was never called.
    /// A cut or the timeout cancels the animator's task at once (so a cooperative animator ends
    /// early); the timer's task is cancelled once the race settles.
    ///
    /// Never throws and never waits past the timeout, whatever the animator does. The animator is
    /// called at most once, only while its windows are live, and they stay live until it returns
    /// or the timeout passes.
    static func run(_ animator: any Animator, context: TransitionContext, race: AnimationRace,
                    timeout: Duration?, clock: CoordinatorClock, taskExecutor: (any TaskExecutor)?,
                    chain: [TransitionScope.Marker]) async -> AnimationOutcome {
        let animation = Task.detached(executorPreference: taskExecutor) {
            guard race.enter() else { return }
            await TransitionScope.$chain.withValue(chain) {
                do {
                    try await animator.animate(context)
                    race.returned(failure: nil)
                } catch {
                    race.returned(failure: String(describing: error))
                }
            }
        }
        race.attach { animation.cancel() }
        // A nil timeout is only ever the noTimeout mutant: no timer.
        let timer = timeout.map { timeout in
            Task.detached(executorPreference: taskExecutor) {
                do {
                    try await clock.sleep(timeout)
                    race.timeUp()
                } catch {
                    // Cancelled: the animation settled first.
                }
            }
        }
        let outcome = await withTaskCancellationHandler {
            await race.settled()
        } onCancel: {
            race.cut(.callerCancelled)
        }
        animation.cancel()
        timer?.cancel()
        return outcome
    }
}
