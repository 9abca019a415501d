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
