// Built only where SwiftUI exists; its headless twin is Tests/ExamplesTests/PINLockTests.swift.
#if canImport(SwiftUI)
import SwiftUI
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// CFANavigationWindow's PIN window in SwiftUI: the app's stack, with the PIN drawn over it while
/// the coordinator's lock window stands at `medium`; the scene phase drives the lock.
struct PINLockView: View {
    private let lock: PINLock
    @State private var app: NavigationModel
    @State private var pinWindow: NavigationModel
    @Environment(\.scenePhase) private var phase
    /// Up from the moment the scene enters the background until the lock's window is up.
    @State private var curtain = false

    init(lock: PINLock) {
        self.lock = lock
        _app = State(initialValue: NavigationModel(coordinator: lock.coordinator, scope: .level(.root)))
        _pinWindow = State(initialValue: NavigationModel(coordinator: lock.coordinator, scope: .level(.medium)))
    }

    var body: some View {
        ZStack {
            CoordinatedStack(app, stack: "home", as: PINLock.Destination.self) {
                Text("\($0)")
            } destination: {
                Text("\($0)")
            }
            // The curtain stands for the PIN window from the background's first frame: the app
            // switcher's snapshot, taken right after, never shows the app.
            if curtain || (pinWindow.window != nil && !pinWindow.isHidden) {
                Button("Enter PIN") { Task { _ = try? await lock.pinEntered() } }
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .background(.background)
            }
        }
        .task { await app.run() }
        .task { await pinWindow.run() }
        .onChange(of: phase) { _, newPhase in
            if newPhase == .background {
                curtain = true
                Task {
                    try? await lock.didEnterBackground()
                    curtain = false
                }
            } else if newPhase == .active {
                Task { try? await lock.didBecomeActive() }
            }
        }
    }
}

/// The app: its coordinator made synchronously, as an `App`'s property (mark it `@main`).
struct PINLockSwiftUIApp: App {
    private let lock = try? PINLock()

    var body: some Scene {
        WindowGroup {
            if let lock { PINLockView(lock: lock) }
        }
    }
}
#endif
