import TransitionCoordinator

/// What a `NavigationModel` shows, as one value read from one committed snapshot: the window
/// its scope names, each stack's path, each tab bar's selection and each presented sheet.
///
/// A pure function of a `NavigationSnapshot` and a `ModelScope`: two states made from the same
/// snapshot are equal, so "the model equals the snapshot" is `model.state == NavigationState(snapshot, scope:)`.
/// Building one walks the window's content tree once. Container and screen ids are unique across
/// windows (invariant 8), so the lookups by id are unambiguous.
///
/// It also turns what a SwiftUI view writes (a shorter path, a tab, a sheet set to nil) into the
/// `ContainerOperation` to report, against this state: a decision in a value, with no effect.
package struct NavigationState: Sendable, Hashable, CustomStringConvertible {
    /// The window shown, nil when the scope names no window (a free level).
    package let window: WindowID?
    /// The level of that window.
    package let level: WindowLevel?
    /// Whether that window is hidden (under the lock screen, say).
    package let isHidden: Bool
    /// The window's whole content tree; nil without a window.
    package let content: WindowContent?
    /// Each stack's root screen, by stack.
    package let roots: [ContainerID: Screen]
    /// Each stack's path: the screens above its root, bottom to top, by stack (what
    /// `NavigationStack(path:)` binds to).
    package let paths: [ContainerID: [Screen]]
    /// Each tab bar's selected index, by tab bar (what `TabView(selection:)` binds to).
    package let selections: [ContainerID: Int]
    /// Each tab bar's number of tabs, by tab bar.
    package let tabCounts: [ContainerID: Int]
    /// Each presented sheet, by the node that presents it (what `.sheet(item:)` binds to).
    package let sheets: [WindowContent.NodeID: PresentedSheet]
    /// Where each presenter of ``sheets`` lies: the tab bars above it, each with the tab that
    /// holds it, outermost first. It is on screen when each of those tabs is selected.
    private let presenterTabs: [WindowContent.NodeID: [TabPlace]]
    /// How many sheets lie under each sheet, by its presenter: 0 for a sheet presented from the
    /// window's base content.
    let sheetDepths: [WindowContent.NodeID: Int]

    /// The state of no window: what a model shows while its scope names none.
    package static let empty = NavigationState(window: nil)

    /// The state `snapshot` shows in the window `scope` names (``empty`` when there is none).
    package init(_ snapshot: NavigationSnapshot, scope: ModelScope) {
        self.init(window: scope.window(in: snapshot))
    }

    /// The state of `window` (``empty``'s values for nil).
    package init(window: ManagedWindow?) {
        self.window = window?.id
        level = window?.level
        isHidden = window?.isHidden ?? false
        content = window?.content
        var walk = Walk()
        if let content = window?.content { walk.visit(content) }
        roots = walk.roots
        paths = walk.paths
        selections = walk.selections
        tabCounts = walk.tabCounts
        sheets = walk.sheets
        presenterTabs = walk.presenterTabs
        sheetDepths = walk.sheetDepths
    }

    /// A tab of a tab bar: where a node lies, seen from that bar.
    struct TabPlace: Sendable {
        let bar: ContainerID
        let tab: Int
    }

    /// Collects the maps in one pass over a content tree.
    private struct Walk {
        var roots: [ContainerID: Screen] = [:]
        var paths: [ContainerID: [Screen]] = [:]
        var selections: [ContainerID: Int] = [:]
        var tabCounts: [ContainerID: Int] = [:]
        var sheets: [WindowContent.NodeID: PresentedSheet] = [:]
        var presenterTabs: [WindowContent.NodeID: [TabPlace]] = [:]
        var sheetDepths: [WindowContent.NodeID: Int] = [:]
        /// How many sheets lie under the node visited.
        var depth = 0

        /// `tabs`: the tabs `content` lies in, outermost first.
        mutating func visit(_ content: WindowContent, tabs places: [TabPlace] = []) {
            switch content {
            case .screen:
                break
            case .stack(let stack):
                if let root = stack.root { roots[stack.id] = root }
                paths[stack.id] = Array(stack.items.dropFirst())
            case .tabs(let tabs):
                selections[tabs.id] = tabs.selected
                tabCounts[tabs.id] = tabs.tabs.count
                for (index, tab) in tabs.tabs.enumerated() { visit(tab, tabs: places + [TabPlace(bar: tabs.id, tab: index)]) }
            case .hop(let hop):
                visit(hop.current, tabs: places)
            case .presenting(let base, let modal):
                visit(base, tabs: places)
                let presenter = base.nodeID
                sheets[presenter] = PresentedSheet(presenter: presenter, content: modal.base)
                sheetDepths[presenter] = depth
                presenterTabs[presenter] = places
                depth += 1
                visit(modal, tabs: places)
                depth -= 1
            }
        }
    }

    /// The node `content` is, seen from outside: its screen or its container (a presenting node is
    /// its base), as `WindowContent.nodeID` gives it.
    package static func node(of content: WindowContent) -> WindowContent.NodeID { content.nodeID }

    // MARK: - Reads

    /// The path of the stack `id` (the screens above its root); empty when it is not shown.
    package func path(of id: ContainerID) -> [Screen] { paths[id] ?? [] }

    /// The selected tab of the tab bar `id`; nil when it is not shown.
    package func selection(of id: ContainerID) -> Int? { selections[id] }

    /// The sheet `presenter` presents, if any.
    package func sheet(presentedBy presenter: WindowContent.NodeID) -> PresentedSheet? { sheets[presenter] }

    // MARK: - What a view's write means

    /// The operation that makes the stack `id` show `path` above its root, or nil when it does already.
    ///
    /// A path that keeps a prefix of the current one (the back button, a swipe-back, a pop to
    /// some screen) is a `ContainerOperation.popToRoot(_:)` or `ContainerOperation.popTo(_:in:)`
    /// naming the screen to keep on top, so it means the same if a push lands first; any other
    /// path is a `ContainerOperation.setStack(_:_:)` of the root and `path`.
    ///
    /// - Throws: `TransitionError.container(_:in:)` with `ContainerError.unknownContainer(_:)`
    ///   when this state shows no stack `id` (its root is unknown).
    package func operation(settingPath path: [Screen], of id: ContainerID) throws(TransitionError) -> ContainerOperation? {
        guard let current = paths[id] else { throw .container(.unknownContainer(id), in: nil) }
        return try operation(settingPath: path, of: id, from: current)
    }

    /// The operation that makes the stack `id` show `path` above its root when the view shows
    /// `shown` (a write of its own not yet answered), or nil when it shows `path` already: as
    /// ``operation(settingPath:of:)``, worked out from what the user saw, so a quick second write
    /// that goes back to the committed path is sent after the first, not dropped.
    ///
    /// - Throws: `TransitionError.container(_:in:)` with `ContainerError.unknownContainer(_:)`
    ///   when this state shows no stack `id`.
    package func operation(
        settingPath path: [Screen], of id: ContainerID, from shown: [Screen]
    ) throws(TransitionError) -> ContainerOperation? {
        guard let root = roots[id] else { throw .container(.unknownContainer(id), in: nil) }
        if path == shown { return nil }
        if path.count < shown.count, Array(shown.prefix(path.count)) == path {
            return path.last.map { .popTo($0.id, in: id) } ?? .popToRoot(id)
        }
        return .setStack(id, [root] + path)
    }

    /// The operation that selects `tab` in the tab bar `id`, or nil when it is selected already.
    ///
    /// It names the tab by what it shows (`ContainerOperation.selectTab(_:in:)`), so a tap that
    /// waits its turn behind a change to the tabs selects the tab the user tapped, or is refused.
    /// An index out of range, or a tab bar not shown, is sent as `ContainerOperation.select(tab:in:)`
    /// for the coordinator to refuse with its typed error.
    package func operation(selecting tab: Int, in id: ContainerID) -> ContainerOperation? {
        selections[id] == tab ? nil : tapping(tab, in: id)
    }

    /// The operation that selects `tab` in the tab bar `id` when the view shows `shown` selected
    /// (a tap of its own not yet answered), or nil when that is `tab`: as
    /// ``operation(selecting:in:)``, worked out from what the user saw.
    package func operation(selecting tab: Int, in id: ContainerID, from shown: Int) -> ContainerOperation? {
        shown == tab ? nil : tapping(tab, in: id)
    }

    /// The tab at `tab` of the tab bar `id`, named by what it shows when this state shows it.
    private func tapping(_ tab: Int, in id: ContainerID) -> ContainerOperation {
        guard case .tabs(let bar)? = content?.find(id)?.base, bar.tabs.indices.contains(tab) else {
            return .select(tab: tab, in: id)
        }
        return .selectTab(bar.tabs[tab].nodeID, in: id)
    }

    /// The operation that dismisses the sheet `presenter` presents, or nil when this state shows
    /// no sheet there. It names the sheet itself (`ContainerOperation.dismissModal(_:)`), so a
    /// swipe that waits its turn behind a change that replaced the sheet is refused instead of
    /// dismissing a sheet the user never saw.
    package func operation(dismissingSheetOf presenter: WindowContent.NodeID) -> ContainerOperation? {
        sheets[presenter].map { .dismissModal($0.id) }
    }

    /// Whether the sheet `presenter` presents is on screen: shown, and not in a tab that is not
    /// selected. SwiftUI tears down a sheet whose presenter left the screen, writing nil to its
    /// binding; only a sheet on screen can be swiped down by the user.
    func showsOnScreen(sheetPresentedBy presenter: WindowContent.NodeID) -> Bool {
        showsOnScreen(sheetPresentedBy: presenter) { selections[$0] }
    }

    /// ``showsOnScreen(sheetPresentedBy:)`` with each tab bar showing the tab `selected` gives
    /// it (the view's own tap, not yet answered, say).
    func showsOnScreen(sheetPresentedBy presenter: WindowContent.NodeID, selected: (ContainerID) -> Int?) -> Bool {
        guard let places = presenterTabs[presenter] else { return false }
        return places.allSatisfy { selected($0.bar) == $0.tab }
    }

    /// The window and its content on one line, as `#1 tabs main {...}`, or `no window`.
    package var description: String {
        guard let window, let content else { return "no window" }
        return "\(window) \(content)" + (isHidden ? " (hidden)" : "")
    }

    /// States are equal when they show the same window, the same way (the maps follow from the content).
    package static func == (lhs: NavigationState, rhs: NavigationState) -> Bool {
        lhs.window == rhs.window && lhs.level == rhs.level && lhs.isHidden == rhs.isHidden && lhs.content == rhs.content
    }

    /// Hashes what `==` compares.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(window)
        hasher.combine(level)
        hasher.combine(isHidden)
        hasher.combine(content)
    }
}
