import TransitionCoordinator

extension Reconciler {
    /// One call on UIKit's containers, as a value: what `Reconciler.operations(from:to:)` returns
    /// and `ControllerApplier` performs.
    ///
    /// `Sendable` and `Equatable`. The vocabulary is UIKit's: a navigation controller's
    /// `setViewControllers(_:animated:)`, a tab bar controller's `viewControllers` and
    /// `selectedViewController`, `present`/`dismiss` on the presenting controller, a child replaced in a hop
    /// container, the window's `rootViewController`, and a controller made before it appears and
    /// released after it leaves.
    package enum Operation: Sendable, Hashable, CustomStringConvertible {
        /// Makes the controller (through `ControllerFactory`); it is not shown yet. Each
        /// controller is made once, before any operation names it.
        case make(ControllerID)
        /// Sets the window's root view controller (nil: the window shows nothing).
        case setRoot(ControllerID?)
        /// The stack's navigation controller shows exactly these screens' controllers, bottom to
        /// top (`setViewControllers(_:animated:)`). A list that is not the stack's (shorter, or
        /// empty) comes only where controllers move between containers in a cycle: it lets go of
        /// those that leave, before the containers they join are set.
        case setViewControllers([Screen], of: ContainerID)
        /// The tab bar controller holds exactly these controllers as its tabs, in order
        /// (`setViewControllers(_:animated:)` of a `UITabBarController`); the selection is set by a
        /// ``select(_:of:)`` that follows when it must change.
        case setTabs([ControllerID], of: ContainerID)
        /// Selects the tab showing this controller (`selectedViewController`): by identity, not
        /// index, so a selection stays right after the user reordered the tabs through More;
        /// always one of the tabs set before it.
        case select(ControllerID, of: ContainerID)
        /// The hop container shows this child in place of its current one (child containment:
        /// the old child is removed from its parent, the new one added); nil removes the child.
        case setChild(ControllerID?, of: ContainerID)
        /// `presenter` presents `controller`; the presenter is on screen and presents nothing.
        case present(ControllerID, from: ControllerID)
        /// `presenter` dismisses what it presents, with everything presented above it.
        case dismiss(from: ControllerID)
        /// Releases the controller, after it left the screen: it is in no container, presented
        /// by nobody, presents nothing and is not the window's root. Each controller made is
        /// released once, and named by no operation after it.
        case release(ControllerID)

        /// As `setViewControllers [a, b] of inbox`.
        package var description: String {
            switch self {
            case .make(let id): "make \(id)"
            case .setRoot(let id): "setRoot \(id.map(\.description) ?? "nil")"
            case .setViewControllers(let screens, let id):
                "setViewControllers [" + screens.map(\.description).joined(separator: ", ") + "] of \(id)"
            case .setTabs(let tabs, let id): "setTabs [" + tabs.map(\.description).joined(separator: ", ") + "] of \(id)"
            case .select(let tab, let id): "select \(tab) of \(id)"
            case .setChild(let child, let id): "setChild \(child.map(\.description) ?? "nil") of \(id)"
            case .present(let controller, let presenter): "present \(controller) from \(presenter)"
            case .dismiss(let presenter): "dismiss from \(presenter)"
            case .release(let id): "release \(id)"
            }
        }
    }
}
