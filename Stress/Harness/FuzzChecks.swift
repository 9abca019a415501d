import TransitionCoordinator

#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

/// What the fuzzers check, on any input: the libFuzzer targets (Stress/Fuzz, fed mutated bytes)
/// and `stress fuzz` (fed inputs drawn from a seed) call the same four checks. Each returns nil
/// when its promises held, else what broke; a trap in the library is a crash of the caller, which
/// the fuzzer reports with the input. Public API only: what a client could do.
package enum FuzzChecks {
    /// The fuzzed surfaces, by the names of their targets and corpus folders.
    package enum Target: String, CaseIterable, Sendable {
        case path, link, restore, navigate
    }

    /// Runs `target`'s check on `bytes`.
    package static func check(_ target: Target, _ bytes: [UInt8]) async -> String? {
        switch target {
        case .path: path(String(decoding: bytes, as: UTF8.self))
        case .link: link(String(decoding: bytes, as: UTF8.self))
        case .restore: await restore(bytes)
        case .navigate: await navigate(bytes)
        }
    }

    // MARK: (a) the path parser

    /// Whatever parses prints back (``Route/path``) to a path no longer than it was, that parses
    /// to the same route and prints the same again; whatever is refused names a position inside
    /// the path.
    package static func path(_ text: String) -> String? {
        do throws(NavigationError) {
            let route = try Route(parsing: text)
            if route.path.utf8.count > text.utf8.count {
                return "`\(text)` (\(text.utf8.count) bytes) prints longer, as `\(route.path)` (\(route.path.utf8.count) bytes)"
            }
            return roundTrip(route, from: text)
        } catch {
            if let position = error.position, !(0...text.count).contains(position) {
                return "`\(text)`: the error's position \(position) is outside the path (\(text.count) characters): \(error)"
            }
            return nil
        }
    }

    /// Nil when `route` prints to a path that parses back to it and prints the same again.
    static func roundTrip(_ route: Route, from source: String) -> String? {
        let printed = route.path
        do throws(NavigationError) {
            let again = try Route(parsing: printed)
            if again != route {
                return "`\(source)` gives\n\(route.tree)\nwhich prints as `\(printed)`, which parses to\n\(again.tree)"
            }
            if again.path != printed { return "`\(source)` prints as `\(printed)`, which prints as `\(again.path)`" }
            return nil
        } catch {
            return "`\(source)` gives\n\(route.tree)\nwhich prints as `\(printed)`, which does not parse: \(error)"
        }
    }

    // MARK: (b) the link table on URLs

    /// A table as an app writes one: hosts, a port, a custom scheme with and without a host,
    /// typed placeholders, optional query parameters, and a pattern without a scheme.
    static let table: Result<LinkTable, NavigationError> = Result { () throws(NavigationError) in
        LinkTable([
            try LinkPattern("https://example.com/users/:id", route: "^/users/user(id=:id)", types: ["id": .integer]),
            try LinkPattern(
                "https://example.com/users/:id/posts/:post?tab=:tab?", route: "^/users/user(id=:id)/post(id=:post,tab=:tab)",
                types: ["id": .integer, "post": .integer]),
            try LinkPattern("myapp://inbox/:thread", route: "^/inbox!thread(id=:thread)", types: ["thread": .uuid]),
            try LinkPattern("myapp:///item/:id", route: "^/item(id=:id)", types: ["id": .integer]),
            try LinkPattern("http://localhost:8080/debug/:screen", route: "^/debug/:screen"),
            try LinkPattern(
                "/settings/:section", route: "^/settings/section(name=:section)",
                types: ["section": .oneOf(["privacy", "account"])]),
            try LinkPattern("/search?q=:q", route: "^/search(q=:q)"),
            try LinkPattern("https://example.com/", route: "^/home"),
        ])
    }

    /// No crash; a matched URL gives a route that passes (a)'s round trip; a refusal is one of
    /// the table's typed errors, a bad URL's position inside the text; a `URL` value leads where
    /// its text does.
    package static func link(_ text: String) -> String? {
        let table: LinkTable
        switch Self.table {
        case .success(let made): table = made
        case .failure(let error): return "the fuzzers' link table is refused: \(error)"
        }
        let result = Result { () throws(NavigationError) in try table.route(for: text) }
        switch result {
        case .success(let route):
            if let broken = roundTrip(route, from: "the route of <\(text)>") { return broken }
        case .failure(let error):
            guard ["noMatch", "placeholderType", "missingQueryParameter", "badURL", "unroutable"].contains(error.code) else {
                return "<\(text)>: an error a URL cannot cause: \(error)"
            }
            if let position = error.position, !(0...text.count).contains(position) {
                return "<\(text)>: the error's position \(position) is outside the URL (\(text.count) characters): \(error)"
            }
        }
        #if canImport(FoundationEssentials) || canImport(Foundation)
        if let url = URL(string: text), url.absoluteString == text {
            let fromURL = Result { () throws(NavigationError) in try table.route(for: url) }
            if fromURL != result { return "<\(text)>: its URL value gives \(fromURL), its text \(result)" }
        }
        #endif
        return nil
    }

    // MARK: (c) saved states and links from disk

    /// The screens the restore and navigate checks name: stacks' screens, typed parameters, a
    /// factory that declines, a tab bar.
    static let screens: ScreenRegistry = {
        var registry = ScreenRegistry()
        for name in ["launch", "home", "inbox", "mail", "settings", "profile", "compose", "draft", "alert", "friend"] {
            registry.screen(name)
        }
        registry.screen(
            "detail", parameters: ["id": .init(.integer), "tab": .init(.oneOf(["info", "reviews"]), required: false)])
        registry.screen("vault", parameters: ["code": .init(.text)]) { request in
            request.parameters["code"] == "1234" ? Screen("vault", id: request.id, parameters: request.parameters) : nil
        }
        do { try registry.tabs("main", tabs: ["inbox", "settings", "profile"]) } catch {
            fatalError("the fuzz registry: \(error)")
        }
        return registry
    }()

    /// The app's policy for a restore: schema 2 with a migration from 1, a day's age at most,
    /// `alert` never restored. The migration has a bug an app's can have: a route ending on
    /// `draft` comes back with `up(-2)` added (the restore must refuse it, changing nothing).
    static let policy = RestorationPolicy(
        schema: 2,
        migrations: [
            1: { route in
                route.steps.last?.target?.name == "draft" ? Route(absolute: route.isAbsolute, route.steps + [.up(-2)]) : route
            }
        ], maxAge: .seconds(86_400), neverRestored: ["alert"])
    /// The wall clock at the restore.
    static let now = Duration.seconds(1_000_000)

    /// `bytes` as JSON: a ``SavedNavigation`` is planned and restored, then its links given to an
    /// inbox, opened; a `[SavedLink]` only the latter. Whatever restores passes `audit()` and
    /// shows the plan's content; a refused restore changes nothing; every link the inbox takes
    /// back ends exactly once, and no other does.
    package static func restore(_ bytes: [UInt8]) async -> String? {
        #if canImport(FoundationEssentials) || canImport(Foundation)
        let data = Data(bytes)
        let saved = try? JSONDecoder().decode(SavedNavigation.self, from: data)
        // What was read writes again, or is refused as it is written (a time past years 0001 to
        // 9999 is an encoding error): never a trap, whatever time the file held.
        if let saved { _ = try? JSONEncoder().encode(saved) }
        guard let links = saved?.links ?? (try? JSONDecoder().decode([SavedLink].self, from: data)) else { return nil }
        let coordinator = await Coordinator(root: Screen("launch"), screens: screens)
        var bare = screens
        if (try? bare.tabs("empty", tabs: [String]())) != nil { return "a tab bar with no tab was registered" }
        if let saved {
            let before = await coordinator.snapshot
            let planned = Result { () throws(RestorationError) in
                try Restoration.plan(saved, policy: policy, registry: screens, now: now)
            }
            do throws(RestorationError) {
                let restored = try await coordinator.restore(saved, policy: policy, now: now)
                if case .success(let plan) = planned, plan != restored.plan {
                    return "the restore's plan differs from Restoration.plan's"
                }
                let root = await coordinator.snapshot.windowList.first?.content
                if root != restored.plan.content {
                    return
                        "restored, the root shows \(root.map { "\($0)" } ?? "nothing"), not the plan's \(restored.plan.content)"
                }
            } catch {
                if case .success = planned, error.code.hasPrefix("refused") == false {
                    return "Restoration.plan plans it, the restore refuses it: \(error)"
                }
                if await coordinator.snapshot != before { return "a refused restore (\(error)) changed the state" }
            }
            if let broken = await audited(coordinator, "after the restore") { return broken }
            if let broken = await savesAgain(coordinator, registry: screens) { return broken }
            // The same state under the app's launch hop container (a declared root hop): what
            // restores inside it saves again through it, sheets included.
            guard let hopped = try? await Coordinator(root: hopRoot, screens: hopScreens) else {
                return "the launch hop root is refused"
            }
            if (try? await hopped.restore(saved, policy: policy, now: now)) != nil,
                let broken = await savesAgain(hopped, registry: hopScreens)
            {
                return "under a declared root hop, " + broken
            }
        }
        guard links.count <= 1_000 else { return nil }
        let inbox = LinkInbox(coordinator: coordinator)
        let taken = await inbox.restore(links)
        await inbox.open()
        await inbox.idle()
        let count = await inbox.endedCount
        var ends: [LinkID: Int] = [:]
        var outcomes = inbox.outcomes.makeAsyncIterator()
        for _ in 0..<count {
            guard let ended = await outcomes.next() else { break }
            ends[ended.id, default: 0] += 1
        }
        for id in Set(taken.map(\.id)) where ends[id] != 1 {
            return "restored link \(id) ended \(ends[id] ?? 0) times (of \(links.count) saved, \(taken.count) taken)"
        }
        if let stray = ends.keys.first(where: { id in !taken.contains { $0.id == id } }) {
            return "link \(stray) ended, but the inbox did not take it back"
        }
        return await audited(coordinator, "after the inbox's links")
        #else
        return nil
        #endif
    }

    /// The fuzz registry with the root's content declared to sit in the hop container `launch`.
    static let hopScreens: ScreenRegistry = {
        var registry = screens
        do { try registry.rootHop(id: "launch") } catch { fatalError("the fuzz registry: \(error)") }
        return registry
    }()

    /// The root of a coordinator under ``hopScreens``: the launch hop container.
    static let hopRoot = WindowContent.hop(HopContainer(id: "launch", showing: .screen(Screen("launch"))))

    /// Whether what `coordinator` shows saves again, and the saved state plans the content shown
    /// (as an app going to the background saves what it restored); nil when it does, else what broke.
    static func savesAgain(_ coordinator: Coordinator, registry: ScreenRegistry) async -> String? {
        let shown = await coordinator.snapshot.windowList.first?.content
        do throws(NavigationError) {
            let again = try await coordinator.savedNavigation(schema: policy.schema, savedAt: now)
            let plan = Result { () throws(RestorationError) in
                try Restoration.plan(again, policy: policy, registry: registry, now: now)
            }
            guard case .success(let replanned) = plan else { return "the restored state saves, but its plan fails: \(plan)" }
            // A bare screen at the root saves as a stack of one: only a tree is compared.
            if case .screen? = shown { return nil }
            if replanned.content != shown {
                return "the restored state saves as \(again.route), which plans \(replanned.content), not what is shown"
            }
            return nil
        } catch {
            return "the restored state does not save again: \(error)"
        }
    }

    /// What `audit()` finds, in words; nil when nothing.
    static func audited(_ coordinator: Coordinator, _ when: String) async -> String? {
        let violations = await coordinator.audit()
        return violations.isEmpty ? nil : "\(when), audit() finds: " + violations.map { "\($0)" }.joined(separator: "; ")
    }

    // MARK: (d) routes built in code

    /// Names a route built in code may use: the registry's, one it does not know, and an empty one.
    static let names = [
        "home", "inbox", "mail", "settings", "profile", "compose", "alert", "friend", "detail", "vault", "main",
        "nowhere", "",
    ]
    /// Parameters a step may carry.
    static let parameterSets: [[String: String]] = [
        [:], ["id": "3"], ["id": "-1", "tab": "info"], ["code": "1234"], ["tab": "x"],
    ]

    /// Reads `bytes` as routes built in code (see ``routes(from:)``) and navigates to each in
    /// turn: a route the coordinator accepts keeps the grammar's limits (at most 256 steps, every
    /// `up` from 1 to 256); a refusal changes nothing; `audit()` finds nothing after each.
    package static func navigate(_ bytes: [UInt8]) async -> String? {
        let coordinator = await Coordinator(root: Screen("launch"), screens: screens)
        for route in routes(from: bytes) {
            let before = await coordinator.snapshot
            do throws(TransitionError) {
                _ = try await coordinator.navigate(to: route)
                let limits = RouteLimits.standard
                if route.steps.count > limits.maxSteps { return "a route of \(route.steps.count) steps was navigated" }
                for case .up(let count) in route.steps where !(1...limits.maxUpCount).contains(count) {
                    return "a route with up(\(count)) was navigated: \(route)"
                }
            } catch {
                if await coordinator.snapshot != before { return "a refused navigation (\(error)) changed the state" }
            }
            if let broken = await audited(coordinator, "after navigating to \(route)") { return broken }
        }
        return nil
    }

    /// The routes `bytes` spell: the first byte says how many (1 to 3) and which are absolute;
    /// then each step takes a byte (its kind, its name or count) and, for a target, one more
    /// (its parameters); `0xFF` ends a route. Up counts come as a signed byte, or eight bytes
    /// (any `Int`: zero, negative, huge). At most 300 steps a route, so some pass the limit.
    package static func routes(from bytes: [UInt8]) -> [Route] {
        var input = bytes[...]
        guard let header = input.popFirst() else { return [] }
        var routes: [Route] = []
        for index in 0..<(1 + Int(header % 3)) {
            var steps: [RouteStep] = []
            while steps.count < 300, let byte = input.popFirst(), byte != 0xFF {
                let kind = byte % 6
                if kind >= 4 {
                    if kind == 4 {
                        steps.append(.up(Int(Int8(bitPattern: input.popFirst() ?? 1))))
                    } else {
                        var raw: UInt64 = 0
                        for _ in 0..<8 { raw = raw << 8 | UInt64(input.popFirst() ?? 0) }
                        steps.append(.up(Int(truncatingIfNeeded: raw)))
                    }
                    continue
                }
                let name = names[Int(byte / 6) % names.count]
                let parameters = parameterSets[Int(input.popFirst() ?? 0) % parameterSets.count]
                let target = RouteTarget(name, parameters)
                steps.append([.push(target), .modal(target), .modalStack(target), .tab(target)][Int(kind)])
            }
            routes.append(Route(absolute: header >> (2 + index) & 1 == 1, steps))
        }
        return routes
    }
}
