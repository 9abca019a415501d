/// A hop container (seed 002's launch and login flows), reached through its coordinator: shows
/// one child at a time, hopping from one to the next.
///
/// See ``ContainerHandle`` for what every call guarantees.
public struct HopHandle: ContainerHandle {
    /// The hop container's id.
    public let id: ContainerID
    /// The coordinator the calls go through.
    public let coordinator: Coordinator

    /// Shows `content` in place of the current child (animated as a hop; a crossfade is the
    /// usual animator). Throws ``ContainerError/wrongKind(_:expected:actual:)`` when the id names
    /// another kind of container.
    @discardableResult
    public nonisolated(nonsending) func hop(to content: WindowContent, animator: (any Animator)? = nil,
                                            policy: AdmissionPolicy = .reject,
                                            whenLocked: LockedBehavior = .refuse) async throws(TransitionError) -> TransitionRecord {
        try await coordinator.perform(.content(.hop(to: content, in: id)), animator: animator, policy: policy,
                                      whenLocked: whenLocked)
    }
}
