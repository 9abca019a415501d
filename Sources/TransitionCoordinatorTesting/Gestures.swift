import TransitionCoordinator

/// Plays what a person does to the app, through the coordinator's public API exactly as a host's
/// gesture recognizers and tab bar report it, so a test reads as the user's story.
///
/// Each call is one public call of the coordinator (or two, begun then ended; a tab tap reads the
/// snapshot first), awaited; it
/// returns the record of what changed, or nil when nothing did, and throws what the coordinator
/// throws (nothing changed then).
public struct UserActions: Sendable {
    /// The coordinator the person uses.
    public let coordinator: Coordinator

    /// Actions on `coordinator`.
    public init(_ coordinator: Coordinator) { self.coordinator = coordinator }

    /// A back swipe in stack `stack`, begun, then committed (its record) or, when `cancelled`, let
    /// spring back (nil: nothing changes, no record, no callback).
    ///
    /// Begins with `Coordinator/beginGesture(_:at:policy:)` under `policy` (`.reject`: a swipe
    /// during a transition is refused as busy, as a host that disables gestures meanwhile does).
    /// - Throws: what beginning or committing throws (busy, nothing to pop, the gesture cut short
    ///   by a lifecycle event, a guard's veto); nothing changed then.
    @discardableResult
    public func backSwipe(
        in stack: ContainerID, cancelled: Bool = false, at level: WindowLevel? = nil,
        policy: AdmissionPolicy = .reject
    ) async throws(TransitionError) -> TransitionRecord? {
        try await gesture(.pop(stack), cancelled: cancelled, at: level, policy: policy)
    }

    /// The sheet that `presenter` presents swiped down (with everything presented above it),
    /// begun, then committed (its record) or, when `cancelled`, let spring back (nil), as
    /// `ContainerOperation/dismiss(_:)`.
    /// - Throws: as `backSwipe(in:cancelled:at:policy:)`.
    @discardableResult
    public func sheetSwipedDown(
        over presenter: WindowContent.NodeID, cancelled: Bool = false,
        at level: WindowLevel? = nil,
        policy: AdmissionPolicy = .reject
    ) async throws(TransitionError) -> TransitionRecord? {
        try await gesture(.dismiss(presenter), cancelled: cancelled, at: level, policy: policy)
    }

    /// A tap on tab `index` of tab bar `tabs`: the host switched tabs already and reports it
    /// (`Coordinator/userDid(_:at:)`; it waits its turn, and behind the lock) by what the tab
    /// shows now, `ContainerOperation/selectTab(_:in:)`, as the UIKit host and the SwiftUI model
    /// do (it reads the snapshot first, as a host reads its tab bar); a tab the snapshot does not
    /// show is reported by its index.
    /// - Throws: the planner's error when the tab does not exist; nothing changed then.
    @discardableResult
    public func tapTab(
        _ index: Int, in tabs: ContainerID, at level: WindowLevel? = nil
    ) async throws(TransitionError) -> TransitionRecord {
        let shown = await coordinator.snapshot.windowList.lazy.compactMap { window -> WindowContent.NodeID? in
            guard case .tabs(let bar)? = window.content.find(tabs)?.base, bar.tabs.indices.contains(index) else { return nil }
            return bar.tabs[index].nodeID
        }.first
        return try await coordinator.userDid(shown.map { .selectTab($0, in: tabs) } ?? .select(tab: index, in: tabs), at: level)
    }

    /// A tap on the back button of stack `stack`: the host popped already and reports it
    /// (`Coordinator/userDid(_:at:)`; it waits its turn) by the screen it left on top,
    /// `ContainerOperation/popTo(_:in:)`, as the UIKit host does: it reads the snapshot first, as
    /// a host reads its stack, so a push the app makes meanwhile stays. A stack the snapshot does
    /// not show, or shows at its root, is reported as `ContainerOperation/pop(_:)`.
    /// - Throws: the planner's error when there is nothing to pop, or the screen left on top is
    ///   gone by the report's turn; nothing changed then.
    @discardableResult
    public func tapBack(in stack: ContainerID, at level: WindowLevel? = nil) async throws(TransitionError) -> TransitionRecord {
        let left = await coordinator.snapshot.windowList.lazy.compactMap { window -> Screen? in
            guard level == nil || window.level == level, case .stack(let shown)? = window.content.find(stack)?.base,
                shown.items.count > 1
            else { return nil }
            return shown.items[shown.items.count - 2]
        }.first
        // Mutant: a pop of whatever is on top by the report's turn.
        let operation = planted(.tapBackReportsPop) ? nil : left.map { ContainerOperation.popTo($0.id, in: stack) }
        return try await coordinator.userDid(operation ?? .pop(stack), at: level)
    }

    private func gesture(
        _ operation: ContainerOperation, cancelled: Bool, at level: WindowLevel?,
        policy: AdmissionPolicy
    ) async throws(TransitionError) -> TransitionRecord? {
        let gesture = try await coordinator.beginGesture(operation, at: level, policy: policy)
        guard cancelled else { return try await gesture.commit() }
        await gesture.cancel()
        return nil
    }
}
