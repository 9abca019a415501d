/// What the three handles share (package-internal): their container's id and coordinator, and, for
/// the harness and the tests, a modal presented or dismissed over the container and its node read.
/// An app presents and dismisses through ``Coordinator/present(_:from:animator:policy:whenLocked:)-(WindowContent,_,_,_,_)``
/// and ``Coordinator/dismiss(presentedBy:animator:policy:whenLocked:)``, one way for a container
/// and a screen alike.
@usableFromInline package protocol ContainerHandle: Sendable {
    /// The container's id.
    var id: ContainerID { get }
    /// The coordinator the calls go through.
    var coordinator: Coordinator { get }
}

extension ContainerHandle {
    /// Presents `modal` over the container. Throws ``ContainerError/alreadyPresenting(_:modal:)``
    /// when it presents one already (present from that modal instead).
    @discardableResult
    package nonisolated(nonsending) func present(
        _ modal: WindowContent, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await coordinator.present(modal, from: .container(id), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Presents the screen `destination` stands for (a value of the app's destination type, see
    /// ``Screen``'s destinations) alone over the container, as `present(_:animator:policy:whenLocked:)` does.
    @discardableResult
    package nonisolated(nonsending) func present(
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
    package nonisolated(nonsending) func dismiss(
        animator: (any Animator)? = nil, policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await coordinator.dismiss(presentedBy: .container(id), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// The container's node as committed now (with the modal it presents), or nil when no window shows it.
    @usableFromInline package func content() async -> WindowContent? {
        await coordinator.snapshot.windowList.lazy.compactMap { $0.content.find(id) }.first
    }
}
