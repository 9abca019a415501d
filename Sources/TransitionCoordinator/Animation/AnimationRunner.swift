/// Runs one animator under a timeout, the caller's cancellation and preemption: exactly one of them ends it.
enum AnimationRunner {
    /// How an animation ended, before it becomes an ``AnimationOutcome``.
    enum End: Sendable, Equatable {
        case finished
        case failed(String)
        case timedOut
        case cutShort(CutShortReason)
    }

    /// Starts `animator` in a task of its own and waits for the first of: its return, its throw,
    /// `timeout` on `clock`, the caller's cancellation, or a `gate.resolve(.cutShort(.preempted))`
    /// from elsewhere. The animator's and the timer's tasks are cancelled afterwards, so neither
    /// outlives the transition by more than its own reaction to cancellation.
    ///
    /// Never throws and never waits past the timeout, whatever the animator does; returns only
    /// once the animator's task has begun, so the animator is called exactly when decided.
    static func run(_ animator: any Animator, context: TransitionContext, gate: OneShot<End>,
                    timeout: Duration?, clock: CoordinatorClock, taskExecutor: (any TaskExecutor)?,
                    chain: [TransitionScope.Marker]) async -> AnimationOutcome {
        let started = OneShot<Void>()
        let animation = Task.detached(executorPreference: taskExecutor) {
            started.resolve(())
            await TransitionScope.$chain.withValue(chain) {
                do {
                    try await animator.animate(context)
                    gate.resolve(.finished)
                } catch {
                    gate.resolve(.failed(String(describing: error)))
                }
            }
        }
        // A nil timeout is only ever the noTimeout mutant: no timer.
        let timer = timeout.map { timeout in
            Task.detached(executorPreference: taskExecutor) {
                do {
                    try await clock.sleep(timeout)
                    gate.resolve(.timedOut)
                } catch {
                    // Cancelled: the animation ended first.
                }
            }
        }
        let end = await withTaskCancellationHandler {
            await gate.wait()
        } onCancel: {
            gate.resolve(.cutShort(.callerCancelled))
        }
        animation.cancel()
        timer?.cancel()
        // The animator is called for every transition that decided to animate, even one cut short
        // before its task ran: wait until the task has begun (it calls the animator next).
        await started.wait()
        switch end {
        case .finished: return .ran
        case .failed(let message): return .failed(message)
        case .timedOut: return .timedOut(after: timeout ?? .zero)
        case .cutShort(let reason): return .cutShort(reason)
        }
    }
}
