import Foundation
import Testing

@testable import TransitionCoordinator

@Suite("Screens")
struct ScreenTests {
    @Test(
        "screens are equal exactly when id, name and parameters all are, and equal screens hash alike",
        arguments: [
            (Screen("a"), Screen("a"), true),
            (Screen("a"), Screen("b"), false),
            (Screen("a", id: "x"), Screen("a", id: "y"), false),
            (Screen("a", id: "x"), Screen("b", id: "x"), false),
            (Screen("a", parameters: ["k": "v"]), Screen("a"), false),
            (Screen("a"), Screen("a", parameters: ["k": "v"]), false),
            (Screen("a", parameters: ["k": "v"]), Screen("a", parameters: ["k": "w"]), false),
            (Screen("a", parameters: ["k": "v", "j": "u"]), Screen("a", parameters: ["j": "u", "k": "v"]), true),
        ] as [(Screen, Screen, Bool)])
    func equality(lhs: Screen, rhs: Screen, equal: Bool) {
        #expect((lhs == rhs) == equal)
        #expect((rhs == lhs) == equal)
        if equal { #expect(lhs.hashValue == rhs.hashValue) }
    }

    @Test(
        "ids are equal exactly when their texts are, canonically equivalent spellings included, and equal ids hash alike",
        arguments: [
            ("inbox", "inbox", true), ("inbox", "inbox ", false), ("", "", true), ("a", "b", false),
            ("caf\u{E9}", "cafe\u{301}", true), ("^/1:mail(q=caf\u{E9})", "^/1:mail(q=cafe\u{301})", true),
        ])
    func idEquality(lhs: String, rhs: String, equal: Bool) {
        #expect((ScreenID(lhs) == ScreenID(rhs)) == equal)
        #expect((ContainerID(lhs) == ContainerID(rhs)) == equal)
        #expect((ScreenID(lhs) == ScreenID(rhs)) == (lhs == rhs), "as their texts compare")
        if equal {
            #expect(ScreenID(lhs).hashValue == ScreenID(rhs).hashValue)
            #expect(ContainerID(lhs).hashValue == ContainerID(rhs).hashValue)
        }
    }

    @Test("ids encode as their text alone: a screen id as {rawValue: text}, a container id as the bare text")
    func idCoding() throws {
        let screen = try JSONEncoder().encode(ScreenID("^/1:mail"))
        #expect(String(decoding: screen, as: UTF8.self) == #"{"rawValue":"^\/1:mail"}"#)
        #expect(try JSONDecoder().decode(ScreenID.self, from: screen) == ScreenID("^/1:mail"))
        let container = try JSONEncoder().encode([ContainerID("inbox")])
        #expect(String(decoding: container, as: UTF8.self) == #"["inbox"]"#)
        #expect(try JSONDecoder().decode([ContainerID].self, from: container) == [ContainerID("inbox")])
    }

    @Test("screens of one id that differ in name or parameters stay apart in a set, though they hash alike")
    func sameIDApart() {
        let screens: Set<Screen> = [
            Screen("a", id: "x"), Screen("b", id: "x"), Screen("a", id: "x", parameters: ["k": "v"]), Screen("a", id: "x"),
        ]
        #expect(screens.count == 3)
        #expect(Screen("a", id: "x").hashValue == Screen("b", id: "x", parameters: ["k": "v"]).hashValue)
    }
}
