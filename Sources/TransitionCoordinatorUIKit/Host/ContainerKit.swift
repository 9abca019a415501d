import TransitionCoordinator

/// What ``ContainerHost`` makes its windows and controllers with: UIKit's classes, wired so the
/// user's actions reach the host (`UIKitWindowHost`), or an app's own, or a fake.
///
/// Main-actor isolated. Each controller is made for one window, named with it, and released
/// there once it left the screen for good.
@MainActor
public protocol ContainerKit: AnyObject {
    /// A new window at `level`, hidden, showing nothing.
    func makeWindow(level: WindowLevel) -> any HostWindow
    /// The controller of `screen`, in `window`.
    func makeScreen(_ screen: Screen, in window: any HostWindow) -> any PresentingController
    /// An empty navigation controller for the stack `id`, in `window`.
    func makeNavigation(_ id: ContainerID, in window: any HostWindow) -> any NavigationControlling
    /// An empty tab bar controller for the tabs `id`, in `window`.
    func makeTabBar(_ id: ContainerID, in window: any HostWindow) -> any TabBarControlling
    /// An empty hop container for the hop container `id`, in `window`.
    func makeHop(_ id: ContainerID, in window: any HostWindow) -> any HopControlling
    /// `controller` left `window`'s screen for good: the kit lets it go (the host drops it right
    /// after this call).
    func release(_ controller: any PresentingController, in window: any HostWindow)
    /// `sheet` is about to be presented: from now on, report the user's swipe down of it to the
    /// host (``ContainerHost/userDismissed(_:)``). UIKit: its `presentationController`'s delegate,
    /// set before `present`, so a sheet swiped down early is reported too.
    func watchDismissal(of sheet: any PresentingController)
}

extension ContainerKit {
    /// Does nothing: dropping the host's reference releases the controller.
    public func release(_ controller: any PresentingController, in window: any HostWindow) {}
}
