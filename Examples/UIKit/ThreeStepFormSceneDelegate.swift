// Built only where UIKit exists; its headless twin is Tests/ExamplesTests/ThreeStepFormTests.swift.
#if canImport(UIKit) && !os(watchOS)
import TransitionCoordinator
import TransitionCoordinatorUIKit
import UIKit

/// Epoxy's three-step form on UIKit: a `UINavigationController` whose stack is set from the
/// form's state. The host wires its interactive pop: a back swipe is `beginGesture`, then
/// `commit` (the step's `remove` sets its flag back) or `cancel` (nothing changes).
final class ThreeStepFormSceneDelegate: UIResponder, UIWindowSceneDelegate {
    private var host: UIKitWindowHost?
    private var form: ThreeStepForm?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let scene = scene as? UIWindowScene else { return }
        let host = UIKitWindowHost(scene: scene) { [weak self] screen in self?.controller(for: screen) ?? UIViewController() }
        guard let form = try? ThreeStepForm(host: host) else { return }
        host.coordinator = form.coordinator
        self.host = host
        self.form = form
        Task { await form.coordinator.start() }
    }

    /// The scene is gone: its windows, controllers and coordinator go with it.
    func sceneDidDisconnect(_ scene: UIScene) {
        host = nil
        form = nil
    }

    private func controller(for screen: Screen) -> UIViewController {
        let name = screen.destination(as: ThreeStepForm.Destination.self)?.rawValue ?? "step1"
        let step = Int(name.dropFirst("step".count)) ?? 1
        return ScreenController(screen, button: step < 3 ? "Next" : "Done") { [weak self] in
            guard let self, let form, let host else { return }
            Task { _ = try? await form.next(from: step, animator: host.animator) }
        }
    }
}
#endif
