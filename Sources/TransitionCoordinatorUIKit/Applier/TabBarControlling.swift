/// A tab bar controller as ``ControllerApplier`` drives it. `UITabBarController` satisfies it.
///
/// Main-actor isolated. After ``showTabs(_:)`` the selection is UIKit's own choice until a
/// ``selectTab(_:)`` sets it; the applier always follows a change of tabs with one.
@MainActor
public protocol TabBarControlling: PresentingController {
    /// Holds exactly `controllers` as tabs, in order (`setViewControllers(_:animated:)`, not
    /// animated); each is in no other container.
    func showTabs(_ controllers: [any PresentingController])
    /// Selects the tab at `index` (`selectedIndex`); `index` is in range of the tabs.
    func selectTab(_ index: Int)
}
