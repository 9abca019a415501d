import Testing
@testable import TransitionCoordinator

@Suite("Invariant 8: containers keep their shape")
struct ContentInvariantsTests {
    typealias T = ContentTrees

    static let broken: [(String, WindowContent, String)] = [
        ("a stack without its root", .stack(NavigationStack(id: "s", unchecked: [])), "stack s in w has no root"),
        ("a tab selection out of range", .tabs(TabBar(id: "t", unchecked: [.screen(T.list)], selected: 1)), "tabs t in w select 1 of 0..<1"),
        ("a screen id twice", .stack(NavigationStack(id: "s", root: T.list, pushed: [T.list])), "screen list appears twice"),
        ("a container id twice", .tabs(TabBar(id: "t", .stack(T.inbox), .presenting(.screen(T.feed), modal: .stack(NavigationStack(id: "inbox", root: T.draft))))), "container inbox appears twice"),
        ("a node presenting two modals", .presenting(.presenting(.screen(T.list), modal: .screen(T.mail)), modal: .screen(T.draft)), "presents two modals"),
    ]

    @Test("each broken shape is reported", arguments: broken.indices)
    func fires(_ index: Int) {
        let (_, content, expected) = Self.broken[index]
        let found = ContentInvariants.check(content, in: "w")
        #expect(found.contains { $0.invariant == .containers && $0.detail.contains(expected) }, "\(found)")
    }

    @Test("well-formed trees pass")
    func passes() {
        #expect(ContentInvariants.check(T.app, in: "w").isEmpty)
        #expect(ContentInvariants.check(T.launch, in: "w").isEmpty)
    }

    @Test("a container id in two windows is reported, since handles find containers by id")
    func acrossWindows() {
        let found = ContentInvariants.check([(window: "w1", content: .stack(T.news)), (window: "w2", content: .stack(T.news))])
        #expect(found.map(\.detail) == ["container news is in both w1 and w2"])
    }
}
