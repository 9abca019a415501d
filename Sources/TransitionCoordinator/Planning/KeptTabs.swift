/// What a navigation keeps of what the root shows: the tabs its route does not name.
///
/// A route names the tab bar it shows and the tab it selects, and builds each tab's stack from
/// its steps; a tab it leaves at its root alone, other than the one it selects, is a tab it does
/// not name. When the root shows the same tab bar (the same id), each unnamed tab that shows
/// more than its root, or another root (the app set its stack), keeps what it shows now: its
/// stack, as the user left it, and what it presents. A tab is found by its own id, wherever the
/// app moved it in the bar.
/// The selected tab shows the route's stack (a screen the user had open at the same place, with
/// the same name and parameters, keeps its identity, as every navigation's diff by id does).
/// A kept tab's modal goes when it would share a presentation context with the route's own
/// modal (one presentation per context); if the kept content still breaks a content
/// invariant, the route's own target stands.
///
/// Decided when the navigation is planned, against the state then: a link that waited its turn
/// keeps what the tabs show when it commits. The same link twice changes nothing.
package enum KeptTabs {
    /// `target`, a navigation's root content, with the tabs its route does not name taken from
    /// `current`, what the root shows now.
    package static func target(_ target: WindowContent, keeping current: WindowContent?) -> WindowContent {
        // Mutant: every tab rebuilt.
        if planted(.linkResetsUnnamedTabs) { return target }
        guard let current else { return target }
        for keepsModals in [true, false] {
            // Nil when nothing is kept: the target is never compared whole (it may be deep).
            guard let kept = merged(target, current, keepsModals: keepsModals) else { return target }
            if ContentInvariants.check(kept, in: "the root window").isEmpty { return kept }
        }
        return target
    }

    /// `target` with the unnamed tabs of each tab bar it shares with `current` taken from there;
    /// nil when it keeps none. Walks the root's chain of hop containers only, never a modal.
    private static func merged(_ target: WindowContent, _ current: WindowContent, keepsModals: Bool) -> WindowContent? {
        switch (target, current.base) {
        case (.hop(let hop), .hop(let shown)) where hop.id == shown.id:
            return merged(hop.current, shown.current, keepsModals: keepsModals).map {
                .hop(HopContainer(id: hop.id, showing: $0))
            }
        case (.presenting(let base, let modal), _):
            return merged(base, current, keepsModals: false).map { .presenting($0, modal: modal) }
        case (.tabs(let bar), .tabs(let shown)) where bar.id == shown.id:
            var kept = false
            let tabs = bar.tabs.enumerated().map { index, tab in
                // A tab that shows the same root alone now too has nothing to keep; one the app
                // rooted at another screen keeps it.
                // Mutant: a tab kept only when its root is still the tab's own.
                guard index != bar.selected, isBare(tab),
                    let now = shown.tabs.first(where: {
                        $0.nodeID == tab.nodeID && (!planted(.retargetedTabReset) || sameRoot($0.base, tab))
                    }),
                    !(isBare(now) && sameRoot(now.base, tab))
                else { return tab }
                kept = true
                return keepsModals ? now : now.base
            }
            return kept ? .tabs(TabBar(id: bar.id, unchecked: tabs, selected: bar.selected)) : nil
        default:
            return nil
        }
    }

    /// Whether the stacks `a` and `b` start with the same screen, by name and parameters (the
    /// app may have made it with an id of its own).
    private static func sameRoot(_ a: WindowContent, _ b: WindowContent) -> Bool {
        guard let first = a.screens.first, let second = b.screens.first else { return false }
        return first.name == second.name && first.parameters == second.parameters
    }

    /// Whether `tab` is a stack at its root alone, presenting nothing: what a route leaves a tab
    /// it does not name.
    private static func isBare(_ tab: WindowContent) -> Bool {
        if case .stack(let stack) = tab { stack.items.count == 1 } else { false }
    }
}
