import TransitionCoordinator

/// An app's link table, as a URL arrives and as the app checks it at launch.
extension LinkTask {
    /// URLs that RFC 3986 calls the same as one the table matches, spelled another way (scheme
    /// and host in capitals, an unreserved character of the user, the host or a path segment
    /// percent-encoded, the scheme's default port written, a port with leading zeros, a `.`
    /// segment), drawn from `rng`: each must lead to the route the plain spelling leads to
    /// (``EquivalentURLs/problems(drawing:route:)``; mutants ``Mutation/linkUserUndecoded``,
    /// ``Mutation/portLeadingZerosCounted``). A separator a combining mark follows separates all
    /// the same (mutant ``Mutation/linkSplitsAtCharacters``).
    package static func checkEquivalentURLs(_ rng: inout SplitMix64, checker: StressChecker) async {
        for problem in EquivalentURLs.problems(drawing: &rng) { await checker.noteViolation(.init(.answered, problem)) }
    }

    /// The checks a table's patterns meet before any link arrives: the launch check against
    /// `registry` must refuse a pattern whose optional query placeholder fills a required parameter
    /// (a URL without it does not navigate) and pass one whose optional placeholder fills an
    /// optional parameter (mutant ``Mutation/optionalPlaceholdersAlwaysGiven``); a pattern that
    /// binds a placeholder twice must be refused when made. Nil when they hold; else what broke.
    package static func launchChecksHold(against registry: ScreenRegistry) -> String? {
        do {
            let table = LinkTable([
                try LinkPattern("/detail?id=:id?", route: "^/lhome/ldetail(id=:id)", types: ["id": .integer])
            ])
            do throws(NavigationError) {
                try table.validate(against: registry)
                return "a link table whose optional placeholder fills ldetail's required id passed its launch check"
            } catch {
                guard case .doesNotNavigate(_, let values, .missingParameter) = error, values.isEmpty else {
                    return "a link table whose optional placeholder fills a required id was refused for another reason: \(error)"
                }
            }
            let optional = LinkTable([
                try LinkPattern("/secure?id=:id?", route: "^/lhome/lsecure(id=:id)", types: ["id": .integer])
            ])
            try optional.validate(against: registry)
        } catch {
            return "a link table whose optional placeholder fills an optional id failed its launch check: \(error)"
        }
        // A pattern that binds one placeholder twice is refused when made (mutant ``Mutation/placeholderBoundTwice``).
        do {
            _ = try LinkPattern("/detail/:id/again/:id", route: "^/lhome/ldetail(id=:id)", types: ["id": .integer])
            return "a link pattern that binds `:id` twice was made: a link's second value would replace its first"
        } catch {
            guard case .badPattern = error else { return "a pattern that binds `:id` twice was refused as \(error)" }
            return nil
        }
    }
}

/// A URL as parts, spelled plainly or in an equivalent way.
package struct EquivalentURLs: Sendable {
    var scheme: String
    var user: String?
    var host: String
    var port: Int?
    var path: [String]

    /// The table the URLs are matched against: a user, a port, a path with placeholders.
    package static let table: Result<LinkTable, NavigationError> = Result { () throws(NavigationError) in
        LinkTable([
            try LinkPattern("https://user@example.com/private/:id", route: "^/private(id=:id)", types: ["id": .integer]),
            try LinkPattern("http://localhost:8080/debug/:screen", route: "^/debug/:screen"),
            try LinkPattern(
                "https://example.com/users/:id/posts/:post", route: "^/users/user(id=:id)/post(id=:post)",
                types: ["id": .integer, "post": .integer]),
        ])
    }

    /// The three URLs the table matches, with numbers drawn from `rng`.
    static func drawn(_ rng: inout SplitMix64) -> [Self] {
        let (id, post) = (rng.below(10_000), rng.below(100))
        return [
            Self(scheme: "https", user: "user", host: "example.com", path: ["private", String(id)]),
            Self(scheme: "http", host: "localhost", port: 8080, path: ["debug", "screen\(post)"]),
            Self(scheme: "https", host: "example.com", path: ["users", String(id), "posts", String(post)]),
        ]
    }

    /// The URL's plain text.
    var text: String {
        let authority = (user.map { $0 + "@" } ?? "") + host + (port.map { ":" + String($0) } ?? "")
        return scheme + "://" + authority + "/" + path.joined(separator: "/")
    }

    /// The URL's text with respellings `rng` draws, each chosen on its own, at least one applied.
    func text(respelled rng: inout SplitMix64?) -> String {
        func encodeOne(_ part: String) -> String {
            guard var draw = rng,
                let index = part.indices.filter({ part[$0].isLetter || part[$0].isNumber }).randomElement(using: &draw)
            else { return part }
            rng = draw
            let byte = part[index].asciiValue ?? 0
            let hex = String(byte, radix: 16, uppercase: draw.chance(50))
            return part[..<index] + "%" + hex + part[part.index(after: index)...]
        }
        func chance(_ percent: Int) -> Bool {
            guard var draw = rng else { return false }
            defer { rng = draw }
            return draw.chance(percent)
        }
        var scheme = self.scheme, user = self.user, host = self.host, path = self.path
        var port = port.map(String.init)
        var changed = false
        if chance(40) { (scheme, changed) = (scheme.uppercased(), true) }
        if chance(40) { (host, changed) = (host.uppercased(), true) }
        if let written = user, chance(50) || !changed { (user, changed) = (encodeOne(written), true) }
        if chance(40), let last = path.indices.last { (path[last], changed) = (encodeOne(path[last]), true) }
        if chance(40) { (host, changed) = (encodeOne(host), true) }
        if chance(40) || !changed {
            let defaultPort = scheme.lowercased() == "https" ? 443 : 80
            port = "000" + (port ?? String(defaultPort))
            changed = true
        }
        if chance(30) { path.insert(".", at: path.count / 2) }
        let authority = (user.map { $0 + "@" } ?? "") + host + (port.map { ":" + $0 } ?? "")
        return scheme + "://" + authority + "/" + path.joined(separator: "/")
    }

    /// What is wrong with the routes `route` gives (the table's, by default) for URLs drawn from
    /// `rng`: a URL respelled as RFC 3986 allows that leads elsewhere than its plain spelling, or
    /// a plain spelling the table does not match. Empty when nothing is.
    package static func problems(
        drawing rng: inout SplitMix64, route: ((String) throws(NavigationError) -> Route)? = nil
    ) -> [String] {
        let routeFor: (String) throws(NavigationError) -> Route
        switch (route, Self.table) {
        case (let given?, _): routeFor = given
        case (nil, .success(let table)): routeFor = { text throws(NavigationError) in try table.route(for: text) }
        case (nil, .failure(let error)): return ["the equivalent URLs' link table is refused: \(error)"]
        }
        var problems: [String] = []
        for url in drawn(&rng) {
            let text = url.text
            guard let route = try? routeFor(text) else {
                problems.append("<\(text)> matches no pattern of the table written for it")
                continue
            }
            for _ in 0..<3 {
                var draw: SplitMix64? = rng.split(rng.next())
                let respelled = url.text(respelled: &draw)
                let result = Result { () throws(NavigationError) in try routeFor(respelled) }
                if result != .success(route) { problems.append("<\(respelled)> gives \(result), <\(text)> gives \(route)") }
            }
            problems += separatorsBeforeMarks(text, route: route, routeFor: routeFor)
        }
        return problems
    }

    /// What is wrong with URLs that add to `text` (which leads to `route`) a separator a combining
    /// mark follows (U+0301): one character with it, but a separator all the same. A fragment or a
    /// query the table does not read must lead to `route`, and one more path segment must match no
    /// pattern (mutant ``Mutation/linkSplitsAtCharacters``).
    static func separatorsBeforeMarks(
        _ text: String, route: Route, routeFor: (String) throws(NavigationError) -> Route
    ) -> [String] {
        var problems: [String] = []
        for suffix in ["#\u{301}top", "?\u{301}tab=1"] {
            let result = Result { () throws(NavigationError) in try routeFor(text + suffix) }
            if result != .success(route) {
                problems.append(
                    "<\(text + suffix)> gives \(result), <\(text)> gives \(route): the fragment or query is not cut off")
            }
        }
        let longer = text + "/\u{301}more"
        switch Result(catching: { () throws(NavigationError) in try routeFor(longer) }) {
        case .failure(let error) where error.code == "noMatch": break
        case let result: problems.append("<\(longer)> gives \(result), not `noMatch`: its last `/` did not separate")
        }
        return problems
    }
}
