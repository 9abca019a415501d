import TransitionCoordinator

/// An animator that suspends once and returns: every animation gives the other tasks a turn.
public struct YieldingAnimator: Animator {
    /// An animator that yields once per call.
    public init() {}

    /// Yields once.
    public func animate(_ context: TransitionContext) async throws { await Task.yield() }
}
