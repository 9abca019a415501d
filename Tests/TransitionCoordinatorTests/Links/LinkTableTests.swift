import Testing
import TransitionCoordinator

#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

/// URLs to routes: patterns with typed placeholders, and errors that name the parameter and pattern.
@Suite("Link table")
struct LinkTableTests {
    static let user = "https://example.com/users/:id"
    static let post = "https://example.com/users/:id/posts/:post?tab=:tab?"
    static let thread = "myapp://inbox/:thread"
    static let settings = "/settings/:section"
    static let search = "/search?q=:q"

    static func table() throws -> LinkTable {
        LinkTable([
            try LinkPattern(user, route: "^/users/user(id=:id)", types: ["id": .integer]),
            try LinkPattern(
                post, route: "^/users/user(id=:id)/post(id=:post,tab=:tab)", types: ["id": .integer, "post": .integer]),
            try LinkPattern(thread, route: "^/inbox!thread(id=:thread)", types: ["thread": .uuid]),
            try LinkPattern(
                settings, route: "^/settings/section(name=:section)", types: ["section": .oneOf(["privacy", "account"])]),
            try LinkPattern(search, route: "^/search(q=:q)"),
        ])
    }

    static let fitting: [(String, String)] = [
        ("https://example.com/users/42", "^/users/user(id=42)"),
        ("HTTPS://Example.COM/users/42/?utm=x#top", "^/users/user(id=42)"),
        ("https://example.com/users/-7", "^/users/user(id=-7)"),
        ("https://example.com/users/42/posts/7?tab=likes", "^/users/user(id=42)/post(id=7,tab=likes)"),
        ("https://example.com/users/42/posts/7", "^/users/user(id=42)/post(id=7)"),
        ("myapp://inbox/1B4E28BA-2FA1-11D2-883F-0016D3CCA427", "^/inbox!thread(id=1B4E28BA-2FA1-11D2-883F-0016D3CCA427)"),
        ("https://example.com/settings/privacy", "^/settings/section(name=privacy)"),
        ("https://example.com/search?q=a%2Cb%29+c", #"^/search(q=a\,b\) c)"#),
    ]

    @Test("a URL that fits a pattern leads to its route, placeholders filled in, escapes kept", arguments: fitting.indices)
    func fits(_ index: Int) throws {
        let (url, path) = Self.fitting[index]
        let route = try Self.table().route(for: url)
        #expect(route.path == path, "\(url)")
        #expect(try Route(parsing: route.path) == route)
    }

    static let unfitting: [(String, NavigationError)] = [
        ("https://example.com/users/abc", .placeholderType("id", value: "abc", expected: .integer, pattern: user)),
        ("https://example.com/users/caf%C3%A9", .placeholderType("id", value: "café", expected: .integer, pattern: user)),
        ("myapp://inbox/nope", .placeholderType("thread", value: "nope", expected: .uuid, pattern: thread)),
        (
            "https://example.com/settings/other",
            .placeholderType("section", value: "other", expected: .oneOf(["privacy", "account"]), pattern: settings)
        ),
        ("https://example.com/search", .missingQueryParameter("q", pattern: search)),
        (
            "https://example.com/groups/1",
            .noMatch(
                "https://example.com/groups/1", nearest: user,
                reason: "path segment 1 is `groups`, not `users`")
        ),
    ]

    @Test(
        "a URL that does not fit names the parameter and pattern, or the nearest pattern and where it parted",
        arguments: unfitting.indices)
    func refuses(_ index: Int) throws {
        let (url, expected) = Self.unfitting[index]
        #expect(throws: expected) { try Self.table().route(for: url) }
    }

    @Test("a pattern whose template uses an unbound placeholder, or does not parse, is refused when made")
    func badPatterns() {
        #expect(throws: NavigationError.badPattern("/a/:id", reason: "the template uses `:other`, which the URL does not bind")) {
            try LinkPattern("/a/:id", route: "^/a(id=:other)")
        }
        #expect {
            try LinkPattern("/a/:id", route: "^/a(id=:id")
        } throws: { error in
            (error as? NavigationError)?.code == "badPattern" && "\(error)".contains("does not parse")
        }
        #expect(
            throws: NavigationError.badPattern(
                "/a?t=:t?", reason: "the optional `:t` names a screen; use it in a parameter's value")
        ) {
            try LinkPattern("/a?t=:t?", route: "^/a#:t")
        }
        #expect(
            throws: NavigationError.badPattern("/a?q=1", reason: "query parameter `q` must be bound to a placeholder, as `q=:q`")
        ) {
            try LinkPattern("/a?q=1", route: "^/a")
        }
    }

    static let urlPieces = [
        "https://", "myapp://", "example.com", "EXAMPLE.com", "/", "users", "posts", "inbox", "settings",
        "search", "42", "-7", "abc", "%", "%C3%A9", "%zz", "?", "&", "=", "q", "tab", "+", "#", ":", "privacy",
        "1B4E28BA-2FA1-11D2-883F-0016D3CCA427", ",", ")", "é",
    ]

    static let shapes = [
        "https://example.com/users/*", "https://example.com/users/*/posts/42?tab=*", "myapp://inbox/*",
        "/settings/*", "https://example.com/search?q=*", "https://example.com/search?q=a*b",
    ]

    @Test("generated URLs never crash the table; every route it gives prints to a path that parses back to it")
    func generated() throws {
        let table = try Self.table()
        var draws = RouteParserTests.Draws(state: 11)
        for _ in 0..<4_000 {
            // Half the time a pattern's shape with drawn values (so routes come out), else pieces at random.
            var url = (0..<draws.next(10)).map { _ in Self.urlPieces[draws.next(Self.urlPieces.count)] }.joined()
            if draws.next(2) == 0 {
                let shape = Self.shapes[draws.next(Self.shapes.count)]
                url = shape.split(separator: "*", omittingEmptySubsequences: false)
                    .map(String.init).joined(separator: Self.urlPieces[draws.next(Self.urlPieces.count)])
            }
            let route: Route
            do throws(NavigationError) {
                route = try table.route(for: url)
            } catch {
                #expect(
                    ["noMatch", "placeholderType", "missingQueryParameter", "badURL"].contains(error.code), "\(url): \(error)")
                continue
            }
            #expect(try Route(parsing: route.path) == route, "\(url)")
        }
    }

    // MARK: URLs RFC 3986 calls the same

    static let item = "myapp:///item/:id"
    static let debug = "http://localhost:8080/debug/:screen"

    /// The table above, with a home page, a custom-scheme pattern without a host, and one on a port.
    static func wideTable() throws -> LinkTable {
        LinkTable(
            [try LinkPattern(item, route: "^/item(id=:id)", types: ["id": .integer])] + (try table().patterns) + [
                try LinkPattern("https://example.com/", route: "^/home"),
                try LinkPattern(debug, route: "^/debug(screen=:screen)"),
                try LinkPattern("https://user@example.com/private/:id", route: "^/private(id=:id)"),
            ])
    }

    static let same: [(String, String)] = [
        ("https://example.com:443/users/42", "^/users/user(id=42)"),
        ("https://example.com:/users/42", "^/users/user(id=42)"),
        ("HTTPS://EXAMPLE.COM:443/users/42", "^/users/user(id=42)"),
        ("https://Ex%61mple.com/users/42", "^/users/user(id=42)"),
        ("https://example.com/%75sers/%34%32", "^/users/user(id=42)"),
        ("https://example.com/users/%2d7", "^/users/user(id=-7)"),
        ("https://example.com/a/../users/./42", "^/users/user(id=42)"),
        ("https://example.com/users/%2E/42", "^/users/user(id=42)"),
        ("https://example.com", "^/home"),
        ("https://example.com/", "^/home"),
        ("https://example.com:443", "^/home"),
        ("myapp:///item/7", "^/item(id=7)"),
        ("myapp:/item/7", "^/item(id=7)"),
        ("MyApp:/item/7", "^/item(id=7)"),
        ("http://LOCALHOST:8080/debug/a", "^/debug(screen=a)"),
        ("http://localhost:0008080/debug/a", "^/debug(screen=a)"),
        ("https://example.com:000443/users/42", "^/users/user(id=42)"),
        ("https://user@example.com/private/7", "^/private(id=7)"),
        ("https://us%65r@example.com/private/7", "^/private(id=7)"),
        ("https://%75%73%65%72@EXAMPLE.com:443/private/7", "^/private(id=7)"),
    ]

    @Test("a URL that RFC 3986 calls the same as one a pattern fits leads to the same route", arguments: same.indices)
    func sameURL(_ index: Int) throws {
        let (url, path) = Self.same[index]
        let route = try Self.wideTable().route(for: url)
        #expect(route.path == path, "\(url)")
    }

    @Test(
        "a pattern without a host fits the URL with an empty authority and the one with none, whichever it is written as",
        arguments: ["myapp:///item/:id", "myapp:/item/:id"], ["myapp:///item/7", "myapp:/item/7"])
    func emptyAuthority(_ pattern: String, _ url: String) throws {
        let table = LinkTable([try LinkPattern(pattern, route: "^/item(id=:id)")])
        #expect(try table.route(for: url).path == "^/item(id=7)")
    }

    static let different: [(String, NavigationError)] = [
        (
            "https://example.com:8443/users/42",
            .noMatch(
                "https://example.com:8443/users/42", nearest: user,
                reason: "port 8443 is not the pattern's (443)")
        ),
        (
            "http://localhost/debug/a",
            .noMatch(
                "http://localhost/debug/a", nearest: debug,
                reason: "port 80 is not the pattern's (8080)")
        ),
        (
            "https://someone@example.com/users/42",
            .noMatch(
                "https://someone@example.com/users/42", nearest: user,
                reason: "the URL's user is `someone@`, the pattern's none")
        ),
        (
            "myapp://item/7",
            .noMatch(
                "myapp://item/7", nearest: item,
                reason: "the URL names host `item`, the pattern none (in `myapp:///item/…` the path starts at `item`)")
        ),
        (
            "https://example.com:abc/users/42",
            .badURL(
                "https://example.com:abc/users/42", position: 20,
                reason: "the port `abc` is not a number")
        ),
        (
            "https://example.com:99999/users/42",
            .badURL(
                "https://example.com:99999/users/42", position: 20,
                reason: "the port `99999` is over 65535")
        ),
        (
            "https://example.com:0065536/users/42",
            .badURL(
                "https://example.com:0065536/users/42", position: 20,
                reason: "the port `0065536` is over 65535")
        ),
        ("https:///users/42", .badURL("https:///users/42", position: 8, reason: "an https URL needs a host")),
        (
            "https://example.com/users/4%2",
            .badURL(
                "https://example.com/users/4%2", position: 27,
                reason: "`%` is not followed by two hexadecimal digits")
        ),
        (
            "https://example.com/search?q=%zz",
            .badURL(
                "https://example.com/search?q=%zz", position: 29,
                reason: "`%` is not followed by two hexadecimal digits")
        ),
        (
            "https://example.com/users/%FF",
            .badURL(
                "https://example.com/users/%FF", position: 26,
                reason: "the percent-encoded bytes of `%FF` are not UTF-8 text")
        ),
    ]

    @Test(
        "a URL that is not the same, or not a URL, is refused naming what differs or what is wrong and where",
        arguments: different.indices)
    func differentURL(_ index: Int) throws {
        let (url, expected) = Self.different[index]
        #expect(throws: expected) { try Self.wideTable().route(for: url) }
        #expect(expected.code == "noMatch" || "\(expected)".contains("at \(expected.position ?? -1)"))
    }

    /// URLs whose separators a combining mark (U+0301) follows: each separator and its mark are
    /// one character, and the separator separates all the same. Each leads to the route with the
    /// path given, or is refused with the error's code given.
    static let separatorsBeforeMarks: [(url: String, pathOrCode: String)] = [
        ("https://example.com/users/42#\u{301}top", "^/users/user(id=42)"),
        ("https://example.com/users/42?\u{301}utm=x", "^/users/user(id=42)"),
        ("https://example.com/users/42/\u{301}more", "noMatch"),
        ("https://example.com/users/\u{301}42", "placeholderType"),
        ("myapp:\u{301}//item/7", "noMatch"),
        ("https://example.com:\u{301}443/users/42", "badURL"),
    ]

    @Test(
        "a separator a combining mark follows still separates: the fragment and query are cut there, the path splits there",
        arguments: separatorsBeforeMarks.indices)
    func separatorBeforeMark(_ index: Int) throws {
        let (url, expected) = Self.separatorsBeforeMarks[index]
        let table = try Self.wideTable()
        let result = Result { () throws(NavigationError) in try table.route(for: url) }
        switch result {
        case .success(let route): #expect(route.path == expected, "\(url)")
        case .failure(let error): #expect(error.code == expected, "\(url): \(error)")
        }
    }

    static let named = "/go/:screen?tab=:tab"
    static let unroutable: [(String, NavigationError)] = [
        (
            "/go/ma%18il?tab=x",
            .unroutable(
                "/go/ma%18il?tab=x", reason: "names a screen with `:screen`, `ma%18il`, which holds the control character U+18",
                pattern: named)
        ),
        ("/go/mail?tab=", .unroutable("/go/mail?tab=", reason: "names a screen with `:tab`, which is empty", pattern: named)),
        (
            "/go/" + String(repeating: "m", count: 5_000) + "?tab=x",
            .unroutable(
                "/go/" + String(repeating: "m", count: 5_000) + "?tab=x",
                reason: "breaks the path's rules: at 4096: the path is 5004 bytes long, over the limit of 4096", pattern: named)
        ),
        (
            "/go/ma\u{18}il?tab=x",
            .badURL(
                "/go/ma\u{18}il?tab=x", position: 6,
                reason: "a control character (U+18) is never part of a URL; percent-encode it")
        ),
    ]

    @Test(
        "a URL whose values would make a route that does not parse back is refused, naming the placeholder",
        arguments: unroutable.indices)
    func unroutableValues(_ index: Int) throws {
        let table = LinkTable([try LinkPattern(Self.named, route: "^/:screen#:tab")])
        let (url, expected) = Self.unroutable[index]
        #expect(throws: expected) { try table.route(for: url) }
    }

    @Test("a URL with two bad values is always refused for the first, in the URL's order")
    func firstBadValue() throws {
        let table = try Self.table()
        let expected = NavigationError.placeholderType("id", value: "42W", expected: .integer, pattern: Self.post)
        for _ in 0..<64 {
            #expect(throws: expected) { try table.route(for: "https://example.com/users/42W/posts/7x") }
        }
    }

    @Test("a pattern that binds a placeholder twice, in the path or the query, is refused when made")
    func placeholderBoundTwice() {
        for pattern in ["/users/:id/posts/:id", "/users/:id?id=:id", "/search?q=:q&query=:q?"] {
            #expect(throws: NavigationError.self, "\(pattern)") { try LinkPattern(pattern, route: "^/users") }
        }
        let error = #expect(throws: NavigationError.self) { try LinkPattern("/a/:x/b/:x", route: "^/a(x=:x)") }
        #expect(error?.description.contains("binds `:x` twice") == true, "\(String(describing: error))")
    }

    @Test("a pattern that is not a URL is refused when made, naming where")
    func badPatternURL() {
        #expect(throws: NavigationError.badPattern("https://example.com:x/a", reason: "at 20: the port `x` is not a number")) {
            try LinkPattern("https://example.com:x/a", route: "^/a")
        }
    }

    #if canImport(FoundationEssentials) || canImport(Foundation)
    @Test("a URL value leads where its text does, and its errors name its text", arguments: same.indices)
    func urlValue(_ index: Int) throws {
        let (text, path) = Self.same[index]
        let url = try #require(URL(string: text))
        #expect(try Self.wideTable().route(for: url).path == path, "\(text)")
    }

    @Test("a URL value that fits no pattern is refused as its text is")
    func urlValueRefused() throws {
        let url = try #require(URL(string: "https://example.com:8443/users/42"))
        #expect(throws: Self.different[0].1) { try Self.wideTable().route(for: url) }
    }
    #endif
}
