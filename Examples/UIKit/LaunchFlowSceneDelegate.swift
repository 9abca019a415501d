// Built only where UIKit exists; its headless twin is Tests/ExamplesTests/LaunchFlowTests.swift.
#if canImport(UIKit) && !os(watchOS)
import Foundation
import TransitionCoordinator
import TransitionCoordinatorUIKit
import UIKit

/// CLHoppingViewController's launch flow on UIKit: the root window's hop container (the window
/// itself, its root controller swapped with a cross-dissolve) shows the splash, then sign-up on
/// first run, then the main navigation stack. Each screen only says it is done.
final class LaunchFlowSceneDelegate: UIResponder, UIWindowSceneDelegate {
    private var host: UIKitWindowHost?
    private var launch: LaunchFlow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let scene = scene as? UIWindowScene else { return }
        let host = UIKitWindowHost(scene: scene) { [weak self] screen in self?.controller(for: screen) ?? UIViewController() }
        guard let launch = try? LaunchFlow(host: host) else { return }
        host.coordinator = launch.coordinator
        self.host = host
        self.launch = launch
        // The first hop makes the host's first calls: the root window goes up with the splash.
        Task { try? await launch.run(animator: host.animator) }
    }

    /// The scene is gone: its windows, controllers and coordinator go with it.
    func sceneDidDisconnect(_ scene: UIScene) {
        host = nil
        launch = nil
    }

    private func controller(for screen: Screen) -> UIViewController {
        guard let launch else { return ScreenController(screen) }
        switch screen.destination(as: LaunchFlow.Destination.self) {
        case .splash:
            // Loads what it must, then reports whether a session was found.
            return ScreenController(
                screen,
                appeared: {
                    let signedIn = UserDefaults.standard.bool(forKey: "signedIn")
                    Task { try? await launch.splashFinished(signedIn: signedIn) }
                })
        case .signUp:
            return ScreenController(screen, button: "Sign up") {
                UserDefaults.standard.set(true, forKey: "signedIn")
                Task { try? await launch.signedUp() }
            }
        default:
            return ScreenController(screen)
        }
    }
}
#endif
