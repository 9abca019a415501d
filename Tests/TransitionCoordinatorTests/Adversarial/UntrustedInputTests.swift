import Foundation
import TestSupport
import Testing
import TransitionCoordinator

/// Data from outside (a route built in code, a saved state read from disk, a migration, saved
/// links) that breaks the rules: each gets a typed error naming what is wrong, nothing changes,
/// nothing traps, and every link ends exactly once. Written against the public API, as an app.
@Suite("Untrusted input")
struct UntrustedInputTests {
    static let registry = RouteCompilerTests.registry()

    static func coordinator() async -> Coordinator {
        await Coordinator(root: Screen("launch"), clock: TestClock(), screens: registry)
    }

    /// A saved state's JSON with `edit` applied to its dictionary.
    static func corrupted(_ saved: SavedNavigation, _ edit: (inout [String: Any]) -> Void) throws -> Data {
        var object = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(saved)) as? [String: Any])
        edit(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test(
        "a route built in code with an up of zero, a negative or a huge count is refused, naming the step, and nothing changes",
        arguments: [0, -1, -2, Int.min, 257, Int.max])
    func badUpInCode(count: Int) async throws {
        let coordinator = await Self.coordinator()
        let before = await coordinator.snapshot
        let route = Route(absolute: true, [.push(RouteTarget("home")), .up(count)])
        await #expect {
            try await coordinator.navigate(to: route)
        } throws: { error in
            guard case .route(.badUpCount(let position, let found, let limit), _)? = error as? TransitionError
            else { return false }
            return position == 6 && found == String(count) && limit == 256
        }
        #expect(await coordinator.snapshot == before)
        #expect(await coordinator.history.isEmpty)
    }

    @Test(
        "routes built in code keep every rule a parsed path keeps",
        arguments: [
            (Route([]), "emptyPath"),
            (Route(absolute: true, [.push(RouteTarget(""))]), "missingName"),
            (Route(absolute: true, [.push(RouteTarget("home")), .push(RouteTarget("a\nb"))]), "controlCharacter"),
            (Route(absolute: true, [.push(RouteTarget("home", ["": "1"]))]), "emptyParameterKey"),
            (Route(absolute: true, [.up(1)]), "upPastRoot"),
            (Route(absolute: true, Array(repeating: .push(RouteTarget("home")), count: 257)), "tooDeep"),
            (Route(absolute: true, [.push(RouteTarget(String(repeating: "h", count: 5_000)))]), "tooLong"),
        ])
    func rulesInCode(route: Route, code: String) {
        #expect(throws: NavigationError.self) { try route.validate() }
        do { try route.validate() } catch { #expect(error.code == code) }
        #expect(throws: NavigationError.self) { try RouteCompiler.content(for: route, registry: Self.registry) }
    }

    @Test("a route that keeps the rules prints to a path that parses back to it")
    func validRoundTrips() throws {
        let route = Route(
            absolute: true,
            [
                .push(RouteTarget("main")), .tab(RouteTarget("inbox")), .push(RouteTarget("a/b", ["k": "v\n"])),
                .up(1), .modalStack(RouteTarget("compose")),
            ])
        try route.validate()
        #expect(try Route(parsing: route.path) == route)
    }

    @Test("a saved link whose route holds up(-1) cannot be read: it is left out and counted, and the saved screens stay")
    func savedLinkWithBadUp() throws {
        let link = SavedLink(
            id: LinkID(1), route: Route(absolute: true, [.push(RouteTarget("home")), .up(-1)]), remaining: .seconds(5))
        let good = SavedLink(id: LinkID(2), route: try Route(parsing: "^/home/friend"), remaining: .seconds(5))
        let data = try JSONEncoder().encode(
            SavedNavigation(route: try Route(parsing: "^/home"), links: [link, good], schema: 1, savedAt: .zero))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SavedLink.self, from: try JSONEncoder().encode(link)) }
        let decoded = try JSONDecoder().decode(SavedNavigation.self, from: data)
        #expect(decoded.route == (try Route(parsing: "^/home")))
        #expect(decoded.links == [good])
        #expect(decoded.unreadableLinks == 1)
    }

    @Test("a saved link made in code with up(-1) ends refused when its turn comes: the app does not trap")
    func savedLinkInCodeEndsRefused() async throws {
        let coordinator = await Self.coordinator()
        let inbox = LinkInbox(coordinator: coordinator)
        let link = SavedLink(
            id: LinkID(1), route: Route(absolute: true, [.push(RouteTarget("home")), .up(-1)]), remaining: .seconds(5))
        await inbox.restore([link])
        await inbox.open()
        var outcomes = inbox.outcomes.makeAsyncIterator()
        let ended = try #require(await outcomes.next())
        guard case .refused(.route(.badUpCount, _)) = ended.outcome else {
            Issue.record("expected refused as an invalid route, got \(ended.outcome)")
            return
        }
        #expect(await coordinator.history.isEmpty)
    }

    @Test("a migration that returns a route ending in up(-2) fails the restore, naming the migration; nothing changes")
    func migrationBreaksRoute() async throws {
        let coordinator = await Self.coordinator()
        let saved = SavedNavigation(route: try Route(parsing: "^/home/friend"), schema: 1, savedAt: .zero)
        let policy = RestorationPolicy(
            schema: 2,
            migrations: [
                1: { route in
                    var route = route
                    route.steps.append(.up(-2))
                    return route
                }
            ])
        await #expect(throws: RestorationError.migrationBrokeRoute(from: 1, .badUpCount(position: 13, found: "-2", limit: 256))) {
            try await coordinator.restore(saved, policy: policy, now: .zero)
        }
        #expect(await coordinator.history.isEmpty)
    }

    @Test(
        "a tab bar with no tab, a tab twice or an empty name is refused when registered",
        arguments: [
            ("bar", [String](), NavigationError.noTabs(tabBar: "bar")),
            ("bar", ["a", "a"], NavigationError.duplicateTab("a", tabBar: "bar")),
            ("", ["a"], NavigationError.emptyName(tabBar: "")),
            ("bar", ["a", ""], NavigationError.emptyName(tabBar: "bar")),
        ])
    func badTabBars(name: String, tabs: [String], expected: NavigationError) {
        var screens = ScreenRegistry.open
        #expect(throws: expected) { try screens.tabs(name, tabs: tabs) }
        #expect(screens.kind(of: name) != .tabs(tabs), "nothing is registered")
    }

    @Test("restored links with an id of UInt64.max take new ids; the next link's id does not overflow")
    func hugeLinkID() async throws {
        let coordinator = await Self.coordinator()
        let inbox = LinkInbox(coordinator: coordinator)
        let restored = await inbox.restore([
            SavedLink(id: LinkID(.max), route: try Route(parsing: "^/home"), remaining: .seconds(5))
        ])
        #expect(restored.map(\.id) == [LinkID(1)])
        let next = await inbox.post(try Route(parsing: "^/home/friend"))
        #expect(next == LinkID(2))
    }

    @Test("a saved state whose time is the smallest Duration is refused as out of range under a maximum age")
    func smallestSavedAt() async throws {
        let coordinator = await Self.coordinator()
        let saved = SavedNavigation(route: try Route(parsing: "^/home"), schema: 1, savedAt: .zero)
        // The smallest Duration, as a corrupt file of the first format (which wrote a Duration)
        // can hold it: the high word's least value.
        let data = try Self.corrupted(saved) {
            $0["format"] = 1
            $0["savedAt"] = [Int64.min, 0]
        }
        let decoded = try JSONDecoder().decode(SavedNavigation.self, from: data)
        await #expect {
            try await coordinator.restore(decoded, policy: RestorationPolicy(maxAge: .seconds(60)), now: .seconds(10))
        } throws: { error in
            if case .timeOutOfRange? = error as? RestorationError { true } else { false }
        }
        #expect(await coordinator.history.isEmpty)
    }

    @Test("a restored link whose remaining time is the largest Duration waits at most the inbox's expiry")
    func largestRemaining() async throws {
        let coordinator = await Self.coordinator()
        let inbox = LinkInbox(coordinator: coordinator, expiry: .seconds(30))
        let data = try JSONEncoder().encode(SavedLink(id: LinkID(3), route: try Route(parsing: "^/home"), remaining: .zero))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["remaining"] = [Int64.max, UInt64.max]
        let link = try JSONDecoder().decode(SavedLink.self, from: try JSONSerialization.data(withJSONObject: object))
        let restored = await inbox.restore([link])
        #expect(restored.map(\.remaining) == [.seconds(30)])
        #expect(await inbox.saved().map(\.remaining) == [.seconds(30)])
    }

    @Test("an app's expiry of the largest Duration does not trap: the link waits")
    func largestExpiry() async throws {
        let coordinator = await Self.coordinator()
        let inbox = LinkInbox(coordinator: coordinator)
        let id = await inbox.post(try Route(parsing: "^/home"), expiry: Duration(secondsComponent: .max, attosecondsComponent: 0))
        #expect(await inbox.saved().map(\.id) == [id])
    }

    @Test("two saved links with the same id end once each, under two ids")
    func duplicateSavedIDs() async throws {
        let coordinator = await Self.coordinator()
        let inbox = LinkInbox(coordinator: coordinator, startsOpen: false)
        let links = [
            SavedLink(id: LinkID(4), route: try Route(parsing: "^/home"), remaining: .seconds(5)),
            SavedLink(id: LinkID(4), route: try Route(parsing: "^/home/friend"), remaining: .seconds(5)),
        ]
        let restored = await inbox.restore(links)
        #expect(Set(restored.map(\.id)).count == 2, "ids are never shared")
        await inbox.open()
        await inbox.idle()
        var ends: [LinkInbox.Ended] = []
        for await ended in inbox.outcomes {
            ends.append(ended)
            if ends.count == 2 { break }
        }
        #expect(Set(ends.map(\.id)) == Set(restored.map(\.id)), "each link ends, once")
        #expect(
            ends.contains { if case .superseded(let by) = $0.outcome { by != $0.id } else { false } },
            "a link is never superseded by itself")
        #expect(await inbox.endedCount == 2)
    }

    @Test("a reader that starts late gets the newest ends and learns exactly which it missed from the sequence")
    func lateReader() async throws {
        let coordinator = await Self.coordinator()
        let inbox = LinkInbox(coordinator: coordinator, outcomeBuffer: 4)
        // Each link supersedes the one before it while the inbox is closed: 9 ends, then the last goes.
        for index in 0..<10 { await inbox.post(try Route(parsing: "^/home(n=\(index))")) }
        await inbox.open()
        await inbox.idle()
        #expect(await inbox.endedCount == 10)
        var read: [Int] = []
        for await ended in inbox.outcomes {
            read.append(ended.sequence)
            if ended.sequence == 10 { break }
        }
        #expect(read == [7, 8, 9, 10], "the newest four; ends 1 to 6 were dropped, and the first sequence read says so")
    }

    @Test("an up count past the limit is refused naming the limit, not as a count below one")
    func upPastLimitNamesLimit() {
        #expect(throws: NavigationError.badUpCount(position: 13, found: "257", limit: 256)) {
            try Route(parsing: "^/a/b/c/up(n=257)")
        }
        do { _ = try Route(parsing: "up(n=257)") } catch {
            #expect(error.description.contains("from 1 to 256"))
        }
    }

    @Test("a path over the length limit is refused at the first character past it")
    func tooLongHasPosition() {
        let path = "^/" + String(repeating: "é", count: 3_000)
        #expect(throws: NavigationError.tooLong(length: 6_002, limit: 4_096, position: 2_049)) { try Route(parsing: path) }
    }

    @Test("control characters are shown as %XX in errors, carets and trees, so each stays on its lines")
    func controlCharactersEchoed() throws {
        let path = "^/home/x" + "\u{0A}" + "y"
        do {
            _ = try Route(parsing: path)
            Issue.record("a raw newline parsed")
        } catch {
            let caret = error.caret(under: path)
            #expect(caret.split(separator: "\n").count == 3, "the path, the caret, the description: \(caret)")
            #expect(caret.hasPrefix("^/home/x%0Ay\n        ^\n"), "the caret under the character it names")
        }
        let route = Route(
            absolute: true, [.push(RouteTarget("home")), .push(RouteTarget("a", ["k": "line" + "\u{0A}" + "break"]))])
        #expect(route.tree.split(separator: "\n").count == 3)
        #expect(route.tree.contains("line%0Abreak"))
        #expect(try Route(parsing: route.path) == route)
    }

    @Test("limits of zero or less refuse what they bound, and never trap", arguments: [0, -1, Int.min])
    func degenerateLimits(bound: Int) {
        let limits = RouteLimits(maxLength: bound, maxSteps: bound, maxParameters: bound, maxUpCount: bound)
        #expect(throws: NavigationError.self) { try Route(parsing: "up(n=1)", limits: limits) }
        #expect(throws: NavigationError.self) {
            try Route(absolute: true, [.push(RouteTarget("a")), .up(1)]).validate(limits: limits)
        }
        let upOnly = RouteLimits(maxUpCount: bound)
        #expect(throws: NavigationError.badUpCount(position: 5, found: "1", limit: bound)) {
            try Route(parsing: "up(n=1)", limits: upOnly)
        }
    }

    @Test("an up count past nine digits is refused even under limits that allow it, and never overflows")
    func upPastNineDigits() {
        let limits = RouteLimits(maxUpCount: .max)
        #expect(throws: NavigationError.self) {
            try Route([.push(RouteTarget("a")), .up(Int.max), .up(Int.max)]).validate(limits: limits)
        }
        #expect(throws: NavigationError.self) {
            try Route([.push(RouteTarget("a")), .push(RouteTarget("b")), .up(1_000_000_000)]).validate(limits: limits)
        }
        let longest = Route([.push(RouteTarget("a")), .up(999_999_999)])
        #expect((try? longest.validate(limits: limits)) != nil)
        #expect((try? Route(parsing: longest.path, limits: limits)) == longest)
        #expect(throws: NavigationError.self) {
            try Route([.up(999_999_999)]).validate(limits: RouteLimits(maxLength: 14, maxUpCount: .max))
        }
    }

    @Test("a timeout past 2^40 seconds is refused when the configuration is made", arguments: [true, false])
    func hugeTimeouts(animation: Bool) throws {
        let huge = try JSONDecoder().decode(Duration.self, from: Data("[9223372036854775807,18446744073709551615]".utf8))
        #expect(throws: ConfigurationError.timeoutTooLong(huge)) {
            _ = animation ? try CoordinatorConfiguration(animationTimeout: huge) : try CoordinatorConfiguration(hostTimeout: huge)
        }
    }

    @Test("a planner handed the last window id refuses, typed, instead of overflowing")
    func windowIDsRunOut() async throws {
        let coordinator = await Self.coordinator()
        let snapshot = await coordinator.snapshot
        var id = WindowID(.max)
        #expect(throws: TransitionError.invalid(.windowIDsExhausted)) {
            _ = try TransitionPlanner.plan(.push(Screen("x"), at: .high), in: snapshot, nextWindowID: &id)
        }
    }

    @Test("a caret under a position made by hand, negative, stays at the start")
    func negativeCaret() {
        #expect(NavigationError.missingName(position: -3).caret(under: "abc").hasPrefix("abc\n^\n"))
    }

    @Test("a launch link over the restored state keeps the rules: one that breaks them is refused, naming it")
    func linkOnTopChecked() throws {
        let saved = SavedNavigation(route: try Route(parsing: "^/home/friend"), schema: 1, savedAt: .zero)
        let policy = RestorationPolicy(linkOnTop: true)
        let bad = Route([.push(RouteTarget("compose")), .push(RouteTarget("")), .up(-3)])
        #expect {
            try Restoration.plan(saved, policy: policy, registry: Self.registry, now: .zero, link: bad)
        } throws: { error in
            if case .linkRefused(let refusal)? = error as? RestorationError, refusal.position != nil { true } else { false }
        }
        let long = Route(absolute: true, Array(repeating: .push(RouteTarget("draft")), count: 255))
        #expect {
            try Restoration.plan(saved, policy: policy, registry: Self.registry, now: .zero, link: long)
        } throws: { error in
            if case .linkRefused(.tooDeep)? = error as? RestorationError { true } else { false }
        }
        let good = try Restoration.plan(
            saved, policy: policy, registry: Self.registry, now: .zero,
            link: try Route(parsing: "^/compose/draft"))
        #expect(good.route.path == "^/home/friend!/compose/draft")
    }

    @Test("what the coordinator saves reads back: a state its decoder would refuse is refused when saved")
    func savedStateReadsBack() async throws {
        let coordinator = await Coordinator(root: Screen(""), clock: TestClock(), screens: .open)
        await #expect(throws: NavigationError.missingName(position: 2)) {
            try await coordinator.savedNavigation(schema: 1, savedAt: .zero)
        }
        let wide = await Coordinator(
            root: Screen("home", parameters: ["k": String(repeating: "v", count: 5_000)]), clock: TestClock(),
            screens: .open)
        await #expect {
            try await wide.savedNavigation(schema: 1, savedAt: .zero)
        } throws: { error in
            if case .tooLong? = error as? NavigationError { true } else { false }
        }
    }

    @Test("a link whose route breaks the rules ends refused at once, is never saved, and leaves the other links waiting")
    func badLinkEndsAtOnce() async throws {
        let coordinator = await Self.coordinator()
        let inbox = LinkInbox(coordinator: coordinator)
        let good = await inbox.post(try Route(parsing: "^/home"))
        let bad = await inbox.post(Route([.push(RouteTarget("a" + "\u{0A}" + "b"))]))
        #expect(await inbox.saved().map(\.id) == [good])
        var outcomes = inbox.outcomes.makeAsyncIterator()
        let ended = try #require(await outcomes.next())
        #expect(ended.id == bad)
        guard case .refused(.route(.controlCharacter, _)) = ended.outcome else {
            Issue.record("expected refused as an invalid route, got \(ended.outcome)")
            return
        }
    }

    @Test("a saved time ahead of now by more than the maximum age is refused as out of range")
    func futureSavedAt() throws {
        let saved = SavedNavigation(route: try Route(parsing: "^/home"), schema: 1, savedAt: .seconds(1 << 39))
        #expect(throws: RestorationError.timeOutOfRange(savedAt: .seconds(1 << 39), now: .seconds(1_000))) {
            try Restoration.plan(
                saved, policy: RestorationPolicy(maxAge: .seconds(60)), registry: Self.registry, now: .seconds(1_000))
        }
        let skewed = SavedNavigation(route: try Route(parsing: "^/home"), schema: 1, savedAt: .seconds(1_010))
        #expect(
            (try? Restoration.plan(
                skewed, policy: RestorationPolicy(maxAge: .seconds(60)), registry: Self.registry,
                now: .seconds(1_000))) != nil, "a clock a little behind is not refused")
    }

    @Test("a navigate request made by hand keeps the rules too")
    func performNavigateChecked() async {
        let coordinator = await Self.coordinator()
        await #expect {
            try await coordinator.perform(.navigate(Route([.up(-1)]), target: .screen(Screen("x"))))
        } throws: { error in
            if case .route(.badUpCount, _)? = error as? TransitionError { true } else { false }
        }
        #expect(await coordinator.history.isEmpty)
    }

    @Test("line separators beyond the control characters are shown encoded too", arguments: ["\u{85}", "\u{2028}", "\u{2029}"])
    func unicodeLineBreaks(separator: String) {
        let route = Route([.push(RouteTarget("a" + separator + "b", ["k": "v" + separator + "w"]))])
        #expect(route.tree.split(whereSeparator: \.isNewline).count == 2)
        let caret = NavigationError.unclosedParameters(position: 4).caret(under: "a" + separator + "b/(")
        #expect(caret.split(whereSeparator: \.isNewline).count == 3)
    }

    @Test("a saved state of a format never written is refused", arguments: [0, -5])
    func formatBelowOne(format: Int) throws {
        let saved = SavedNavigation(route: try Route(parsing: "^/home"), schema: 1, savedAt: .zero)
        let data = try Self.corrupted(saved) { $0["format"] = format }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SavedNavigation.self, from: data) }
    }

    @Test("a tab that is itself a tab bar is refused when registered")
    func tabThatIsTabBar() throws {
        var screens = ScreenRegistry.open
        #expect(throws: NavigationError.tabIsTabBar("x", tabBar: "x")) { try screens.tabs("x", tabs: ["x"]) }
        try screens.tabs("inner", tabs: ["a"])
        #expect(throws: NavigationError.tabIsTabBar("inner", tabBar: "outer")) {
            try screens.tabs("outer", tabs: ["b", "inner"])
        }
    }

    /// A destination type with a case that needs a field, one whose field is optional, and one with none.
    enum Feed: Hashable, Codable, Sendable {
        case feed(kind: String)
        case digest(kind: String?)
        case settings
    }

    @Test("a tab whose screen needs a parameter is refused when registered: a route makes a tab from its name alone")
    func tabNeedingParameter() throws {
        var screens = ScreenRegistry(destinations: Feed.self)
        let refusal = NavigationError.tabNeedsParameter("feed", parameter: "kind", tabBar: "main")
        #expect(throws: refusal) { try screens.tabs("main", tabs: [Feed.feed(kind: "top"), .settings]) }
        #expect(throws: refusal) {
            try screens.tabs("main", id: "main", tabs: [(Feed.feed(kind: "top"), ContainerID("feed")), (.settings, "settings")])
        }
        #expect("\(refusal)".contains("needs the parameter `kind`"))
        // An optional field is a tab's: the route makes it without the value.
        try screens.tabs("main", tabs: [Feed.digest(kind: nil), .settings])
    }

    @Test("content nested deeper than the bound is refused before anything walks it, never overflowing the stack")
    func deepContent() async throws {
        var content = WindowContent.screen(Screen("leaf"))
        for index in 0..<10_000 { content = .hop(HopContainer(id: ContainerID("h\(index)"), showing: content)) }
        await #expect {
            _ = try await Coordinator(root: content, clock: TestClock())
        } throws: { error in
            if case .container(.invalidContent(let problems), _)? = error as? TransitionError {
                problems.contains { $0.contains("nested deeper than 1000 levels") }
            } else {
                false
            }
        }
        let coordinator = await Self.coordinator()
        await #expect(throws: TransitionError.self) { try await coordinator.change(.replace(with: content), at: .root) }
        #expect(await coordinator.history.isEmpty)
        // A route of 10,000 modals, under limits raised to let it through the grammar's checks.
        let unbounded = try CoordinatorConfiguration(routeLimits: RouteLimits(maxLength: .max, maxSteps: .max))
        let linked = await Coordinator(root: Screen("launch"), configuration: unbounded, clock: TestClock(), screens: .open)
        let modals = Route(absolute: true, [.push(RouteTarget("home"))] + (0..<10_000).map { .modal(RouteTarget("m\($0)")) })
        await #expect(throws: TransitionError.self) { try await linked.navigate(to: modals) }
        #expect(await linked.history.isEmpty)
    }
}
