/// Animates one window transition and returns when the animation is done.
///
/// The coordinator calls ``animate(_:)`` at most once per transition, in a task of its own that
/// carries the transition's re-entrancy marker, and awaits it with a timeout. Guarantees the
/// animator can rely on:
/// - it is called only while every window in its context is live and managed (unmanaged ones
///   are listed as such), and those windows stay live until it returns or its timeout passes,
///   whichever comes first;
/// - the incoming windows were created and shown before the call, and every staying window's
///   appearance is reset after it, so an animator need not undo what it changed;
/// - when the animation is cut short (caller cancelled, preempted) the task is cancelled, and the
///   coordinator waits for the animator to return (up to the timeout): returning promptly on
///   cancellation keeps preemption quick. If the cut comes before the animator's task called it,
///   it is never called and the record says so (``SkipReason/preemptedBeforeStart``, say).
///
/// What it must not do: ask the same coordinator for a transition. From the animator itself, or
/// any task it starts with `Task {}` (which inherits the marker), the request is refused with
/// ``TransitionError/Refusal/reentrant(inFlight:)`` at once, under every policy. A `Task.detached` escapes
/// the marker, and its request is an ordinary one that meets the animator's own transition in
/// flight: under ``AdmissionPolicy/reject`` it gets ``TransitionError/Refusal/busy(inFlight:)``; under
/// ``AdmissionPolicy/enqueue`` or ``AdmissionPolicy/coalesce(group:)`` it waits until that
/// transition ends, so an animator that awaits it waits for itself until its own timeout ends the
/// animation; under ``AdmissionPolicy/preempt`` it cuts its own transition's animation short and
/// runs next. Throwing is allowed: the transition completes and its record says
/// ``AnimationOutcome/failed(_:)``.
public protocol Animator: Sendable {
    /// Runs the animation described by `context`; returns when done.
    func animate(_ context: TransitionContext) async throws
}

/// An animator made from an async closure.
package struct AnyAnimator: Animator {
    private let body: @Sendable (TransitionContext) async throws -> Void

    /// Wraps `body` as an animator.
    package init(_ body: @escaping @Sendable (TransitionContext) async throws -> Void) { self.body = body }

    /// Calls the closure.
    package func animate(_ context: TransitionContext) async throws { try await body(context) }
}
