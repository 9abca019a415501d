/// A hop container (launch and login flows; see ``HopFlow``), reached through its coordinator:
/// shows one child at a time, hopping from one to the next.
///
/// Every call is one transition, with the guarantees of <doc:ContainersInAWindow>'s handles.
public struct HopHandle: ContainerHandle {
    /// The hop container's id.
    public let id: ContainerID
    /// The coordinator the calls go through.
    public let coordinator: Coordinator

    /// Shows `content` in place of the current child (animated as a hop; a crossfade is the
    /// usual animator): ``WindowContent``, or a value of the app's destination type (see
    /// ``Screen``'s destinations), shown as its screen alone. Throws ``ContainerError/wrongKind(_:expected:actual:)`` when the id names
    /// another kind of container.
    @discardableResult
    public nonisolated(nonsending) func hop(
        to content: WindowContent, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await coordinator.perform(
            .content(.hop(to: content, in: id)), animator: animator, policy: policy,
            whenLocked: whenLocked)
    }

    /// Shows the screen `destination` stands for alone, as ``hop(to:animator:policy:whenLocked:)-(WindowContent,_,_,_)`` does.
    @discardableResult
    public nonisolated(nonsending) func hop(
        to destination: some Hashable & Codable & Sendable, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await hop(to: WindowContent.of(destination), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Unhops `screen` (a ``ScreenID``, or the app's destination value), the container's current child, with `value`: the flow waiting in
    /// ``HopFlow/hop(to:returning:animator:policy:whenLocked:)`` returns it (or the next flow to
    /// wait on this screen does). Changes nothing on screen and takes no slot. A screen that is no
    /// longer the current child (hopped away from, removed, or moved elsewhere by a replace) has
    /// already ended its flow's wait with ``ContainerError/leftBeforeUnhop(_:hop:)``.
    ///
    /// - Throws: ``ContainerError/notCurrent(_:hop:)`` when `screen` is not the current child,
    ///   ``ContainerError/alreadyUnhopped(_:hop:)`` on a second unhop of the same hop, and
    ///   ``ContainerError/unknownContainer(_:)`` or ``ContainerError/wrongKind(_:expected:actual:)``.
    public func unhop(_ screen: some Hashable & Codable & Sendable, with value: some Sendable) async throws(TransitionError) {
        try await coordinator.unhop(ScreenID(of: screen), in: id, with: value)
    }

    /// Unhops `screen` with no value (a flow waiting for `Void`).
    public func unhop(_ screen: some Hashable & Codable & Sendable) async throws(TransitionError) {
        try await coordinator.unhop(ScreenID(of: screen), in: id, with: ())
    }
}
