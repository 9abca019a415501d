import Testing

@testable import TransitionCoordinator

@Suite("Planning container operations against a content tree")
struct ContainerPlannerTests {
    typealias T = ContentTrees

    static func stack(_ items: Screen...) -> WindowContent {
        .stack(StackContainer(id: "inbox", unchecked: items))
    }

    @Test("a push puts the screen on top of its stack and keeps the sheet over it: with the sheet still on top, no animation")
    func push() throws {
        let change = try ContainerPlanner.plan(.push(T.thread, onto: "inbox"), in: T.app)
        #expect(
            change.after.description == "tabs main {*stack inbox [list, mail, thread] ! stack compose [draft], stack news [feed]}"
        )
        #expect(change.animation == .none)
        let shown = try ContainerPlanner.plan(.push(T.thread, onto: "inbox"), in: Self.stack(T.list, T.mail))
        #expect(shown.animation == .push)
        #expect(change.arrived == [T.thread] && change.departed.isEmpty)
    }

    @Test("a pop, a pop to a screen and a pop to the root leave the stack with its root, and say what departed")
    func pops() throws {
        let deep = Self.stack(T.list, T.mail, T.thread)
        #expect(try ContainerPlanner.plan(.pop("inbox"), in: deep).after == Self.stack(T.list, T.mail))
        let toList = try ContainerPlanner.plan(.popTo("list", in: "inbox"), in: deep)
        #expect(toList.after == Self.stack(T.list) && toList.departed == [T.mail, T.thread] && toList.animation == .pop)
        #expect(try ContainerPlanner.plan(.popToRoot("inbox"), in: deep).after == Self.stack(T.list))
    }

    @Test("switching tabs keeps each tab's stack and its sheet")
    func select() throws {
        let change = try ContainerPlanner.plan(.select(tab: 1, in: "main"), in: T.app)
        #expect(change.after.description == "tabs main {stack inbox [list, mail] ! stack compose [draft], *stack news [feed]}")
        #expect(change.from == T.draft && change.to == T.feed && change.animation == .select)
        #expect(change.departed.isEmpty && change.arrived.isEmpty)
    }

    @Test("dismissing a sheet removes everything presented above it and inside it, in one change")
    func dismissChain() throws {
        let attachSheet = try ContainerPlanner.plan(.present(.screen(T.attach), from: .container("compose")), in: T.app).after
        #expect(attachSheet.topScreen == T.attach)
        let change = try ContainerPlanner.plan(.dismiss(.container("inbox")), in: attachSheet)
        #expect(change.after.description == "tabs main {*stack inbox [list, mail], stack news [feed]}")
        #expect(change.departed == [T.draft, T.attach] && change.animation == .dismiss)
    }

    @Test("a screen in a stack presents through its stack; from a tab not shown, that is no animation")
    func presentFromScreen() throws {
        let plain = try ContainerPlanner.plan(.dismiss(.container("inbox")), in: T.app).after
        let change = try ContainerPlanner.plan(.present(.screen(T.post), from: .screen("feed")), in: plain)
        #expect(change.after.description == "tabs main {*stack inbox [list, mail], stack news [feed] ! post}")
        #expect(change.animation == .none && change.arrived == [T.post])
        let shown = try ContainerPlanner.plan(.present(.screen(T.post), from: .screen("mail")), in: plain)
        #expect(shown.animation == .present)
    }

    @Test(
        "a present from a node whose presentation context presents already is refused, naming the modal: UIKit presents one controller a context",
        arguments: [
            WindowContent.NodeID.screen("feed"), .container("news"), .container("main"), .container("inbox"),
        ])
    func onePresentationPerContext(presenter: WindowContent.NodeID) {
        #expect(throws: ContainerError.alreadyPresenting(presenter, modal: .container("compose"))) {
            try ContainerPlanner.plan(.present(.screen(T.post), from: presenter), in: T.app)
        }
    }

    @Test("a modal is a presentation context of its own: a screen of the sheet's stack presents over it")
    func modalIsItsOwnContext() throws {
        let change = try ContainerPlanner.plan(.present(.screen(T.post), from: .screen(T.draft.id)), in: T.app)
        #expect(
            change.after.description == "tabs main {*stack inbox [list, mail] ! stack compose [draft] ! post, stack news [feed]}")
    }

    @Test("a hop replaces the current child, with whatever it presented, and a screen of the old child may come back")
    func hop() throws {
        let change = try ContainerPlanner.plan(.hop(to: .screen(T.signUp), in: "launch"), in: T.launch)
        #expect(change.after == .hop(HopContainer(id: "launch", showing: .screen(T.signUp))))
        #expect(change.departed == [T.splash] && change.arrived == [T.signUp] && change.animation == .hop)
        let back = try ContainerPlanner.plan(
            .hop(to: .stack(StackContainer(id: "s", root: T.splash)), in: "launch"), in: T.launch)
        #expect(back.departed.isEmpty && back.arrived.isEmpty)
    }

    // A declarative `setStack`: one change, animated once, as a push when the new top is new (a screen with the same id and other
    // parameters is new), a pop when it was below, not at all when it stays.
    static let setStacks:
        [(before: [Screen], after: [Screen], animation: ContentAnimation, departed: [Screen], arrived: [Screen])] = [
            ([T.list], [T.list, T.mail, T.thread], .push, [], [T.mail, T.thread]),
            ([T.list, T.mail, T.thread], [T.list, T.mail], .pop, [T.thread], []),
            ([T.list, T.mail], [T.list, T.thread], .push, [T.mail], [T.thread]),
            ([T.list, T.mail, T.thread], [T.list, T.thread], .none, [T.mail], []),
            (
                [T.list, T.mail], [T.list, Screen("mail", parameters: ["id": "7"])], .push, [T.mail],
                [Screen("mail", parameters: ["id": "7"])]
            ),
            ([T.list, T.mail], [T.list, T.mail], .none, [], []),
            ([T.list, T.mail], [T.thread], .push, [T.list, T.mail], [T.thread]),
            ([T.list, T.mail, T.thread], [T.mail], .pop, [T.list, T.thread], []),
        ]

    @Test("setStack diffs by id and applies the whole change as one transition, animated once", arguments: setStacks.indices)
    func setStack(_ index: Int) throws {
        let row = Self.setStacks[index]
        let change = try ContainerPlanner.plan(
            .setStack("inbox", row.after), in: .stack(StackContainer(id: "inbox", unchecked: row.before)))
        #expect(change.after == .stack(StackContainer(id: "inbox", unchecked: row.after)))
        #expect(change.animation == row.animation)
        #expect(change.departed == row.departed && change.arrived == row.arrived)
    }

    @Test("a whole target tree is planned against the current one as one change (what a deep link resolves to)")
    func replace() throws {
        let target = WindowContent.tabs(
            try TabBar(
                id: "main", tabs: [.stack(T.inbox), .stack(StackContainer(id: "news", root: T.feed, pushed: [T.post]))],
                selected: 1))
        let change = try ContainerPlanner.plan(.replace(with: target), in: T.app)
        #expect(change.after == target && change.animation == .select, "another tab shows: a select, as the handle's")
        #expect(change.departed == [T.draft] && change.arrived == [T.post])
    }

    static let refusals: [(String, ContainerOperation, WindowContent, ContainerError)] = [
        ("a pop at a stack's root", .pop("news"), T.app, .popAtRoot(stack: "news", root: "feed")),
        ("a pop to the root at the root", .popToRoot("news"), T.app, .popAtRoot(stack: "news", root: "feed")),
        ("a pop to a screen not in the stack", .popTo("feed", in: "inbox"), T.app, .notInStack("feed", stack: "inbox")),
        ("a pop to the screen on top", .popTo("mail", in: "inbox"), T.app, .alreadyOnTop("mail", stack: "inbox")),
        ("a tab out of range", .select(tab: 2, in: "main"), T.app, .tabOutOfRange(2, tabs: "main", count: 2)),
        ("a dismiss with nothing presented", .dismiss(.container("news")), T.app, .nothingPresented(.container("news"))),
        (
            "a second modal on one node", .present(.screen(T.post), from: .container("inbox")), T.app,
            .alreadyPresenting(.container("inbox"), modal: .container("compose"))
        ),
        ("an unknown container", .push(T.post, onto: "outbox"), T.app, .unknownContainer("outbox")),
        ("an unknown presenter", .present(.screen(T.post), from: .screen("nowhere")), T.app, .unknownNode(.screen("nowhere"))),
        (
            "an unknown container as presenter", .present(.screen(T.post), from: .container("outbox")), T.app,
            .unknownContainer("outbox")
        ),
        (
            "a double tap: the same screen pushed twice", .push(T.mail, onto: "inbox"), T.app,
            .duplicateScreen("mail", container: "inbox")
        ),
        ("a screen shown in another tab", .push(T.feed, onto: "inbox"), T.app, .duplicateScreen("feed", container: "inbox")),
        (
            "a setStack naming a screen twice", .setStack("inbox", [T.list, T.list]), T.app,
            .duplicateScreen("list", container: "inbox")
        ),
        (
            "a setStack taking a screen from the sheet", .setStack("inbox", [T.list, T.draft]), T.app,
            .duplicateScreen("draft", container: "inbox")
        ),
        ("a setStack with no items", .setStack("inbox", []), T.app, .emptyStack("inbox")),
        ("a hop on a stack", .hop(to: .screen(T.post), in: "inbox"), T.app, .wrongKind("inbox", expected: .hop, actual: .stack)),
        ("a push onto tabs", .push(T.post, onto: "main"), T.app, .wrongKind("main", expected: .stack, actual: .tabs)),
        ("a select on a stack", .select(tab: 0, in: "news"), T.app, .wrongKind("news", expected: .tabs, actual: .stack)),
        (
            "a modal reusing a container id",
            .present(.stack(StackContainer(id: "news", root: T.post)), from: .container("compose")), T.app,
            .duplicateContainer("news")
        ),
    ]

    @Test("a request that does not fit gets a typed error naming the container and the screen", arguments: refusals.indices)
    func refused(_ index: Int) {
        let (_, operation, content, expected) = Self.refusals[index]
        #expect(throws: expected) { try ContainerPlanner.plan(operation, in: content) }
    }

    @Test("an invalid target tree is refused with what invariant 8 says")
    func invalidTarget() {
        let target = WindowContent.stack(StackContainer(id: "s", root: T.list, pushed: [T.list]))
        #expect(throws: ContainerError.invalidContent(["screen list appears twice in the target: stack s [list, list]"])) {
            try ContainerPlanner.plan(.replace(with: target), in: T.app)
        }
    }

    @Test("tabs made with a selection out of range, or with no tabs, are refused")
    func tabBarInit() {
        #expect(throws: ContainerError.tabOutOfRange(2, tabs: "t", count: 2)) {
            try TabBar(id: "t", tabs: [T.app, T.launch], selected: 2)
        }
        #expect(throws: ContainerError.tabOutOfRange(0, tabs: "t", count: 0)) { try TabBar(id: "t", tabs: [], selected: 0) }
    }

    @Test("every error says what went wrong and where")
    func descriptions() {
        #expect(
            ContainerError.popAtRoot(stack: "news", root: "feed").description
                == "stack news holds only its root feed: nothing to pop")
        #expect(
            ContainerError.duplicateScreen("mail", container: "inbox").description
                == "screen mail is already shown in this window (asked for inbox)")
        #expect(
            ContainerError.wrongKind("inbox", expected: .hop, actual: .stack).description
                == "inbox is a stack, not a hop container")
    }
}
