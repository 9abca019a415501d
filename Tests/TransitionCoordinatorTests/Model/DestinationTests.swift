import Testing

@testable import TransitionCoordinator

/// An app's destination type, with every shape of payload the rules name.
private enum Destination: Hashable, Codable, Sendable {
    case inbox
    case mail(id: Int)
    case compose(draft: String?)
    case thread(Int, reply: Bool)
    case search(Query)
    case tagged([String])
    case chart(scale: Double)
    case filters([String?])
    case grid([[String?]])

    struct Query: Hashable, Codable, Sendable {
        var text: String
        var page: UInt8
    }
}

/// A destination that is a struct, not an enum.
private struct Profile: Hashable, Codable, Sendable {
    var user: String
}

/// A raw-value destination.
private enum Tab: String, Hashable, Codable, Sendable {
    case home, settings
}

@Suite("An app's own destination values as screens")
struct DestinationTests {
    @Test(
        "a destination value becomes a screen whose name, parameters and id come from its encoding",
        arguments: [
            (Screen(Destination.inbox), "inbox", [:], "inbox"),
            (Screen(Destination.mail(id: 42)), "mail", ["id": "42"], "mail(id=42)"),
            (Screen(Destination.compose(draft: nil)), "compose", [:], "compose"),
            (Screen(Destination.compose(draft: "Hi")), "compose", ["draft": "Hi"], "compose(draft=Hi)"),
            (Screen(Destination.thread(7, reply: true)), "thread", ["_0": "7", "reply": "true"], "thread(_0=7,reply=true)"),
            (
                Screen(Destination.search(.init(text: "a/b", page: 2))), "search", ["_0.text": "a/b", "_0.page": "2"],
                "search(_0.page=2,_0.text=a/b)"
            ),
            (
                Screen(Destination.tagged(["x", "y"])), "tagged", ["_0": "2", "_0.0": "x", "_0.1": "y"],
                "tagged(_0=2,_0.0=x,_0.1=y)"
            ),
            (Screen(Destination.chart(scale: 1.5)), "chart", ["scale": "1.5"], "chart(scale=1.5)"),
            (Screen(Profile(user: "ana")), "Profile", ["user": "ana"], "Profile(user=ana)"),
            (Screen(Tab.settings), "settings", [:], "settings"),
            (Screen("plain"), "plain", [:], "plain"),
        ] as [(Screen, String, [String: String], String)])
    func derived(screen: Screen, name: String, parameters: [String: String], id: String) {
        #expect(screen.name == name)
        #expect(screen.parameters == parameters)
        #expect(screen.id.rawValue == id)
    }

    @Test(
        "each destination reads back from its screen as the value it was",
        arguments: [
            Destination.inbox, .mail(id: 42), .compose(draft: nil), .compose(draft: ""), .compose(draft: "Hi"),
            .thread(7, reply: false), .search(.init(text: "q", page: 255)), .tagged([]), .tagged(["a", "b", "c"]),
            .chart(scale: -0.25),
        ])
    fileprivate func roundTrip(destination: Destination) {
        #expect(Screen(destination).destination(as: Destination.self) == destination)
    }

    @Test("structs, raw-value enums, strings and screens read back too")
    func otherShapes() {
        #expect(Screen(Profile(user: "ana")).destination(as: Profile.self) == Profile(user: "ana"))
        #expect(Screen(Tab.home).destination(as: Tab.self) == .home)
        #expect(Screen("plain").destination(as: String.self) == "plain")
        let screen = Screen("item", id: "item-7", parameters: ["id": "7"])
        #expect(screen.destination(as: Screen.self) == screen)
        #expect(Screen(screen) == screen)
    }

    @Test("equal values are the same screen, and values that differ are two screens")
    func identity() {
        #expect(Screen(Destination.mail(id: 42)) == Screen(Destination.mail(id: 42)))
        #expect(Screen(Destination.mail(id: 42)).id != Screen(Destination.mail(id: 43)).id)
        #expect(Screen(Destination.compose(draft: nil)).id != Screen(Destination.compose(draft: "")).id)
        #expect(ScreenID(of: Destination.mail(id: 42)) == "mail(id=42)")
        #expect(ScreenID(of: ScreenID("x")) == "x")
    }

    @Test(
        "a screen that stands for no value of the type reads back as nil",
        arguments: [
            Screen("unknown"), Screen("mail"), Screen("mail", parameters: ["id": "abc"]),
            Screen("inbox", parameters: ["_0": "x"]),
        ])
    func notADestination(screen: Screen) {
        if screen.name == "inbox" {
            // Parameters the case does not take are ignored, as a decoder ignores unknown keys.
            #expect(screen.destination(as: Destination.self) == .inbox)
        } else {
            #expect(screen.destination(as: Destination.self) == nil)
        }
    }

    @Test(
        "decoding says what does not fit: the name, a missing field, or a value of the wrong type",
        arguments: [
            ("nope", [:], DestinationCoding.Failure.unknownName),
            ("mail", [:], .missing(key: "id")),
            ("mail", ["id": "x"], .mismatch(key: "id", value: "x", expected: .integer)),
            ("search", ["_0.text": "q"], .missing(key: "_0.page")),
            ("search", ["_0.text": "q", "_0.page": "256"], .mismatch(key: "_0.page", value: "256", expected: .integer)),
            ("chart", ["scale": "big"], .mismatch(key: "scale", value: "big", expected: .text)),
            (
                "thread", ["_0": "7", "reply": "1"],
                .mismatch(key: "reply", value: "1", expected: .oneOf(["false", "true"]))
            ),
        ] as [(String, [String: String], DestinationCoding.Failure)])
    func failures(name: String, parameters: [String: String], failure: DestinationCoding.Failure) {
        #expect(throws: failure) { try DestinationCoding.decode(Destination.self, name: name, parameters: parameters) }
    }

    @Test(
        "an array's count is read from untrusted parameters, so a value holds at most 1,024 elements in all, nested arrays' included",
        arguments: [
            ("filters", ["_0": "1024"], 1_024),
            ("filters", ["_0": "1025"], nil),
            ("filters", ["_0": "3000000"], nil),
            ("filters", ["_0": String(Int.max)], nil),
            ("grid", ["_0": "2", "_0.0": "511", "_0.1": "511"], 1_024),
            ("grid", ["_0": "2", "_0.0": "511", "_0.1": "512"], nil),
        ] as [(String, [String: String], Int?)])
    func elementBound(name: String, parameters: [String: String], elements: Int?) {
        let decoded = Result { () throws(DestinationCoding.Failure) in
            try DestinationCoding.decode(Destination.self, name: name, parameters: parameters)
        }
        switch (decoded, elements) {
        case (.success(.filters(let filters)), let elements?): #expect(filters.count == elements)
        case (.success(.grid(let rows)), let elements?): #expect(rows.count + rows.map(\.count).reduce(0, +) == elements)
        case (.failure(let failure), nil): #expect(failure == .refused)
        default:
            Issue.record(
                "\(name) \(parameters) decoded as \(decoded), expected \(elements.map { "\($0) elements" } ?? "a refusal")")
        }
    }

    @Test("a link whose array states a forged count is declined at its step, before anything changes")
    func forgedCountDeclined() async throws {
        let coordinator = await Coordinator(root: Destination.inbox, screens: ScreenRegistry(destinations: Destination.self))
        let before = await coordinator.snapshot
        let forged = try Route(parsing: "^/inbox/filters(_0=3000000)")
        await #expect(throws: TransitionError.route(.declined("filters", step: 1), route: forged)) {
            try await coordinator.navigate(to: forged)
        }
        #expect(await coordinator.snapshot == before)
        try await coordinator.navigate(to: try Route(parsing: "^/inbox/filters(_0=3,_0.1=x)"))
        #expect(
            await coordinator.snapshot.rootWindow?.content.topScreen.destination(as: Destination.self)
                == .filters([nil, "x", nil]))
    }

    @Test("a stack of destination values pushes, pops to a value and reads back typed")
    func stackOfValues() async throws {
        let coordinator = try await Coordinator(root: .stack(StackContainer(id: "inbox", root: Destination.inbox)))
        let inbox = coordinator.stack("inbox")
        try await inbox.push(Destination.mail(id: 42))
        try await inbox.push(Destination.compose(draft: "Hi"))
        #expect(await inbox.path(as: Destination.self) == [.mail(id: 42), .compose(draft: "Hi")])
        try await inbox.pop(to: Destination.mail(id: 42))
        #expect(await inbox.items(as: Destination.self) == [.inbox, .mail(id: 42)])
        try await inbox.setStack([Destination.inbox, .mail(id: 7), nil])
        #expect(await inbox.path(as: Destination.self) == [.mail(id: 7)])
        await #expect(throws: TransitionError.self) { try await inbox.push(Destination.mail(id: 7)) }
    }
}

/// Destinations of every shape an encoding can lose something in: empty keyed values, keys with
/// dots, sets, signed zeros, an array as the value itself, a struct of one keyed field.
private enum Shape: Hashable, Codable, Sendable {
    case sorted(by: Order)
    case orders([Order])
    case filtered(Filter?)
    case search(Filter)
    case blank(Empty)
    case tagged(tags: [String: Int])
    case grouped(groups: [String: [String: Int]])
    case picked(Set<Int>)
    case ranked([Order: Int])
    case price(Double)
    case ratio(Float)

    /// A payload-less enum with no raw value: each case encodes as an empty keyed value.
    enum Order: Hashable, Codable, Sendable { case newest, oldest }
    struct Filter: Hashable, Codable, Sendable { var tag: String? }
    struct Empty: Hashable, Codable, Sendable {}
}

/// A struct whose one field is a keyed value, not an enum case.
private struct Card: Hashable, Codable, Sendable {
    var user: User
    struct User: Hashable, Codable, Sendable { var name: String }
}

/// A value whose encoding throws.
private struct Unwritable: Hashable, Codable, Sendable {
    var n: Int
    init(_ n: Int) { self.n = n }
    init(from decoder: any Decoder) throws { throw CancellationError() }
    func encode(to encoder: any Encoder) throws { throw CancellationError() }
}

@Suite("A destination's encoding loses nothing: what differs stays two screens, what is equal is one")
struct DestinationShapeTests {
    /// A set of 0..<40 built by inserting in `order`, with room for `capacity`.
    private static func set(_ order: [Int], capacity: Int) -> Set<Int> {
        var set = Set<Int>(minimumCapacity: capacity)
        for element in order { set.insert(element) }
        return set
    }

    /// Whether `value` reads back from its screen, and from its screen's step parsed from a path
    /// through a registry of its type, as itself under the same id.
    private static func readsBack<D: Hashable & Codable & Sendable>(_ value: D) throws -> Bool {
        let screen = Screen(value)
        let route = try Route(parsing: "^/" + screen.id.rawValue)
        guard case .push(let target) = route.steps.first else { return false }
        let linked = Screen(target.name, parameters: target.parameters)
        let made = try RouteCompiler.content(for: route, registry: ScreenRegistry(destinations: D.self)).topScreen
        return screen.destination(as: D.self) == value && linked.destination(as: D.self) == value && made.id == screen.id
    }

    @Test(
        "a value reads back from its screen and its path as itself",
        arguments: [
            Shape.sorted(by: .newest), .sorted(by: .oldest), .orders([.newest, .oldest]), .orders([]),
            .filtered(nil), .filtered(.init(tag: nil)), .filtered(.init(tag: "")), .search(.init(tag: nil)),
            .blank(.init()), .tagged(tags: [:]), .tagged(tags: ["utm.source": 1, "a~1": 2, "~": 3, ".": 4, "": 5]),
            .grouped(groups: ["a": ["b.c": 1], "a.b": ["c": 2]]), .picked([3, 1, 2]), .picked([]),
            .ranked([.newest: 1, .oldest: 2]), .price(-0.0), .price(1.5), .ratio(-0.0),
        ])
    fileprivate func readsBack(value: Shape) throws {
        #expect(try Self.readsBack(value), "\(value) as \(Screen(value))")
    }

    @Test("values that differ only in an empty keyed value, a dotted key or a nesting are two screens")
    func differingValues() {
        let pairs: [(Shape, Shape)] = [
            (.sorted(by: .newest), .sorted(by: .oldest)),
            (.orders([.newest]), .orders([.oldest])),
            (.filtered(.init(tag: nil)), .filtered(nil)),
            (.grouped(groups: ["a": ["b.c": 1]]), .grouped(groups: ["a.b": ["c": 1]])),
            (.tagged(tags: ["a.b": 1]), .tagged(tags: ["a~1b": 1])),
        ]
        for (one, other) in pairs { #expect(ScreenID(of: one) != ScreenID(of: other), "\(one) and \(other)") }
        // As the article writes them.
        #expect(ScreenID(of: Shape.sorted(by: .newest)) == "sorted(by.newest=)")
        #expect(Screen(Shape.tagged(tags: ["utm.source": 1])).parameters == ["tags.utm~1source": "1"])
    }

    @Test("equal values are one screen, however their sets and dictionaries were built")
    func equalValues() {
        let ascending = Array(0..<40)
        let sets = [
            Self.set(ascending, capacity: 0), Self.set(ascending.reversed(), capacity: 0),
            Self.set(ascending, capacity: 1_000), Self.set(ascending.shuffled(), capacity: 64),
        ]
        #expect(Set(sets.map { ScreenID(of: Shape.picked($0)) }).count == 1)
        var ranked: [Shape.Order: Int] = [:]
        ranked[.oldest] = 2
        ranked[.newest] = 1
        var other = [Shape.Order: Int](minimumCapacity: 100)
        other[.newest] = 1
        other[.oldest] = 2
        #expect(ScreenID(of: Shape.ranked(ranked)) == ScreenID(of: Shape.ranked(other)))
        #expect(ScreenID(of: Shape.price(-0.0)) == ScreenID(of: Shape.price(0.0)))
        #expect(ScreenID(of: Shape.ratio(-0.0)) == ScreenID(of: Shape.ratio(0.0)))
    }

    @Test("an array as the value itself reads back, its count under `count`")
    func arrayAsTheValue() throws {
        #expect(Screen([1, 2]).parameters == ["count": "2", "0": "1", "1": "2"])
        #expect(try Self.readsBack([1, 2]))
        #expect(try Self.readsBack([String?]([nil, "x"])))
        #expect(try Self.readsBack([Int]()))
    }

    @Test("a struct whose one field is a keyed value is named for its type, not for its field")
    func structOfOneKeyedField() throws {
        let card = Card(user: .init(name: "ana"))
        #expect(Screen(card).name == "Card")
        #expect(Screen(card).parameters == ["user.name": "ana"])
        #expect(try Self.readsBack(card))
    }

    @Test("values whose encoding throws are screens of ids of their own")
    func unwritableValues() {
        #expect(ScreenID(of: Unwritable(1)) != ScreenID(of: Unwritable(2)))
        #expect(Screen(Unwritable(1)).destination(as: Unwritable.self) == nil)
    }

    @Test("an optional optional's some(nil) is nil, as a JSON round trip reads it")
    func optionalOptional() {
        struct Maybe: Hashable, Codable, Sendable { var x: String?? }
        #expect(ScreenID(of: Maybe(x: .some(nil))) == ScreenID(of: Maybe(x: nil)))
        #expect(Screen(Maybe(x: .some(nil))).destination(as: Maybe.self) == Maybe(x: nil))
        #expect(Screen(Maybe(x: "a")).destination(as: Maybe.self) == Maybe(x: "a"))
    }
}
