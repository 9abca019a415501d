import Testing
import TransitionCoordinator

/// What a tab bar's tabs show beyond what a route names: a sheet kept in a tab that is not
/// selected, a tab whose stack the app rooted at another screen. Each saves and restores as it
/// was, or is refused by name; none is lost without a word.
@Suite("Tab states a route writes")
struct TabStateRouteTests {
    /// An app's destinations: the tabs a, b, c of the tab bar `main`, and screens to push and present.
    enum Place: Hashable, Codable, Sendable { case home, a, b, c, x, y, sheet, other }

    /// A registry of ``Place`` with the tab bar `main`, its ids declared.
    static func screens() throws -> ScreenRegistry {
        var screens = ScreenRegistry(destinations: Place.self)
        try screens.tabs(
            "main", id: "main", tabs: [Place.a: "sa", Place.b: "sb", Place.c: "sc"])
        return screens
    }

    /// Saves what `coordinator` shows and restores it on a new app: what that app shows then, and
    /// what the restore dropped.
    static func relaunched(_ coordinator: Coordinator) async throws -> (shows: WindowContent?, dropped: Int) {
        let saved = try await coordinator.savedNavigation(schema: 1, savedAt: .seconds(1))
        let other = await Coordinator(root: Place.home, screens: try screens())
        let restored = try await other.restore(saved, policy: RestorationPolicy(), now: .seconds(2))
        return (await other.snapshot.rootWindow?.content, restored.dropped.count)
    }

    @Test("a sheet a tab keeps while another tab is selected saves, restores, and leaves relative links working")
    func sheetKeptInAnotherTab() async throws {
        let coordinator = await Coordinator(root: Place.home, screens: try Self.screens())
        try await coordinator.navigate(to: Route(parsing: "^/main#a!sheet"))
        try await coordinator.navigate(to: Route(parsing: "^/main#b/x"))
        let shown = await coordinator.snapshot.rootWindow?.content
        guard case .tabs(let bar)? = shown else {
            Issue.record("not a tab bar: \(String(describing: shown))")
            return
        }
        #expect(bar.selected == 1 && bar.tabs[0].presented?.topScreen.destination(as: Place.self) == .sheet)
        let route = try await coordinator.snapshot.rootRoute(registry: try Self.screens())
        #expect(route.path == "^/main#a!sheet#b/x")
        #expect(try await coordinator.navigate(to: route) == nil, "the printed route is where the app is")
        let (restored, dropped) = try await Self.relaunched(coordinator)
        #expect(restored == shown && dropped == 0)
        try await coordinator.navigate(to: Route(parsing: "#b/y"))
        #expect(await coordinator.stack("sb").path(as: Place.self) == [.x, .y])
        let afterLink = await coordinator.snapshot.rootWindow?.content
        guard case .tabs(let after)? = afterLink else {
            Issue.record("not a tab bar after #b/y: \(String(describing: afterLink))")
            return
        }
        #expect(after.tabs[0].presented?.topScreen.destination(as: Place.self) == .sheet, "the sheet stays in tab a")
    }

    @Test("a tab step after modals leaves them in the tab selected before, and a step back to that tab brings them on top")
    func tabStepOverModals() throws {
        let screens = try Self.screens()
        let content = try RouteCompiler.content(for: Route(parsing: "^/main#a/x!sheet#b/y"), registry: screens)
        guard case .tabs(let bar) = content else {
            Issue.record("not a tab bar: \(content)")
            return
        }
        #expect(bar.selected == 1 && bar.tabs[0].presented?.topScreen.name == "sheet" && bar.tabs[1].presented == nil)
        let back = try RouteCompiler.content(for: Route(parsing: "^/main#a!sheet#b#a!/other"), registry: screens)
        #expect(back.topScreen.name == "other", "the sheet back on top of tab a, the stack presented over it")
    }

    @Test("a declared tab bar built by hand with other tabs, or other stacks, than declared is refused by name when saved")
    func tabBarBuiltOtherwise() async throws {
        func saving(_ tabs: [WindowContent]) async throws -> NavigationError? {
            let app = try await Coordinator(
                root: .tabs(try TabBar(id: "main", tabs: tabs, selected: 0)), screens: try Self.screens())
            do {
                _ = try await app.savedNavigation(schema: 1, savedAt: .seconds(1))
                return nil
            } catch {
                return error
            }
        }
        let a = WindowContent.stack(StackContainer(id: "sa", root: Place.a))
        let b = WindowContent.stack(StackContainer(id: "sb", root: Place.b))
        let c = WindowContent.stack(StackContainer(id: "sc", root: Place.c))
        #expect(try await saving([a, b, c]) == nil)
        guard case .notRoutable(.container("main"), _)? = try await saving([a, b]) else {
            Issue.record("two tabs of three saved")
            return
        }
        let mine = WindowContent.stack(StackContainer(id: "mine", root: Place.c))
        guard case .notRoutable(.container("mine"), _)? = try await saving([a, b, mine]) else {
            Issue.record("a tab stack of the app's own id saved as the declared one")
            return
        }
    }

    @Test("a launch link into the tab bar the restored state shows stands in for the state, which is listed as dropped")
    func launchLinkIntoTheSameTabBar() async throws {
        let saved = SavedNavigation(route: try Route(parsing: "^/main#b/y"), schema: 1, savedAt: .seconds(1))
        let app = await Coordinator(root: Place.home, screens: try Self.screens())
        let link = try Route(parsing: "^/main#a/x")
        let restored = try await app.restore(saved, policy: RestorationPolicy(linkOnTop: true), now: .seconds(2), link: link)
        #expect(restored.route == link && restored.dropped.map(\.step) == saved.route.steps)
        #expect(await app.stack("sa").path(as: Place.self) == [.x])
    }

    @Test("a tab the app rooted at another screen is refused by name when saved, and kept by a link into another tab")
    func tabRootedElsewhere() async throws {
        let coordinator = await Coordinator(root: Place.home, screens: try Self.screens())
        try await coordinator.navigate(to: Route(parsing: "^/main#b/y"))
        try await coordinator.stack("sa").setStack([Place.x])
        await #expect(
            throws: NavigationError.notRoutable(
                .container("sa"), reason: "the tab `a` starts with `x`, not its own screen: no route builds it")
        ) {
            try await coordinator.savedNavigation(schema: 1, savedAt: .seconds(1))
        }
        try await coordinator.navigate(to: Route(parsing: "^/main#c"))
        #expect(await coordinator.stack("sa").items(as: Place.self) == [.x], "a link into tab c keeps tab a as the app left it")
    }
}
