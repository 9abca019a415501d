import Foundation
import Testing

@testable import TransitionCoordinator

@Suite("Content trees: what a window shows")
struct WindowContentTests {
    typealias T = ContentTrees

    @Test("the top screen is the top of the modal chain over the selected tab's stack")
    func topScreen() {
        #expect(T.app.topScreen == T.draft)
        #expect(WindowContent.stack(T.inbox).topScreen == T.mail)
        #expect(T.launch.topScreen == T.splash)
    }

    @Test("screens and containers are listed in tree order, a base before the modal it presents")
    func listing() {
        #expect(T.app.screens == [T.list, T.mail, T.draft, T.feed])
        #expect(T.app.containers == ["main", "inbox", "compose", "news"])
        #expect(T.app.shows("feed") && !T.app.shows("post"))
        #expect(T.app.holds("compose") && !T.app.holds("launch"))
    }

    @Test("the printed tree shows every container and its items, the selected tab and the modal chain")
    func printedTree() {
        #expect(T.app.description == "tabs main {*stack inbox [list, mail] ! stack compose [draft], stack news [feed]}")
        #expect(T.launch.description == "hop launch <splash>")
    }

    @Test("a tree survives encoding and decoding unchanged")
    func codable() throws {
        let data = try JSONEncoder().encode(T.app)
        #expect(try JSONDecoder().decode(WindowContent.self, from: data) == T.app)
    }

    @Test("decoding an empty stack or a tab selection out of range fails: invariant 8 holds for decoded trees too")
    func decodingChecksInvariant8() throws {
        let broken: [WindowContent] = [
            .stack(StackContainer(id: "s", unchecked: [])),
            .tabs(TabBar(id: "t", unchecked: [.screen(T.list)], selected: 1)),
        ]
        for content in broken {
            let data = try JSONEncoder().encode(content)
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(WindowContent.self, from: data) }
        }
    }
}
