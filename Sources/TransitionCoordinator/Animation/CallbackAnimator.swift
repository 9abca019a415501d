/// Adapts an animator written around completion blocks (`UIView.animate(...completion:)`) to ``Animator``.
///
/// The closure starts the animation and returns; it calls `finish()` once when done (from any
/// thread). A second call is ignored and noted in the record, a missing call ends at the
/// coordinator's timeout, and `finish.fail(error)` marks the animation failed. When the
/// transition is cut short, the pending wait ends at once, so no continuation is ever leaked.
public struct CallbackAnimator: Animator {
    private let body: @Sendable (TransitionContext, AnimationFinish) -> Void

    /// Wraps a completion-block animation.
    public init(_ body: @escaping @Sendable (TransitionContext, AnimationFinish) -> Void) { self.body = body }

    /// Starts the animation and waits for its one-shot finish.
    public func animate(_ context: TransitionContext) async throws {
        let finish = AnimationFinish(ledger: context.ledger)
        body(context, finish)
        try await withTaskCancellationHandler {
            try await finish.wait()
        } onCancel: {
            finish.cancel()
        }
    }
}
