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
/// own last write while that one is unanswered), and reported in the window the model showed
/// then, so it never changes a window the model has stopped showing: a commit the model applies
/// before the report's task runs does not change what the write names (the tab tapped, the sheet swiped), a quick
/// second write is sent after the first even when it goes back to the committed state (a tab
/// tapped and tapped back), and one equal to the first sends nothing and keeps nothing: the first
/// stays kept until its own answer. A
/// `view…` read always reads the committed state too, and the kept values are observed, so a view
/// that read while its write was on its way hears of the answer and of every commit after it.
extension NavigationModel {
    /// The path a view shows for the stack `id`: the one it wrote last while that write is
    /// unanswered, else the committed one (``path(of:as:)``).
    public func viewPath(of id: ContainerID) -> [Screen] {
        let committed = path(of: id)
        return writtenPaths[id]?.value ?? committed
    }

    /// The tab a view shows selected in the tab bar `id`: the one it wrote last while that write
    /// is unanswered, else the committed one (``selection(of:)``).
    public func viewSelection(of id: ContainerID) -> Int? {
        let committed = selection(of: id)
        return writtenSelections[id]?.value ?? committed
    }

    /// The sheet a view shows over `presenter`: none once the view swiped it down and while that
    /// write is unanswered, else the committed one (``sheet(presentedBy:)``), reached one step at
    /// a time where a commit changes more sheets than SwiftUI shows in one update
    /// (``sheetStepEnded(presentedBy:)``).
    public func viewSheet(presentedBy presenter: WindowContent.NodeID) -> PresentedSheet? {
        let shown = shownSheets[presenter]?.sheet
        return writtenDismissals[presenter] == nil ? shown : nil
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
        if let unsent = unsent(operation) { return unsent }
        let write = kept(path)
        writtenPaths[id] = write
        let level = shownLevel
        return Task {
            // Mutant: worked out again now, from what the model shows.
            let operation = planted(.modelWorksOutViewWriteLate) ? (try? pathOperation(path, for: id, from: nil)) : operation
            let record = await reported(operation, at: level)
            if answers(write, writtenPaths[id]) { writtenPaths[id] = nil }
            return record
        }
    }

    /// The view selected `tab` in the tab bar `id` (a tab tapped): ``viewSelection(of:)`` reads
    /// it at once, and it is reported as ``select(_:in:)``, worked out now (the tab named by what
    /// it shows). Returns the task reporting it, as ``viewWrote(path:for:)`` does.
    @discardableResult
    public func viewWrote(selection tab: Int, in id: ContainerID) -> Task<TransitionRecord?, Never> {
        let operation = tabOperation(tab, in: id, from: viewSelection(of: id))
        if let unsent = unsent(operation) { return unsent }
        let write = kept(tab)
        writtenSelections[id] = write
        let level = shownLevel
        return Task {
            // Mutant: worked out again now, from what the model shows.
            let operation = planted(.modelWorksOutViewWriteLate) ? tabOperation(tab, in: id, from: nil) : operation
            let record = await reported(operation, at: level)
            if answers(write, writtenSelections[id]) { writtenSelections[id] = nil }
            return record
        }
    }

    /// The view dismissed the sheet `presenter` presents (swiped down): ``viewSheet(presentedBy:)``
    /// reads nil at once, and it is reported as ``dismissSheet(presentedBy:)``, worked out now
    /// (the sheet named by its own node: the one the view shows, which, while a commit's sheets
    /// reach the views in steps, may be one the commit dismissed; then the report is refused,
    /// and the steps go on). Returns the task reporting it, as ``viewWrote(path:for:)`` does.
    ///
    /// A nil write for a sheet that is not on screen as the view shows it (its presenter in a tab
    /// that is not selected, or that the view's own unanswered tap left) is SwiftUI tearing the
    /// sheet down, not the user's dismissal: nothing is reported, and the model's sheet stays
    /// (the task returns nil). One in the tab the view's unanswered tap selected is the user's.
    @discardableResult
    public func viewDismissedSheet(presentedBy presenter: WindowContent.NodeID) -> Task<TransitionRecord?, Never> {
        // Mutant: the sheet the model committed, not the one the view shows.
        let shown = planted(.modelWritesFromCommitted) ? state.sheets[presenter] : viewSheet(presentedBy: presenter)
        // On screen as the view shows it: a tab tapped and not yet answered is the one selected.
        // Mutant: on screen as the model committed it.
        let selected = planted(.modelSheetOnScreenAsCommitted) ? selection(of:) : viewSelection(of:)
        guard let shown, state.showsOnScreen(sheetPresentedBy: presenter, selected: selected) else {
            return Task { nil }
        }
        let operation = sheetOperation(dismissing: shown)
        let write = kept(shown)
        writtenDismissals[presenter] = write
        let level = shownLevel
        return Task {
            // Mutant: worked out again now, from what the model shows.
            let operation = planted(.modelWorksOutViewWriteLate) ? sheetOperation(presentedBy: presenter) : operation
            let record = await reported(operation, at: level)
            if answers(write, writtenDismissals[presenter]) {
                writtenDismissals[presenter] = nil
                // A step of a sheet inside the one swiped away waited for an end SwiftUI never
                // sends (it showed none of it): stepped on now, the views reach the committed sheets.
                // Mutant: the steps left waiting, the swiped sheet read again once its write is answered.
                if !planted(.modelStepsUnderSwipedSheet) { stepSheets() }
            }
            return record
        }
    }

    /// The task of a write that sends nothing (`operation` nil: the view shows that value already,
    /// its own unanswered write included, or the write was refused as it was worked out), which
    /// keeps no value: an earlier write still waiting keeps its own, so the view reads it until
    /// that write is answered. Nil when there is an operation to send.
    private func unsent(_ operation: ContainerOperation?) -> Task<TransitionRecord?, Never>? {
        // Mutant: the write kept in the earlier one's place, then dropped by its own answer at once.
        guard operation == nil, !planted(.modelEqualWriteDropsKept) else { return nil }
        return Task { nil }
    }

    /// `value`, kept as the view's newest write.
    private func kept<Value>(_ value: Value) -> ViewWrite<Value> {
        writesMade += 1
        return ViewWrite(value: value, number: writesMade)
    }

    /// Whether the answer to `write` drops `kept`, the value kept at its place: only when it is
    /// that write's, not a later one's.
    private func answers<Value>(_ write: ViewWrite<Value>, _ kept: ViewWrite<Value>?) -> Bool {
        // Mutant: any write of an equal value is dropped by this one's answer.
        kept?.number == write.number || planted(.modelAnswerDropsEqualWrite) && kept?.value == write.value
    }

    /// The record of `operation` reported in the window at `level` (``report(_:)``); nil when
    /// there is none to send, or when it was refused (noted in ``lastRefusal``).
    private func reported(_ operation: ContainerOperation?, at level: WindowLevel?) async -> TransitionRecord? {
        guard let operation else { return nil }
        return try? await report(operation, at: level)
    }
}
