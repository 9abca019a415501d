import TransitionCoordinator

/// Turns a window's content before and after a committed transition into the ordered calls on
/// UIKit's containers that show the change: a pure function, platform-neutral, tested on Linux
/// against a fake that enforces UIKit's rules.
///
/// **What it returns, in this order** (each phase may be empty):
/// 1. ``Operation/make(_:)`` for every controller the new tree needs that the old one did not
///    have (a new screen, a screen whose parameters changed, a new container): the new children
///    of containers in tree order, then the controllers newly presented;
/// 2. ``Operation/dismiss(from:)`` for every presentation that ends or changes, one per modal chain
///    (the lowest presenter whose modal changes or which moves: dismissing it dismisses everything
///    above it, and a presenter that moves presents again from its new place in step 4);
/// 3. the containers' new children, one call per container whose children or selection changed
///    (``Operation/setViewControllers(_:of:)``, ``Operation/setTabs(_:of:)`` then
///    ``Operation/select(_:of:)``, ``Operation/setChild(_:of:)``, ``Operation/setRoot(_:)``), and the
///    ``Operation/release(_:)`` of each container controller that left, ordered so that a
///    controller always leaves its old parent before it joins a new one;
/// 4. ``Operation/present(_:from:)`` for every presentation that starts, base before modal, so a
///    presenter is on screen and presents nothing when it presents;
/// 5. ``Operation/release(_:)`` for every screen controller that left, in the old tree's order.
///
/// **What is on screen presents.** A modal that a tab which is not selected presents stays in
/// the tree but is not presented: UIKit presents only from a controller in the window's
/// hierarchy. It is presented when its tab is selected, and dismissed (then released) when
/// another tab is; the tab's own stack is kept meanwhile.
///
/// **Guarantees.** Applied in order, the operations take containers showing `before` to
/// containers showing exactly `after` as UIKit can show it (``shown(_:)``). Each controller is made once before any operation names
/// it and released once after it left; none is in two places at once. Nothing is returned for
/// an unchanged subtree, and nothing at all when the trees are equal. A container gets one
/// children call; a second one comes first only where controllers move between containers in a
/// cycle (stack `a` takes a screen from `b` while `b` takes one from `a`), where the first lets
/// go of what leaves. Both trees must keep invariant 8 (unique ids, stacks with a root,
/// selections in range), as every committed content does.
///
/// **Cost.** Linear in the containers read plus the screens that differ: both trees are read
/// together, a tab or a hop container's child left unchanged is compared and skipped, and so is
/// a presenter in a chain of modals left unchanged when what it presents changed, a stack's
/// screens are compared from both ends and hashed only where they differ, and the list in a
/// ``Operation/setViewControllers(_:of:)`` is the tree's own array, not a copy. Ordering the
/// containers' calls is quadratic in the number of containers that change (a handful in a
/// transition). Never throws, never suspends; call it from any isolation.
package enum Reconciler {
    /// The operations that take a window showing `before` to showing `after`; nil stands for
    /// no content (a window being created, or torn down).
    package static func operations(from before: WindowContent?, to after: WindowContent?) -> [Operation] {
        let (old, new) = ContentScan.pair(before.map(rooted), after.map(rooted))
        var diff = ReconcilerDiff(old, new)
        return diff.operations()
    }

    /// `content` as UIKit's controllers show it: a hop container at the window's root is the
    /// window itself (its child the window's root controller), and the modals that tabs which are not selected present
    /// are left out (each tab's own containers and screens are kept).
    package static func shown(_ content: WindowContent) -> WindowContent {
        shown(rooted(content), onScreen: true)
    }

    /// `content` as a window holds it: a hop container at the window's root (a launch flow) is
    /// the window itself, its child the window's root controller, replaced with a cross-dissolve
    /// of the window (``Operation/setRoot(_:)``, animated), and what the hop presents is
    /// presented by that child. A tab bar controller belongs at a window's root: a hop container
    /// holding one as a child would break UIKit's rule.
    static func rooted(_ content: WindowContent) -> WindowContent {
        // Mutant: a hop container at the window's root kept as a container controller.
        if planted(.uikitTabBarInHop) { return content }
        return switch content {
        case .hop(let hop): rooted(hop.current)
        case .presenting(let base, let modal): .presenting(rooted(base), modal: modal)
        case .screen, .stack, .tabs: content
        }
    }

    private static func shown(_ content: WindowContent, onScreen: Bool) -> WindowContent {
        switch content {
        case .screen, .stack:
            return content
        case .tabs(let bar):
            let tabs = bar.tabs.enumerated().map { shown($1, onScreen: onScreen && $0 == bar.selected) }
            // The same tabs and selection as a valid tab bar's: the initializer's checks hold.
            return (try? TabBar(id: bar.id, tabs: tabs, selected: bar.selected)).map(WindowContent.tabs) ?? content
        case .hop(let hop):
            return .hop(HopContainer(id: hop.id, showing: shown(hop.current, onScreen: onScreen)))
        case .presenting(let base, let modal):
            let base = shown(base, onScreen: onScreen)
            return onScreen ? .presenting(base, modal: shown(modal, onScreen: true)) : base
        }
    }
}
