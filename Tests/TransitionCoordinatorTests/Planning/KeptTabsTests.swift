import TestSupport
import Testing

@testable import TransitionCoordinator

/// A link keeps what it does not name: the tabs its route leaves at their root keep what they
/// show, and the tab it selects shows the route's stack.
@Suite("Links keep the tabs they do not name")
struct KeptTabsTests {
    /// Tabs `main`: inbox, settings and profile, each registered with its stack's id.
    static func registry() throws -> ScreenRegistry {
        var registry = ScreenRegistry()
        try registry.tabs(
            "main", id: "main",
            tabs: ["inbox": "inbox", "settings": "settings", "profile": "profile"])
        for name in ["inbox", "settings", "profile", "prefs", "privacy", "launch", "compose", "card"] { registry.screen(name) }
        registry.screen("mail", parameters: ["id": .init(.integer)])
        return registry
    }

    static func coordinator() async throws -> Coordinator {
        await Coordinator(root: Screen("launch"), clock: TestClock(), screens: try registry())
    }

    static func stack(_ content: WindowContent, _ id: ContainerID) -> [String] {
        guard case .stack(let stack)? = content.find(id)?.base else { return [] }
        return stack.items.map(\.name)
    }

    @Test("a link into the inbox leaves the settings tab's stack as the user left it, and its sheet")
    func otherTabsKept() async throws {
        let coordinator = try await Self.coordinator()
        try await coordinator.navigate(to: try Route(parsing: "^/main#settings/prefs/privacy!card"))
        try await coordinator.navigate(to: try Route(parsing: "^/main#inbox/mail(id=42)"))
        let root = try #require(await coordinator.snapshot.rootWindow?.content)
        #expect(Self.stack(root, "inbox") == ["inbox", "mail"])
        #expect(Self.stack(root, "settings") == ["settings", "prefs", "privacy"], "the tab the link does not name")
        #expect(root.find("settings")?.presented != nil, "and the sheet it presents")
        #expect(try await coordinator.navigate(to: try Route(parsing: "^/main#inbox/mail(id=42)")) == nil, "the same link twice")
    }

    @Test("the tab the link selects shows the route's stack, keeping the screens the user had open at the same places")
    func namedTabFollowsRoute() async throws {
        let coordinator = try await Self.coordinator()
        try await coordinator.navigate(to: try Route(parsing: "^/main#inbox/mail(id=7)/mail(id=8)"))
        let seven = try #require(await coordinator.snapshot.rootWindow?.content.find("inbox")?.screens.dropFirst().first)
        try await coordinator.navigate(to: try Route(parsing: "^/main#inbox/mail(id=7)"))
        let root = try #require(await coordinator.snapshot.rootWindow?.content)
        #expect(root.find("inbox")?.screens.map(\.name) == ["inbox", "mail"])
        #expect(root.find("inbox")?.screens.last == seven, "the mail the user had open, the same screen")
    }

    @Test("a link that presents from the selected tab drops the sheet of a tab it does not name (one presentation per tab bar)")
    func keptSheetGivesWay() async throws {
        let coordinator = try await Self.coordinator()
        try await coordinator.navigate(to: try Route(parsing: "^/main#settings/prefs!card"))
        try await coordinator.navigate(to: try Route(parsing: "^/main#inbox!compose"))
        let root = try #require(await coordinator.snapshot.rootWindow?.content)
        #expect(Self.stack(root, "settings") == ["settings", "prefs"], "the stack stays")
        #expect(root.find("settings")?.presented == nil, "its sheet gives way to the link's")
        #expect(root.find("inbox")?.presented?.topScreen.name == "compose")
        #expect(ContentInvariants.check(root, in: "root").isEmpty)
    }

    @Test("a link relative to what is shown pushes onto a tab's current stack: #settings/privacy")
    func relativeLinkPushesOntoTab() async throws {
        let coordinator = try await Self.coordinator()
        try await coordinator.navigate(to: try Route(parsing: "^/main#settings/prefs"))
        try await coordinator.navigate(to: try Route(parsing: "^/main#inbox/mail(id=1)"))
        try await coordinator.navigate(to: try Route(parsing: "#settings/privacy"))
        let root = try #require(await coordinator.snapshot.rootWindow?.content)
        #expect(Self.stack(root, "settings") == ["settings", "prefs", "privacy"])
        #expect(Self.stack(root, "inbox") == ["inbox", "mail"])
        guard case .tabs(let bar)? = root.find("main") else {
            Issue.record("no tab bar main: \(root)")
            return
        }
        #expect(bar.selected == 1)
    }

    @Test("a tab the app moved in the bar is still kept by its id: a link that does not name it leaves its stack")
    func movedTabKept() async throws {
        let coordinator = try await Self.coordinator()
        try await coordinator.navigate(to: try Route(parsing: "^/main#settings/prefs"))
        guard case .tabs(let bar)? = await coordinator.snapshot.rootWindow?.content else {
            Issue.record("no tab bar")
            return
        }
        let moved = try TabBar(id: "main", tabs: [bar.tabs[0], bar.tabs[2], bar.tabs[1]], selected: 2)
        try await coordinator.replaceContent(with: .tabs(moved))
        try await coordinator.navigate(to: try Route(parsing: "^/main#inbox/mail(id=1)"))
        let after = try #require(await coordinator.snapshot.rootWindow?.content)
        #expect(Self.stack(after, "settings") == ["settings", "prefs"])
    }

    @Test("another tab bar, or none shown, keeps nothing: the route's content stands")
    func nothingToKeep() throws {
        let registry = try Self.registry()
        let target = try RouteCompiler.content(for: try Route(parsing: "^/main#inbox/mail(id=1)"), registry: registry)
        #expect(KeptTabs.target(target, keeping: nil) == target)
        #expect(KeptTabs.target(target, keeping: .screen(Screen("launch"))) == target)
        let other = WindowContent.tabs(
            TabBar(id: "other", .stack(StackContainer(id: "settings", root: Screen("settings"), pushed: [Screen("prefs")]))))
        #expect(KeptTabs.target(target, keeping: other) == target)
    }
}
