// A transcription of exactly the UIKit (and CoreGraphics) declarations the package and its
// examples use, for .ci/apple-check only: no product or target builds it. Declarations only,
// written from Apple's UIKit documentation: the same names, labels and optionality, the classes
// and delegate protocols `@MainActor` as the SDK declares them, completion handlers run on the
// main actor, and the availability Apple documents (introduced versions below every deployment
// target this package declares are left out; newer ones and the unavailable ones are kept).
// Written without the Objective-C runtime: a delegate protocol's optional methods are
// requirements with default implementations.

@_exported import Foundation

// MARK: CoreGraphics

/// `CGRect` (CoreGraphics).
public struct CGRect: Equatable, Sendable {
    public init() {}
}

/// `CGAffineTransform` (CoreGraphics).
public struct CGAffineTransform: Equatable, Sendable {
    public static var identity: CGAffineTransform { CGAffineTransform() }
}

// MARK: Views and layout

/// `UIResponder`.
@MainActor open class UIResponder: NSObject {
    public override init() {}
    open var next: UIResponder? { nil }
}

/// `UIColor`.
open class UIColor: NSObject, @unchecked Sendable {
    open class var black: UIColor { UIColor() }
    @available(tvOS, unavailable)
    open class var systemBackground: UIColor { UIColor() }
}

/// `UIView`.
@MainActor open class UIView: UIResponder {
    /// `UIView.AutoresizingMask`.
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var flexibleWidth: AutoresizingMask { AutoresizingMask(rawValue: 1 << 1) }
        public static var flexibleHeight: AutoresizingMask { AutoresizingMask(rawValue: 1 << 4) }
    }

    /// `UIView.AnimationOptions`.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var transitionCrossDissolve: AnimationOptions { AnimationOptions(rawValue: 5 << 20) }
    }

    open var frame: CGRect = CGRect()
    open var bounds: CGRect = CGRect()
    open var transform: CGAffineTransform = .identity
    open var alpha: CGFloat = 1
    open var isHidden: Bool = false
    open var autoresizingMask: AutoresizingMask = []
    open var backgroundColor: UIColor?
    open var translatesAutoresizingMaskIntoConstraints: Bool = true
    open var window: UIWindow? { nil }
    open func addSubview(_ view: UIView) {}
    open func removeFromSuperview() {}
    open class func transition(
        with view: UIView, duration: Double, options: UIView.AnimationOptions = [],
        animations: (@MainActor () -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil
    ) {}
    open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
}

/// `NSLayoutConstraint`.
@MainActor open class NSLayoutConstraint: NSObject {
    public class func activate(_ constraints: [NSLayoutConstraint]) {}
}

/// `NSLayoutAnchor<AnchorType>`.
@MainActor open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { NSLayoutConstraint() }
}

/// `NSLayoutXAxisAnchor`.
@MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
/// `NSLayoutYAxisAnchor`.
@MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

/// `UIControl`.
@MainActor open class UIControl: UIView {}

/// `UIAction`: its handler runs on the main actor.
@MainActor open class UIAction: NSObject {
    public convenience init(title: String = "", handler: @escaping @MainActor (UIAction) -> Void) { self.init() }
}

/// `UIButton`.
@MainActor open class UIButton: UIControl {
    /// `UIButton.Configuration`.
    public struct Configuration: Sendable {
        public static func filled() -> Configuration { Configuration() }
    }

    public convenience init(configuration: Configuration, primaryAction: UIAction?) { self.init() }
}

/// `UIGestureRecognizer`.
@MainActor open class UIGestureRecognizer: NSObject {
    open var isEnabled: Bool = true
    open weak var delegate: (any UIGestureRecognizerDelegate)?
    open var view: UIView? { nil }
}

/// `UIGestureRecognizerDelegate`.
@MainActor public protocol UIGestureRecognizerDelegate: NSObjectProtocol {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
}

// MARK: View controllers

/// `UIViewController`.
@MainActor open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
    public required init?(coder: NSCoder) {}
    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    open var view: UIView! { UIView() }
    open var viewIfLoaded: UIView? { nil }
    open func loadViewIfNeeded() {}
    open func viewDidLoad() {}
    open func viewDidAppear(_ animated: Bool) {}
    open var title: String?

    open var presentedViewController: UIViewController? { nil }
    open var presentingViewController: UIViewController? { nil }
    open var presentationController: UIPresentationController? { nil }
    open var isModalInPresentation: Bool = false
    open var isBeingDismissed: Bool { false }
    open var isBeingPresented: Bool { false }
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {}
    open func dismiss(animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {}
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }

    open var parent: UIViewController? { nil }
    open var children: [UIViewController] { [] }
    open func addChild(_ childController: UIViewController) {}
    open func removeFromParent() {}
    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}
    open func transition(
        from fromViewController: UIViewController, to toViewController: UIViewController, duration: Double,
        options: UIView.AnimationOptions = [], animations: (@MainActor () -> Void)?,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {}
}

/// `UIViewControllerTransitionCoordinatorContext`.
@MainActor public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
    var isCancelled: Bool { get }
    var isInteractive: Bool { get }
    var initiallyInteractive: Bool { get }
}

/// `UIViewControllerTransitionCoordinator`.
@MainActor public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

/// `UIPresentationController`.
@MainActor open class UIPresentationController: NSObject {
    open var presentedViewController: UIViewController { UIViewController() }
    open var presentingViewController: UIViewController { UIViewController() }
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?
}

/// `UIAdaptivePresentationControllerDelegate`.
@MainActor public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
}

/// `UINavigationController`.
@MainActor open class UINavigationController: UIViewController {
    open var viewControllers: [UIViewController] = []
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}
    open weak var delegate: (any UINavigationControllerDelegate)?
    @available(tvOS, unavailable)
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { nil }
    @available(iOS 26.0, visionOS 26.0, *)
    @available(tvOS, unavailable)
    open var interactiveContentPopGestureRecognizer: UIGestureRecognizer? { nil }
}

/// `UINavigationControllerDelegate`.
@MainActor public protocol UINavigationControllerDelegate: NSObjectProtocol {
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
}

/// `UITabBarController`.
@MainActor open class UITabBarController: UIViewController {
    open var viewControllers: [UIViewController]?
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {}
    open var selectedIndex: Int = 0
    open var selectedViewController: UIViewController?
    open var moreNavigationController: UINavigationController { UINavigationController() }
    open var customizableViewControllers: [UIViewController]?
    open weak var delegate: (any UITabBarControllerDelegate)?
}

/// `UITabBarControllerDelegate`.
@MainActor public protocol UITabBarControllerDelegate: NSObjectProtocol {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

// MARK: Windows and scenes

/// `UICoordinateSpace`.
@MainActor public protocol UICoordinateSpace: NSObjectProtocol {
    var bounds: CGRect { get }
}

/// `UIScene`.
@MainActor open class UIScene: UIResponder {
    /// `UIScene.ConnectionOptions`.
    @MainActor open class ConnectionOptions: NSObject {
        open var urlContexts: Set<UIOpenURLContext> { [] }
    }
}

/// `UIWindowScene`.
@MainActor open class UIWindowScene: UIScene {
    open var coordinateSpace: any UICoordinateSpace { fatalError() }
}

/// `UISceneSession`.
@MainActor open class UISceneSession: NSObject {}

/// `UIOpenURLContext`.
@MainActor open class UIOpenURLContext: NSObject {
    open var url: URL { fatalError() }
}

/// `UISceneDelegate`.
@MainActor public protocol UISceneDelegate: NSObjectProtocol {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
}

/// `UIWindowSceneDelegate`.
@MainActor public protocol UIWindowSceneDelegate: UISceneDelegate {}

/// `UIWindow`.
@MainActor open class UIWindow: UIView {
    /// `UIWindow.Level`.
    public struct Level: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
    }

    public init(windowScene: UIWindowScene) {}
    open weak var windowScene: UIWindowScene?
    open var windowLevel: Level = Level(rawValue: 0)
    open var rootViewController: UIViewController?
    open func makeKey() {}
    open var isKeyWindow: Bool { false }
}
