import Testing
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// Shorthands for the tables.
private func s(_ name: String, _ parameters: [String: String] = [:]) -> Screen { Screen(name, parameters: parameters) }
private func stack(_ id: ContainerID, _ names: String...) -> WindowContent {
    .stack(StackContainer(id: id, root: s(names[0]), pushed: names.dropFirst().map { s($0) }))
}
private func tabs(_ id: ContainerID, _ selected: Int, _ tabs: WindowContent...) -> WindowContent {
    (try? TabBar(id: id, tabs: tabs, selected: selected)).map(WindowContent.tabs) ?? .screen(s("invalid"))
}
private func nav(_ id: ContainerID) -> ControllerID { .navigation(id) }
private func sc(_ name: String) -> ControllerID { .screen(s(name)) }

/// One kind of change: the trees, and exactly the operations expected.
struct ReconcilerCase: Sendable, CustomTestStringConvertible {
    let name: String
    let before: WindowContent?
    let after: WindowContent?
    let expected: [Reconciler.Operation]
    var testDescription: String { name }
}

@Suite("The reconciler")
struct ReconcilerTests {
    static let cases: [ReconcilerCase] = [
        .init(name: "equal trees need nothing", before: stack("a", "x", "y"), after: stack("a", "x", "y"), expected: []),
        .init(
            name: "a new window makes everything, then sets the stack and the root",
            before: nil, after: stack("a", "x"),
            expected: [.make(nav("a")), .make(sc("x")), .setRoot(nav("a")), .setViewControllers([s("x")], of: "a")]),
        .init(
            name: "a window torn down lets go of its root, then releases everything",
            before: stack("a", "x"), after: nil,
            expected: [.setRoot(nil), .release(nav("a")), .release(sc("x"))]),
        .init(
            name: "a push makes the screen, then sets the stack",
            before: stack("a", "x"), after: stack("a", "x", "y"),
            expected: [.make(sc("y")), .setViewControllers([s("x"), s("y")], of: "a")]),
        .init(
            name: "a pop sets the stack, then releases the screen",
            before: stack("a", "x", "y"), after: stack("a", "x"),
            expected: [.setViewControllers([s("x")], of: "a"), .release(sc("y"))]),
        .init(
            name: "a screen whose parameters change is a new controller",
            before: stack("a", "x", "y"),
            after: .stack(StackContainer(id: "a", root: s("x"), pushed: [s("y", ["k": "1"])])),
            expected: [
                .make(.screen(s("y", ["k": "1"]))), .setViewControllers([s("x"), s("y", ["k": "1"])], of: "a"),
                .release(sc("y")),
            ]),
        .init(
            name: "another tab selected is one select",
            before: tabs("t", 0, stack("a", "x"), stack("b", "y")), after: tabs("t", 1, stack("a", "x"), stack("b", "y")),
            expected: [.select(nav("b"), of: "t")]),
        .init(
            name: "a push in a tab touches that tab's stack only",
            before: tabs("t", 0, stack("a", "x"), stack("b", "y")), after: tabs("t", 0, stack("a", "x", "z"), stack("b", "y")),
            expected: [.make(sc("z")), .setViewControllers([s("x"), s("z")], of: "a")]),
        .init(
            name: "a new tab makes its stack, sets the tabs, then the selection",
            before: tabs("t", 0, stack("a", "x")), after: tabs("t", 1, stack("a", "x"), stack("b", "y")),
            expected: [
                .make(nav("b")), .make(sc("y")), .setTabs([nav("a"), nav("b")], of: "t"), .select(nav("b"), of: "t"),
                .setViewControllers([s("y")], of: "b"),
            ]),
        .init(
            name: "a modal presents from its presenter after being made",
            before: stack("a", "x"), after: .presenting(stack("a", "x"), modal: stack("m", "p")),
            expected: [
                .make(sc("p")), .make(nav("m")), .setViewControllers([s("p")], of: "m"), .present(nav("m"), from: nav("a")),
            ]),
        .init(
            name: "a dismiss comes before the releases",
            before: .presenting(stack("a", "x"), modal: stack("m", "p")), after: stack("a", "x"),
            expected: [.dismiss(from: nav("a")), .release(nav("m")), .release(sc("p"))]),
        .init(
            name: "another modal in place: dismiss, then present",
            before: .presenting(stack("a", "x"), modal: .screen(s("p"))),
            after: .presenting(stack("a", "x"), modal: .screen(s("q"))),
            expected: [.make(sc("q")), .dismiss(from: nav("a")), .present(sc("q"), from: nav("a")), .release(sc("p"))]),
        .init(
            name: "the top of a modal chain dismissed from the middle",
            before: .presenting(stack("a", "x"), modal: .presenting(.screen(s("p")), modal: .screen(s("q")))),
            after: .presenting(stack("a", "x"), modal: .screen(s("p"))),
            expected: [.dismiss(from: sc("p")), .release(sc("q"))]),
        .init(
            name: "a push at the top of a chain of modal stacks touches the top stack only",
            before: .presenting(stack("a", "x"), modal: .presenting(stack("m", "p"), modal: stack("n", "q"))),
            after: .presenting(stack("a", "x"), modal: .presenting(stack("m", "p"), modal: stack("n", "q", "r"))),
            expected: [.make(sc("r")), .setViewControllers([s("q"), s("r")], of: "n")]),
        .init(
            name: "a push on a presenter in a chain and one on what it presents touch both stacks, the presentations kept",
            before: .presenting(stack("a", "x"), modal: .presenting(stack("m", "p"), modal: stack("n", "q"))),
            after: .presenting(stack("a", "x"), modal: .presenting(stack("m", "p", "s"), modal: stack("n", "q", "r"))),
            expected: [
                .make(sc("s")), .make(sc("r")), .setViewControllers([s("p"), s("s")], of: "m"),
                .setViewControllers([s("q"), s("r")], of: "n"),
            ]),
        .init(
            name: "a whole modal chain dismissed with one dismiss from its lowest presenter",
            before: .presenting(stack("a", "x"), modal: .presenting(.screen(s("p")), modal: .screen(s("q")))),
            after: stack("a", "x"),
            expected: [.dismiss(from: nav("a")), .release(sc("p")), .release(sc("q"))]),
        .init(
            name: "a hop at the window's root is the window: its new child becomes the root, then the old one goes",
            before: .hop(HopContainer(id: "h", showing: .screen(s("splash")))),
            after: .hop(HopContainer(id: "h", showing: tabs("t", 0, stack("a", "home")))),
            expected: [
                .make(.tabBar("t")), .make(nav("a")), .make(sc("home")), .setRoot(.tabBar("t")),
                .setTabs([nav("a")], of: "t"), .setViewControllers([s("home")], of: "a"), .release(sc("splash")),
            ]),
        .init(
            name: "a hop elsewhere replaces its child, then releases the old one",
            before: .presenting(stack("b", "x"), modal: .hop(HopContainer(id: "h", showing: .screen(s("splash"))))),
            after: .presenting(stack("b", "x"), modal: .hop(HopContainer(id: "h", showing: stack("a", "home")))),
            expected: [
                .make(nav("a")), .make(sc("home")), .setChild(nav("a"), of: "h"), .setViewControllers([s("home")], of: "a"),
                .release(sc("splash")),
            ]),
        .init(
            name: "a stack that becomes a tab leaves the window's root before it joins the tabs",
            before: stack("a", "x"), after: tabs("t", 0, stack("a", "x")),
            expected: [.make(.tabBar("t")), .setRoot(.tabBar("t")), .setTabs([nav("a")], of: "t")]),
        .init(
            name: "a screen moved out of a stack that goes: the stack lets go of it, then the root changes",
            before: stack("a", "x", "y"), after: .screen(s("y")),
            expected: [.setViewControllers([], of: "a"), .setRoot(sc("y")), .release(nav("a")), .release(sc("x"))]),
        .init(
            name: "two stacks exchanging screens: one lets go first, then each is set once more",
            before: tabs("t", 0, stack("a", "x", "y"), stack("b", "p", "q")),
            after: tabs("t", 0, stack("a", "x", "q"), stack("b", "p", "y")),
            expected: [
                .setViewControllers([s("x")], of: "a"), .setViewControllers([s("p"), s("y")], of: "b"),
                .setViewControllers([s("x"), s("q")], of: "a"),
            ]),
        .init(
            name: "a modal stack that becomes a tab is dismissed before it joins the tabs",
            before: .presenting(tabs("t", 0, stack("a", "x")), modal: stack("m", "p")),
            after: tabs("t", 1, stack("a", "x"), stack("m", "p")),
            expected: [.dismiss(from: .tabBar("t")), .setTabs([nav("a"), nav("m")], of: "t"), .select(nav("m"), of: "t")]),
        .init(
            name: "a modal that a tab which is not selected presents is not presented",
            before: tabs("t", 0, stack("a", "x"), stack("b", "y")),
            after: tabs("t", 0, stack("a", "x"), .presenting(stack("b", "y"), modal: .screen(s("p")))),
            expected: []),
        .init(
            name: "selecting a tab whose stack presents presents its modal once the tab is selected",
            before: tabs("t", 0, stack("a", "x"), .presenting(stack("b", "y"), modal: .screen(s("p")))),
            after: tabs("t", 1, stack("a", "x"), .presenting(stack("b", "y"), modal: .screen(s("p")))),
            expected: [.make(sc("p")), .select(nav("b"), of: "t"), .present(sc("p"), from: nav("b"))]),
        .init(
            name: "selecting another tab dismisses the modal its stack presents first, then releases it",
            before: tabs("t", 1, stack("a", "x"), .presenting(stack("b", "y"), modal: .screen(s("p")))),
            after: tabs("t", 0, stack("a", "x"), .presenting(stack("b", "y"), modal: .screen(s("p")))),
            expected: [.dismiss(from: nav("b")), .select(nav("a"), of: "t"), .release(sc("p"))]),
        .init(
            name: "a presenter that moves dismisses before it moves and presents again from its new place",
            before: .presenting(stack("a", "x"), modal: .screen(s("p"))),
            after: tabs("t", 0, .presenting(stack("a", "x"), modal: .screen(s("p"))), stack("b", "y")),
            expected: [
                .make(.tabBar("t")), .make(nav("b")), .make(sc("y")), .dismiss(from: nav("a")), .setRoot(.tabBar("t")),
                .setTabs([nav("a"), nav("b")], of: "t"), .setViewControllers([s("y")], of: "b"),
                .present(sc("p"), from: nav("a")),
            ]),
    ]

    @Test("gives exactly the operations UIKit needs for each kind of change", arguments: cases)
    func exactOperations(_ change: ReconcilerCase) {
        #expect(Reconciler.operations(from: change.before, to: change.after) == change.expected)
    }

    @Test("its operations take the fake from the tree before to exactly the tree after, breaking no rule", arguments: cases)
    @MainActor
    func appliesOnTheFake(_ change: ReconcilerCase) async throws {
        let window = try await FakeWindow(showing: change.before)
        try await window.apply(Reconciler.operations(from: change.before, to: change.after))
        #expect(try window.kit.content() == change.after.map(Reconciler.shown))
        #expect(window.live == controllers(of: change.after))
    }
}
