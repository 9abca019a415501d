import TransitionCoordinator

/// An animator that suspends once and returns: every animation gives the other tasks a turn.
package struct YieldingAnimator: Animator {
    /// An animator that yields once per call.
    package init() {}

    /// Yields once.
    package func animate(_ context: TransitionContext) async throws { await Task.yield() }
}
