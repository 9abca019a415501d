/// Runs the guards for one admitted transition in a task of their own, under the watchdog: the
/// coordinator waits for the first of the guards' verdict and the timeout, so a guard that never
/// answers cannot hold the slot for longer than the timeout.
enum GuardRunner {
    /// The first guard's refusal, or nil when every guard allowed.
    struct Refusal: Sendable {
        let guardName: String
        let decision: GuardDecision
    }

    /// Asks `guards` in order about `context`, each awaited on its own isolation (a main-actor
    /// guard on the main actor); returns the first that does not allow (a guard past `timeout`
    /// denies), or nil.
    static func vet(
        _ context: TransitionContext, guards: [NavigationGuard], timeout: Duration, watchdog: Watchdog,
        taskExecutor: (any TaskExecutor)?, chain: TransitionScope.Chain
    ) async -> Refusal? {
        let verdict = Verdict()
        let asking = Locked("")
        let running = Locked<Task<Void, Never>?>(nil)
        let task = Task.detached(executorPreference: taskExecutor) {
            let alarm = watchdog.arm(in: timeout, kind: .guard) {
                let name = asking.withLock { $0 }
                verdict.settle(Refusal(guardName: name, decision: .deny("did not answer within \(timeout)")))
                // The guard in hand is told to stop; the ones after it are never asked.
                running.withLock { $0 }?.cancel()
            }
            let refusal: Refusal? = await TransitionScope.$chain.withValue(chain) {
                for item in guards {
                    // Once the timeout refused, a late answer asks no one else about a transition that is over.
                    if verdict.isSettled { return nil }
                    asking.withLock { $0 = item.name }
                    let decision = await item.decide(context)
                    if decision != .allow { return Refusal(guardName: item.name, decision: decision) }
                }
                return nil
            }
            watchdog.disarm(alarm)
            verdict.settle(refusal)
        }
        running.withLock { $0 = task }
        // The task arms the alarm itself, so it may fire before the task is stored above, when it
        // finds nothing to tell to stop: told here instead. A verdict the guards settled leaves
        // a task with nothing left to do, so this never stops a guard that answered.
        if verdict.isSettled { task.cancel() }
        return await verdict.value()
    }

    /// Settled once: by the guards, or by the timeout, whichever comes first.
    final class Verdict: Sendable {
        private struct State {
            var settled: Refusal??
            var waiter: CheckedContinuation<Refusal?, Never>?
        }

        private let state = Locked(State())

        func settle(_ refusal: Refusal?) {
            let waiter: CheckedContinuation<Refusal?, Never>? = state.withLock { state in
                guard state.settled == nil else { return nil }
                state.settled = .some(refusal)
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: refusal)
        }

        /// Whether the verdict is in (the guards answered, or the timeout refused).
        var isSettled: Bool { state.withLock { $0.settled != nil } }

        func value() async -> Refusal? {
            await withCheckedContinuation { continuation in
                // Decided and parked under one lock: a settle before or after is never missed.
                let ready: Refusal?? = state.withLock { state in
                    if let settled = state.settled { return .some(settled) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}
