import Examples
import Testing
import TestSupport
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// CLHoppingViewController's launch flow, run headless: on the fake UIKit and on the model.
@Suite("Example: a launch flow of splash, then sign-up, then main")
struct LaunchFlowTests {
    /// Whether the splash finds a session, and the screens the launch container shows in turn.
    static let runs: [(signedIn: Bool, shown: [String])] = [
        (false, ["splash", "signUp", "home"]),
        (true, ["splash", "home"]),
    ]

    /// Runs the flow, unhopping each screen once it is shown; after each step, `check` reads what
    /// the app shows, and the names it returns are collected.
    static func walk(_ app: LaunchFlow, signedIn: Bool,
                     check: @MainActor @Sendable () async throws -> WindowContent?) async throws -> [String] {
        var probe = EventProbe(app.coordinator)
        let flow = Task { try await app.run() }
        var seen: [String] = []
        for screen in [LaunchFlow.splash, LaunchFlow.signUp] where screen == LaunchFlow.splash || !signedIn {
            _ = await probe.next { event in
                if case .ended(let record) = event { LaunchFlow.current(in: record.after.rootWindow?.content) == .screen(screen) } else { false }
            }
            seen.append(try await check()?.topScreen.name ?? "nothing")
            if screen == LaunchFlow.splash { try await app.splashFinished(signedIn: signedIn) } else { try await app.signedUp() }
        }
        try await flow.value
        seen.append(try await check()?.topScreen.name ?? "nothing")
        return seen
    }

    @Test("on the fake UIKit: the hop container's child is replaced by each screen in turn, ending on the main stack",
          arguments: runs)
    @MainActor
    func onFakeUIKit(_ run: (signedIn: Bool, shown: [String])) async throws {
        let host = FakeWindowHost()
        let app = try LaunchFlow(host: host)
        await app.coordinator.start()
        #expect(LaunchFlow.current(in: try await shown(by: host, of: app.coordinator)) == .screen(Screen("blank")))
        let seen = try await Self.walk(app, signedIn: run.signedIn) {
            LaunchFlow.current(in: try await shown(by: host, of: app.coordinator))
        }
        #expect(seen == run.shown)
        #expect(LaunchFlow.current(in: try await shown(by: host, of: app.coordinator)) == LaunchFlow.main)
    }

    @Test("on the model: the root window's state shows each screen of the flow in turn", arguments: runs)
    @MainActor
    func onModel(_ run: (signedIn: Bool, shown: [String])) async throws {
        let app = try LaunchFlow()
        let model = NavigationModel(coordinator: app.coordinator)
        let seen = try await Self.walk(app, signedIn: run.signedIn) {
            await model.refresh()
            return LaunchFlow.current(in: model.state.content)
        }
        #expect(seen == run.shown)
        #expect(model.path(of: "main") == [], "main's stack is at its root")
        #expect(model.state.roots["main"] == Screen("home"))
    }
}
