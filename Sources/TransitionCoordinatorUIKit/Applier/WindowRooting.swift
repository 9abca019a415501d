/// The window a content tree is shown in, as ``ControllerApplier`` drives it. `UIWindow`
/// satisfies it (`rootViewController`).
///
/// Main-actor isolated.
@MainActor
public protocol WindowRooting: AnyObject {
    /// Makes `controller` the window's root view controller; nil shows nothing. The controller is
    /// in no container and presented by nobody.
    func setRootController(_ controller: (any PresentingController)?)
}
