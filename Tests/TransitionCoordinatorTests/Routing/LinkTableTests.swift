import Testing
import TransitionCoordinator

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
            try LinkPattern(post, route: "^/users/user(id=:id)/post(id=:post,tab=:tab)", types: ["id": .integer, "post": .integer]),
            try LinkPattern(thread, route: "^/inbox!thread(id=:thread)", types: ["thread": .uuid]),
            try LinkPattern(settings, route: "^/settings/section(name=:section)", types: ["section": .oneOf(["privacy", "account"])]),
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
        ("https://example.com/search?q=a%2Cb%29+c", #"^/search(q=a\,b\)%20c)"#),
    ]

    @Test("a URL that fits a pattern leads to its route, placeholders filled in, escapes kept", arguments: fitting.indices)
    func fits(_ index: Int) throws {
        let (url, path) = Self.fitting[index]
        let route = try Self.table().route(for: url)
        #expect(route.path == path, "\(url)")
        #expect(try Route(parsing: route.path) == route)
    }

    static let unfitting: [(String, LinkError)] = [
        ("https://example.com/users/abc", .parameterType("id", value: "abc", expected: .integer, pattern: user)),
        ("https://example.com/users/caf%C3%A9", .parameterType("id", value: "café", expected: .integer, pattern: user)),
        ("myapp://inbox/nope", .parameterType("thread", value: "nope", expected: .uuid, pattern: thread)),
        ("https://example.com/settings/other", .parameterType("section", value: "other", expected: .oneOf(["privacy", "account"]), pattern: settings)),
        ("https://example.com/search", .missingParameter("q", pattern: search)),
        ("https://example.com/groups/1", .noMatch("https://example.com/groups/1", nearest: user,
                                                  reason: "path segment 1 is `groups`, not `users`")),
    ]

    @Test("a URL that does not fit names the parameter and pattern, or the nearest pattern and where it parted",
          arguments: unfitting.indices)
    func refuses(_ index: Int) throws {
        let (url, expected) = Self.unfitting[index]
        #expect(throws: expected) { try Self.table().route(for: url) }
    }

    @Test("a pattern whose template uses an unbound placeholder, or does not parse, is refused when made")
    func badPatterns() {
        #expect(throws: LinkError.badPattern("/a/:id", reason: "the template uses `:other`, which the URL does not bind")) {
            try LinkPattern("/a/:id", route: "^/a(id=:other)")
        }
        #expect {
            try LinkPattern("/a/:id", route: "^/a(id=:id")
        } throws: { error in
            (error as? LinkError)?.code == "badPattern" && "\(error)".contains("does not parse")
        }
        #expect(throws: LinkError.badPattern("/a?t=:t?", reason: "the optional `:t` names a screen; use it in a parameter's value")) {
            try LinkPattern("/a?t=:t?", route: "^/a#:t")
        }
        #expect(throws: LinkError.badPattern("/a?q=1", reason: "query parameter `q` must be bound to a placeholder, as `q=:q`")) {
            try LinkPattern("/a?q=1", route: "^/a")
        }
    }

    static let urlPieces = ["https://", "myapp://", "example.com", "EXAMPLE.com", "/", "users", "posts", "inbox", "settings",
                            "search", "42", "-7", "abc", "%", "%C3%A9", "%zz", "?", "&", "=", "q", "tab", "+", "#", ":", "privacy",
                            "1B4E28BA-2FA1-11D2-883F-0016D3CCA427", ",", ")", "é"]

    static let shapes = ["https://example.com/users/*", "https://example.com/users/*/posts/42?tab=*", "myapp://inbox/*",
                         "/settings/*", "https://example.com/search?q=*", "https://example.com/search?q=a*b"]

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
            do throws(LinkError) {
                route = try table.route(for: url)
            } catch {
                #expect(["noMatch", "parameterType", "missingParameter"].contains(error.code), "\(url): \(error)")
                continue
            }
            #expect(try Route(parsing: route.path) == route, "\(url)")
        }
    }
}
