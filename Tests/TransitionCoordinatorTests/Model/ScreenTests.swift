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

    @Test("screens of one id that differ in name or parameters stay apart in a set, though they hash alike")
    func sameIDApart() {
        let screens: Set<Screen> = [
            Screen("a", id: "x"), Screen("b", id: "x"), Screen("a", id: "x", parameters: ["k": "v"]), Screen("a", id: "x"),
        ]
        #expect(screens.count == 3)
        #expect(Screen("a", id: "x").hashValue == Screen("b", id: "x", parameters: ["k": "v"]).hashValue)
    }
}
