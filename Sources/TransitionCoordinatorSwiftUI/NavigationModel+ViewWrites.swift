import TransitionCoordinator

/// What a SwiftUI control reads and writes: the value it wrote until the coordinator answers,
/// then the committed one.
///
/// SwiftUI reads a binding again right after writing it (the pop finishing, the tab switching,
/// the sheet going away). A binding that returned the committed value there would undo the
/// user's change on screen until the commit came back: a popped screen pushed again, a tab
/// snapping back, a sheet presented again. So each write below is kept, readable at once through
/// the `view…` reads, while it is reported (``setPath(_:for:)``, ``select(_:in:)``,
/// ``dismissSheet(presentedBy:)``, in a task on the main actor). When the coordinator answers,
/// the kept value is dropped in the same step that applies the record or notes the refusal
/// (``refusalCount``), so the view's next read is the committed state: the user's change, or,
/// after a refusal, what the model showed before (a sheet swiped down is presented again). A
/// later write to the same place replaces the kept value, and only the latest is dropped by its own answer.
///
/// Each write is worked out at once, in the step the view makes it, from what the view showed (its
/// own last write while that one is unanswered): a commit the model applies before the report's
/// task runs does not change what the write names (the tab tapped, the sheet swiped), a quick
/// second write is sent after the first even when it goes back to the committed state (a tab
/// tapped and tapped back), and one equal to the first sends nothing. A
/// `view…` read always reads the committed state too, and the kept values are observed, so a view
/// that read while its write was on its way hears of the answer and of every commit after it.
extension NavigationModel {
    /// The path a view shows for the stack `id`: the one it wrote last while that write is
    /// unanswered, else the committed one (``path(of:as:)``).
    public func viewPath(of id: ContainerID) -> [Screen] {
        let committed = path(of: id)
        return writtenPaths[id] ?? committed
    }

    /// The tab a view shows selected in the tab bar `id`: the one it wrote last while that write
    /// is unanswered, else the committed one (``selection(of:)``).
    public func viewSelection(of id: ContainerID) -> Int? {
        let committed = selection(of: id)
        return writtenSelections[id] ?? committed
    }

    /// The sheet a view shows over `presenter`: none once the view swiped it down and while that
    /// write is unanswered, else the committed one (``sheet(presentedBy:)``), reached one step at
    /// a time where a commit changes more sheets than SwiftUI shows in one update
    /// (``sheetStepEnded(presentedBy:)``).
    public func viewSheet(presentedBy presenter: WindowContent.NodeID) -> PresentedSheet? {
        let shown = shownSheets[presenter]?.sheet
        return writtenDismissals.contains(presenter) ? nil : shown
    }

    /// The view made the stack `id` show `path` (the back button, a swipe-back, a
    /// `NavigationLink(value:)`): ``viewPath(of:)`` reads it at once, and it is reported as
    /// ``setPath(_:for:)``, worked out now. Returns the task reporting it, which ends once the
    /// model shows the answer, with the record (nil when nothing was sent, or the write was
    /// refused: ``lastRefusal`` says why).
    @discardableResult
    public func viewWrote(path: [Screen], for id: ContainerID) -> Task<TransitionRecord?, Never> {
        // Worked out now, from what the view shows: a commit the model applies before the task
        // runs must not change what the user's write means.
        let operation = try? pathOperation(path, for: id, from: viewPath(of: id))
        writtenPaths[id] = path
        return Task {
            // Mutant: worked out again now, from what the model shows.
            let operation = planted(.modelWorksOutViewWriteLate) ? (try? pathOperation(path, for: id, from: nil)) : operation
            let record = await reported(operation)
            if writtenPaths[id] == path { writtenPaths[id] = nil }
            return record
        }
    }

    /// The view selected `tab` in the tab bar `id` (a tab tapped): ``viewSelection(of:)`` reads
    /// it at once, and it is reported as ``select(_:in:)``, worked out now (the tab named by what
    /// it shows). Returns the task reporting it, as ``viewWrote(path:for:)`` does.
    @discardableResult
    public func viewWrote(selection tab: Int, in id: ContainerID) -> Task<TransitionRecord?, Never> {
        let operation = tabOperation(tab, in: id, from: viewSelection(of: id))
        writtenSelections[id] = tab
        return Task {
            // Mutant: worked out again now, from what the model shows.
            let operation = planted(.modelWorksOutViewWriteLate) ? tabOperation(tab, in: id, from: nil) : operation
            let record = await reported(operation)
            if writtenSelections[id] == tab { writtenSelections[id] = nil }
            return record
        }
    }

    /// The view dismissed the sheet `presenter` presents (swiped down): ``viewSheet(presentedBy:)``
    /// reads nil at once, and it is reported as ``dismissSheet(presentedBy:)``, worked out now
    /// (the sheet named by its own node). Returns the task reporting it, as
    /// ``viewWrote(path:for:)`` does.
    ///
    /// A nil write for a sheet that is not on screen (its presenter in a tab that is not
    /// selected, say) is SwiftUI tearing the sheet down, not the user's dismissal: nothing is
    /// reported, and the model's sheet stays (the task returns nil).
    @discardableResult
    public func viewDismissedSheet(presentedBy presenter: WindowContent.NodeID) -> Task<TransitionRecord?, Never> {
        guard state.showsOnScreen(sheetPresentedBy: presenter) else {
            return Task { nil }
        }
        let operation = sheetOperation(presentedBy: presenter)
        writtenDismissals.insert(presenter)
        return Task {
            // Mutant: worked out again now, from what the model shows.
            let operation = planted(.modelWorksOutViewWriteLate) ? sheetOperation(presentedBy: presenter) : operation
            let record = await reported(operation)
            writtenDismissals.remove(presenter)
            return record
        }
    }

    /// The record of `operation` reported (``report(_:)``); nil when there is none to send, or
    /// when it was refused (noted in ``lastRefusal``).
    private func reported(_ operation: ContainerOperation?) async -> TransitionRecord? {
        guard let operation else { return nil }
        return try? await report(operation)
    }
}
