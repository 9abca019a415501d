import StressHarness
import Testing
import TransitionCoordinator

/// No flow waits past its screen's stay, and only a flow whose own task was cancelled ends
/// cancelled: the hop flow checks fire on flows that break these, and stay quiet on ones that keep them.
@Suite("Flow checks")
struct FlowCheckTests {
    typealias H = HistoryCheckTests

    static let step = Screen("step", id: "flow2")
    /// The screen, the hop container's current child.
    static let current = H.snapshot(
        1,
        [
            ManagedWindow(
                id: WindowID(1), level: .root,
                content: .hop(HopContainer(id: "flow", showing: .screen(step))))
        ])
    /// The screen moved into a stack of the same window: still shown, no longer the hop's child.
    static let moved = H.snapshot(
        2,
        [
            ManagedWindow(
                id: WindowID(1), level: .root,
                content: .tabs(
                    TabBar(
                        id: "flowTabs", .hop(HopContainer(id: "flow", showing: .screen(Screen("start")))),
                        .stack(StackContainer(id: "flowStack", root: step)))))
        ])

    @Test(
        "a flow still waiting once its screen is no longer its hop's current child is reported, as is one whose screen unhopped",
        arguments: [(current, false, false), (moved, false, true), (current, true, true), (H.snapshot(3, [H.root]), false, true)])
    func stillWaitingFires(snapshot: NavigationSnapshot, unhopped: Bool, fires: Bool) async {
        let checker = StressChecker(answerBound: .seconds(1))
        await checker.flowStillWaits(screen: Self.step.id, hop: "flow", round: 2, unhopped: unhopped, in: snapshot)
        let violations = await checker.violations
        #expect(violations.count == (fires ? 1 : 0))
        #expect(violations.allSatisfy { $0.invariant == .answered && $0.detail.contains("flow2 in round 2 still waits") })
        #expect(await checker.flowOutcomes == ["still waiting": 1])
    }

    @Test("a flow that ends cancelled though its task was not cancelled is reported; one that was cancelled is not")
    func cancelledFires() async {
        let checker = StressChecker(answerBound: .seconds(1))
        let cancelled = TransitionError.container(.flowCancelled(Self.step.id, hop: "flow"), in: nil)
        await checker.flowEnded(screen: Self.step.id, round: 2, waited: .failure(cancelled), unhopped: false, cancelled: true)
        #expect(await checker.violations.isEmpty)
        await checker.flowEnded(screen: Self.step.id, round: 2, waited: .failure(cancelled), unhopped: false)
        let violations = await checker.violations
        #expect(violations.count == 1)
        #expect(violations.first?.detail.contains("ended cancelled, but its task was not cancelled") == true)
    }

    @Test("a flow's wait that ends with a refusal is reported: its hop committed, so nothing-changed is untrue")
    func refusalFires() async {
        let checker = StressChecker(answerBound: .seconds(1))
        let hop = TransitionRequest.content(.hop(to: .screen(Self.step), in: "flow"))
        await checker.flowEnded(
            screen: Self.step.id, round: 2, waited: .failure(.refused(.cancelled(hop))), unhopped: false, cancelled: true)
        #expect(
            await checker.violations.map(\.detail) == [
                "the flow waiting on \(Self.step.id) in round 2 ended with a refusal, though its hop committed: "
                    + "\(TransitionError.refused(.cancelled(hop)))"
            ])
    }
}
