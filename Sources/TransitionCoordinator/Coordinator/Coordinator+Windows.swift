/// The window requests as methods: each makes one ``TransitionRequest``, with the guarantees
/// every request method has (see ``Coordinator``).
extension Coordinator {
    /// Opens a new window at `level` showing `screen` (a ``Screen``, or a value of the app's
    /// destination type): the request ``TransitionRequest/push(_:at:)``. A stack's screens are
    /// pushed with `stack(_:).push(_:)` instead. See ``Coordinator``'s request methods.
    @inlinable @discardableResult
    public nonisolated(nonsending) func openWindow(
        _ screen: some Hashable & Codable & Sendable, at level: WindowLevel, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await perform(.push(Screen(screen), at: level), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Closes the window at `level`. See ``Coordinator``'s request methods.
    @discardableResult
    public nonisolated(nonsending) func closeWindow(
        at level: WindowLevel, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject
    ) async throws(TransitionError) -> TransitionRecord {
        try await perform(.pop(level), animator: animator, policy: policy)
    }

    /// Closes the window showing the screen `id` (a ``ScreenID``, or the app's destination value). See ``Coordinator``'s request methods.
    @inlinable @discardableResult
    public nonisolated(nonsending) func closeWindow(
        showing id: some Hashable & Codable & Sendable, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject
    ) async throws(TransitionError) -> TransitionRecord {
        try await perform(.popScreen(ScreenID(of: id)), animator: animator, policy: policy)
    }

    /// Closes every window above the root (the shield and lock stay). See ``Coordinator``'s request methods.
    @discardableResult
    public nonisolated(nonsending) func closeAllWindows(
        animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject
    ) async throws(TransitionError) -> TransitionRecord {
        try await perform(.popAll, animator: animator, policy: policy)
    }

    /// Replaces the root window and its whole stack with one new root window showing `screen` (the shield and lock
    /// stay). See ``Coordinator``'s request methods.
    @inlinable @discardableResult
    public nonisolated(nonsending) func replaceRoot(
        with screen: some Hashable & Codable & Sendable, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject
    ) async throws(TransitionError) -> TransitionRecord {
        try await perform(.replaceRoot(Screen(screen)), animator: animator, policy: policy)
    }

    /// Not a screen: the root window shows one screen when it is replaced, and a content tree
    /// would be taken as a destination value and shown as a screen named after its encoding. To
    /// show a tree, replace the root window with a screen, then its content with
    /// ``replaceContent(with:at:animator:policy:whenLocked:)``, or navigate by route.
    @available(*, unavailable, message: "replaceRoot(with:) shows one screen; use replaceContent(with:at:) for a tree")
    public nonisolated(nonsending) func replaceRoot(
        with content: WindowContent, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject
    ) async throws(TransitionError) -> TransitionRecord {
        try await perform(.replaceRoot(Screen(content)), animator: animator, policy: policy)
    }

    /// Registers or updates an unmanaged window, serialized with transitions. See ``Coordinator``'s request methods.
    /// A window registered as key resigns key as the registration commits while a managed window
    /// is visible (see ``UnmanagedWindow``).
    @discardableResult
    public nonisolated(nonsending) func registerUnmanagedWindow(
        _ window: UnmanagedWindow,
        policy: AdmissionPolicy = .reject
    ) async throws(TransitionError) -> TransitionRecord {
        try await perform(.registerUnmanagedWindow(window), policy: policy)
    }

    /// Forgets an unmanaged window, serialized with transitions. See ``Coordinator``'s request methods.
    @discardableResult
    public nonisolated(nonsending) func unregisterUnmanagedWindow(
        id: String,
        policy: AdmissionPolicy = .reject
    ) async throws(TransitionError) -> TransitionRecord {
        try await perform(.unregisterUnmanagedWindow(id: id), policy: policy)
    }
}
