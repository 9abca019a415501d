/// A window as ``ContainerHost`` drives it: the root it shows, whether it is hidden, key, and its
/// appearance. `UIWindow` satisfies it (`rootViewController`, `isHidden`, `makeKey()`).
///
/// Main-actor isolated.
@MainActor
public protocol HostWindow: AnyObject {
    /// Makes `controller` the window's root view controller; nil shows nothing. The controller is
    /// in no container and presented by nobody.
    func setRootController(_ controller: (any PresentingController)?)
    /// Makes `controller` the window's root view controller, with a cross-dissolve from the old
    /// one when `animated` and there is one (a hop container at the window's root changing its
    /// child: UIKit's `UIView.transition(with:duration:options:animations:completion:)` around
    /// `rootViewController`); returns when it completed. By default, ``setRootController(_:)``.
    func setRootController(_ controller: (any PresentingController)?, animated: Bool) async
    /// Whether the window is hidden (`isHidden`). A hidden window presents nothing: UIKit refuses
    /// a presentation from a controller whose window is not visible.
    var isHidden: Bool { get set }
    /// Makes the window key (`makeKey()`); the window that was key resigns on its own.
    func makeKey()
    /// Puts back what an animator may have moved: transform, alpha, frame.
    func resetAppearance()
}

extension HostWindow {
    /// Sets the root at once (``setRootController(_:)``).
    public func setRootController(_ controller: (any PresentingController)?, animated: Bool) async {
        setRootController(controller)
    }
}
