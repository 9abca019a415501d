import TransitionCoordinator

/// Makes and releases the controllers a content tree needs: the app's side of the UIKit layer.
///
/// Main-actor isolated. `ControllerApplier` asks for each controller once, before it appears
/// (an `Reconciler.Operation.make(_:)`), and releases it once, after it left the screen (a
/// `Reconciler.Operation.release(_:)`); it keeps the controller in between.
@MainActor
package protocol ControllerFactory: AnyObject {
    /// The controller of `screen`, made by its name and parameters.
    func makeScreen(_ screen: Screen) -> any PresentingController
    /// An empty navigation controller for the stack `id`.
    func makeNavigation(_ id: ContainerID) -> any NavigationControlling
    /// An empty tab bar controller for the tabs `id`.
    func makeTabBar(_ id: ContainerID) -> any TabBarControlling
    /// An empty hop container for the hop container `id`.
    func makeHop(_ id: ContainerID) -> any HopControlling
    /// The controller `id` left the screen for good: the factory lets it go (the applier drops
    /// it right after this call).
    func release(_ controller: any PresentingController, as id: ControllerID)
    /// `controller` (the controller `id`) is about to be presented by `presenter`: where a host
    /// starts watching for the user's swipe down, before the presentation can end.
    func willPresent(_ controller: any PresentingController, as id: ControllerID, by presenter: ControllerID)
}

extension ControllerFactory {
    /// Does nothing: dropping the applier's reference releases the controller.
    package func release(_ controller: any PresentingController, as id: ControllerID) {}

    /// Does nothing.
    package func willPresent(_ controller: any PresentingController, as id: ControllerID, by presenter: ControllerID) {}
}
