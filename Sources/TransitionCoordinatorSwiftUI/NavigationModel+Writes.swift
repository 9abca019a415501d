import TransitionCoordinator

/// What the user did through SwiftUI, reported to the coordinator as `Coordinator.userDid(_:at:)`.
///
/// Each write works out its `ContainerOperation` against what the model shows, then waits its turn in the coordinator's queue behind the transition in
/// flight and the lock, as every user report does. It returns the committed record, whose
/// source is `NavigationSource.user`, after the model applied its `after`; or nil, with nothing
/// sent, when the model shows that state already. It throws the coordinator's typed error when
/// the change no longer fits the committed state (a programmatic change got there first), and
/// then the model re-reads the committed snapshot and notes the refusal in
/// ``NavigationModel/lastRefusal`` and ``NavigationModel/refusalCount``, so a view that showed
/// the user's change shows the model again. All of it on the main actor; the coordinator serializes the rest.
extension NavigationModel {
    /// Reports that the user made the stack `id` show `path` (screens, or values of the app's
    /// destination type) above its root (the back button, a
    /// swipe-back, a tap that pushed a value through `NavigationLink(value:)`).
    ///
    /// - Returns: the record, or nil when the stack shows `path` already.
    /// - Throws: `TransitionError` when the model shows no stack `id`, or when the coordinator
    ///   refused the change (a path that keeps a prefix of the shown one is reported as a pop to
    ///   the screen it keeps on top, so it means the same if a push lands first; any other path as
    ///   the stack set to its root and `path`); nothing changed.
    @discardableResult
    @inlinable
    public func setPath<Destination: Hashable & Codable & Sendable>(
        _ path: [Destination], for id: ContainerID
    ) async throws(TransitionError) -> TransitionRecord? {
        try await setPath(path as? [Screen] ?? path.map { Screen($0) }, for: id, from: nil)
    }

    /// ``setPath(_:for:)`` worked out from `shown`, the path the view showed (nil: the committed
    /// one). A stack the model does not show is a refusal too, noted as the coordinator's are.
    @usableFromInline
    package func setPath(
        _ path: [Screen], for id: ContainerID, from shown: [Screen]?
    ) async throws(TransitionError) -> TransitionRecord? {
        guard let operation = try pathOperation(path, for: id, from: shown) else { return nil }
        return try await report(operation)
    }

    /// The operation ``setPath(_:for:from:)`` sends, worked out now from the model's state (nil:
    /// nothing to send). A stack the model does not show is noted as a refusal, then thrown.
    package func pathOperation(
        _ path: [Screen], for id: ContainerID, from shown: [Screen]?
    ) throws(TransitionError) -> ContainerOperation? {
        do {
            if let shown { return try state.operation(settingPath: path, of: id, from: shown) }
            return try state.operation(settingPath: path, of: id)
        } catch {
            noteRefusal(.setStack(id, path), error)
            throw error
        }
    }

    /// Reports that the user selected `tab` in the tab bar `id` (a tab tapped).
    ///
    /// - Returns: the record, or nil when `tab` is selected already.
    /// - Throws: the coordinator's `TransitionError` (a tab out of range, a tab bar not shown,
    ///   `ContainerError.notATab(_:tabs:)` when the tab tapped is gone); nothing changed.
    @discardableResult
    public func select(_ tab: Int, in id: ContainerID) async throws(TransitionError) -> TransitionRecord? {
        try await select(tab, in: id, from: nil)
    }

    /// ``select(_:in:)`` worked out from `shown`, the tab the view showed (nil: the committed one),
    /// so a quick tap back to the committed tab is sent after the first tap, not dropped.
    package func select(_ tab: Int, in id: ContainerID, from shown: Int?) async throws(TransitionError) -> TransitionRecord? {
        guard let operation = tabOperation(tab, in: id, from: shown) else { return nil }
        return try await report(operation)
    }

    /// The operation ``select(_:in:from:)`` sends, worked out now from the model's state: the tab
    /// named by what it shows now (nil: nothing to send).
    package func tabOperation(_ tab: Int, in id: ContainerID, from shown: Int?) -> ContainerOperation? {
        // Mutant: the tap worked out from the committed tab, not from what the view showed.
        let shown = planted(.modelWritesFromCommitted) ? nil : shown
        let operation = shown.map { state.operation(selecting: tab, in: id, from: $0) } ?? state.operation(selecting: tab, in: id)
        // Mutant: the tab named by its index.
        return planted(.modelReportsByPlace) ? operation.map(byPlace) : operation
    }

    /// Reports that the user dismissed the sheet `presenter` presents (swiped down), with
    /// everything presented above it.
    ///
    /// - Returns: the record, or nil when the model shows no sheet there.
    /// - Throws: the coordinator's `TransitionError` (`ContainerError.notPresented(_:)` when that
    ///   sheet was dismissed or replaced by another node first); nothing changed.
    @discardableResult
    public func dismissSheet(presentedBy presenter: WindowContent.NodeID) async throws(TransitionError) -> TransitionRecord? {
        guard let operation = sheetOperation(presentedBy: presenter) else { return nil }
        return try await report(operation)
    }

    /// The operation ``dismissSheet(presentedBy:)`` sends, worked out now from the model's state:
    /// the sheet named by its own node (nil: the model shows no sheet there).
    package func sheetOperation(presentedBy presenter: WindowContent.NodeID) -> ContainerOperation? {
        state.sheets[presenter].map(sheetOperation(dismissing:))
    }

    /// The operation that dismisses `sheet`, named by its own node.
    package func sheetOperation(dismissing sheet: PresentedSheet) -> ContainerOperation {
        let operation = ContainerOperation.dismissModal(sheet.id)
        // Mutant: the sheet named by its presenter.
        return planted(.modelReportsByPlace) ? byPlace(operation) : operation
    }

    /// The ``Mutation/modelReportsByPlace`` mutant's `operation`: a tab named by its index and a
    /// sheet by its presenter, as they are when the user acts on them. Reached only where
    /// ``planted(_:)`` says it is on, so a build without `TC_MUTANTS` optimizes it away.
    private func byPlace(_ operation: ContainerOperation) -> ContainerOperation {
        switch operation {
        case .selectTab(let tab, let id):
            if case .tabs(let bar)? = state.content?.find(id)?.base, let index = bar.tabs.firstIndex(where: { $0.nodeID == tab })
            {
                return .select(tab: index, in: id)
            }
        case .dismissModal(let modal):
            if let sheet = state.sheets.values.first(where: { $0.id == modal }) { return .dismiss(sheet.presenter) }
        default:
            break
        }
        return operation
    }

    /// Reports `operation` as a change the user made, in the window the model shows (the one at
    /// its level; for the key window, the window key now), applies the record's `after`, and
    /// returns the record; on a refusal re-reads the snapshot and rethrows. A container that
    /// window does not hold is refused there, though another window holds it.
    @discardableResult
    public func report(_ operation: ContainerOperation) async throws(TransitionError) -> TransitionRecord {
        try await report(operation, at: shownLevel)
    }

    /// The level of the window the model shows, where the user's changes in it are reported: its
    /// scope's, or for the key window the level of the one it shows now (nil while it shows none).
    package var shownLevel: WindowLevel? {
        switch scope {
        case .level(let level): level
        // Mutant: in whichever window holds the container.
        case .keyWindow: planted(.modelReportsAnywhere) ? nil : state.level
        }
    }

    /// ``report(_:)`` in the window at `level` (the one the view showed when it wrote).
    package func report(_ operation: ContainerOperation, at level: WindowLevel?) async throws(TransitionError) -> TransitionRecord
    {
        // Mutant: the write shown at once, before the coordinator answers.
        if planted(.modelShowsUncommittedWrite) { showUncommitted(operation) }
        do {
            let record = try await coordinator.userDid(operation, at: level)
            apply(record.after)
            return record
        } catch {
            await refresh()
            noteRefusal(operation, error)
            throw error
        }
    }
}
