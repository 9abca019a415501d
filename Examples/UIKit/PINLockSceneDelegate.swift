// Built only where UIKit exists; its headless twin is Tests/ExamplesTests/PINLockTests.swift.
#if canImport(UIKit) && !os(watchOS)
import TransitionCoordinator
import TransitionCoordinatorUIKit
import UIKit

/// CFANavigationWindow's PIN window on UIKit: the PIN goes up in its own `UIWindow` at `medium`
/// when the scene enters the background, and comes down once the PIN is entered.
final class PINLockSceneDelegate: UIResponder, UIWindowSceneDelegate {
    private var host: UIKitWindowHost?
    private var lock: PINLock?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let scene = scene as? UIWindowScene else { return }
        let host = UIKitWindowHost(scene: scene) { [weak self] screen in self?.controller(for: screen) ?? UIViewController() }
        guard let lock = try? PINLock(host: host) else { return }
        host.coordinator = lock.coordinator // the host reports back swipes and taps to it
        host.prepareCurtain(Screen(PINLock.Destination.pin), at: .medium) // shown at once on background, until the lock is up
        self.host = host
        self.lock = lock
        Task { await lock.coordinator.start() } // the root window goes up
    }

    /// The curtain is up before this returns (UIKit takes the app switcher's snapshot right
    /// after); the lock then goes up, unanimated, in its own window over everything but the shield.
    func sceneDidEnterBackground(_ scene: UIScene) {
        host?.enterBackground()
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        host?.becomeActive()
    }

    /// The scene is gone: its windows, controllers and coordinator go with it.
    func sceneDidDisconnect(_ scene: UIScene) {
        host = nil
        lock = nil
    }

    private func controller(for screen: Screen) -> UIViewController {
        guard screen.destination(as: PINLock.Destination.self) == .pin else { return ScreenController(screen) }
        return ScreenController(screen, button: "Enter PIN") { [weak self] in
            guard let self, let lock, let host else { return }
            Task { _ = try? await lock.pinEntered(animator: host.animator) }
        }
    }
}
#endif
