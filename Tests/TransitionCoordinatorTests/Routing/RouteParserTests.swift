import Testing
import TransitionCoordinator

/// The path grammar (the DeepTransition library's grammar and its escapes): tables of good and bad paths, and generated input.
@Suite("Route parser")
struct RouteParserTests {
    static func push(_ name: String, _ parameters: [String: String] = [:]) -> RouteStep { .push(RouteTarget(name, parameters)) }

    static let good: [(String, Route)] = [
        ("top", Route([push("top")])),
        ("/top", Route([push("top")])),
        ("a/b", Route([push("a"), push("b")])),
        ("list_news!show(id=9)", Route([push("list_news"), .modal(RouteTarget("show", ["id": "9"]))])),
        ("!m", Route([.modal(RouteTarget("m"))])),
        ("!/m", Route([.modalStack(RouteTarget("m"))])),
        ("home#user", Route([push("home"), .tab(RouteTarget("user"))])),
        ("..", Route([.up(1)])),
        ("../friend", Route([.up(1), push("friend")])),
        ("../../friend", Route([.up(1), .up(1), push("friend")])),
        ("up(n=2)", Route([.up(2)])),
        ("a/up(n=1)", Route([push("a"), .up(1)])),
        ("^/top", Route(absolute: true, [push("top")])),
        ("^/", Route(absolute: true, [])),
        ("^/a/b/..", Route(absolute: true, [push("a"), push("b"), .up(1)])),
        ("/top/news(category=10,offset=50)", Route([push("top"), push("news", ["category": "10", "offset": "50"])])),
        (#"a(k=x\,y)"#, Route([push("a", ["k": "x,y"])])),
        (#"a(k=x\)y\=z\\)"#, Route([push("a", ["k": #"x)y=z\"#])])),
        ("a(k=/b!c#d^)", Route([push("a", ["k": "/b!c#d^"])])),
        ("a(k=%E3%81%82)", Route([push("a", ["k": "あ"])])),
        ("caf%C3%A9", Route([push("café")])),
        ("ニュース!詳細(id=1)", Route([push("ニュース"), .modal(RouteTarget("詳細", ["id": "1"]))])),
        ("a(k=)", Route([push("a", ["k": ""])])),
        ("up", Route([push("up")])),
        ("%75p(n=2)", Route([push("up", ["n": "2"])])),
        ("%2E.", Route([push("..")])),
        ("a(k=%0A)", Route([push("a", ["k": "\n"])])),
        ("a%F0%9F%98%80", Route([push("a😀")])),
        ("a%e3%81%82", Route([push("aあ")])),
    ]

    @Test("good paths parse to their routes and print back to paths that parse to the same route", arguments: good.indices)
    func parses(_ index: Int) throws {
        let (path, expected) = Self.good[index]
        let route = try Route(parsing: path)
        #expect(route == expected, "\(path)")
        #expect(try Route(parsing: route.path) == route, "\(path) printed as \(route.path)")
    }

    static let bad: [(String, String, Int?)] = [
        ("", "emptyPath", nil),
        (String(repeating: "a", count: 5_000), "tooLong", 4_096),
        (Array(repeating: "a", count: 257).joined(separator: "/"), "tooDeep", 511),
        ("a(" + (0..<33).map { "k\($0)=1" }.joined(separator: ",") + ")", "tooManyParameters", 184),
        ("a(k=1", "unclosedParameters", 1),
        ("a(", "unclosedParameters", 1),
        ("a(k", "unclosedParameters", 1),
        ("a//b", "missingName", 2),
        ("a/", "missingName", 2),
        ("/", "missingName", 1),
        ("!", "missingName", 1),
        ("a#", "missingName", 2),
        ("(k=1)", "missingName", 0),
        ("^//a", "missingName", 2),
        ("up(n=0)", "badUpCount", 5),
        ("up(n=x)", "badUpCount", 5),
        ("up(n=-1)", "badUpCount", 5),
        ("up(n=1000)", "badUpCount", 5),
        ("up(k=1)", "unexpected", 3),
        ("^/..", "upPastRoot", 2),
        ("^/a/..", "upPastRoot", 3),
        ("^/a/b/up(n=2)", "upPastRoot", 5),
        (#"a\q"#, "badEscape", 1),
        (#"a\"#, "badEscape", 1),
        ("a%zz", "badEscape", 1),
        ("a%4", "badEscape", 1),
        ("a%C3", "badEscape", 1),
        ("a%C0%80", "badEscape", 1),
        ("a%ED%A0%80", "badEscape", 1),
        ("a%F4%90%80%80", "badEscape", 1),
        ("a%E3%81", "badEscape", 1),
        ("a\u{7}b", "controlCharacter", 1),
        ("a(k=\u{1B})", "controlCharacter", 4),
        ("a%0Ab", "controlCharacter", 1),
        ("a(k=1,k=2)", "duplicateParameter", 6),
        ("a(=1)", "emptyParameterKey", 2),
        ("a(k)", "emptyParameterKey", 2),
        ("a)b", "unexpected", 1),
        ("a(k=1)b", "unexpected", 6),
        ("^a", "unexpected", 1),
        ("#..", "unexpected", 1),
        ("!up(n=2)", "unexpected", 1),
        ("a(k=v=w)", "unexpected", 5),
        ("a,b", "unexpected", 1),
        ("ニュース)", "unexpected", 4),
    ]

    /// (A step's position is where it begins: its operator, when it has one.)
    /// Paths of exactly the length limit, made of what the printer could write longer: names and
    /// values of dots, `..` with parameters (a name: `(` follows), spaces, and the operators a
    /// value may hold as they are.
    static let atTheLimit: [String] = [
        String(repeating: "a", count: 3_596) + String(repeating: "/.", count: 250),
        String(repeating: "a", count: 3_096) + String(repeating: "/...", count: 250),
        "a" + String(repeating: "/b(k=..)", count: 254) + "/" + String(repeating: "c", count: 4_096 - 1 - 254 * 8 - 1),
        "a" + String(repeating: "/..(k=v)", count: 254) + "/" + String(repeating: "c", count: 4_096 - 1 - 254 * 8 - 1),
        "a" + String(repeating: " ", count: 4_094) + "b",
        "a(k=" + String(repeating: " ", count: 4_091) + ")",
        "a(k=" + String(repeating: "/!#^", count: 1_022) + "/!#)",
    ]

    @Test(
        "a path within the length limit prints to one no longer, which parses back to the same route",
        arguments: atTheLimit.indices)
    func printingNeverGrows(_ index: Int) throws {
        let path = Self.atTheLimit[index]
        #expect(path.utf8.count == 4_096)
        let route = try Route(parsing: path)
        #expect(route.path.utf8.count <= path.utf8.count)
        #expect(try Route(parsing: route.path) == route)
    }

    @Test("bad paths get a typed error naming the position and what was expected", arguments: bad.indices)
    func refuses(_ index: Int) {
        let (path, code, position) = Self.bad[index]
        #expect {
            _ = try Route(parsing: path)
        } throws: { error in
            guard let error = error as? NavigationError else { return false }
            #expect(error.code == code, "\(path.prefix(40)): \(error)")
            #expect(error.position == position, "\(path.prefix(40)): \(error)")
            return true
        }
    }

    @Test("the caret stands under the position, in characters")
    func caret() throws {
        let error = try #require(throws: NavigationError.self) { try Route(parsing: "ニュース!詳細(id=1") }
        #expect(error.caret(under: "ニュース!詳細(id=1").split(separator: "\n").prefix(2) == ["ニュース!詳細(id=1", "       ^"])
        #expect(error.description.contains("`(` is never closed"))
    }

    @Test("a route prints as a tree, one step a line, as `stress route` shows it")
    func tree() throws {
        let route = try Route(parsing: "^/top/news(category=10,offset=50)#comments/../friend!/compose")
        #expect(
            route.tree == """
                route from the root window (^/)
                ├─ push top
                ├─ push news (category=10, offset=50)
                ├─ tab comments
                ├─ up 1
                ├─ push friend
                └─ modal stack compose
                """)
    }

    /// A small seeded generator (the tests do not depend on the harness).
    struct Draws {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let pieces = [
        "a", "b", "up", "n", "1", "0", "/", "!", "!/", "#", "^", "^/", "(", ")", ",", "=", "\\", "%",
        "%2C", "%E3", ".", "..", " ", "é", "ニ", "\u{1}", "\\,", "\\)", "(n=2)", "(k=v)",
    ]

    @Test(
        "generated input never crashes the parser; whatever it accepts round-trips, whatever it refuses has a position in the path",
        arguments: [1, 2, 3, 4] as [UInt64])
    func generated(seed: UInt64) throws {
        var draws = Draws(state: seed)
        for _ in 0..<4_000 {
            let path = (0..<draws.next(14)).map { _ in Self.pieces[draws.next(Self.pieces.count)] }.joined()
            do throws(NavigationError) {
                let route = try Route(parsing: path)
                #expect(try Route(parsing: route.path) == route, "\(path) → \(route.path)")
            } catch {
                if let position = error.position { #expect((0...path.count).contains(position), "\(path): \(error)") }
            }
        }
    }

    /// Names and keys may hold any character but a control character; values may hold those too.
    static let names = ["a", "up", "..", ".", "x/y", "a!b", "#t", "^", "(p)", "k,v", "k=v", #"\"#, "%", "a b", "é", "ニ"]
    static let values = names + ["\n", "\u{7F}", ""]

    @Test(
        "generated routes, names and values holding every reserved character, print to paths that parse back to them",
        arguments: [5, 6] as [UInt64])
    func roundTrip(seed: UInt64) throws {
        var draws = Draws(state: seed)
        for _ in 0..<2_000 {
            var steps: [RouteStep] = []
            for _ in 0..<draws.next(6) {
                func target() -> RouteTarget {
                    let name = Self.names[draws.next(Self.names.count)] + "\(draws.next(3))"
                    var parameters: [String: String] = [:]
                    for _ in 0..<draws.next(3) {
                        parameters[Self.names[draws.next(Self.names.count)] + "k"] = Self.values[draws.next(Self.values.count)]
                    }
                    return RouteTarget(name, parameters)
                }
                switch draws.next(5) {
                case 0: steps.append(.push(target()))
                case 1: steps.append(.modal(target()))
                case 2: steps.append(.modalStack(target()))
                case 3: steps.append(.tab(target()))
                default: steps.append(.up(1 + draws.next(3)))
                }
            }
            let route = Route(steps)
            guard !steps.isEmpty else { continue }
            #expect(try Route(parsing: route.path) == route, "\(route.path)")
        }
    }
}
