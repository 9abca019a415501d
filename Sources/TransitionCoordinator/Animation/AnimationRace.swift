/// The race that ends one animation: the animator's return or throw, its timeout, the caller's
/// cancellation and a preemption. A small state machine under a lock; every event is one method.
///
/// **Called, or never called.** The animator's task calls ``enter()`` right before it calls the
/// animator; when the end was decided before that, `enter()` refuses (the animator's state becomes
/// `barred`) and the animator is never called (the record says it was skipped, and why). Once
/// entered, a cut (preemption, cancellation) does not settle the race until the animator returns or
/// the timeout passes, so the windows in its context stay live from before the call until it
/// returns or its timeout, whichever comes first.
///
/// **The cut reaches the animator.** A cut or a timeout cancels the animator's task (the action
/// given to ``attach(cancel:)``) at once, so an animator that honours cancellation returns early
/// and the race settles then, not at the timeout.
final class AnimationRace: Sendable {
    /// How an animation ended.
    enum End: Sendable, Equatable {
        case finished
        case failed(String)
        case timedOut
        case cutShort(CutShortReason)
    }

    private enum Animator { case notCalled, running, returned, barred }

    private struct State {
        var end: End?
        var animator = Animator.notCalled
        var deadlinePassed = false
        var waiter: UnsafeContinuation<AnimationOutcome, Never>?
        var outcome: AnimationOutcome?
        /// Cancels the animator's task; taken (set to nil) when the end is decided.
        var cancelAnimator: Canceller?
    }

    /// What cancels the animator's task: the task itself (no closure to allocate), or an action.
    /// A nominal type, so handing it out of the lock's generic body reabstracts no closure (a bare
    /// closure in the returned tuple cost two allocations per animation).
    private enum Canceller {
        case task(Task<Void, Never>)
        case action(@Sendable () -> Void)

        func callAsFunction() {
            switch self {
            case .task(let task): task.cancel()
            case .action(let action): action()
            }
        }
    }

    private let state = Locked(State())
    private let timeout: Duration

    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// Gives the race the action that cancels the animator's task. Runs it at once when the end
    /// is already decided. Called once, by the runner, right after it starts the task.
    func attach(cancel: @escaping @Sendable () -> Void) {
        attach(.action(cancel))
    }

    /// ``attach(cancel:)`` with the animator's task itself: a cut cancels it.
    func attach(_ task: Task<Void, Never>) {
        attach(.task(task))
    }

    private func attach(_ cancel: Canceller) {
        let cancelNow: Bool = state.withLock { state in
            guard state.end == nil else { return true }
            state.cancelAnimator = cancel
            return false
        }
        if cancelNow { cancel() }
    }

    /// The animator's task is about to call the animator; returns false when it must not.
    func enter() -> Bool {
        state.withLock { state in
            // Mutant: the animator is let in after the end was decided (see ``update(_:)``).
            guard state.animator == .notCalled, state.end == nil || planted(.animatorAfterCut) else {
                if state.animator == .notCalled { state.animator = .barred }
                return false
            }
            state.animator = .running
            return true
        }
    }

    /// The animator returned (`nil`) or threw (its description).
    func returned(failure: String?) {
        update { state in
            state.animator = .returned
            if state.end == nil { state.end = failure.map(End.failed) ?? .finished }
        }
    }

    /// The timeout passed.
    func timeUp() {
        // Mutant: the timeout passing ends nothing.
        if planted(.noTimeout) { return }
        update { state in
            state.deadlinePassed = true
            if state.end == nil { state.end = .timedOut }
        }
    }

    /// Something outside the animation (a preemption, the caller's cancellation) ends it now.
    func cut(_ reason: CutShortReason) {
        update { state in
            if state.end == nil { state.end = .cutShort(reason) }
        }
    }

    /// Waits until the race settles and returns what the animation did.
    ///
    /// An unsafe continuation (a checked one allocates a canary per animation), resumed exactly
    /// once: here at once when the outcome is already set, else it is stored under the lock and
    /// only the one ``update(_:)`` that sets the outcome takes it (`outcome` is set once, and
    /// `waiter` is cleared in the same critical section); a race is settled by one caller.
    func settled() async -> AnimationOutcome {
        await withUnsafeContinuation { continuation in
            let ready: AnimationOutcome? = state.withLock { state in
                if let outcome = state.outcome { return outcome }
                // A second waiter would overwrite the first, which would never resume.
                precondition(state.waiter == nil, "an animation race is settled by one caller")
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    private func update(_ event: (inout State) -> Void) {
        typealias Effects = (
            waiter: UnsafeContinuation<AnimationOutcome, Never>?, outcome: AnimationOutcome?,
            cancel: Canceller?
        )
        let effects: Effects = state.withLock { state in
            guard state.outcome == nil else { return (nil, nil, nil) }
            event(&state)
            guard let end = state.end else { return (nil, nil, nil) }
            // The end is decided: whatever the animator is doing, it is no longer wanted.
            let cancel = state.cancelAnimator
            state.cancelAnimator = nil
            // Mutant: an animator not called yet is not barred, and `enter()` lets it in later.
            if state.animator == .notCalled, !planted(.animatorAfterCut) { state.animator = .barred }
            let settles = state.animator != .running || state.deadlinePassed
            guard settles else { return (nil, nil, cancel) }
            let outcome = Self.outcome(
                end, called: state.animator == .running || state.animator == .returned,
                timeout: timeout)
            state.outcome = outcome
            defer { state.waiter = nil }
            return (state.waiter, outcome, cancel)
        }
        effects.cancel?()
        if let waiter = effects.waiter, let outcome = effects.outcome { waiter.resume(returning: outcome) }
    }

    private static func outcome(_ end: End, called: Bool, timeout: Duration) -> AnimationOutcome {
        switch (end, called) {
        case (.finished, _): .ran
        case (.failed(let message), _): .failed(message)
        case (.timedOut, true): .timedOut(after: timeout)
        case (.timedOut, false): .skipped(.timedOutBeforeStart)
        case (.cutShort(.preempted), true): .preempted
        case (.cutShort(.callerCancelled), true): .callerCancelled
        case (.cutShort(.preempted), false): .skipped(.preemptedBeforeStart)
        case (.cutShort(.callerCancelled), false): .skipped(.cancelledBeforeStart)
        }
    }
}
