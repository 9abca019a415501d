import Testing

@testable import TransitionCoordinator

/// The commit compares each container's node before and after from the inside out, reading the
/// containers it holds from what it found for them: the answer is equality, in linear time.
@Suite("Container node comparison")
struct ContainerNodeComparisonTests {
    typealias T = ContentTrees

    static let trees: [WindowContent] = [
        T.app, T.launch, .stack(T.inbox), .stack(T.news), .screen(T.mail),
        .tabs(TabBar(id: "main", .stack(T.inbox), .stack(T.news))),
        .tabs(
            TabBar(
                id: "main", .presenting(.stack(T.inbox), modal: .stack(StackContainer(id: "compose", root: T.attach))),
                .stack(T.news))),
        .presenting(.stack(T.inbox), modal: .presenting(.stack(T.compose), modal: .screen(T.post))),
        .presenting(.stack(T.inbox), modal: .presenting(.stack(T.compose), modal: .screen(T.thread))),
        .hop(HopContainer(id: "launch", showing: .stack(T.news))),
    ]

    @Test("a node is unchanged exactly when it equals the other", arguments: trees.indices)
    func agreesWithEquality(_ index: Int) {
        for other in Self.trees {
            #expect(
                ContainerActor.unchanged(Self.trees[index], other, known: [:]) == (Self.trees[index] == other),
                "\(Self.trees[index]) against \(other)")
        }
    }

    @Test("a presented container's answer found before is read, not worked out again")
    func readsKnown() {
        let before = Self.trees[7], after = Self.trees[8]
        #expect(!ContainerActor.unchanged(before, after, known: [:]))
        #expect(ContainerActor.unchanged(before, after, known: ["compose": true]), "the modal's own answer stands for it")
        #expect(ContainerActor.identical(before, before) && !ContainerActor.identical(before, after))
    }
}
