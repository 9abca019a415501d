import Examples
import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// CLHoppingViewController's launch flow, run headless: on the fake UIKit and on the model.
@Suite("Example: a launch flow of splash, then sign-up, then main")
struct LaunchFlowTests {
    /// Whether the splash finds a session, and the screens the launch container shows in turn.
    static let runs: [(signedIn: Bool, shown: [LaunchFlow.Destination])] = [
        (false, [.splash, .signUp, .home]),
        (true, [.splash, .home]),
    ]

    /// Runs the flow as its screens would: after each transition, `check` reads what the app
    /// shows, and the screen shown unhops (the splash with `signedIn`). Returns the values shown,
    /// in order, ending with the main stack's home (or after four steps, so a wrong flow fails).
    static func walk(
        _ app: LaunchFlow, signedIn: Bool,
        check: @MainActor @Sendable () async throws -> WindowContent?
    ) async throws -> [LaunchFlow.Destination] {
        var probe = EventProbe(app.coordinator)
        let flow = Task { try await app.run() }
        var seen: [LaunchFlow.Destination] = []
        while seen.last != .home, seen.count < 4 {
            _ = await probe.next { if case .ended = $0 { true } else { false } }
            guard let shown = try await check()?.topScreen.destination(as: LaunchFlow.Destination.self) else { break }
            seen.append(shown)
            if shown == .splash { try await app.splashFinished(signedIn: signedIn) }
            if shown == .signUp { try await app.signedUp() }
        }
        try await flow.value
        return seen
    }

    @Test(
        "on the fake UIKit: the hop container's child is replaced by each screen in turn, ending on the main stack",
        arguments: runs)
    @MainActor
    func onFakeUIKit(_ run: (signedIn: Bool, shown: [LaunchFlow.Destination])) async throws {
        let host = FakeWindowHost()
        let app = try LaunchFlow(host: host)
        await app.coordinator.start()
        // The hop container at the window's root is the window itself: its child is the root controller.
        #expect(try await shown(by: host, of: app.coordinator) == .destination(LaunchFlow.Destination.blank))
        let seen = try await Self.walk(app, signedIn: run.signedIn) { try await shown(by: host, of: app.coordinator) }
        #expect(seen == run.shown)
        #expect(try await shown(by: host, of: app.coordinator) == LaunchFlow.main)
    }

    @Test("a splash that reports while its hop still animates waits for the hop's commit, and the flow goes on")
    func splashReportsDuringItsHop() async throws {
        let app = try LaunchFlow()
        let crossfade = GatedAnimator()
        let flow = Task { try await app.run(animator: crossfade) }
        // UIKit's viewDidAppear: the splash is on screen, its hop not yet committed.
        await crossfade.started()
        let finished = Task { try await app.splashFinished(signedIn: true) }
        #expect(
            LaunchFlow.current(in: await app.coordinator.snapshot.window(at: .root)?.content)
                != .destination(LaunchFlow.Destination.splash))
        crossfade.open()
        try await finished.value
        // The hop to main animates too.
        await crossfade.started(calls: 2)
        crossfade.open()
        try await flow.value
        #expect(LaunchFlow.current(in: await app.coordinator.snapshot.window(at: .root)?.content) == LaunchFlow.main)
    }

    @Test("on the model: the root window's state shows each screen of the flow in turn", arguments: runs)
    @MainActor
    func onModel(_ run: (signedIn: Bool, shown: [LaunchFlow.Destination])) async throws {
        let app = try LaunchFlow()
        let model = NavigationModel(coordinator: app.coordinator)
        let seen = try await Self.walk(app, signedIn: run.signedIn) {
            await model.refresh()
            return LaunchFlow.current(in: model.content)
        }
        #expect(seen == run.shown)
        #expect(model.path(of: "main", as: LaunchFlow.Destination.self) == [], "main's stack is at its root")
        #expect(model.root(of: "main", as: LaunchFlow.Destination.self) == .home)
    }
}
