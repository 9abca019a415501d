import Testing
import TransitionCoordinator
import TransitionCoordinatorUIKit

@Suite("The applier")
struct ControllerApplierTests {
    /// A list the applier must refuse whole, and the error it gives.
    struct Refused: Sendable, CustomTestStringConvertible {
        let name: String
        let operations: [Reconciler.Operation]
        let error: ApplierError
        var testDescription: String { name }
    }

    static let refused: [Refused] = [
        .init(
            name: "a controller named before it is made",
            operations: [.make(.navigation("a")), .setViewControllers([Screen("x")], of: "a"), .make(.screen(Screen("x")))],
            error: .unknownController(.screen(Screen("x")), at: 1)),
        .init(
            name: "a controller made twice", operations: [.make(.screen(Screen("x"))), .make(.screen(Screen("x")))],
            error: .alreadyMade(.screen(Screen("x")), at: 1)),
        .init(
            name: "a controller named after its release",
            operations: [.make(.screen(Screen("x"))), .release(.screen(Screen("x"))), .setRoot(.screen(Screen("x")))],
            error: .unknownController(.screen(Screen("x")), at: 2)),
        .init(
            name: "a container of another kind",
            operations: [.make(.navigation("a")), .select(.navigation("a"), of: "a")],
            error: .unknownController(.tabBar("a"), at: 1)),
    ]

    @Test("refuses a list that names a controller not made at that point, and performs none of it", arguments: refused)
    @MainActor
    func refusesWhole(_ refused: Refused) async throws {
        let window = try await FakeWindow(showing: .screen(Screen("root")))
        await #expect(throws: refused.error) { try await window.applier.apply(refused.operations) }
        #expect(window.live == [.screen(Screen("root"))])
        #expect(try window.kit.content() == .screen(Screen("root")))
    }

    @Test("keeps each controller from its make to its release, and hands the factory the one it made")
    @MainActor
    func keepsControllers() async throws {
        let window = try await FakeWindow(showing: .screen(Screen("root")))
        let made = try #require(window.applier.controller(.screen(Screen("root"))))
        #expect(made === window.kit.root)
        try await window.apply(Reconciler.operations(from: .screen(Screen("root")), to: .screen(Screen("next"))))
        #expect(window.applier.controller(.screen(Screen("root"))) == nil)
        #expect(window.applier.madeCount == 1)
    }
}

@Suite("Controller ids")
struct ControllerIDTests {
    @Test(
        "name the node a request names: a screen's id, or a container's",
        arguments: [
            (ControllerID.screen(Screen("mail", id: "m1")), WindowContent.NodeID.screen("m1")),
            (.navigation("inbox"), .container("inbox")),
            (.tabBar("main"), .container("main")),
            (.hop("launch"), .container("launch")),
        ])
    func nodeIDs(_ id: ControllerID, _ node: WindowContent.NodeID) {
        #expect(id.nodeID == node)
    }

    @Test("stand for a presenting node by its base")
    func rootOfPresenting() {
        let content = WindowContent.presenting(.stack(StackContainer(id: "a", root: Screen("x"))), modal: .screen(Screen("m")))
        #expect(ControllerID(root: content) == .navigation("a"))
    }
}
