/// A navigation controller as `ControllerApplier` drives it. `UINavigationController`
/// satisfies it.
///
/// Main-actor isolated. Its children are screens' controllers only: a navigation controller is
/// never pushed into another.
@MainActor
public protocol NavigationControlling: PresentingController {
    /// The controllers it shows, bottom to top (`viewControllers`): after the user's pop, fewer
    /// than it was given.
    var stack: [any PresentingController] { get }
    /// Shows exactly `controllers`, bottom to top (`setViewControllers(_:animated:)`); returns when
    /// the transition's completion ran. Each controller is in no other container.
    func showStack(_ controllers: [any PresentingController], animated: Bool) async
}
