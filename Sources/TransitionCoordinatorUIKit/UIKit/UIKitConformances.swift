// Built only where UIKit exists (iOS, iPadOS, tvOS, visionOS, Mac Catalyst): not by this
// project's CI on Linux. Everything it drives (the reconciler, the applier, the protocols) is
// built and tested everywhere, against the fakes.
#if canImport(UIKit) && !os(watchOS)
import UIKit
import TransitionCoordinator

// MARK: UIKit's classes satisfy the applier's protocols

extension UIViewController: PresentingController {
    /// `present(_:animated:completion:)`, returning in its completion; at once when UIKit refused
    /// the presentation (a presenter not in a window, or busy: UIKit only logs then, and never
    /// calls the completion), so a refused presentation cannot hold the window's later changes.
    public func presentController(_ controller: any PresentingController, animated: Bool) async {
        guard let controller = controller as? UIViewController else { return }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let once = ResumeOnce(done)
            present(controller, animated: animated) { once.resume() }
            // An accepted presentation is linked to its presenter before `present` returns.
            if controller.presentingViewController == nil { once.resume() }
        }
    }

    /// `dismiss(animated:completion:)` on the presenter (which dismisses what it presents, and
    /// everything above it), returning in its completion; at once when UIKit refused it (the
    /// modal is not being dismissed once `dismiss` returns: UIKit only logs then, and never calls
    /// the completion), so a refused dismissal cannot hold the window's later changes. Nothing
    /// when it presents nothing.
    public func dismissPresented(animated: Bool) async {
        guard presentedViewController != nil else { return }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let once = ResumeOnce(done)
            dismiss(animated: animated) { once.resume() }
            // An accepted dismissal has begun (or, unanimated, ended) before `dismiss` returns.
            if let modal = presentedViewController, !modal.isBeingDismissed { once.resume() }
        }
    }

    /// `presentedViewController`.
    public var presentedController: (any PresentingController)? { presentedViewController }

    /// `viewIfLoaded?.window != nil`.
    public var isInWindow: Bool { viewIfLoaded?.window != nil }

    /// `isBeingPresented || isBeingDismissed`.
    public var isBeingPresentedOrDismissed: Bool { isBeingPresented || isBeingDismissed }

    /// `transitionCoordinator != nil`.
    public var isTransitioning: Bool { transitionCoordinator != nil }

    /// Returns in the completion of the transition UIKit is running on this controller (at once
    /// when none runs).
    public func transitionEnded() async {
        guard let coordinator = transitionCoordinator else { return }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            // Not queued (no transition to run alongside): the completion never comes.
            if !coordinator.animate(alongsideTransition: nil, completion: { _ in done.resume() }) { done.resume() }
        }
    }
}

/// A continuation resumed once, whichever of two paths comes first (UIKit's completion, or the
/// refusal seen when `present` returns).
@MainActor
private final class ResumeOnce {
    private var continuation: CheckedContinuation<Void, Never>?
    init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }

    func resume() {
        continuation?.resume()
        continuation = nil
    }
}

extension UINavigationController: NavigationControlling {
    /// `viewControllers`.
    public var stack: [any PresentingController] { viewControllers }

    /// `setViewControllers(_:animated:)`: UIKit's own push or pop animation, finished in its completion.
    public func showStack(_ controllers: [any PresentingController], animated: Bool) async {
        setViewControllers(controllers.compactMap { $0 as? UIViewController }, animated: animated)
        if animated { await transitionEnded() }
    }
}

extension UITabBarController: TabBarControlling {
    /// `setViewControllers(_:animated:)`, not animated.
    public func showTabs(_ controllers: [any PresentingController]) {
        setViewControllers(controllers.compactMap { $0 as? UIViewController }, animated: false)
    }

    /// `viewControllers`, in the order shown.
    public var tabs: [any PresentingController] { viewControllers ?? [] }

    /// `selectedViewController`.
    public func selectTab(_ controller: any PresentingController) {
        selectedViewController = controller as? UIViewController
    }
}

extension UIWindow {
    /// `rootViewController`.
    public func setRootController(_ controller: (any PresentingController)?) {
        rootViewController = controller as? UIViewController
    }

    /// `rootViewController`, with a cross-dissolve of the window when animated.
    public func setRootController(_ controller: (any PresentingController)?, animated: Bool) async {
        let new = controller as? UIViewController
        guard animated, rootViewController != nil, new != nil, new !== rootViewController else {
            rootViewController = new
            return
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            UIView.transition(
                with: self, duration: 0.3, options: .transitionCrossDissolve,
                animations: { self.rootViewController = new }, completion: { _ in done.resume() })
        }
    }
}

/// A hop container through child containment: one child, filling the view, replaced with a
/// cross-dissolve when animated.
public final class HopViewController: UIViewController, HopControlling {
    /// The child shown.
    public private(set) var child: UIViewController?

    /// Removes the old child and adds the new one (`willMove(toParent:)`, `addChild(_:)`,
    /// `transition(from:to:duration:options:animations:completion:)`, `removeFromParent()`,
    /// `didMove(toParent:)`), returning when the transition's completion ran.
    public func showChild(_ controller: (any PresentingController)?, animated: Bool) async {
        let new = controller as? UIViewController, old = child
        guard new !== old else { return }
        old?.willMove(toParent: nil)
        if let new {
            addChild(new)
            new.view.frame = view.bounds
            new.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        if animated, let old, let new {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                transition(from: old, to: new, duration: 0.3, options: .transitionCrossDissolve, animations: nil) { _ in
                    done.resume()
                }
            }
        } else {
            old?.view.removeFromSuperview()
            if let new { view.addSubview(new.view) }
        }
        old?.removeFromParent()
        new?.didMove(toParent: self)
        child = new
    }
}

/// A `UINavigationController` whose pop gestures (the edge swipe, and iOS 26's content swipe)
/// begin only where ``ContainerHost/allowsPop(of:)`` says: a swipe that the coordinator could
/// only refuse would pop on screen, then be undone.
final class GatedNavigationController: UINavigationController, UIGestureRecognizerDelegate {
    weak var host: ContainerHost?

    override func viewDidLoad() {
        super.viewDidLoad()
        #if !os(tvOS)
        interactivePopGestureRecognizer?.delegate = self
        if #available(iOS 26.0, visionOS 26.0, *) { interactiveContentPopGestureRecognizer?.delegate = self }
        #endif
    }

    /// Asks the container host (UIKit's own rule, more than one screen, without one).
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        host?.allowsPop(of: self) ?? (viewControllers.count > 1)
    }
}

// MARK: A window host over a scene

extension UIWindow: HostWindow {
    /// Puts back what an animator may have moved: transform, alpha, the scene's bounds.
    public func resetAppearance() {
        transform = .identity
        alpha = 1
        if let scene = windowScene { frame = scene.coordinateSpace.bounds }
    }
}

/// A `WindowHost` over a `UIWindowScene`: a ``ContainerHost`` (which decides everything, and is
/// tested on Linux) over UIKit's classes. One `UIWindow` per managed window, its `windowLevel`
/// from the level's raw value; its content shown through `UINavigationController`,
/// `UITabBarController`, ``HopViewController`` and presentations. Its delegates forward each of
/// the user's actions to the container host, one line each.
///
/// Main-actor isolated. Pass ``animator`` to a content transition so that it finishes when
/// UIKit's own push, pop or present animation does.
@MainActor
public final class UIKitWindowHost: NSObject, WindowHost, ContainerKit {
    /// The coordinator the user's changes are reported to; set it once the coordinator is made.
    public var coordinator: Coordinator? {
        get { core.coordinator }
        set { core.coordinator = newValue }
    }
    /// The default animator: it waits for UIKit's own animation of the change it is given.
    public var animator: some Animator { core.animator }

    private let scene: UIWindowScene
    private let screens: @MainActor (Screen) -> UIViewController
    private lazy var core = ContainerHost(kit: self)

    /// A host showing windows in `scene`, making each screen's controller with `screens`.
    public init(scene: UIWindowScene, screens: @escaping @MainActor (Screen) -> UIViewController) {
        self.scene = scene
        self.screens = screens
        super.init()
    }

    /// Forwards to the container host.
    public func createWindow(_ window: ManagedWindow) async { await core.createWindow(window) }
    /// Forwards to the container host.
    public func showWindow(_ id: WindowID) async { await core.showWindow(id) }
    /// Forwards to the container host.
    public func hideWindow(_ id: WindowID) async { await core.hideWindow(id) }
    /// Forwards to the container host.
    public func makeKey(_ id: WindowID, resigning unmanaged: [String]) async { await core.makeKey(id, resigning: unmanaged) }
    /// Forwards to the container host.
    public func resetAppearance(_ id: WindowID) async { await core.resetAppearance(id) }
    /// Forwards to the container host.
    public func destroyWindow(_ id: WindowID) async { await core.destroyWindow(id) }
    /// Forwards to the container host: the curtain shown while the lock goes up.
    public func prepareCurtain(_ screen: Screen, at level: WindowLevel) { core.prepareCurtain(screen, at: level) }
    /// Forwards to the container host; call it from `sceneDidEnterBackground`.
    @discardableResult
    public func enterBackground() -> Task<Void, Never>? { core.enterBackground() }
    /// Forwards to the container host; call it from `sceneDidBecomeActive`.
    @discardableResult
    public func becomeActive() -> Task<Void, Never>? { core.becomeActive() }
    /// Which sheets the user's swipe may not dismiss on its own (``ContainerHost/holdsSheet``).
    public var holdsSheet: @MainActor (WindowContent) -> Bool {
        get { core.holdsSheet }
        set { core.holdsSheet = newValue }
    }
    /// Forwards to the container host.
    public func setContent(_ content: WindowContent, of id: WindowID, animated: Bool) async {
        await core.setContent(content, of: id, animated: animated)
    }

    // MARK: ContainerKit

    /// A `UIWindow` in the scene at the level's raw value, hidden.
    public func makeWindow(level: WindowLevel) -> any HostWindow {
        let window = UIWindow(windowScene: scene)
        window.windowLevel = UIWindow.Level(rawValue: CGFloat(level.rawValue))
        window.isHidden = true
        return window
    }

    /// The app's controller of `screen`.
    public func makeScreen(_ screen: Screen, in window: any HostWindow) -> any PresentingController { screens(screen) }

    /// A `UINavigationController` whose delegate is this host, and whose pop gestures begin only
    /// where the container host allows a pop.
    public func makeNavigation(_ id: ContainerID, in window: any HostWindow) -> any NavigationControlling {
        let navigation = GatedNavigationController()
        navigation.host = core
        navigation.delegate = self
        return navigation
    }

    /// A `UITabBarController` whose delegate is this host.
    public func makeTabBar(_ id: ContainerID, in window: any HostWindow) -> any TabBarControlling {
        let tabBar = UITabBarController()
        tabBar.delegate = self
        return tabBar
    }

    /// A ``HopViewController``.
    public func makeHop(_ id: ContainerID, in window: any HostWindow) -> any HopControlling { HopViewController() }

    /// Sets the sheet's presentation controller's delegate to this host, before it is presented.
    public func watchDismissal(of sheet: any PresentingController) {
        (sheet as? UIViewController)?.presentationController?.delegate = self
    }
}

// MARK: What the user does, forwarded to the container host

extension UIKitWindowHost: UINavigationControllerDelegate, UITabBarControllerDelegate, UIAdaptivePresentationControllerDelegate {
    /// An interactive pop, whichever gesture drives it: begun now, ended in the transition's completion.
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {
        guard let transition = navigationController.transitionCoordinator, transition.isInteractive else { return }
        core.userBeganPop(of: navigationController)
        transition.animate(alongsideTransition: nil) { [core] context in
            core.userEndedPop(of: navigationController, cancelled: context.isCancelled)
        }
    }

    /// A pop the app did not ask for (a back button's): the container host tells.
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        core.userShowed(viewController, count: navigationController.viewControllers.count, in: navigationController)
    }

    /// A tap selects only where the container host allows it (no change of its own under way).
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        core.allowsSelection(in: tabBarController)
    }

    /// A tab tapped (UIKit calls this for the user's taps only).
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        core.userSelected(viewController, in: tabBarController)
    }

    /// A sheet the app holds stays on screen when swiped (as with `isModalInPresentation`).
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        core.allowsDismissal(of: presentationController.presentedViewController)
    }

    /// A held sheet's swipe: asked of the guards as a dismissal.
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        core.userAttemptedDismissal(of: presentationController.presentedViewController)
    }

    /// A sheet swiped down (UIKit calls this for the user's dismissals only).
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        core.userDismissed(presentationController.presentedViewController)
    }
}

#endif
