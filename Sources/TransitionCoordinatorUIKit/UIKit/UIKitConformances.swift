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

    /// `selectedIndex`.
    public func selectTab(_ index: Int) { selectedIndex = index }
}

extension UIWindow: WindowRooting {
    /// `rootViewController`.
    public func setRootController(_ controller: (any PresentingController)?) {
        rootViewController = controller as? UIViewController
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

// MARK: A window host over a scene

/// A `WindowHost` over a `UIWindowScene`: one `UIWindow` per managed window (its
/// `windowLevel` from the level's raw value, covers included), its content shown through real
/// navigation, tab bar and hop containers and presentations, driven by the ``Reconciler``
/// through ``WindowControllers`` (which the tests drive over the fake UIKit).
///
/// Main-actor isolated. Content changes animate with UIKit's own push, pop and present
/// animations; pass ``animator`` to a transition so that it finishes when they do. The user's
/// own changes are reported to ``coordinator``: a tab tapped and a sheet swiped down as
/// `userDid`, an interactive pop as `beginGesture`, then `commit` or `cancel` as the finger lets go.
@MainActor
public final class UIKitWindowHost: NSObject, WindowHost {
    /// The coordinator the user's changes are reported to; set it once the coordinator is made.
    public weak var coordinator: Coordinator?
    /// The default animator: it waits for UIKit's own animation of the change it is given.
    public var animator: NativeAnimator { NativeAnimator(host: self) }

    private let scene: UIWindowScene
    private let screens: @MainActor (Screen) -> UIViewController
    private let shown = WindowControllers()
    private var stacks: [ObjectIdentifier: ContainerID] = [:]
    private var tabBars: [ObjectIdentifier: ContainerID] = [:]
    private var hops: [ObjectIdentifier: ContainerID] = [:]
    /// Each sheet presented, by its controller: who presents it, what it stands for, and where.
    private var sheets: [ObjectIdentifier: (presenter: WindowContent.NodeID, modal: ControllerID, window: WindowID)] = [:]
    private var screenIDs: [ObjectIdentifier: ScreenID] = [:]
    /// The navigation controllers whose interactive pop is in flight: their `didShow` is the
    /// gesture's, reported when it ends, not as a back button's pop.
    private var gesturesInFlight: Set<ObjectIdentifier> = []

    /// A host showing windows in `scene`, making each screen's controller with `screens`.
    public init(scene: UIWindowScene, screens: @escaping @MainActor (Screen) -> UIViewController) {
        self.scene = scene
        self.screens = screens
        super.init()
        shown.didApply = { [weak self] window, operations in self?.wire(operations, in: window) }
    }

    /// Creates the `UIWindow`, hidden, at the level's raw value, showing the window's content.
    public func createWindow(_ managed: ManagedWindow) async {
        let window = UIWindow(windowScene: scene)
        window.windowLevel = UIWindow.Level(rawValue: CGFloat(managed.level.rawValue))
        window.isHidden = true
        await shown.create(managed, in: window, factory: Factory(host: self))
    }

    /// Shows the window (`isHidden = false`).
    public func showWindow(_ id: WindowID) async { uiWindow(id)?.isHidden = false }
    /// Hides the window (`isHidden = true`), keeping it.
    public func hideWindow(_ id: WindowID) async { uiWindow(id)?.isHidden = true }
    /// Makes the window key; the window that was key resigns on its own (unmanaged ones included).
    public func makeKey(_ id: WindowID, resigning unmanaged: [String]) async { uiWindow(id)?.makeKey() }

    /// Puts back what an animator may have moved: transform, alpha, frame.
    public func resetAppearance(_ id: WindowID) async {
        guard let window = uiWindow(id) else { return }
        window.transform = .identity
        window.alpha = 1
        window.frame = scene.coordinateSpace.bounds
    }

    /// Releases every controller of the window's content, then lets the window go.
    public func destroyWindow(_ id: WindowID) async {
        let window = await shown.destroy(id) as? UIWindow
        window?.isHidden = true
    }

    /// Reconciles the window's content: with UIKit's own animation when an animator is to
    /// animate the change (the ``animator`` waits for it to finish), else at once, returning
    /// once it is applied.
    public func setContent(_ content: WindowContent, of id: WindowID, animated: Bool) async {
        await shown.show(content, in: id, animated: animated)
        if !animated { await shown.settled(id) }
    }

    /// Returns when the content change running in window `id` finished.
    fileprivate func settled(_ id: WindowID) async { await shown.settled(id) }

    private func uiWindow(_ id: WindowID) -> UIWindow? { shown.window(id) as? UIWindow }

    /// After a list was applied: each sheet presented reports its swipe-down to the host.
    private func wire(_ operations: [Reconciler.Operation], in window: WindowID) {
        for case .present(let modal, let presenter) in operations {
            guard let controller = shown.controller(modal, in: window) as? UIViewController else { continue }
            controller.presentationController?.delegate = self
            sheets[ObjectIdentifier(controller)] = (presenter.nodeID, modal, window)
        }
    }

    /// Makes containers wired to the host's reports, and screens through the app's closure.
    private final class Factory: ControllerFactory {
        unowned let host: UIKitWindowHost
        init(host: UIKitWindowHost) { self.host = host }

        func makeScreen(_ screen: Screen) -> any PresentingController {
            let controller = host.screens(screen)
            host.screenIDs[ObjectIdentifier(controller)] = screen.id
            return controller
        }

        func makeNavigation(_ id: ContainerID) -> any NavigationControlling {
            let navigation = UINavigationController()
            // The delegate sees every interactive pop as it begins (`willShow` with an interactive
            // transition), whichever gesture drives it: the edge swipe or iOS 26's content swipe.
            navigation.delegate = host
            host.stacks[ObjectIdentifier(navigation)] = id
            return navigation
        }

        func makeTabBar(_ id: ContainerID) -> any TabBarControlling {
            let tabBar = UITabBarController()
            tabBar.delegate = host
            host.tabBars[ObjectIdentifier(tabBar)] = id
            return tabBar
        }

        func makeHop(_ id: ContainerID) -> any HopControlling {
            let hop = HopViewController()
            host.hops[ObjectIdentifier(hop)] = id
            return hop
        }

        func release(_ controller: any PresentingController, as id: ControllerID) {
            let key = ObjectIdentifier(controller)
            host.stacks[key] = nil
            host.tabBars[key] = nil
            host.hops[key] = nil
            host.sheets[key] = nil
            host.screenIDs[key] = nil
        }
    }
}

// MARK: What the user does, reported to the coordinator

extension UIKitWindowHost: UINavigationControllerDelegate, UITabBarControllerDelegate, UIAdaptivePresentationControllerDelegate {
    /// An interactive pop (the edge swipe, or iOS 26's content swipe): `beginGesture` as UIKit
    /// starts the interactive transition, then `commit` or `cancel` when it completes. A pop the
    /// coordinator refused (a transition running, a guard's veto) is undone: the stack is set
    /// back to the model's.
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {
        let key = ObjectIdentifier(navigationController)
        guard let coordinator, let stack = stacks[key], let transition = navigationController.transitionCoordinator,
            transition.isInteractive
        else { return }
        gesturesInFlight.insert(key)
        let begun = Task { try? await coordinator.beginGesture(.pop(stack)) }
        transition.animate(alongsideTransition: nil) { [weak self] context in
            let cancelled = context.isCancelled
            Task { @MainActor in
                var applied = false
                if let gesture = await begun.value {
                    if cancelled { await gesture.cancel() } else { applied = (try? await gesture.commit()) != nil }
                }
                if !cancelled, !applied { self?.showModel(of: stack, in: navigationController) }
                self?.gesturesInFlight.remove(key)
            }
        }
    }

    /// Sets `navigation` back to the screens the model's stack `stack` holds.
    private func showModel(of stack: ContainerID, in navigation: UINavigationController) {
        guard let found = modelStack(stack) else { return }
        let controllers = found.stack.items.compactMap { shown.controller(.screen($0), in: found.window) as? UIViewController }
        navigation.setViewControllers(controllers, animated: true)
    }

    /// The model's stack `stack`, with the window showing it.
    private func modelStack(_ stack: ContainerID) -> (window: WindowID, stack: StackContainer)? {
        for window in shown.windows {
            if case .stack(let model)? = shown.content(of: window)?.find(stack)?.base { return (window, model) }
        }
        return nil
    }

    /// A back button's pop (not a swipe): the stack UIKit shows is shorter than the model's. A
    /// pop the coordinator refused is undone: the stack is set back to the model's.
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController,
        animated: Bool
    ) {
        guard !gesturesInFlight.contains(ObjectIdentifier(navigationController)), let coordinator,
            let stack = stacks[ObjectIdentifier(navigationController)],
            let top = screenIDs[ObjectIdentifier(viewController)],
            let model = modelStack(stack)?.stack, model.top?.id != top,
            model.items.count > navigationController.viewControllers.count
        else { return }
        Task { [weak self] in
            if (try? await coordinator.userDid(.popTo(top, in: stack))) == nil {
                self?.showModel(of: stack, in: navigationController)
            }
        }
    }

    /// A tab tapped (UIKit calls this for the user's taps only), reported by what the tab shows,
    /// so a tap that waits its turn behind a change to the tabs selects the tab the user tapped.
    /// A selection the coordinator refused is undone: the tab bar shows the model's tab again.
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        // The index of the controller tapped: `selectedIndex` reads `NSNotFound` when "More" was.
        guard let coordinator, let tabs = tabBars[ObjectIdentifier(tabBarController)],
            let index = tabBarController.viewControllers?.firstIndex(of: viewController)
        else { return }
        let key = ObjectIdentifier(viewController)
        let container = stacks[key] ?? hops[key] ?? tabBars[key]
        let tab: WindowContent.NodeID? = container.map { .container($0) } ?? screenIDs[key].map { .screen($0) }
        let operation: ContainerOperation = tab.map { .selectTab($0, in: tabs) } ?? .select(tab: index, in: tabs)
        Task { [weak self] in
            if (try? await coordinator.userDid(operation)) == nil {
                self?.showModelSelection(of: tabs, in: tabBarController)
            }
        }
    }

    /// Sets `tabBar` back to the tab the model's tab bar `tabs` selects.
    private func showModelSelection(of tabs: ContainerID, in tabBar: UITabBarController) {
        for window in shown.windows {
            if case .tabs(let model)? = shown.content(of: window)?.find(tabs)?.base {
                tabBar.selectedIndex = model.selected
                return
            }
        }
    }

    /// A sheet swiped down (UIKit calls this for the user's dismissals only), reported by the
    /// sheet itself, so a swipe that waits its turn behind a change that replaced the sheet is
    /// refused instead of dismissing the new one. A dismissal the coordinator refused is undone:
    /// the sheet is presented again if the model still shows it (a refusal can come after the
    /// model dismissed or replaced it itself, and released its controller).
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        let presented = presentationController.presentedViewController
        guard let coordinator, let sheet = sheets[ObjectIdentifier(presented)] else { return }
        let presenting = presentationController.presentingViewController
        Task { [weak self] in
            guard (try? await coordinator.userDid(.dismissModal(sheet.modal.nodeID))) == nil, let self,
                self.shown.presents(sheet.modal, from: sheet.presenter, in: sheet.window),
                presenting.presentedViewController == nil
            else { return }
            presenting.present(presented, animated: true)
            // A new presentation has a new presentation controller.
            presented.presentationController?.delegate = self
        }
    }
}

/// The default animator: a content change finishes when UIKit's own push, pop, present or
/// dismiss animation completes (the host started it in `setContent`). Window transitions are
/// not animated. It does not return early when cancelled: UIKit's animation cannot be cut short,
/// and ends within its own duration.
public struct NativeAnimator: Animator {
    let host: UIKitWindowHost

    /// Waits for the animation of the top window's content change.
    public func animate(_ context: TransitionContext) async throws {
        if context.contentChange != nil {
            await host.settled(context.topToWindow.id)
        }
    }
}
#endif
