/// What every container handle can do: present a modal over its container and dismiss it.
///
/// A handle is a value naming a container by id; it holds no state of its own. Every call is one
/// ``TransitionRequest/content(_:at:)`` request through the coordinator: serialized with window
/// transitions and with every other container's, under the same admission policies, with a record,
/// the same events, re-entrancy rule, animator timeout and skip rules. A call that throws changed
/// nothing; the container may be gone or of another kind by then, which the error says
/// (``ContainerError/unknownContainer(_:)``, ``ContainerError/wrongKind(_:expected:actual:)``).
public protocol ContainerHandle: Sendable {
    /// The container's id.
    var id: ContainerID { get }
    /// The coordinator the calls go through.
    var coordinator: Coordinator { get }
}

extension ContainerHandle {
    /// Presents `modal` over the container. Throws ``ContainerError/alreadyPresenting(_:modal:)``
    /// when it presents one already (present from that modal instead).
    @discardableResult
    public nonisolated(nonsending) func present(
        _ modal: WindowContent, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await coordinator.perform(
            .content(.present(modal, from: .container(id))), animator: animator,
            policy: policy, whenLocked: whenLocked)
    }

    /// Presents the screen `destination` stands for (a value of the app's destination type, see
    /// ``Screen``'s destinations) alone over the container, as ``present(_:animator:policy:whenLocked:)-(WindowContent,_,_,_)`` does.
    @discardableResult
    public nonisolated(nonsending) func present(
        _ destination: some Hashable & Codable & Sendable, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await present(WindowContent.of(destination), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Dismisses what the container presents, with everything presented above it and every
    /// container inside it, in one transition. Throws ``ContainerError/nothingPresented(_:)``
    /// when it presents nothing.
    @discardableResult
    public nonisolated(nonsending) func dismiss(
        animator: (any Animator)? = nil, policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await coordinator.perform(
            .content(.dismiss(.container(id))), animator: animator, policy: policy,
            whenLocked: whenLocked)
    }

    /// The container's node as committed now (with the modal it presents), or nil when no window shows it.
    public func content() async -> WindowContent? {
        await coordinator.snapshot.windows.lazy.compactMap { $0.content.find(id) }.first
    }
}
