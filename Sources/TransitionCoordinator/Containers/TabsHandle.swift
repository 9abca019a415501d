/// Tabs, reached through their coordinator: select a tab (each tab keeps its own content, a
/// stack's items included), present and dismiss over them.
///
/// Every call is one transition, with the guarantees of <doc:ContainersInAWindow>'s handles.
public struct TabsHandle: ContainerHandle {
    /// The tabs' id.
    public let id: ContainerID
    /// The coordinator the calls go through.
    public let coordinator: Coordinator

    /// Selects the tab at `index` (animated as a select when the top screen changes). Throws
    /// ``ContainerError/tabOutOfRange(_:tabs:count:)``.
    @discardableResult
    public nonisolated(nonsending) func select(
        _ index: Int, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await coordinator.perform(
            .content(.select(tab: index, in: id)), animator: animator, policy: policy,
            whenLocked: whenLocked)
    }

    /// The selected index as committed now; nil when no window shows the tabs.
    public func selected() async -> Int? {
        guard case .tabs(let tabs) = await content()?.base else { return nil }
        return tabs.selected
    }
}
