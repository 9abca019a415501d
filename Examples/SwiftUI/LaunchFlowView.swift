// Built only where SwiftUI exists; its headless twin is Tests/ExamplesTests/LaunchFlowTests.swift.
#if canImport(SwiftUI)
import SwiftUI
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// CLHoppingViewController's launch flow in SwiftUI: the view draws the launch container's
/// current child (splash, sign-up, or the main stack), crossfading as it changes; the flow
/// itself runs top to bottom in ``LaunchFlow/run(animator:)``.
struct LaunchFlowView: View {
    private let launch: LaunchFlow
    @State private var model: NavigationModel

    init(launch: LaunchFlow) {
        self.launch = launch
        _model = State(initialValue: NavigationModel(coordinator: launch.coordinator))
    }

    var body: some View {
        let current = LaunchFlow.current(in: model.content)
        ZStack {
            switch current {
            case .destination(LaunchFlow.Destination.splash)?:
                ProgressView().task {
                    // Loads what it must, then reports whether a session was found.
                    try? await launch.splashFinished(signedIn: UserDefaults.standard.bool(forKey: "signedIn"))
                }
            case .destination(LaunchFlow.Destination.signUp)?:
                Button("Sign up") {
                    UserDefaults.standard.set(true, forKey: "signedIn")
                    Task { try? await launch.signedUp() }
                }
            case .stack(let main)?:
                CoordinatedStack(model, stack: main.id, as: LaunchFlow.Destination.self) {
                    Text("\($0)")
                } destination: {
                    Text("\($0)")
                }
            default:
                Color.clear
            }
        }
        .transition(.opacity)
        .animation(.easeInOut, value: current)
        .task { await model.run() }
        .task { try? await launch.run() }
    }
}

/// The app: its coordinator made synchronously, as an `App`'s property (mark it `@main`).
struct LaunchFlowSwiftUIApp: App {
    private let launch = try? LaunchFlow()

    var body: some Scene {
        WindowGroup {
            if let launch { LaunchFlowView(launch: launch) }
        }
    }
}
#endif
