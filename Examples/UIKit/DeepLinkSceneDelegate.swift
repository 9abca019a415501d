// Built only where UIKit exists; its headless twin is Tests/ExamplesTests/DeepLinkAppTests.swift.
#if canImport(UIKit) && !os(watchOS)
import TransitionCoordinator
import TransitionCoordinatorUIKit
import UIKit

/// DeepTransition's deep link on UIKit: `myapp://inbox/thread/42/reply` selects the inbox tab of
/// a `UITabBarController`, sets its navigation stack to the thread and presents the reply, in
/// one transition. A link that launched the app waits in the inbox until the tabs are up.
final class DeepLinkSceneDelegate: UIResponder, UIWindowSceneDelegate {
    private var host: UIKitWindowHost?
    private var app: DeepLinkApp?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let scene = scene as? UIWindowScene else { return }
        let host = UIKitWindowHost(scene: scene) { [weak self] screen in self?.controller(for: screen) ?? UIViewController() }
        guard let app = try? DeepLinkApp(host: host) else { return }
        host.coordinator = app.coordinator
        self.host = host
        self.app = app
        follow(connectionOptions.urlContexts) // held until launch opens the inbox
        Task { try? await app.launch(animator: host.animator) }
    }

    func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
        follow(urlContexts)
    }

    private func follow(_ contexts: Set<UIOpenURLContext>) {
        guard let app else { return }
        for url in contexts.map(\.url.absoluteString) {
            Task { _ = try? await app.open(url) }
        }
    }

    /// The scene is gone: its windows, controllers and coordinator go with it.
    func sceneDidDisconnect(_ scene: UIScene) {
        host = nil
        app = nil
    }

    private func controller(for screen: Screen) -> UIViewController {
        guard screen.destination(as: DeepLinkApp.Destination.self) == .inbox, let app else { return ScreenController(screen) }
        return ScreenController(screen, button: "Reply to thread 42") {
            Task { _ = try? await app.open("myapp://inbox/thread/42/reply") }
        }
    }
}
#endif
