/// The window a content tree is shown in, as `ControllerApplier` drives it. `UIWindow`
/// satisfies it (`rootViewController`).
///
/// Main-actor isolated.
@MainActor
public protocol WindowRooting: AnyObject {
    /// Makes `controller` the window's root view controller; nil shows nothing. The controller is
    /// in no container and presented by nobody.
    func setRootController(_ controller: (any PresentingController)?)
    /// Makes `controller` the window's root view controller, with a cross-dissolve from the old
    /// one when `animated` and there is one (a hop container at the window's root changing its
    /// child: UIKit's `UIView.transition(with:duration:options:animations:completion:)` around
    /// `rootViewController`); returns when it completed. By default, ``setRootController(_:)``.
    func setRootController(_ controller: (any PresentingController)?, animated: Bool) async
}

extension WindowRooting {
    /// Sets the root at once (``setRootController(_:)``).
    public func setRootController(_ controller: (any PresentingController)?, animated: Bool) async {
        setRootController(controller)
    }
}
