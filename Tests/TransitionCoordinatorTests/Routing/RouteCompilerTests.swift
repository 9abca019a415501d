import Testing
import TransitionCoordinator

/// Routes to content through a registry, and content back to routes.
@Suite("Route compiler")
struct RouteCompilerTests {
    /// An app: a home stack, a detail that needs an integer id, tabs `main`, a compose flow, and
    /// a `vault` whose factory declines without a matching code.
    static func registry() -> ScreenRegistry {
        var registry = ScreenRegistry()
        for name in ["home", "inbox", "mail", "settings", "profile", "compose", "draft", "alert", "friend"] {
            registry.screen(name)
        }
        registry.screen(
            "detail", parameters: ["id": .init(.integer), "tab": .init(.oneOf(["info", "reviews"]), required: false)])
        registry.screen("vault", parameters: ["code": .init(.text)]) { request in
            request.parameters["code"] == "1234" ? Screen("vault", id: request.id, parameters: request.parameters) : nil
        }
        do { try registry.tabs("main", tabs: ["inbox", "settings", "profile"]) } catch { preconditionFailure("\(error)") }
        return registry
    }

    static func content(_ path: String, from current: WindowContent? = nil) throws -> WindowContent {
        try RouteCompiler.content(for: try Route(parsing: path), from: current, registry: registry())
    }

    /// Good routes and the content they build, as `WindowContent.description` prints it.
    static let built: [(String, String)] = [
        (
            "^/home",
            "stack ^ [home[^/0:home]]"
        ),
        (
            "^/home/detail(id=3)",
            "stack ^ [home[^/0:home], detail[^/1:detail(id=3)](id=3)]"
        ),
        (
            "^/home/detail(id=3,tab=reviews)/friend",
            "stack ^ [home[^/0:home], detail[^/1:detail(id=3,tab=reviews)](id=3,tab=reviews), friend[^/2:friend]]"
        ),
        (
            "^/main",
            "tabs ^:main {*stack ^:main#inbox [inbox[^:main#inbox/0:inbox]], "
                + "stack ^:main#settings [settings[^:main#settings/0:settings]], "
                + "stack ^:main#profile [profile[^:main#profile/0:profile]]}"
        ),
        (
            "^/main#settings",
            "tabs ^:main {stack ^:main#inbox [inbox[^:main#inbox/0:inbox]], "
                + "*stack ^:main#settings [settings[^:main#settings/0:settings]], "
                + "stack ^:main#profile [profile[^:main#profile/0:profile]]}"
        ),
        (
            "^/main#inbox/mail#settings",
            "tabs ^:main {stack ^:main#inbox [inbox[^:main#inbox/0:inbox], mail[^:main#inbox/1:mail]], "
                + "*stack ^:main#settings [settings[^:main#settings/0:settings]], "
                + "stack ^:main#profile [profile[^:main#profile/0:profile]]}"
        ),
        // No `#`: the first tab, the same content as `^/main#inbox/mail`.
        (
            "^/main/mail",
            "tabs ^:main {*stack ^:main#inbox [inbox[^:main#inbox/0:inbox], mail[^:main#inbox/1:mail]], "
                + "stack ^:main#settings [settings[^:main#settings/0:settings]], "
                + "stack ^:main#profile [profile[^:main#profile/0:profile]]}"
        ),
        (
            "^/home!compose",
            "stack ^ [home[^/0:home]] ! compose[^!1:compose]"
        ),
        (
            "^/home!/compose/draft",
            "stack ^ [home[^/0:home]] ! stack ^!1:compose [compose[^!1:compose/0:compose], draft[^!1:compose/1:draft]]"
        ),
        (
            "^/main#inbox/mail!/compose",
            "tabs ^:main {*stack ^:main#inbox [inbox[^:main#inbox/0:inbox], "
                + "mail[^:main#inbox/1:mail]] ! stack ^!1:compose [compose[^!1:compose/0:compose]], "
                + "stack ^:main#settings [settings[^:main#settings/0:settings]], "
                + "stack ^:main#profile [profile[^:main#profile/0:profile]]}"
        ),
        (
            "^/home!main#profile",
            "stack ^ [home[^/0:home]] ! tabs ^!1:main {stack ^!1:main#inbox [inbox[^!1:main#inbox/0:inbox]], "
                + "stack ^!1:main#settings [settings[^!1:main#settings/0:settings]], "
                + "*stack ^!1:main#profile [profile[^!1:main#profile/0:profile]]}"
        ),
        (
            "^/home!/compose!alert",
            "stack ^ [home[^/0:home]] ! stack ^!1:compose [compose[^!1:compose/0:compose]] ! alert[^!2:alert]"
        ),
        (
            "^/home/vault(code=1234)",
            "stack ^ [home[^/0:home], vault[^/1:vault(code=1234)](code=1234)]"
        ),
        (
            "^/home/detail(id=3)/../friend",
            "stack ^ [home[^/0:home], friend[^/1:friend]]"
        ),
    ]

    @Test("a route builds the content its steps name, in one tree", arguments: built.indices)
    func builds(_ index: Int) throws {
        let (path, expected) = Self.built[index]
        let content = try Self.content(path)
        #expect(content.description == expected, "\(path)")
        #expect(ContentInvariants.check(content, in: path).isEmpty, "\(path)")
    }

    @Test(
        "ids come from where a node stands in the route, so the same link builds the same tree cold or warm",
        arguments: built.indices)
    func idsFromTheRoute(_ index: Int) throws {
        let (path, _) = Self.built[index]
        let cold = try Self.content(path)
        let warm = try Self.content(path, from: try Self.content("^/main#inbox/mail!/compose"))
        #expect(cold == warm)
        #expect(cold.screens.allSatisfy { $0.id.rawValue.hasPrefix("^") }, "\(cold.screens.map(\.id))")
    }

    @Test("two spellings of one place build the same content: the default tab said or not, a path gone up and down")
    func spellingsAgree() throws {
        #expect(try Self.content("^/main/mail") == (try Self.content("^/main#inbox/mail")))
        #expect(try Self.content("^/home/friend") == (try Self.content("^/home/detail(id=3)/../friend")))
        #expect(try Self.content("^/home/friend") != (try Self.content("^/home/friend(x=1)")), "parameters are part of a screen")
    }

    @Test("every content a route builds prints as a route that builds it again", arguments: built.indices)
    func printsBack(_ index: Int) throws {
        let content = try Self.content(Self.built[index].0)
        let route = try RouteCompiler.route(of: content)
        #expect(try RouteCompiler.content(for: route, registry: Self.registry()) == content, "\(route)")
        #expect(try Route(parsing: route.path) == route)
    }

    /// Routes that do not compile, and the error, with the step it names.
    static let refused: [(String, NavigationError)] = [
        ("^/nowhere", .unknownScreen("nowhere", step: 0)),
        ("^/home/detail", .missingParameter("id", screen: "detail", step: 1)),
        ("^/home/detail(id=three)", .parameterType("id", value: "three", expected: .integer, screen: "detail", step: 1)),
        (
            "^/home/detail(id=3,tab=map)",
            .parameterType("tab", value: "map", expected: .oneOf(["info", "reviews"]), screen: "detail", step: 1)
        ),
        ("^/home/vault(code=0000)", .declined("vault", step: 1)),
        ("^/home/main", .tabsInStack("main", step: 1)),
        ("^/home!/main", .tabsInStack("main", step: 1)),
        ("^/home#inbox", .tabOutsideTabs("inbox", step: 1)),
        ("^/main#drafts", .unknownTab("drafts", tabs: ["inbox", "settings", "profile"], tabBar: "main", step: 1)),
        ("^/home!compose/draft", .pushOntoModalScreen("draft", onto: "compose", step: 2)),
        ("^/home!compose/nowhere", .pushOntoModalScreen("nowhere", onto: "compose", step: 2)),
        ("^/main(k=v)#inbox", .tabsTakeNoParameters("main", step: 0)),
    ]

    @Test("a route that does not fit the registry fails with the step and the reason", arguments: refused.indices)
    func refuses(_ index: Int) throws {
        let (path, expected) = Self.refused[index]
        #expect(throws: expected) { try Self.content(path) }
    }

    @Test("routes with no root screen, or going up past their start, are refused before compiling")
    func refusesShape() throws {
        let registry = Self.registry()
        #expect(throws: NavigationError.emptyRoute) {
            try RouteCompiler.content(for: Route(absolute: true, []), registry: registry)
        }
        #expect(throws: NavigationError.noRootScreen(step: .modal(RouteTarget("alert")))) {
            try RouteCompiler.content(for: Route(absolute: true, [.modal(RouteTarget("alert"))]), registry: registry)
        }
        #expect(throws: NavigationError.upPastStart(step: 0)) {
            try RouteCompiler.content(
                for: try Route(parsing: "up(n=3)"), from: try Self.content("^/home/friend"), registry: registry)
        }
        #expect(throws: NavigationError.upPastStart(step: 1)) {
            try RouteCompiler.content(for: try Route(parsing: "friend/up(n=2)"), registry: registry)
        }
    }

    @Test(
        "going up past the root of the selected tab is refused: it never selects another tab, nor pops what one shows",
        arguments: [("..", 0), ("up(n=2)", 0), ("../friend", 0), ("mail/up(n=2)", 1)])
    func upPastTabRoot(_ path: String, step: Int) throws {
        // Printed as `^/main#settings/alert#inbox`: the settings tab holds a screen, and the inbox
        // tab, selected, only its root.
        let shown = try Self.content("^/main#settings/alert#inbox")
        #expect(throws: NavigationError.upPastTab("inbox", step: step)) {
            try RouteCompiler.content(for: try Route(parsing: path), from: shown, registry: Self.registry())
        }
        // Inside the tab, up pops its own screens as ever.
        let deeper = try Self.content("^/main#settings/alert#inbox/mail")
        let popped = try RouteCompiler.content(for: try Route(parsing: ".."), from: deeper, registry: Self.registry())
        #expect(popped == shown)
    }

    /// Relative routes from `^/home/detail(id=3)`, and the absolute route each resolves to.
    static let relative: [(String, String)] = [
        ("..", "^/home"),
        ("../friend", "^/home/friend"),
        ("friend", "^/home/detail(id=3)/friend"),
        ("!/compose/draft", "^/home/detail(id=3)!/compose/draft"),
        ("up(n=2)/main", "^/main"),
    ]

    @Test("a relative route is appended to the route of what is shown, then compiled as absolute", arguments: relative.indices)
    func relativeRoutes(_ index: Int) throws {
        let (path, absolute) = Self.relative[index]
        let current = try Self.content("^/home/detail(id=3)")
        let resolved = try RouteCompiler.resolve(try Route(parsing: path), from: current)
        #expect(resolved.path == absolute)
        #expect(try Self.content(path, from: current) == (try Self.content(absolute)))
    }

    @Test("content no route writes is refused for relative routes: a hop container, tabs not made by a route")
    func notRoutable() throws {
        let hop = WindowContent.hop(HopContainer(id: "launch", showing: .screen(Screen("splash"))))
        #expect(throws: NavigationError.notRoutable(.container("launch"), reason: "a hop container has no route step")) {
            try RouteCompiler.route(of: hop)
        }
        let tabs = WindowContent.tabs(TabBar(id: "bar", .screen(Screen("a"))))
        #expect(
            throws: NavigationError.notRoutable(
                .container("bar"), reason: "its id is neither declared in the registry nor a route's, so its name is unknown")
        ) {
            try RouteCompiler.route(of: tabs)
        }
        // An absolute route reads nothing of what is shown.
        #expect(
            try RouteCompiler.content(for: try Route(parsing: "^/home"), from: hop, registry: Self.registry())
                == (try Self.content("^/home")))
    }

    @Test("a root showing a plain screen is written as a stack of it")
    func plainRoot() throws {
        let route = try RouteCompiler.route(of: .screen(Screen("home")))
        #expect(route.path == "^/home")
    }

    @Test("generated routes over the registry: each compiles, prints back and compiles to the same content")
    func generated() throws {
        var draws = RouteParserTests.Draws(state: 0xD1CE)
        let registry = Self.registry()
        var compiled = 0
        for _ in 0..<2_000 {
            var steps: [RouteStep] = []
            var inTabs = false, onModalScreen = false
            let first = draws.next(3) == 0 ? "main" : "home"
            steps.append(.push(RouteTarget(first)))
            inTabs = first == "main"
            for _ in 0..<draws.next(8) {
                let screen = ["mail", "friend", "draft", "profile"][draws.next(4)]
                switch draws.next(6) {
                case 0 where inTabs:
                    steps.append(.tab(RouteTarget(["inbox", "settings", "profile"][draws.next(3)])))
                case 1:
                    steps.append(.modal(RouteTarget(draws.next(2) == 0 ? "alert" : "main")))
                    inTabs = steps.last == .modal(RouteTarget("main"))
                    onModalScreen = !inTabs
                    continue
                case 2:
                    steps.append(.modalStack(RouteTarget("compose")))
                    inTabs = false
                case 3:
                    steps.append(.push(RouteTarget("detail", ["id": String(draws.next(100))])))
                default:
                    if onModalScreen { continue }
                    steps.append(.push(RouteTarget(screen)))
                }
                onModalScreen = false
            }
            let route = Route(absolute: true, steps)
            guard let content = try? RouteCompiler.content(for: route, registry: registry) else { continue }
            compiled += 1
            #expect(ContentInvariants.check(content, in: route.path).isEmpty, "\(route)")
            let printed = try RouteCompiler.route(of: content)
            #expect(try RouteCompiler.content(for: printed, registry: registry) == content, "\(route) → \(printed)")
        }
        #expect(compiled > 1_000)
    }
}
