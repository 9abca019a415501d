import Testing
import TransitionCoordinator

/// A route's screen ids recognized without being written, and the screens shown taken as they are.
@Suite("Screen ids checked without writing them")
struct ScreenIDMatchTests {
    /// Targets whose written form needs each kind of care: escapes, percent-encoding, a control
    /// character, non-ASCII text, the up step's spellings, parameters in key order.
    static let targets: [RouteTarget] = [
        RouteTarget("home"),
        RouteTarget("detail", ["id": "3"]),
        RouteTarget("search", ["q": "a,b é", "id": "12", "page": "2"]),
        RouteTarget("a/b!c#d^e", ["k(1)": "v=2\\x", "path": "/x!#^"]),
        RouteTarget("100%", ["tab": "line\none"]),
        RouteTarget("up", ["n": "2"]),
        RouteTarget(".."),
        RouteTarget("..", ["x": "1"]),
        RouteTarget("café"),
    ]

    @Test("an id is recognized exactly when it is the id the route writes", arguments: targets.indices)
    func recognized(_ index: Int) {
        let target = Self.targets[index]
        let stack = ContainerID("^:main#inbox")
        let id = ScreenRegistry.screenID(in: stack, at: 7, target)
        #expect(ScreenRegistry.isScreenID(id, in: stack, at: 7, target))
        // Anything else is not that id: another place, stack or target, a prefix, a longer id.
        #expect(!ScreenRegistry.isScreenID(id, in: stack, at: 8, target))
        #expect(!ScreenRegistry.isScreenID(id, in: ContainerID("^"), at: 7, target))
        #expect(!ScreenRegistry.isScreenID(id, in: stack, at: 7, RouteTarget(target.name + "x", target.parameters)))
        #expect(!ScreenRegistry.isScreenID(ScreenID(String(id.rawValue.dropLast())), in: stack, at: 7, target))
        #expect(!ScreenRegistry.isScreenID(ScreenID(id.rawValue + ")"), in: stack, at: 7, target))
        #expect(!ScreenRegistry.isScreenID(ScreenID(""), in: stack, at: 7, target))
    }

    @Test("an id equal as a string but spelled in other code points is not recognized, and the route still builds it")
    func otherNormalization() throws {
        let target = RouteTarget("café")
        let written = ScreenRegistry.screenID(in: "^", at: 0, target)
        let decomposed = ScreenID("^/0:cafe\u{301}")
        #expect(decomposed == written)
        #expect(!ScreenRegistry.isScreenID(decomposed, in: "^", at: 0, target))
        // Shown with the decomposed id, the screen is still the one the route makes (equal).
        var registry = ScreenRegistry.open
        registry.screen("café")
        let shown = WindowContent.stack(StackContainer(id: "^", root: Screen("café", id: decomposed)))
        let route = try Route(parsing: "^/café")
        let built = try RouteCompiler.content(resolved: route, registry: registry, sharingWith: shown)
        #expect(built == shown)
    }

    @Test(
        "a route compiled against what is shown builds what it builds cold, whatever is shown",
        arguments: [
            ("^/main#settings/detail(id=3)/friend", "^/main#settings/detail(id=3)/friend"),
            ("^/main#settings/detail(id=3)/friend", "^/main#settings/detail(id=4)/friend"),
            ("^/home/detail(id=3)!/compose/draft", "^/home/detail(id=3)!/compose/draft"),
            ("^/home/detail(id=3)!/compose/draft", "^/home/detail(id=3)/friend"),
            ("^/main#inbox/mail!alert", "^/main#profile/mail!alert"),
            ("^/home/vault(code=1234)", "^/home/vault(code=1234)"),
        ])
    func sameContent(_ shownPath: String, _ path: String) throws {
        let registry = RouteCompilerTests.registry()
        let shown = try RouteCompilerTests.content(shownPath)
        let route = try Route(parsing: path)
        let cold = try RouteCompilerTests.content(path)
        #expect(try RouteCompiler.content(resolved: route, registry: registry, sharingWith: shown) == cold)
    }

    @Test("a screen shown with the route's id but other parameters is made anew, not taken")
    func otherParameters() throws {
        let target = RouteTarget("detail", ["id": "3"])
        let id = ScreenRegistry.screenID(in: "^", at: 1, target)
        // Hand-built: the id the route would write, with parameters the route does not give.
        let shown = WindowContent.stack(
            StackContainer(
                id: "^", root: Screen("home", id: "^/0:home"), pushed: [Screen("detail", id: id, parameters: ["id": "4"])]))
        let built = try RouteCompiler.content(
            resolved: try Route(parsing: "^/home/detail(id=3)"), registry: RouteCompilerTests.registry(), sharingWith: shown)
        #expect(built.topScreen == Screen("detail", id: id, parameters: ["id": "3"]))
    }
}

/// What one navigation's route made, which the next compares a shown screen with before it
/// writes that screen's id (``RouteCompiler/MadeScreens``).
@Suite("Screens an earlier route made, recognized where they are still shown")
struct MadeScreensTests {
    /// Compiles `path` against `shown`, with and then into `made`.
    static func compile(_ path: String, shown: WindowContent?, made: inout RouteCompiler.MadeScreens) throws -> WindowContent {
        try RouteCompiler.content(
            resolved: try Route(parsing: path), registry: RouteCompilerTests.registry(), sharingWith: shown, made: &made)
    }

    @Test(
        "each navigation of a chain, compiled against what the one before showed and made, builds what it builds cold",
        arguments: [
            ["^/home/detail(id=3)/friend", "^/home/detail(id=3)/friend/mail", "^/home/detail(id=4)/friend"],
            ["^/home!/detail(id=3)", "^/home/detail(id=3)", "^/home!/detail(id=3)"],
            ["^/main#settings/detail(id=3)", "^/main#inbox/detail(id=3)", "^/main#settings/detail(id=3)!/compose"],
            ["^/home/vault(code=1234)/friend", "^/home/vault(code=1234)/friend", "^/home/friend/vault(code=1234)"],
            ["^/home/friend/mail", "^/home/mail/friend", "^/home/friend/mail"],
        ])
    func chain(_ paths: [String]) throws {
        var made = RouteCompiler.MadeScreens()
        var shown: WindowContent?
        for path in paths {
            let built = try Self.compile(path, shown: shown, made: &made)
            #expect(built == (try RouteCompilerTests.content(path)), "\(path)")
            shown = built
        }
    }

    @Test("a screen a route made is not taken at another place, though it is shown there with the same id")
    func otherPlace() throws {
        var made = RouteCompiler.MadeScreens()
        let modal = try Self.compile("^/home!/detail(id=3)", shown: nil, made: &made)
        let detail = modal.topScreen
        // Hand-built: the modal's screen, the same value, moved into the root stack.
        let shown = WindowContent.stack(StackContainer(id: "^", root: Screen("home", id: "^/0:home"), pushed: [detail]))
        let built = try Self.compile("^/home/detail(id=3)", shown: shown, made: &made)
        #expect(built.topScreen.id == ScreenRegistry.screenID(in: "^", at: 1, RouteTarget("detail", ["id": "3"])))
        #expect(built.topScreen.id != detail.id)
        #expect(built == (try RouteCompilerTests.content("^/home/detail(id=3)")))
    }

    /// Targets holding `≠` and, spelled otherwise, `=` followed by U+0338: equal strings, but
    /// `=` is escaped in an id, so the two spellings are written as different ids.
    static let spellings: [(RouteTarget, RouteTarget)] = [
        (RouteTarget("x\u{2260}"), RouteTarget("x=\u{338}")),
        (RouteTarget("x", ["k\u{2260}": "1"]), RouteTarget("x", ["k=\u{338}": "1"])),
        (RouteTarget("x", ["v": "\u{2260}"]), RouteTarget("x", ["v": "=\u{338}"])),
    ]

    @Test(
        "a target spelled otherwise, though equal, is not taken for the one made before: its id is written from its bytes",
        arguments: spellings.indices)
    func otherSpelling(_ index: Int) throws {
        let (made, spelled) = Self.spellings[index]
        #expect(made == spelled)
        func route(_ target: RouteTarget) -> Route { Route(absolute: true, [.push(RouteTarget("home")), .push(target)]) }
        var memo = RouteCompiler.MadeScreens()
        let first = try RouteCompiler.content(resolved: route(made), registry: .open, sharingWith: nil, made: &memo)
        let warm = try RouteCompiler.content(resolved: route(spelled), registry: .open, sharingWith: first, made: &memo)
        let cold = try RouteCompiler.content(for: route(spelled), registry: .open)
        #expect(warm == cold)
        #expect(Array(warm.topScreen.id.rawValue.utf8) == Array(cold.topScreen.id.rawValue.utf8))
    }

    @Test("a route that does not compile leaves what the last one made as it was")
    func failedRoute() throws {
        var made = RouteCompiler.MadeScreens()
        let shown = try Self.compile("^/home/detail(id=3)", shown: nil, made: &made)
        let before = made
        #expect(throws: NavigationError.self) { try Self.compile("^/home/detail(id=3)/nowhere", shown: shown, made: &made) }
        #expect(made == before)
        _ = try Self.compile("^/home/friend", shown: shown, made: &made)
        #expect(made != before)
    }
}
