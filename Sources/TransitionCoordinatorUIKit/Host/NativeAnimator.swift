import TransitionCoordinator

/// The animator of a ``ContainerHost``: a content change finishes when the containers' own push,
/// pop, present or dismiss animation completes (UIKit's, which the host started in
/// `setContent`). Window transitions are not animated. It does not return early when cancelled:
/// UIKit's animation cannot be cut short, and ends within its own duration.
package struct NativeAnimator: Animator {
    let host: ContainerHost

    /// Waits for the animation of the top window's content change.
    package func animate(_ context: TransitionContext) async throws {
        if context.contentChange != nil {
            await host.settled(context.topToWindow.id)
        }
    }
}

extension ContainerHost {
    /// The animator that waits for the containers' own animation of each content change: it
    /// finishes when UIKit's push, pop, present or dismiss animation, started by
    /// `setContent`, completes. Window transitions are not animated. It does not return early
    /// when cancelled: UIKit's animation cannot be cut short, and ends within its own duration.
    public nonisolated var animator: some Animator { NativeAnimator(host: self) }
}
