/// A tab bar controller as ``ControllerApplier`` drives it. `UITabBarController` satisfies it.
///
/// Main-actor isolated. After ``showTabs(_:)`` the selection is UIKit's own choice (the selected
/// controller where it is still a tab, else the first) until a ``selectTab(_:)`` sets it. The
/// reconciler follows a change of tabs with a select wherever that choice could differ from the
/// model's: only a new tab bar showing its first tab, and a step that lets go of tabs about to
/// move (the tab bar's own change, with its select, comes later in the same list), go without one.
@MainActor
public protocol TabBarControlling: PresentingController {
    /// Holds exactly `controllers` as tabs, in order (`setViewControllers(_:animated:)`, not
    /// animated); each is in no other container.
    func showTabs(_ controllers: [any PresentingController])
    /// Selects the tab at `index` (`selectedIndex`); `index` is in range of the tabs.
    func selectTab(_ index: Int)
}
