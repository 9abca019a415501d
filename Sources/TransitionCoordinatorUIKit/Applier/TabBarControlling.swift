/// A tab bar controller as `ControllerApplier` drives it. `UITabBarController` satisfies it.
///
/// Main-actor isolated. Tabs are named by their controllers, never by index: the user may reorder
/// them through the More tab, and the applier keeps that order. After ``showTabs(_:)`` the
/// selection is UIKit's own choice (the selected controller where it is still a tab, else the
/// tab at the same index, else the first) until a ``selectTab(_:)`` sets it. The reconciler
/// follows a change of tabs with a select wherever that choice could differ from the model's:
/// only a new tab bar showing its first tab, and a step that lets go of tabs about to move (the
/// tab bar's own change, with its select, comes later in the same list), go without one.
@MainActor
public protocol TabBarControlling: PresentingController {
    /// The tabs it holds, in the order it shows them (`viewControllers`): the user's order after a
    /// reorder through More.
    var tabs: [any PresentingController] { get }
    /// Holds exactly `controllers` as tabs, in order (`setViewControllers(_:animated:)`, not
    /// animated); each is in no other container.
    func showTabs(_ controllers: [any PresentingController])
    /// Selects the tab showing `controller` (`selectedViewController`; one in More is shown through
    /// the More tab's navigation controller); `controller` is one of the tabs.
    func selectTab(_ controller: any PresentingController)
}
