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
/// Each write is worked out from what the view showed (its own last write while that one is
/// unanswered), so a quick second write is sent after the first even when it goes back to the
/// committed state (a tab tapped and tapped back), and one equal to the first sends nothing. A
/// `view…` read always reads the committed state too, and the kept values are observed, so a view
/// that read while its write was on its way hears of the answer and of every commit after it.
extension NavigationModel {
    /// The path a view shows for the stack `id`: the one it wrote last while that write is
    /// unanswered, else the committed one (``path(of:)``).
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
    /// write is unanswered, else the committed one (``sheet(presentedBy:)``).
    public func viewSheet(presentedBy presenter: WindowContent.NodeID) -> PresentedSheet? {
        let committed = sheet(presentedBy: presenter)
        return writtenDismissals.contains(presenter) ? nil : committed
    }

    /// The view made the stack `id` show `path` (the back button, a swipe-back, a
    /// `NavigationLink(value:)`): ``viewPath(of:)`` reads it at once, and it is reported as
    /// ``setPath(_:for:)``. Returns the task reporting it, which ends once the model shows the answer.
    @discardableResult
    public func viewWrote(path: [Screen], for id: ContainerID) -> Task<Void, Never> {
        let shown = viewPath(of: id)
        writtenPaths[id] = path
        return Task {
            _ = try? await setPath(path, for: id, from: shown)
            if writtenPaths[id] == path { writtenPaths[id] = nil }
        }
    }

    /// The view selected `tab` in the tab bar `id` (a tab tapped): ``viewSelection(of:)`` reads
    /// it at once, and it is reported as ``select(_:in:)``. Returns the task reporting it.
    @discardableResult
    public func viewWrote(selection tab: Int, in id: ContainerID) -> Task<Void, Never> {
        let shown = viewSelection(of: id)
        writtenSelections[id] = tab
        return Task {
            _ = try? await select(tab, in: id, from: shown)
            if writtenSelections[id] == tab { writtenSelections[id] = nil }
        }
    }

    /// The view dismissed the sheet `presenter` presents (swiped down): ``viewSheet(presentedBy:)``
    /// reads nil at once, and it is reported as ``dismissSheet(presentedBy:)``. Returns the task reporting it.
    @discardableResult
    public func viewDismissedSheet(presentedBy presenter: WindowContent.NodeID) -> Task<Void, Never> {
        writtenDismissals.insert(presenter)
        return Task {
            _ = try? await dismissSheet(presentedBy: presenter)
            writtenDismissals.remove(presenter)
        }
    }
}
