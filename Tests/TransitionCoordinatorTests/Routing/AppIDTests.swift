import Foundation
import TestSupport
import Testing
import TransitionCoordinator

/// One id world: the containers an app declares in its registry hold the same ids whether the
/// content was built by hand, by a link or by restoration.
@Suite("App ids")
struct AppIDTests {
    /// The app of ``RouteCompilerTests/registry()``, with its structure's ids declared: the root
    /// stack `homeStack`, the tab bar `main` of the stacks `inbox`, `settings` and `profile`, and
    /// the modal stack `composeStack` rooted at `compose`.
    static func registry() throws -> ScreenRegistry {
        var registry = RouteCompilerTests.registry()
        try registry.rootStack(id: "homeStack")
        try registry.tabs(
            "main", id: "main",
            tabs: [
                "inbox": "inbox", "settings": "settings",
                "profile": "profile",
            ])
        try registry.modalStack(rootedAt: "compose", id: "composeStack")
        return registry
    }

    static func content(_ path: String, from current: WindowContent? = nil) throws -> WindowContent {
        try RouteCompiler.content(for: try Route(parsing: path), from: current, registry: try registry())
    }

    /// What the app builds by hand, with its own screen ids: the tab bar on `settings`, a mail
    /// pushed in `inbox`, the compose flow presented over `settings`.
    static let handBuilt: WindowContent = {
        do {
            return .tabs(
                try TabBar(
                    id: "main",
                    tabs: [
                        .stack(
                            StackContainer(
                                id: "inbox", root: Screen("inbox"), pushed: [Screen("mail", id: "m1", parameters: ["id": "7"])])),
                        .presenting(
                            .stack(StackContainer(id: "settings", root: Screen("settings"))),
                            modal: .stack(
                                StackContainer(
                                    id: "composeStack", root: Screen("compose", id: "c"),
                                    pushed: [Screen("draft", id: "d")]))),
                        .stack(StackContainer(id: "profile", root: Screen("profile"))),
                    ], selected: 1))
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    /// `content` with every screen's id left out: the containers with their ids, and in each the
    /// screens by name and parameters, in order.
    static func shape(_ content: WindowContent) -> String {
        func screen(_ screen: Screen) -> String { Screen(screen.name, parameters: screen.parameters).description }
        switch content {
        case .screen(let shown): return screen(shown)
        case .stack(let stack): return "stack \(stack.id) [" + stack.items.map(screen).joined(separator: ", ") + "]"
        case .tabs(let bar):
            return "tabs \(bar.id) {"
                + bar.tabs.enumerated().map { ($0.offset == bar.selected ? "*" : "") + shape($0.element) }
                .joined(separator: ", ") + "}"
        case .hop(let hop): return "hop \(hop.id) (\(shape(hop.current)))"
        case .presenting(let base, let modal): return "\(shape(base)) ! \(shape(modal))"
        }
    }

    /// Routes and the content they build with the declared ids, as `WindowContent.description` prints it.
    static let built: [(String, String)] = [
        (
            "^/home/detail(id=3)",
            "stack homeStack [home[homeStack/0:home], detail[homeStack/1:detail(id=3)](id=3)]"
        ),
        (
            "^/main#settings",
            "tabs main {stack inbox [inbox[inbox/0:inbox]], *stack settings [settings[settings/0:settings]], "
                + "stack profile [profile[profile/0:profile]]}"
        ),
        (
            "^/main#inbox/mail!/compose/draft",
            "tabs main {*stack inbox [inbox[inbox/0:inbox], mail[inbox/1:mail]] ! stack composeStack "
                + "[compose[composeStack/0:compose], draft[composeStack/1:draft]], stack settings [settings[settings/0:settings]], "
                + "stack profile [profile[profile/0:profile]]}"
        ),
        // A declaration's second container in one route takes the id the route makes.
        (
            "^/home!/compose!/compose",
            "stack homeStack [home[homeStack/0:home]] ! stack composeStack [compose[composeStack/0:compose]] "
                + "! stack ^!2:compose [compose[^!2:compose/0:compose]]"
        ),
        (
            "^/main!main#profile",
            "tabs main {*stack inbox [inbox[inbox/0:inbox]] ! tabs ^!1:main {stack ^!1:main#inbox [inbox[^!1:main#inbox/0:inbox]], "
                + "stack ^!1:main#settings [settings[^!1:main#settings/0:settings]], "
                + "*stack ^!1:main#profile [profile[^!1:main#profile/0:profile]]}, stack settings [settings[settings/0:settings]], "
                + "stack profile [profile[profile/0:profile]]}"
        ),
        // A modal stack with no declaration keeps the made id.
        (
            "^/home!/draft",
            "stack homeStack [home[homeStack/0:home]] ! stack ^!1:draft [draft[^!1:draft/0:draft]]"
        ),
    ]

    @Test("a route builds the containers the registry declares, with their ids", arguments: built.indices)
    func builds(_ index: Int) throws {
        let (path, expected) = Self.built[index]
        let content = try Self.content(path)
        #expect(content.description == expected, "\(path)")
        #expect(ContentInvariants.check(content, in: path).isEmpty, "\(path)")
    }

    @Test("cold and warm links give equal content with the app's ids, whatever is shown before", arguments: built.indices)
    func coldAndWarm(_ index: Int) throws {
        let path = Self.built[index].0
        let cold = try Self.content(path)
        #expect(try Self.content(path, from: Self.handBuilt) == cold)
        #expect(try Self.content(path, from: try Self.content("^/main#inbox/mail!/compose")) == cold)
    }

    @Test(
        "cold and warm coordinators land a link on the same content, the app's hand-built containers kept by id, and the tabs it does not name as the user left them"
    )
    func coldAndWarmCoordinators() async throws {
        let route = try Route(parsing: "^/main#settings!/compose/draft")
        let cold = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: try Self.registry())
        try await cold.navigate(to: route)
        let warm = try await Coordinator(root: Self.handBuilt, clock: TestClock(), screens: try Self.registry())
        let record = try #require(try await warm.navigate(to: route))
        // The link names settings and its sheet; the inbox tab keeps the mail the user had open.
        guard case .tabs(let landed) = await cold.snapshot.windowList[0].content, case .tabs(let built) = Self.handBuilt else {
            Issue.record("no tab bar")
            return
        }
        var tabs = landed.tabs
        tabs[0] = built.tabs[0]
        let expected = WindowContent.tabs(try TabBar(id: landed.id, tabs: tabs, selected: landed.selected))
        let warmLanded = await warm.snapshot.windowList[0].content
        #expect(warmLanded == expected, "\(warmLanded) vs \(expected)")
        #expect(try await warm.navigate(to: route) == nil, "the same link twice changes nothing")
        #expect(
            record.after.windowList[0].content.containers == record.before.windowList[0].content.containers,
            "the same tab bar, stacks and modal stack, by id")
    }

    @Test("after a link, the app reaches the link's containers by the ids it declared: stack(\"inbox\").push works")
    func linkThenPush() async throws {
        let coordinator = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: try Self.registry())
        try await coordinator.navigate(to: try Route(parsing: "^/main#inbox/mail"))
        try await coordinator.stack("inbox").push(Screen("mail", id: "m2", parameters: ["id": "8"]))
        try await coordinator.tabs("main").select(1)
        try await coordinator.stack("settings").push(Screen("profile", id: "p"))
        #expect(
            Self.shape(await coordinator.snapshot.windowList[0].content)
                == "tabs main {stack inbox [inbox, mail, mail(id=8)], *stack settings [settings, profile], stack profile [profile]}"
        )
        try await coordinator.navigate(to: try Route(parsing: "^/home!/compose"))
        try await coordinator.stack("composeStack").push(Screen("draft", id: "d"))
        try await coordinator.stack("homeStack").push(Screen("friend", id: "f"))
        #expect(
            Self.shape(await coordinator.snapshot.windowList[0].content)
                == "stack homeStack [home, friend] ! stack composeStack [compose, draft]")
    }

    @Test("the same link twice with the app's ids: the second is a no-op that returns nil")
    func sameLinkTwice() async throws {
        let coordinator = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: try Self.registry())
        let route = try Route(parsing: "^/main#inbox/mail!/compose")
        #expect(try await coordinator.navigate(to: route) != nil)
        let before = await coordinator.snapshot
        #expect(try await coordinator.navigate(to: route) == nil)
        #expect(await coordinator.snapshot == before)
    }

    @Test("a tree the app built by hand, with its ids, saves and restores to the same containers and screens")
    func handBuiltSavesAndRestores() async throws {
        let before = try await Coordinator(root: Self.handBuilt, clock: TestClock(), screens: try Self.registry())
        let saved = try await before.savedNavigation(schema: 1, savedAt: .seconds(5))
        #expect(saved.route.path == "^/main#inbox/mail(id=7)#settings!/compose/draft")
        let decoded = try JSONDecoder().decode(SavedNavigation.self, from: try JSONEncoder().encode(saved))

        let after = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: try Self.registry())
        let restored = try await after.restore(decoded, policy: RestorationPolicy(), now: .seconds(6))
        #expect(restored.dropped.isEmpty)
        let content = await after.snapshot.windowList[0].content
        #expect(Self.shape(content) == Self.shape(Self.handBuilt))
        #expect(content.containers == Self.handBuilt.containers)
        // The restored app is the app's: its stacks answer by the ids it chose.
        try await after.stack("inbox").push(Screen("mail", id: "m2"))
        try await after.stack("composeStack").pop()
    }

    @Test("a hand-built root stack saves and restores onto the declared root stack")
    func handBuiltRootStack() async throws {
        let root = WindowContent.stack(
            StackContainer(
                id: "homeStack", root: Screen("home", id: "h"),
                pushed: [Screen("detail", id: "d3", parameters: ["id": "3"])]))
        let before = try await Coordinator(root: root, clock: TestClock(), screens: try Self.registry())
        let saved = try await before.savedNavigation(schema: 1, savedAt: .zero)
        #expect(saved.route.path == "^/home/detail(id=3)")
        let after = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: try Self.registry())
        try await after.restore(saved, policy: RestorationPolicy(), now: .zero)
        #expect(Self.shape(await after.snapshot.windowList[0].content) == Self.shape(root))
    }

    @Test(
        "an app whose launch flow runs in a hop container declares it: links land inside it, and its state saves and restores through it"
    )
    func declaredRootHop() async throws {
        var registry = try Self.registry()
        try registry.rootHop(id: "launch")
        // After the launch flow: the hop container shows the app's root stack, a detail pushed by hand.
        let root = WindowContent.hop(
            HopContainer(
                id: "launch",
                showing: .stack(
                    StackContainer(
                        id: "homeStack", root: Screen("home", id: "h"),
                        pushed: [Screen("detail", id: "d3", parameters: ["id": "3"])]))))
        let before = try await Coordinator(root: root, clock: TestClock(), screens: registry)
        let saved = try await before.savedNavigation(schema: 1, savedAt: .zero)
        #expect(saved.route.path == "^/home/detail(id=3)", "read through the declared container")

        let after = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: registry)
        try await after.restore(saved, policy: RestorationPolicy(), now: .zero)
        #expect(Self.shape(await after.snapshot.windowList[0].content) == Self.shape(root))
        // A link lands inside it too, and the same link twice is a no-op.
        let link = try Route(parsing: "^/home/detail(id=4)")
        #expect(try await after.navigate(to: link) != nil)
        #expect(try await after.navigate(to: link) == nil)
        #expect(await after.snapshot.windowList[0].content.containers == ["launch", "homeStack"])
        try await after.hop("launch").hop(to: .screen(Screen("signIn")))

        // Without the declaration the container has no route, and saving says which it is.
        let undeclared = try await Coordinator(root: root, clock: TestClock(), screens: try Self.registry())
        await #expect(throws: NavigationError.notRoutable(.container("launch"), reason: "a hop container has no route step")) {
            try await undeclared.savedNavigation(schema: 1, savedAt: .zero)
        }
    }

    @Test("a declared root hop that presents a sheet saves through the hop, and restores the same screens and sheet")
    func declaredRootHopPresenting() async throws {
        var registry = try Self.registry()
        try registry.rootHop(id: "launch")
        // The launch flow's hop container shows the root stack and presents the compose sheet.
        let root = WindowContent.presenting(
            .hop(HopContainer(id: "launch", showing: .stack(StackContainer(id: "homeStack", root: Screen("home"))))),
            modal: .stack(StackContainer(id: "composeStack", root: Screen("compose"))))
        let before = try await Coordinator(root: root, clock: TestClock(), screens: registry)
        let saved = try await before.savedNavigation(schema: 1, savedAt: .zero)
        #expect(saved.route.path == "^/home!/compose", "read through the hop, the sheet over what it shows")

        let after = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: registry)
        try await after.restore(saved, policy: RestorationPolicy(), now: .zero)
        let restored = await after.snapshot.windowList[0].content
        // The same screens and sheet, the sheet presented by what the hop shows.
        #expect(Self.shape(restored) == "hop launch (stack homeStack [home] ! stack composeStack [compose])")
        #expect(restored.containers == ["launch", "homeStack", "composeStack"])
        #expect(try await after.savedNavigation(schema: 1, savedAt: .zero).route == saved.route, "and saves again as it did")
    }

    @Test("screens whose factories derive their ids from name and parameters come back identical, ids included")
    func factoryIDsRestoreExactly() async throws {
        var registry = try Self.registry()
        for name in ["inbox", "settings", "profile", "compose", "draft"] {
            registry.screen(name) { request in Screen(request.name, id: ScreenID(request.name), parameters: request.parameters) }
        }
        registry.screen("mail") { request in
            Screen("mail", id: ScreenID("mail-" + (request.parameters["id"] ?? "")), parameters: request.parameters)
        }
        let built = WindowContent.tabs(
            try TabBar(
                id: "main",
                tabs: [
                    .stack(
                        StackContainer(
                            id: "inbox", root: Screen("inbox"), pushed: [Screen("mail", id: "mail-7", parameters: ["id": "7"])])),
                    .presenting(
                        .stack(StackContainer(id: "settings", root: Screen("settings"))),
                        modal: .stack(StackContainer(id: "composeStack", root: Screen("compose"), pushed: [Screen("draft")]))),
                    .stack(StackContainer(id: "profile", root: Screen("profile"))),
                ], selected: 1))
        let before = try await Coordinator(root: built, clock: TestClock(), screens: registry)
        let saved = try await before.savedNavigation(schema: 1, savedAt: .zero)
        let after = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: registry)
        try await after.restore(saved, policy: RestorationPolicy(), now: .zero)
        #expect(await after.snapshot.windowList[0].content == built)
        #expect(try await before.navigate(to: saved.route) == nil, "a link to where the app is changes nothing")
    }

    @Test("a restore after a rename keeps the app's containers: the renamed branch drops, the declared ids stay")
    func restoreAfterRename() async throws {
        let saved = SavedNavigation(
            route: try Route(parsing: "^/main#settings/lounge/friend#inbox/mail!/compose"),
            schema: 1, savedAt: .zero)
        let coordinator = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: try Self.registry())
        let restored = try await coordinator.restore(saved, policy: RestorationPolicy(), now: .zero)
        #expect(restored.route.path == "^/main#settings#inbox/mail!/compose")
        #expect(restored.dropped.map(\.step) == [.push(RouteTarget("lounge")), .push(RouteTarget("friend"))])
        #expect(
            Self.shape(await coordinator.snapshot.windowList[0].content)
                == "tabs main {*stack inbox [inbox, mail] ! stack composeStack [compose], stack settings [settings], stack profile [profile]}"
        )
    }

    @Test("a tab bar built by hand prints by its declared id; with no declaration it is refused as today")
    func printsByDeclaredID() throws {
        #expect(
            try RouteCompiler.route(of: Self.handBuilt, registry: try Self.registry()).path
                == "^/main#inbox/mail(id=7)#settings!/compose/draft")
        #expect(
            throws: NavigationError.notRoutable(
                .container("main"),
                reason: "its id is neither declared in the registry nor a route's, so its name is unknown")
        ) {
            try RouteCompiler.route(of: Self.handBuilt)
        }
        let made = try RouteCompilerTests.content("^/main#settings")
        #expect(
            try RouteCompiler.route(of: made, registry: try Self.registry()).path == "^/main#settings",
            "a made id still reads with a registry that declares others")
    }

    /// Declarations refused, each after `registry()`'s, with the error.
    static let refused: [(String, @Sendable (inout ScreenRegistry) throws(NavigationError) -> Void, NavigationError)] = [
        (
            "a tab bar taking the root stack's id",
            { registry throws(NavigationError) in
                try registry.tabs("bar", id: "homeStack", tabs: ["alert": "alerts"])
            }, .duplicateID("homeStack", declaredBy: "the root stack")
        ),
        (
            "a tab stack taking another tab bar's stack id",
            { registry throws(NavigationError) in
                try registry.tabs("bar", id: "bar", tabs: ["alert": "inbox"])
            }, .duplicateID("inbox", declaredBy: "the stack of the tab `inbox` of `main`")
        ),
        (
            "a tab bar whose stack has the bar's id",
            { registry throws(NavigationError) in
                try registry.tabs("bar", id: "bar", tabs: ["alert": "bar"])
            }, .duplicateID("bar", declaredBy: "the tab bar `bar`")
        ),
        (
            "two tabs with one stack id",
            { registry throws(NavigationError) in
                try registry.tabs("bar", id: "bar", tabs: ["alert": "s", "friend": "s"])
            }, .duplicateID("s", declaredBy: "the stack of the tab `alert` of `bar`")
        ),
        (
            "a modal stack taking a tab bar's id",
            { registry throws(NavigationError) in
                try registry.modalStack(rootedAt: "draft", id: "main")
            }, .duplicateID("main", declaredBy: "the tab bar `main`")
        ),
        (
            "a root stack taking the modal stack's id",
            { registry throws(NavigationError) in
                try registry.rootStack(id: "composeStack")
            }, .duplicateID("composeStack", declaredBy: "the modal stack of `compose`")
        ),
        (
            "an id made like a route's",
            { registry throws(NavigationError) in
                try registry.modalStack(rootedAt: "draft", id: "^!1:draft")
            }, .reservedID("^!1:draft")
        ),
        ("an empty id", { registry throws(NavigationError) in try registry.rootStack(id: "") }, .reservedID("")),
        (
            "a root hop container with the root stack's id",
            { registry throws(NavigationError) in try registry.rootHop(id: "homeStack") },
            .duplicateID("homeStack", declaredBy: "the root stack")
        ),
    ]

    @Test(
        "a registry declaring an id twice, or a reserved one, is refused with a typed NavigationError, nothing declared",
        arguments: refused.indices)
    func duplicateRefused(_ index: Int) throws {
        let (what, declare, expected) = Self.refused[index]
        var registry = try Self.registry()
        #expect(throws: expected, "\(what)") { try declare(&registry) }
        #expect(
            try RouteCompiler.content(for: try Route(parsing: "^/main#inbox/mail!/compose"), registry: registry)
                == (try Self.content("^/main#inbox/mail!/compose")), "\(what): the registry is as before")
        #expect(!expected.description.isEmpty && ["duplicateID", "reservedID"].contains(expected.code))
    }

    @Test("tabs paired with their stacks as the app builds them at run time declare what the literal declares")
    func tabsBuiltAtRunTime() throws {
        enum Tab: String, Hashable, Codable, Sendable, CaseIterable { case inbox, settings, profile }
        var literal = RouteCompilerTests.registry(), built = RouteCompilerTests.registry()
        try literal.tabs("main", id: "main", tabs: [Tab.inbox: "inbox", .settings: "settings", .profile: "profile"])
        try built.tabs("main", id: "main", tabs: Tab.allCases.map { ($0, ContainerID($0.rawValue)) })
        let route = try Route(parsing: "^/main#settings")
        let content = try RouteCompiler.content(for: route, registry: built)
        #expect(content == (try RouteCompiler.content(for: route, registry: literal)))
        #expect(content.containers.contains(ContainerID("settings")))
        #expect(throws: NavigationError.duplicateID("s", declaredBy: "the stack of the tab `inbox` of `other`")) {
            try built.tabs("other", id: "other", tabs: [(Tab.inbox, ContainerID("s")), (Tab.settings, ContainerID("s"))])
        }
    }

    @Test("declaring again replaces a declaration: its old ids are free, and it never clashes with itself")
    func redeclaring() throws {
        var registry = try Self.registry()
        try registry.rootStack(id: "homeStack")
        try registry.tabs(
            "main", id: "main",
            tabs: [
                "inbox": "mails", "settings": "settings",
                "profile": "profile",
            ])
        try registry.modalStack(rootedAt: "draft", id: "inbox")
        try registry.rootStack(id: "root")
        try registry.modalStack(rootedAt: "compose", id: "homeStack")
        let content = try RouteCompiler.content(for: try Route(parsing: "^/home!/compose!/draft"), registry: registry)
        #expect(content.containers == ["root", "homeStack", "inbox"])
    }

    @Test("the ids a route makes where the app declared none follow a public rule, the compiler's")
    func madeIDRule() throws {
        #expect(ScreenRegistry.madeID(.rootStack) == "^")
        #expect(ScreenRegistry.madeID(.tabBar("main", layer: 0)) == "^:main")
        #expect(ScreenRegistry.madeID(.tab("inbox", tabBar: "main", layer: 1)) == "^!1:main#inbox")
        #expect(ScreenRegistry.madeID(.modalStack(root: RouteTarget("compose", ["to": "a"]), layer: 1)) == "^!1:compose(to=a)")
        #expect(ScreenRegistry.screenID(in: "inbox", at: 1, RouteTarget("mail")) == "inbox/1:mail")
        let made = try RouteCompilerTests.content("^/home!main#profile")
        let bare = RouteCompilerTests.registry()
        #expect(
            made.containers == [
                bare.containerID(.rootStack), bare.containerID(.tabBar("main", layer: 1)),
                bare.containerID(.tab("inbox", tabBar: "main", layer: 1)),
                bare.containerID(.tab("settings", tabBar: "main", layer: 1)),
                bare.containerID(.tab("profile", tabBar: "main", layer: 1)),
            ])
        let declared = try Self.registry()
        #expect(declared.containerID(.rootStack) == "homeStack")
        #expect(declared.containerID(.tabBar("main", layer: 1)) == "main")
        #expect(declared.containerID(.tab("settings", tabBar: "main", layer: 0)) == "settings")
        #expect(declared.containerID(.modalStack(root: RouteTarget("compose"), layer: 2)) == "composeStack")
        #expect(declared.containerID(.modalStack(root: RouteTarget("draft"), layer: 2)) == "^!2:draft")
    }
}
