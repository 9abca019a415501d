import Foundation
import TestSupport
import Testing
import TransitionCoordinator

/// Saving and restoring navigation: migrations, fallbacks, age, never-restored screens, a
/// launch link over the restored state or in its place, and a round trip through JSON into a fresh coordinator.
@Suite("Restoration")
struct RestorationTests {
    static let registry = RouteCompilerTests.registry()
    static func route(_ path: String) throws -> Route { try Route(parsing: path) }
    static func saved(_ path: String, schema: Int = 1, at savedAt: Duration = .seconds(1_000)) throws -> SavedNavigation {
        SavedNavigation(route: try route(path), schema: schema, savedAt: savedAt)
    }
    static func plan(
        _ saved: SavedNavigation, _ policy: RestorationPolicy = RestorationPolicy(), now: Duration = .seconds(1_010),
        link: Route? = nil
    ) throws -> Restoration.Plan {
        try Restoration.plan(saved, policy: policy, registry: registry, now: now, link: link)
    }

    @Test("a state saved, encoded as JSON and restored in a fresh coordinator shows the same content, unanimated")
    func roundTrip() async throws {
        let before = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: Self.registry)
        try await before.navigate(to: try Self.route("^/main#inbox/mail!/compose"), animator: GatedAnimator(.returnAtOnce))
        let saved = try await before.savedNavigation(schema: 1, savedAt: .seconds(5))
        let data = try JSONEncoder().encode(saved)
        #expect(String(decoding: data, as: UTF8.self).contains(#""path":"^\/main#inbox\/mail!\/compose""#))
        let decoded = try JSONDecoder().decode(SavedNavigation.self, from: data)
        #expect(decoded == saved)

        let after = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: Self.registry)
        let restored = try await after.restore(decoded, policy: RestorationPolicy(), now: .seconds(6))
        #expect(await after.snapshot.windowList[0].content == (await before.snapshot.windowList[0].content))
        #expect(restored.record?.animation == .skipped(.noAnimator))
        #expect(restored.plan.dropped.isEmpty)
        #expect(try await after.snapshot.rootRoute() == saved.route, "a snapshot prints as the route that navigates to it")
    }

    @Test("a screen the registry no longer knows falls back to its nearest ancestor; what was dropped says why")
    func renamedScreenFallsBack() throws {
        let plan = try Self.plan(try Self.saved("^/home/lounge/friend"))
        #expect(plan.route.path == "^/home")
        #expect(plan.dropped.map(\.step) == [.push(RouteTarget("lounge")), .push(RouteTarget("friend"))])
        #expect(plan.dropped.first?.reason.contains("no screen named `lounge`") == true)
    }

    @Test("a screen renamed in one tab drops only that tab's branch: the other tabs and the selected one stay")
    func fallbackPerBranch() throws {
        let plan = try Self.plan(try Self.saved("^/main#settings/lounge/friend#inbox/mail!/compose"))
        #expect(plan.route.path == "^/main#settings#inbox/mail!/compose")
        #expect(plan.dropped.map(\.step) == [.push(RouteTarget("lounge")), .push(RouteTarget("friend"))])
        #expect(
            plan.content
                == (try RouteCompiler.content(
                    for: try Self.route("^/main#settings#inbox/mail!/compose"),
                    registry: Self.registry)))
        let policy = RestorationPolicy(neverRestored: ["alert"])
        let background = try Self.plan(try Self.saved("^/main#profile/alert/friend#settings/alert#inbox/mail"), policy)
        #expect(background.route.path == "^/main#profile#settings#inbox/mail", "each never-restored screen, in every tab")
        #expect(background.dropped.count == 3)
    }

    @Test(
        "a tab the tab bar no longer has drops its own branch only, first tab or last: the tabs after it stay",
        arguments: [
            ("^/main#lounge/friend#inbox/mail", "^/main#inbox/mail"),
            ("^/main#inbox/mail#lounge/friend", "^/main#inbox/mail"),
            ("^/main#settings/friend#lounge#profile/alert", "^/main#settings/friend#profile/alert"),
        ])
    func renamedTabDropsItsBranch(saved: String, restored: String) throws {
        let plan = try Self.plan(try Self.saved(saved))
        #expect(plan.route.path == restored)
        #expect(plan.dropped.first?.step == .tab(RouteTarget("lounge")))
        #expect(plan.dropped.first?.reason.contains("lounge") == true)
        #expect(plan.content == (try RouteCompiler.content(for: try Self.route(restored), registry: Self.registry)))
    }

    @Test("what a modal stands on goes with it: a renamed screen under a modal drops the modal too, and the next tab stays")
    func fallbackUnderAModal() throws {
        let plan = try Self.plan(try Self.saved("^/main#inbox/lounge!/compose#settings"))
        #expect(plan.route.path == "^/main#inbox#settings")
        #expect(plan.dropped.map(\.step) == [.push(RouteTarget("lounge")), .modalStack(RouteTarget("compose"))])
    }

    @Test(
        "a dropped step in the sheet a tab keeps drops the rest of that tab's branch only: the tab after it stays",
        arguments: [
            ("^/main#inbox!/compose/lounge#settings", "^/main#inbox!/compose#settings"),
            ("^/main#inbox/lounge!alert#settings", "^/main#inbox#settings"),
        ])
    func sheetInAnotherTab(saved: String, restored: String) throws {
        let plan = try Self.plan(try Self.saved(saved))
        #expect(plan.route.path == restored)
        #expect(plan.dropped.first?.step == .push(RouteTarget("lounge")))
    }

    @Test("the dropped steps read in the route's order, whichever pass dropped them")
    func droppedInRouteOrder() throws {
        let saved = try Self.saved("^/home/detail(id=abc)/friend!alert")
        let plan = try Self.plan(saved, RestorationPolicy(neverRestored: ["alert"]))
        #expect(plan.route.path == "^/home")
        #expect(plan.dropped.map(\.step) == Array(saved.route.steps.dropFirst()))
        #expect(plan.dropped.map(\.reason).last == "never restored")
    }

    @Test("a launch link followed instead of the saved state lists every saved step as left out")
    func linkFollowedInstead() throws {
        let saved = try Self.saved("^/home/friend")
        let plan = try Self.plan(saved, link: Self.route("^/inbox"))
        #expect(plan.route.path == "^/inbox")
        #expect(plan.dropped.map(\.step) == saved.route.steps)
        #expect(plan.dropped.allSatisfy { $0.reason == "a launch link is followed instead" })
    }

    /// An app's destinations, whose screens keep their ids wherever they stand.
    enum Place: Hashable, Codable, Sendable {
        case home
        case detail(id: Int)
    }

    @Test("a launch link that would show over the restored state a screen it shows stands in for it, every saved step listed")
    func linkOverWhatTheStateShows() throws {
        let saved = try Self.saved("^/home/detail(id=1)")
        let plan = try Restoration.plan(
            saved, policy: RestorationPolicy(linkOnTop: true), registry: ScreenRegistry(destinations: Place.self),
            now: .seconds(1_010), link: Self.route("^/detail(id=1)"))
        #expect(plan.route.path == "^/detail(id=1)")
        #expect(plan.dropped.map(\.step) == saved.route.steps)
        #expect(plan.dropped.allSatisfy { $0.reason.contains("launch link over it") })
        let other = try Restoration.plan(
            saved, policy: RestorationPolicy(linkOnTop: true), registry: ScreenRegistry(destinations: Place.self),
            now: .seconds(1_010), link: Self.route("^/detail(id=2)"))
        #expect(other.route.path == "^/home/detail(id=1)!/detail(id=2)" && other.dropped.isEmpty)
    }

    @Test(
        "a saved state whose steps compile but show one screen twice falls back to the steps before the repeat, which it lists",
        arguments: [
            ("^/home/detail(id=1)/detail(id=1)", "^/home/detail(id=1)", 1),
            ("^/home/detail(id=1)/detail(id=2)/detail(id=1)/home", "^/home/detail(id=1)/detail(id=2)", 2),
            ("^/home/detail(id=1)!/detail(id=2)/detail(id=+1)", "^/home/detail(id=1)!/detail(id=2)", 1),
        ])
    func screenShownTwiceFallsBack(_ path: String, _ kept: String, _ droppedCount: Int) async throws {
        let registry = ScreenRegistry(destinations: Place.self)
        let saved = try Self.saved(path)
        let plan = try Restoration.plan(saved, policy: RestorationPolicy(), registry: registry, now: .seconds(1_010))
        #expect(plan.route.path == kept)
        #expect(plan.dropped.map(\.step) == Array(saved.route.steps.suffix(droppedCount)))
        #expect(plan.dropped.allSatisfy { $0.reason.contains("invariant 8") })
        // Restored by a coordinator, the same: not refused whole.
        let coordinator = await Coordinator(root: Place.home, clock: TestClock(), screens: registry)
        let restored = try await coordinator.restore(saved, policy: RestorationPolicy(), now: .seconds(1_010))
        #expect(restored.route.path == kept)
        #expect(await coordinator.snapshot.rootWindow?.content == plan.content)
    }

    @Test(
        "a saved parameter a destination does not read stays in the restored route; the screen shown and the next save leave it out"
    )
    func unreadParameterStaysInTheRoute() async throws {
        let registry = ScreenRegistry(destinations: Place.self)
        let coordinator = await Coordinator(root: Place.home, clock: TestClock(), screens: registry)
        let restored = try await coordinator.restore(
            try Self.saved("^/home/detail(id=1,junk=2)"), policy: RestorationPolicy(), now: .seconds(1_010))
        #expect(restored.route.path == "^/home/detail(id=1,junk=2)" && restored.dropped.isEmpty)
        #expect(await coordinator.snapshot.rootWindow?.content.screens.last == Screen(Place.detail(id: 1)))
        #expect(try await coordinator.savedNavigation(schema: 1, savedAt: .zero).route.path == "^/home/detail(id=1)")
    }

    @Test("a link taken under wider route limits than the standard ones is refused when saved, not lost when read back")
    func savedLinkPastTheStandardLimits() async throws {
        let limits = RouteLimits(maxLength: 8_192)
        let coordinator = await Coordinator(
            root: Screen("launch"), configuration: try CoordinatorConfiguration(routeLimits: limits), clock: TestClock(),
            screens: .open)
        let inbox = LinkInbox(coordinator: coordinator)
        let long = try Route(parsing: "^/home/" + String(repeating: "a", count: 5_000), limits: limits)
        _ = await inbox.post(long)
        let links = await inbox.saved()
        #expect(links.map(\.route) == [long])
        await #expect(throws: NavigationError.tooLong(length: long.path.utf8.count, limit: 4_096, position: 4_096)) {
            try await coordinator.savedNavigation(schema: 1, savedAt: .zero, links: links)
        }
        // A link within the standard limits saves, and reads back.
        let short = [SavedLink(id: links[0].id, route: try Self.route("^/home/friend"), remaining: .seconds(5))]
        let saved = try await coordinator.savedNavigation(schema: 1, savedAt: .zero, links: short)
        let decoded = try JSONDecoder().decode(SavedNavigation.self, from: JSONEncoder().encode(saved))
        #expect(decoded.links == short && decoded.unreadableLinks == 0)
    }

    @Test("the app's migrations run from the saved schema to the current one, in order")
    func migrations() throws {
        let rename: @Sendable (Route) -> Route = { route in
            var route = route
            route.steps = route.steps.map { $0 == .push(RouteTarget("lounge")) ? .push(RouteTarget("settings")) : $0 }
            return route
        }
        let addTab: @Sendable (Route) -> Route = { route in
            Route(absolute: true, [.push(RouteTarget("main")), .tab(RouteTarget("settings"))] + route.steps.dropFirst(2))
        }
        let policy = RestorationPolicy(schema: 3, migrations: [2: addTab, 1: rename])
        let plan = try Self.plan(try Self.saved("^/home/lounge/friend"), policy)
        #expect(plan.route.path == "^/main#settings/friend")
        #expect(plan.dropped.isEmpty)
        #expect(throws: RestorationError.missingMigration(from: 1)) {
            try Self.plan(try Self.saved("^/home"), RestorationPolicy(schema: 2))
        }
        #expect(throws: RestorationError.newerSchema(saved: 4, current: 3)) {
            try Self.plan(try Self.saved("^/home", schema: 4), policy)
        }
    }

    @Test("a state older than the policy's age is not restored")
    func tooOld() throws {
        let policy = RestorationPolicy(maxAge: .seconds(60))
        #expect(throws: RestorationError.tooOld(age: .seconds(61), maxAge: .seconds(60))) {
            try Self.plan(try Self.saved("^/home", at: .zero), policy, now: .seconds(61))
        }
        #expect(try Self.plan(try Self.saved("^/home", at: .zero), policy, now: .seconds(60)).route.path == "^/home")
    }

    @Test("never-restored screens (a checkout, an alert) are dropped with what stands on them")
    func neverRestored() throws {
        let policy = RestorationPolicy(neverRestored: ["vault", "alert"])
        let plan = try Self.plan(try Self.saved("^/home/friend/vault(code=1234)/mail"), policy)
        #expect(plan.route.path == "^/home/friend")
        #expect(plan.dropped.map(\.reason) == ["never restored", "never restored"])
        #expect(try Self.plan(try Self.saved("^/home!/compose!alert"), policy).route.path == "^/home!/compose")
    }

    @Test("nothing that compiles is refused, never crashed on; a newer format fails to decode")
    func nothingRestorable() throws {
        #expect(throws: RestorationError.nothingRestorable(.unknownScreen("gone", step: 0))) {
            try Self.plan(try Self.saved("^/gone/home"))
        }
        let newer = #"{"format":3,"schema":1,"savedAt":"1970-01-01T00:00:00Z","path":"^/home","links":[]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SavedNavigation.self, from: Data(newer.utf8)) }
    }

    @Test("a link at launch: it wins, or it is presented over the restored state", arguments: [true, false])
    func launchLink(_ linkWins: Bool) throws {
        let policy = RestorationPolicy(linkOnTop: !linkWins)
        let plan = try Self.plan(try Self.saved("^/main#settings"), policy, link: try Self.route("^/home/detail(id=7)"))
        #expect(plan.route.path == (linkWins ? "^/home/detail(id=7)" : "^/main#settings!/home/detail(id=7)"))
    }

    @Test("a link on top goes over what the saved state keeps, whatever saved step was dropped, and is never listed as dropped")
    func linkOnTopPastADroppedStep() throws {
        let onTop = RestorationPolicy(linkOnTop: true)
        let link = try Self.route("^/home/detail(id=7)")
        for (saved, kept) in [("^/home/friend/gone", "^/home/friend"), ("^/home!/compose/gone", "^/home!/compose")] {
            let plan = try Self.plan(try Self.saved(saved), onTop, link: link)
            #expect(plan.route.path == kept + "!/home/detail(id=7)")
            #expect(plan.dropped.map(\.step.description) == [RouteStep.push(RouteTarget("gone")).description])
        }
    }

    @Test("a link on top that names a tab bar is presented over the restored state as a modal tab bar")
    func tabBarLinkOnTop() throws {
        let plan = try Self.plan(
            try Self.saved("^/home/friend"), RestorationPolicy(linkOnTop: true), link: try Self.route("^/main#inbox/mail"))
        #expect(plan.route.path == "^/home/friend!main#inbox/mail")
        #expect(plan.dropped.isEmpty)
    }

    @Test(
        "a link on top that its own route refuses is refused over the restored state too, with its own error",
        arguments: ["^/friend#settings", "^/!friend"])
    func linkOnTopRefusedAlone(_ path: String) throws {
        let link = try Self.route(path)
        let own: NavigationError
        do {
            _ = try RouteCompiler.content(for: link, registry: Self.registry)
            Issue.record("\(path) compiles alone")
            return
        } catch {
            own = error
        }
        // Over a tab bar, `#settings` would otherwise select the state's tab, its `friend` kept unseen by the inbox tab.
        #expect(throws: RestorationError.linkRefused(own)) {
            try Self.plan(try Self.saved("^/main#inbox/mail"), RestorationPolicy(linkOnTop: true), link: link)
        }
    }

    @Test("a saved state that cannot be restored leaves a link on top alone, and lists every saved step as dropped, with why")
    func linkStandsInForAnUnrestorableState() throws {
        let onTop = RestorationPolicy(maxAge: .seconds(60), linkOnTop: true)
        let link = try Self.route("^/home/detail(id=7)")
        let old = try Self.plan(try Self.saved("^/home/friend", at: .zero), onTop, now: .seconds(3_600), link: link)
        #expect(old.route == link)
        #expect(old.dropped.count == 2 && old.dropped.allSatisfy { $0.reason.contains("older than") })
        let gone = try Self.plan(try Self.saved("^/gone/home"), onTop, link: link)
        #expect(gone.route == link)
        #expect(gone.dropped.count == 2)
        #expect(throws: RestorationError.linkRefused(.unknownScreen("nowhere", step: 0))) {
            try Self.plan(try Self.saved("^/gone/home"), onTop, link: try Self.route("^/nowhere"))
        }
    }

    @Test("the shield and the lock are never saved: the lifecycle decides them after a relaunch")
    func coversNotSaved() async throws {
        let covers = LifecycleCovers(
            shield: LifecycleCover(screen: Screen("shield"), level: .high),
            lock: LifecycleCover(screen: Screen("pin"), level: .medium))
        let configuration = try CoordinatorConfiguration(shield: covers.shield, lock: covers.lock)
        let before = await Coordinator(
            root: Screen("launch"), configuration: configuration, clock: TestClock(), screens: Self.registry)
        try await before.navigate(to: try Self.route("^/home/friend"))
        try await before.setApplicationState(.background)
        let saved = try await before.savedNavigation(schema: 1, savedAt: .zero)
        #expect(saved.route.path == "^/home/friend")
        let after = await Coordinator(
            root: Screen("launch"), configuration: configuration, clock: TestClock(), screens: Self.registry)
        try await after.restore(saved, policy: RestorationPolicy(), now: .zero)
        let snapshot = await after.snapshot
        #expect(snapshot.windowList.count == 1 && snapshot.lockWindow == nil)
    }
}
