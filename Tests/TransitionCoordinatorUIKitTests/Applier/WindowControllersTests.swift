import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// A real coordinator drives the fake UIKit through ``WindowControllers``, as the UIKit host
/// drives real containers: after every transition, each window's fake shows exactly the
/// coordinator's committed content, and no rule is broken.
@Suite("Window controllers under a real coordinator")
struct WindowControllersTests {
    private static func stack(_ id: ContainerID, _ names: String...) -> WindowContent {
        .stack(StackContainer(id: id, root: Screen(names[0]), pushed: names.dropFirst().map { Screen($0) }))
    }

    /// Each window's fake equals the coordinator's window, and its controllers are the content's.
    @MainActor
    private func expectInStep(
        _ coordinator: Coordinator, _ host: FakeWindowHost,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try host.throwIfBroken()
        var seen = 0
        for level in coordinator.configuration.levels + [.root] {
            guard let window = try await coordinator.window(at: level) else { continue }
            seen += 1
            let kit = try #require(host.kits[window.id], sourceLocation: sourceLocation)
            #expect(try kit.content() == Reconciler.shown(window.content), sourceLocation: sourceLocation)
            #expect(Set(kit.live.keys) == controllers(of: window.content), sourceLocation: sourceLocation)
        }
        #expect(host.controllers.windows.count == seen, "a destroyed window's controllers stayed", sourceLocation: sourceLocation)
    }

    @Test(
        "a sheet counts as presented while the model shows it on screen: not once the model dismissed it, nor in a tab not selected"
    )
    @MainActor
    func presentsWhatTheModelShows() async throws {
        let host = FakeWindowHost()
        let root = WindowContent.tabs(TabBar(id: "main", Self.stack("inbox", "list"), Self.stack("settings", "prefs")))
        let coordinator = try await Coordinator(root: root, host: host)
        let window = try #require(try await coordinator.window(at: .root)).id
        let sheet = ControllerID.screen(Screen("sheet"))
        #expect(!host.controllers.presents(sheet, from: .container("inbox"), in: window))
        try await coordinator.perform(.content(.present(.screen(Screen("sheet")), from: .container("inbox"))))
        #expect(host.controllers.presents(sheet, from: .container("inbox"), in: window))
        #expect(!host.controllers.presents(sheet, from: .container("settings"), in: window))
        try await coordinator.tabs("main").select(1)
        #expect(!host.controllers.presents(sheet, from: .container("inbox"), in: window), "its tab is not selected")
        try await coordinator.tabs("main").select(0)
        #expect(host.controllers.presents(sheet, from: .container("inbox"), in: window))
        try await coordinator.perform(.content(.dismiss(.container("inbox"))))
        #expect(!host.controllers.presents(sheet, from: .container("inbox"), in: window), "the model dismissed it")
        try await expectInStep(coordinator, host)
    }

    @Test("pushes, pops, a sheet, a tab, a hop, a whole new tree and windows coming and going keep the fake in step")
    @MainActor
    func inStep() async throws {
        let host = FakeWindowHost()
        let root = WindowContent.tabs(TabBar(id: "main", Self.stack("inbox", "list"), Self.stack("settings", "prefs")))
        let coordinator = try await Coordinator(root: root, host: host)
        try await expectInStep(coordinator, host)

        try await coordinator.stack("inbox").push(Screen("mail"))
        try await expectInStep(coordinator, host)
        try await coordinator.perform(.content(.present(Self.stack("compose", "draft"), from: .container("inbox"))))
        try await expectInStep(coordinator, host)
        try await coordinator.stack("compose").push(Screen("attach"))
        try await expectInStep(coordinator, host)
        try await coordinator.perform(.content(.dismiss(.container("inbox"))))
        try await expectInStep(coordinator, host)
        try await coordinator.tabs("main").select(1)
        try await expectInStep(coordinator, host)
        try await coordinator.stack("inbox").pop()
        try await expectInStep(coordinator, host)
        try await coordinator.stack("settings").setStack((0..<1_000).map { Screen("item", id: ScreenID("s\($0)")) })
        try await expectInStep(coordinator, host)
        try await coordinator.perform(
            .content(.replace(with: .hop(HopContainer(id: "launch", showing: .screen(Screen("splash")))))))
        try await expectInStep(coordinator, host)
        try await coordinator.hop("launch").hop(to: Self.stack("signup", "email"))
        try await expectInStep(coordinator, host)
        try await coordinator.openWindow(Screen("pin"), at: .high)
        try await expectInStep(coordinator, host)
        try await coordinator.closeWindow(at: .high)
        try await expectInStep(coordinator, host)
        try await coordinator.stack("signup").push(Screen("password"))
        try await expectInStep(coordinator, host)
        // The user's own change: a back tap, folded in as one more transition.
        try await coordinator.userDid(.pop("signup"))
        try await expectInStep(coordinator, host)
    }
}
