import TransitionCoordinator

/// A task executor the test can hold: while held, the jobs of tasks that prefer it wait (in
/// arrival order) until ``release()``; otherwise each job goes straight to the global concurrent
/// executor. A test holds it to decide exactly when a task may take its next step (an animator's
/// task its first, a waiter's task its resumption), with no sleep.
final class HeldTaskExecutor: TaskExecutor, Sendable {
    private struct State {
        var holding = false
        var held: [UnownedJob] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Box(State())

    init() {}

    func enqueue(_ job: consuming ExecutorJob) {
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
    func hold() { state.update { $0.holding = true } }

    /// Lets every held job go, in arrival order, and stops holding.
    func release() {
        let jobs: [UnownedJob] = state.update { state in
            state.holding = false
            defer { state.held.removeAll() }
            return state.held
        }
        for job in jobs { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }

    /// Suspends until at least `count` jobs are held.
    func held(atLeast count: Int) async {
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

/// An animator that notes which windows of its context are dead at the host when it is entered
/// and when it returns, and returns only when the test opens ``proceed`` (not on cancellation,
/// so a cut-short animation keeps running until the test says so).
final class LivenessAnimator: Animator {
    struct Call: Sendable, Equatable {
        var windows: [WindowID]
        var deadAtEntry: [WindowID]
        var deadAtReturn: [WindowID]?
    }

    private let deadWindows: @Sendable ([WindowID]) async -> [WindowID]
    private let onReturn: @Sendable () async -> Void
    private let state = Box<[Call]>([])
    /// Opened when the animator has been entered.
    let entered = Gate()
    /// Opened by the test to let the animator return.
    let proceed = Gate()
    /// Opened when the animator has returned.
    let returned = Gate()

    /// `deadWindows` answers which of the ids are not live at the host; `onReturn` runs just before the animator returns.
    init(deadWindows: @escaping @Sendable ([WindowID]) async -> [WindowID],
         onReturn: @escaping @Sendable () async -> Void = {}) {
        self.deadWindows = deadWindows
        self.onReturn = onReturn
    }

    /// Every call so far.
    var calls: [Call] { state.value }

    func animate(_ context: TransitionContext) async throws {
        let ids = context.managedWindowIDs
        let deadAtEntry = await deadWindows(ids)
        let index = state.update { calls in
            calls.append(Call(windows: ids, deadAtEntry: deadAtEntry))
            return calls.count - 1
        }
        entered.open()
        await proceed.wait()
        let deadAtReturn = await deadWindows(ids)
        state.update { $0[index].deadAtReturn = deadAtReturn }
        await onReturn()
        returned.open()
    }
}
