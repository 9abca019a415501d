import TransitionCoordinator

/// A task executor the test can hold: while held, the jobs of tasks that prefer it wait (in
/// arrival order) until ``release()``; otherwise each job goes straight to the global concurrent
/// executor. A test holds it to decide exactly when a task may take its next step (an animator's
/// task its first, a waiter's task its resumption), with no sleep.
package final class HeldTaskExecutor: TaskExecutor, Sendable {
    private struct State {
        var holding = false
        var held: [UnownedJob] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Box(State())

    /// An executor that forwards every job until held.
    package init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let (forward, ready): (Bool, [CheckedContinuation<Void, Never>]) = state.update { state in
            guard state.holding else { return (true, []) }
            state.held.append(job)
            let count = state.held.count
            let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return (false, ready)
        }
        for waiter in ready { waiter.resume() }
        if forward { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }

    /// From now on, jobs wait until ``release()``.
    package func hold() { state.update { $0.holding = true } }

    /// Lets every held job go, in arrival order, and stops holding.
    package func release() {
        let jobs: [UnownedJob] = state.update { state in
            state.holding = false
            defer { state.held.removeAll() }
            return state.held
        }
        for job in jobs { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }

    /// Suspends until at least `count` jobs are held.
    package func held(atLeast count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.update { state in
                if state.held.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
