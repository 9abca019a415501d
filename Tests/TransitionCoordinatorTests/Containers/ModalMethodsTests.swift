import Testing
import TransitionCoordinator

/// The coordinator's public modal and content methods: one way for a container and a screen alike.
@Suite("Modals and whole trees, through the coordinator's methods")
struct ModalMethodsTests {
    @Test("a sheet is presented over a window whose content is a screen, and dismissed by the screen")
    func presentOverAScreen() async throws {
        let coordinator = try await Coordinator(root: .screen(Screen("home")))
        let shown = try await coordinator.present(Screen("sheet"), from: .screen("home"))
        #expect(shown.after.rootWindow?.content == .presenting(.screen(Screen("home")), modal: .screen(Screen("sheet"))))
        let dismissed = try await coordinator.dismiss(presentedBy: .screen("home"))
        #expect(dismissed.after.rootWindow?.content == .screen(Screen("home")))
    }

    @Test("a modal is dismissed by its own node; once gone, the same call is refused and changes nothing")
    func dismissByTheModal() async throws {
        let coordinator = try await Coordinator(root: .stack(StackContainer(id: "inbox", root: Screen("list"))))
        try await coordinator.present(.stack(StackContainer(id: "compose", root: Screen("draft"))), from: .container("inbox"))
        let dismissed = try await coordinator.dismiss(.container("compose"))
        #expect(dismissed.after.rootWindow?.content == .stack(StackContainer(id: "inbox", root: Screen("list"))))
        let before = await coordinator.snapshot
        await #expect(throws: TransitionError.container(.notPresented(.container("compose")), in: nil)) {
            try await coordinator.dismiss(.container("compose"))
        }
        #expect(await coordinator.snapshot == before)
    }

    @Test("a whole tree replaces the root window's content in one change; a tree that breaks the rules changes nothing")
    func replaceContent() async throws {
        let coordinator = try await Coordinator(root: .screen(Screen("splash")))
        let tabs = WindowContent.tabs(
            TabBar(id: "main", .stack(StackContainer(id: "inbox", root: Screen("list"))), .screen(Screen("settings"))))
        let record = try await coordinator.replaceContent(with: tabs)
        #expect(record.after.rootWindow?.content == tabs)
        let before = await coordinator.snapshot
        let twice = WindowContent.stack(StackContainer(id: "twice", root: Screen("a"), pushed: [Screen("a")]))
        await #expect(throws: TransitionError.self) { try await coordinator.replaceContent(with: twice) }
        #expect(await coordinator.snapshot == before)
    }
}
