// Built only where SwiftUI exists: the README's SwiftUI quick start, verbatim (Tests/TransitionCoordinatorTests/Readme
// checks the README against it; .ci/apple-check type-checks it against SwiftUI's declarations).
#if canImport(SwiftUI)
// README: swiftui-quick-start
// Apple platforms only: SwiftUI.
import SwiftUI
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

struct InboxView: View {
    let model: NavigationModel
    var body: some View {
        CoordinatedStack(model, stack: "main") { root in
            Text(root.name)
        } destination: {
            Text($0.name)
        }
        .task { await model.run() }
    }
}
// END README
#endif
