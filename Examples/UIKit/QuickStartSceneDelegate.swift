// Built only where UIKit exists: the README's UIKit quick start, verbatim (Tests/TransitionCoordinatorTests/Readme
// checks the README against it; .ci/apple-check type-checks it against UIKit's declarations).
#if canImport(UIKit) && !os(watchOS)
// README: uikit-quick-start
// Apple platforms only: UIKit.
import TransitionCoordinator
import TransitionCoordinatorUIKit
import UIKit

/// The app's screens, as its own values.
enum AppScreen: Hashable, Codable, Sendable {
    case home
    case mail(id: Int)
}

final class QuickStartSceneDelegate: UIResponder, UIWindowSceneDelegate {
    private var coordinator: Coordinator?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        guard let scene = scene as? UIWindowScene else { return }
        let host = UIKitWindowHost(scene: scene) { screen in
            let controller = UIViewController()
            switch screen.destination(as: AppScreen.self) {
            case .mail(let id)?: controller.title = "Mail \(id)"
            case .home?, nil: controller.title = "Inbox"
            }
            return controller
        }
        let root = WindowContent.stack(StackContainer(id: "main", root: AppScreen.home))
        guard let coordinator = try? Coordinator(root: root, host: host) else { return } // throws for a malformed root
        host.coordinator = coordinator // the host reports back swipes, tab taps and sheets swiped down
        Task { await coordinator.start() } // the root window goes up
        self.coordinator = coordinator
    }
}
// END README
#endif
