/// A hop container as `ControllerApplier` drives it: a container view controller showing one
/// child at a time (launch and login flows). The UIKit conformances provide one
/// (`HopViewController`), through child containment.
///
/// Main-actor isolated.
@MainActor
public protocol HopControlling: PresentingController {
    /// Shows `child` in place of the current child (the old one removed from its parent, the new
    /// one added: `addChild`, `didMove(toParent:)`); nil leaves it empty. Returns when the
    /// transition's completion ran (at once when not animated). `child` is in no other container.
    func showChild(_ child: (any PresentingController)?, animated: Bool) async
}
