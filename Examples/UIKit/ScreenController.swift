// Built only where UIKit exists; the scenarios it shows run headless in Tests/ExamplesTests.
#if canImport(UIKit) && !os(watchOS)
import TransitionCoordinator
import UIKit

/// A plain screen for the UIKit examples: the screen's name (and id parameter) as its title, and
/// at most one button. A real app makes its own controllers in the host's `screens` closure.
final class ScreenController: UIViewController {
    private let button: String?
    private let action: (@MainActor @Sendable () -> Void)?
    private var appeared: (@MainActor @Sendable () -> Void)?

    /// A controller for `screen`, with a button titled `button` running `action`, and `appeared`
    /// run once the view is on screen.
    init(
        _ screen: Screen, button: String? = nil, action: (@MainActor @Sendable () -> Void)? = nil,
        appeared: (@MainActor @Sendable () -> Void)? = nil
    ) {
        self.button = button
        self.action = action
        self.appeared = appeared
        super.init(nibName: nil, bundle: nil)
        title = [screen.name, screen.parameters["id"]].compactMap { $0 }.joined(separator: " ")
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        #if os(tvOS)
        view.backgroundColor = .black // tvOS has no system background color
        #else
        view.backgroundColor = .systemBackground
        #endif
        guard let button, let action else { return }
        let control = UIButton(configuration: .filled(), primaryAction: UIAction(title: button) { _ in action() })
        control.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(control)
        NSLayoutConstraint.activate([
            control.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            control.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        // Once: a view appears again when what covered it goes.
        let run = appeared
        appeared = nil
        run?()
    }
}
#endif
