/// Animates one window transition and returns when the animation is done.
///
/// The coordinator calls ``animate(_:)`` at most once per transition, in a task of its own that
/// carries the transition's re-entrancy marker, and awaits it with a timeout. Guarantees the
/// animator can rely on:
/// - every window in the context is live and managed (unmanaged ones are listed as such);
/// - the incoming windows were created and shown before the call, and every staying window's
///   appearance is reset after it, so an animator need not undo what it changed;
/// - when the animation is cut short (timeout, caller cancelled, preempted) the task is cancelled;
///   returning early is then the polite answer, but nothing waits for it.
///
/// What it must not do: ask the same coordinator for a transition (it gets
/// ``TransitionError/reentrant(inFlight:)`` at once; a `Task.detached` escapes the marker and gets
/// ``TransitionError/busy(inFlight:)`` instead). Throwing is allowed: the transition completes and its
/// record says ``AnimationOutcome/failed(_:)``.
public protocol Animator: Sendable {
    /// Runs the animation described by `context`; returns when done.
    func animate(_ context: TransitionContext) async throws
}

/// An animator made from an async closure.
public struct AnyAnimator: Animator {
    private let body: @Sendable (TransitionContext) async throws -> Void

    /// Wraps `body` as an animator.
    public init(_ body: @escaping @Sendable (TransitionContext) async throws -> Void) { self.body = body }

    /// Calls the closure.
    public func animate(_ context: TransitionContext) async throws { try await body(context) }
}
