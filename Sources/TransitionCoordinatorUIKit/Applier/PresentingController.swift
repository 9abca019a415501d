/// A view controller as `ControllerApplier` drives it: one that presents and dismisses.
/// `UIViewController` satisfies it (see the UIKit conformances, built where UIKit exists).
///
/// Main-actor isolated, as UIKit is. Each call returns when UIKit's own completion ran (at once
/// when not animated), so an animator can await the native animation.
@MainActor
public protocol PresentingController: AnyObject {
    /// Presents `controller` over this one (`present(_:animated:completion:)`); called only while
    /// this controller is on screen and presents nothing.
    func presentController(_ controller: any PresentingController, animated: Bool) async
    /// Dismisses what this controller presents, with everything presented above it
    /// (`dismiss(animated:completion:)`). The model says it presents something; UIKit may have
    /// dismissed it already (a sheet the user swiped down, before the coordinator committed
    /// that): then do nothing, since UIKit's `dismiss` on a controller that presents nothing
    /// dismisses the controller itself.
    func dismissPresented(animated: Bool) async
    /// What this controller presents (`presentedViewController`, which names a modal until its
    /// dismissal ended). UIKit refuses a dismiss while a presentation or dismissal runs anywhere
    /// in the chain it would dismiss, so `ControllerApplier` waits for each first.
    var presentedController: (any PresentingController)? { get }
    /// Whether this controller's view is in a window (`viewIfLoaded?.window != nil`). UIKit
    /// refuses to present from one that is not ("…whose view is not in the window hierarchy"),
    /// and never calls that presentation's completion: a sheet the user swiped away is out of
    /// the window once its dismissal ended, with everything it presented.
    var isInWindow: Bool { get }
    /// Whether this controller is being presented or dismissed now (`isBeingPresented ||
    /// isBeingDismissed`).
    var isBeingPresentedOrDismissed: Bool { get }
    /// Whether UIKit runs a transition that involves this controller now (its
    /// `transitionCoordinator` is not nil): a push, a pop, a presentation or a dismissal, the
    /// user's interactive pop among them. UIKit drops a `setViewControllers` made meanwhile, and
    /// refuses a `present` or `dismiss` without calling its completion, so `ControllerApplier`
    /// makes no call to a controller while this is true.
    var isTransitioning: Bool { get }
    /// Returns once the transition running on this controller ended (at once when none runs).
    /// A new transition may have begun by the time the caller runs again: check
    /// ``isTransitioning`` once more.
    func transitionEnded() async
}
