// Built only where SwiftUI exists: the README's SwiftUI quick start, verbatim (Tests/TransitionCoordinatorTests/Readme
// checks the README against it; .ci/apple-check type-checks it against SwiftUI's declarations).
#if canImport(SwiftUI)
// README: swiftui-quick-start
// Apple platforms only: SwiftUI.
import SwiftUI
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// The app's screens, as its own values.
enum InboxScreen: Hashable, Codable, Sendable {
    case list
    case mail(id: Int)
}

struct InboxView: View {
    let model: NavigationModel
    var body: some View {
        CoordinatedStack(model, stack: "main", as: InboxScreen.self) { _ in
            Text("Inbox")
        } destination: { screen in
            if case .mail(let id) = screen { Text("Mail \(id)") }
        }
        .task { await model.run() }
    }
}
// END README
#endif
