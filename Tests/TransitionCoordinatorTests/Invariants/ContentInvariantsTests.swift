import Testing

@testable import TransitionCoordinator

@Suite("Invariant 8: containers keep their shape")
struct ContentInvariantsTests {
    typealias T = ContentTrees

    static let broken: [(String, WindowContent, String)] = [
        ("a stack without its root", .stack(StackContainer(id: "s", unchecked: [])), "stack s in w has no root"),
        (
            "a tab selection out of range", .tabs(TabBar(id: "t", unchecked: [.screen(T.list)], selected: 1)),
            "tabs t in w select 1 of 0..<1"
        ),
        ("a screen id twice", .stack(StackContainer(id: "s", root: T.list, pushed: [T.list])), "screen list appears twice"),
        (
            "a container id twice",
            .tabs(
                TabBar(
                    id: "t", .stack(T.inbox),
                    .presenting(.screen(T.feed), modal: .stack(StackContainer(id: "inbox", root: T.draft))))),
            "container inbox appears twice"
        ),
        (
            "a node presenting two modals",
            .presenting(.presenting(.screen(T.list), modal: .screen(T.mail)), modal: .screen(T.draft)), "presents two modals"
        ),
        (
            "a tab bar presenting while a stack in one of its tabs presents (one UIKit presentation context)",
            .presenting(
                .tabs(TabBar(id: "t", .presenting(.stack(T.inbox), modal: .screen(T.draft)), .stack(T.news))),
                modal: .screen(T.post)),
            "container t and container inbox in w present in one presentation context"
        ),
        (
            "two tabs' stacks presenting at once",
            .tabs(
                TabBar(
                    id: "t", .presenting(.stack(T.inbox), modal: .screen(T.draft)),
                    .presenting(.stack(T.news), modal: .screen(T.post)))),
            "container inbox and container news in w present in one presentation context"
        ),
        (
            "a hop container's child presenting inside a presented sheet that presents too",
            .presenting(
                .screen(T.list),
                modal: .presenting(
                    .hop(HopContainer(id: "h", showing: .presenting(.screen(T.mail), modal: .screen(T.draft)))),
                    modal: .screen(T.post))),
            "container h and screen mail in w present in one presentation context"
        ),
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

    /// A record of `request` taking the root window from `before` to `after`.
    static func record(_ request: TransitionRequest, _ before: WindowContent, _ after: WindowContent) -> TransitionRecord {
        func state(_ content: WindowContent, version: UInt64) -> NavigationSnapshot {
            let window = ManagedWindow(id: WindowID(1), level: .root, content: content)
            return NavigationSnapshot(version: version, levels: WindowLevel.builtIn, windows: [window], keyWindow: window.id)
        }
        return TransitionRecord(
            id: TransitionID(1), request: request, before: state(before, version: 0), after: state(after, version: 1),
            hadAnimator: false, animation: .skipped(.noAnimator), extraFinishCalls: 0, startedAt: .zero, endedAt: .zero)
    }

    static let attachSheet = StackContainer(id: "attach", root: T.attach)

    @Test(
        "a dismiss that leaves a child sheet behind, presented by the dismissing node, is reported",
        arguments: [
            TransitionRequest.content(.dismiss(.container("inbox"))), .userDid(.dismiss(.container("inbox"))),
            .content(.dismissModal(.container("compose"))), .userDid(.dismissModal(.container("compose"))),
            .userDid(.dismissModal(.screen(T.draft.id))),
        ])
    func childLeftBehind(_ request: TransitionRequest) {
        let chain = WindowContent.presenting(
            .stack(T.inbox), modal: .presenting(.stack(T.compose), modal: .stack(Self.attachSheet)))
        let leftBehind = WindowContent.presenting(.stack(T.inbox), modal: .stack(Self.attachSheet))
        let found = ContentInvariants.checkDismiss(Self.record(request, chain, leftBehind))
        #expect(
            found.contains {
                $0.invariant == .containers && $0.detail.contains("[attach] stayed: a child modal outlived its parent")
            }, "\(found)")
        #expect(found.contains { $0.detail.contains("still presents") })
        #expect(
            InvariantChecker.check(Self.record(request, chain, leftBehind)).contains {
                $0.detail.contains("outlived its parent")
            },
            "the record check runs it")
        #expect(
            ContentInvariants.checkDismiss(Self.record(request, chain, .stack(T.inbox))).isEmpty, "the whole chain gone passes")
    }
}
