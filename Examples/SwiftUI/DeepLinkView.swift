// Built only where SwiftUI exists; its headless twin is Tests/ExamplesTests/DeepLinkAppTests.swift.
#if canImport(SwiftUI)
import SwiftUI
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// DeepTransition's deep link in SwiftUI: `myapp://inbox/thread/42/reply` selects the inbox tab
/// of a `TabView`, sets its `NavigationStack`'s path to the thread and presents the reply as a
/// sheet, in one transition. Tabs and stacks are found by what the app declared (the tab's
/// root screen), whatever ids the route gave them.
struct DeepLinkView: View {
    private let app: DeepLinkApp
    @State private var model: NavigationModel

    init(app: DeepLinkApp) {
        self.app = app
        _model = State(initialValue: NavigationModel(coordinator: app.coordinator))
    }

    var body: some View {
        ZStack {
            if let bar = DeepLinkApp.tabBar(in: model.content) {
                CoordinatedTabs(model, tabs: bar.id) { index in tab(index, of: bar) }
            } else {
                ProgressView()
            }
        }
        .task { await model.run() }
        .task { try? await app.launch() }
        .onOpenURL { url in Task { _ = try? await app.open(url.absoluteString) } }
    }

    /// Tab `index`: its stack, with the sheet its stack presents.
    @ViewBuilder
    private func tab(_ index: Int, of bar: TabBar) -> some View {
        if let stack = Self.stack(at: index, of: bar) {
            CoordinatedStack(model, stack: stack.id, as: DeepLinkApp.Destination.self) {
                screen($0)
            } destination: {
                screen($0)
            }
            .coordinatedSheet(model, presentedBy: .container(stack.id)) { sheet in
                if sheet.destination(as: DeepLinkApp.Destination.self) == .reply { Text("Reply") }
            }
            .tabItem { Text(stack.root?.name ?? "") }
        }
    }

    /// The stack tab `index` of `bar` holds, if it holds one.
    private static func stack(at index: Int, of bar: TabBar) -> StackContainer? {
        guard bar.tabs.indices.contains(index), case .stack(let stack) = bar.tabs[index].base else { return nil }
        return stack
    }

    @ViewBuilder
    private func screen(_ destination: DeepLinkApp.Destination) -> some View {
        switch destination {
        case .inbox:
            Button("Reply to thread 42") { Task { _ = try? await app.open("myapp://inbox/thread/42/reply") } }
        case .thread(let id):
            Text("Thread \(id)")
        case .launch, .settings, .reply:
            Text("\(destination)")
        }
    }
}

/// The app: its coordinator made synchronously, as an `App`'s property (mark it `@main`).
struct DeepLinkSwiftUIApp: App {
    private let app = try? DeepLinkApp()

    var body: some Scene {
        WindowGroup {
            if let app { DeepLinkView(app: app) }
        }
    }
}
#endif
