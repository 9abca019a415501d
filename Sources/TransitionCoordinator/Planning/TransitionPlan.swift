/// The outcome of planning one request against one snapshot: the target state and its effects.
///
/// A plan is a value computed by ``TransitionPlanner`` without side effects; the coordinator
/// carries it out (host calls, animation, commit).
package struct TransitionPlan: Sendable, Hashable {
    /// The plan's values, stored once: handing a plan from admission to execution to the record
    /// retains one object.
    private struct Fields: Sendable, Hashable {
        let request: TransitionRequest
        let before: NavigationSnapshot
        let after: NavigationSnapshot
        let created: [ManagedWindow]
        let destroyed: [ManagedWindow]
        let revealed: [ManagedWindow]
        let concealed: [ManagedWindow]
        let contentChange: ContentChange?
        let contentWindow: WindowID?
    }

    private let storage: SharedValue<Fields>

    /// The request planned.
    package var request: TransitionRequest { storage.value.request }
    /// The committed state the plan starts from.
    package var before: NavigationSnapshot { storage.value.before }
    /// The state to commit; its version is `before.version + 1`.
    package var after: NavigationSnapshot { storage.value.after }
    /// Windows the host must create (and show) before the animation.
    package var created: [ManagedWindow] { storage.value.created }
    /// Windows the host must destroy at commit.
    package var destroyed: [ManagedWindow] { storage.value.destroyed }
    /// Staying windows that were hidden before and are visible after (shown before the animation).
    package var revealed: [ManagedWindow] { storage.value.revealed }
    /// Staying windows that were visible before and are hidden after (hidden before the new
    /// windows are shown, so nothing a cover must hide is ever visible above it).
    package var concealed: [ManagedWindow] { storage.value.concealed }

    /// The change of one window's content, for a ``TransitionRequest/content(_:at:)`` request.
    package var contentChange: ContentChange? { storage.value.contentChange }
    /// The window whose content ``contentChange`` changes (it stays, at its level).
    package var contentWindow: WindowID? { storage.value.contentWindow }
    /// ``contentChange``'s content after, read without copying the whole change (the host
    /// phases' hot path; a copy retained each of its parts).
    var contentAfter: WindowContent? { storage.value.contentChange?.after }
    /// ``contentChange``'s arrived screens (none without a change), read the same way.
    var arrivedScreens: [Screen] { storage.value.contentChange?.arrived ?? [] }
    /// ``contentChange``'s departed screens (none without a change), read the same way.
    var departedScreens: [Screen] { storage.value.contentChange?.departed ?? [] }

    /// A plan; only ``TransitionPlanner`` makes them.
    init(
        request: TransitionRequest, before: NavigationSnapshot, after: NavigationSnapshot, created: [ManagedWindow],
        destroyed: [ManagedWindow], revealed: [ManagedWindow], concealed: [ManagedWindow], contentChange: ContentChange? = nil,
        contentWindow: WindowID? = nil
    ) {
        storage = SharedValue(
            Fields(
                request: request, before: before, after: after, created: created, destroyed: destroyed,
                revealed: revealed, concealed: concealed, contentChange: contentChange,
                contentWindow: contentWindow))
    }

    /// Windows alive both before and after.
    package var staying: [ManagedWindow] {
        let gone = Set(destroyed.map(\.id))
        return before.windowList.filter { !gone.contains($0.id) }.compactMap { after.window($0.id) }
    }

    /// The levels whose window changes (created, destroyed, shown or hidden), each once, bottom to top.
    package var changedLevels: [WindowLevel] {
        var levels: [WindowLevel] = []
        forEachChangedLevel { level, _, _ in levels.append(level) }
        if levels.count > 1 { levels.sort() }
        return levels
    }

    /// Calls `body` once with each level whose window changes, in no particular order, without
    /// building a list (the commit's hot path; a plan changes a handful of windows), with the id
    /// of the window there before and the window there after. Those are read from the plan's
    /// lists, not searched for in its two snapshots: in a plan made from a state with one window
    /// a level (invariant 3), the window before is the one destroyed, shown or hidden there, and
    /// the window after is the one created, shown or hidden there.
    func forEachChangedLevel(_ body: (WindowLevel, _ before: WindowID?, _ after: ManagedWindow?) -> Void) {
        // Each list read from the box where it lies: `let fields = storage.value` would copy all
        // nine fields (a retain and a release of each) on every commit.
        let box = storage
        func list(_ number: Int) -> [ManagedWindow] {
            switch number {
            case 0: box.value.destroyed
            case 1: box.value.created
            case 2: box.value.revealed
            default: box.value.concealed
            }
        }
        func seen(_ level: WindowLevel, before number: Int, _ position: Int) -> Bool {
            for earlier in 0...number {
                let windows = list(earlier)
                let end = earlier < number ? windows.endIndex : position
                if windows[..<end].contains(where: { $0.level == level }) { return true }
            }
            return false
        }
        for number in 0..<4 {
            let windows = list(number)
            for position in windows.indices where !seen(windows[position].level, before: number, position) {
                let level = windows[position].level
                func at(_ windows: [ManagedWindow]) -> ManagedWindow? {
                    for index in windows.indices where windows[index].level == level { return windows[index] }
                    return nil
                }
                let flipped = at(box.value.revealed) ?? at(box.value.concealed)
                body(level, at(box.value.destroyed)?.id ?? flipped?.id, at(box.value.created) ?? flipped)
            }
        }
    }

    /// Whether a window that comes or goes holds containers (whose actors then come or go).
    var touchesContainers: Bool {
        func holdsContainers(_ window: ManagedWindow) -> Bool { if case .screen = window.content { false } else { true } }
        return storage.value.created.contains(where: holdsContainers) || storage.value.destroyed.contains(where: holdsContainers)
    }

    /// Unmanaged windows that held key status (before, or as registered by this request) and no
    /// longer do after: the host is told they resign.
    package var resigningUnmanagedWindows: [String] {
        Self.resigningUnmanagedWindows(request, from: before, to: after)
    }

    /// The unmanaged windows that `request`, taking `before` to `after`, has the host told resign
    /// (see ``resigningUnmanagedWindows``): a record's, for the checks that count what the host was told.
    package static func resigningUnmanagedWindows(
        _ request: TransitionRequest, from before: NavigationSnapshot, to after: NavigationSnapshot
    ) -> [String] {
        // Most states have no unmanaged window: nothing to copy or scan (every commit asks).
        if after.unmanagedWindows.isEmpty { return [] }
        var candidates = before.unmanagedWindows
        if case .registerUnmanagedWindow(let window) = request { candidates.append(window) }
        var seen = Set<String>()
        return candidates.filter { window in
            window.isKey && after.unmanagedWindows.contains { $0.id == window.id && !$0.isKey } && seen.insert(window.id).inserted
        }.map(\.id)
    }

    /// Whether the top-most visible window differs between before and after.
    package var changesTopWindow: Bool {
        before.topMostVisibleWindowID != after.topMostVisibleWindowID
    }

    /// Whether the top-most visible content differs: another top window, or, for a content
    /// change, another screen on top of the same window. Screens are compared as values (id and
    /// parameters): a screen replaced by one with the same id and other parameters is a new
    /// screen, as its events say (it is removed and added, hidden and shown), so it is animated.
    package var changesTopContent: Bool {
        // By id first: a window transition copies no window to decide (every animated one asks).
        let toID = after.topMostVisibleWindowID
        if before.topMostVisibleWindowID != toID { return true }
        guard let window = contentWindow, window == toID else { return false }
        return before.topMostVisibleWindow?.content.topScreen != after.topMostVisibleWindow?.content.topScreen
    }

    /// Whether an animator is to animate this plan, given the skip rules' answer
    /// (``skipReason(hasAnimator:)``): they let it, and there are windows to animate between (the
    /// animator's context needs a top-most visible window before and after).
    package func animates(skipReason: SkipReason?) -> Bool {
        skipReason == nil && before.topMostVisibleWindow != nil && after.topMostVisibleWindow != nil
    }

    /// Why the animator must not run, or nil when it must (invariant 11 of <doc:Architecture>).
    ///
    /// Checked in this order: the kind is not animatable, the user made the change already, no
    /// animator was given, the application
    /// is not active, the top-most visible content does not change (``changesTopContent``).
    package func skipReason(hasAnimator: Bool) -> SkipReason? {
        PathTrace.enter()
        if !request.kind.isAnimatable { return .notAnimatable }
        if request.isFromUser { return .madeByUser }
        if !hasAnimator { return .noAnimator }
        if after.applicationState != .active { return .applicationNotActive }
        if !changesTopContent { return .topWindowUnchanged }
        return nil
    }
}
