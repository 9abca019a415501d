import StressHarness
import Testing
import TransitionCoordinator

/// Invariant 9's checks fire on histories and callback logs that break it, and stay quiet on
/// ones that keep it.
@Suite("Callback checks")
struct CallbackCheckTests {
    typealias H = HistoryCheckTests

    static let otherA = ManagedWindow(id: WindowID(3), level: .low, content: .screen(Screen("a")))
    /// A second push of `a` planned from a state that lost the first: the events add `a` twice.
    static let pushAgain = H.record(2, .push(Screen("a"), at: .low), H.snapshot(1, [H.root]), H.snapshot(2, [H.root, otherA]))

    @Test("events that add a screen already present, or leave the state other than the records say, are reported")
    func balanceFires() {
        #expect(CallbackChecks.balance([H.push, H.pop]).isEmpty)
        let found = CallbackChecks.balance([H.push, Self.pushAgain])
        #expect(found.contains { $0.invariant == .callbacks && $0.detail.contains("didAdd a in #3: added while in #2") })
    }

    @Test("callbacks called as the records say pass; a missing one or a second remove is reported")
    func deliveredFires() {
        let itemized: Set<TransitionID> = [H.push.id]
        let due = ["didAdd", "didShow", "didHide", "didRemove", "remove"]
        #expect(CallbackChecks.delivered([H.push, H.pop], log: ["a": due], itemized: itemized).isEmpty)
        let twice = CallbackChecks.delivered([H.push, H.pop], log: ["a": due + ["remove"]], itemized: itemized)
        #expect(twice.count == 1 && twice[0].detail.contains(#"["remove"] were called where [] were due"#))
        #expect(CallbackChecks.delivered([H.push, H.pop], log: [:], itemized: itemized).count == 1)
        #expect(
            CallbackChecks.delivered([H.push, H.pop], log: [:], itemized: []).isEmpty,
            "a push that carried no items has no callbacks to call")
    }

    @Test("a content the host was shown that no committed state holds is reported; committed ones pass")
    func hostShownFires() {
        let history = [H.push, H.pop]
        let committed: [WindowID: Set<WindowContent>] = [H.root.id: [H.root.content], H.low.id: [H.low.content]]
        #expect(CallbackChecks.hostShownCommitted(committed, history: history).isEmpty)
        let middle: [WindowID: Set<WindowContent>] = [H.low.id: [.screen(Screen("half"))]]
        let found = CallbackChecks.hostShownCommitted(middle, history: history)
        #expect(found.count == 1 && found[0].invariant == .atomic)
    }

    @Test("a content set as animated where no animator animated it, or set at once where one did, is reported")
    func hostAnimatedFires() {
        let stack: WindowContent = .stack(StackContainer(id: "s", root: Screen("a"), pushed: [Screen("b")]))
        let root = ManagedWindow(id: WindowID(1), level: .root, content: .stack(StackContainer(id: "s", root: Screen("a"))))
        let pushed = ManagedWindow(id: WindowID(1), level: .root, content: stack)
        func push(animation: AnimationOutcome) -> TransitionRecord {
            TransitionRecord(
                id: TransitionID(1), request: .content(.push(Screen("b"), onto: "s")), before: H.snapshot(0, [root]),
                after: H.snapshot(1, [pushed]), hadAnimator: animation.animatorWasCalled, animation: animation,
                extraFinishCalls: 0, startedAt: .zero, endedAt: .zero)
        }
        let told: [WindowID: [WindowContent: Int]] = [root.id: [stack: 1]]
        #expect(CallbackChecks.hostAnimatedAsRecorded(told, history: [push(animation: .ran)]).isEmpty)
        #expect(
            CallbackChecks.hostAnimatedAsRecorded(told, history: [push(animation: .skipped(.preemptedBeforeStart))]).isEmpty,
            "a change cut before its animator started was still to be animated")
        #expect(CallbackChecks.hostAnimatedAsRecorded([:], history: [push(animation: .skipped(.noAnimator))]).isEmpty)
        let exempt = CallbackChecks.hostAnimatedAsRecorded(told, history: [push(animation: .skipped(.noAnimator))])
        #expect(exempt.count == 1 && exempt[0].invariant == .skipRules && exempt[0].detail.contains("1 times"))
        let atOnce = CallbackChecks.hostAnimatedAsRecorded([:], history: [push(animation: .ran)])
        #expect(atOnce.count == 1 && atOnce[0].invariant == .skipRules)
    }

    @Test("a flow that gets another round's value, or a value no unhop sent, is reported")
    func flowCheckFires() async {
        let checker = StressChecker(answerBound: .seconds(1))
        await checker.flowEnded(screen: "flow3", round: 3, waited: .success(3), unhopped: true)
        await checker.flowEnded(
            screen: "flow4", round: 4, waited: .failure(.container(.leftBeforeUnhop("flow4", hop: "flow"), in: nil)),
            unhopped: false)
        #expect(await checker.violations.isEmpty)
        await checker.flowEnded(screen: "flow5", round: 5, waited: .success(4), unhopped: true)
        await checker.flowEnded(screen: "flow6", round: 6, waited: .success(6), unhopped: false)
        #expect(await checker.violations.count == 2)
        #expect(await checker.flowOutcomes == ["unhopped": 3, "container.leftBeforeUnhop": 1])
    }
}
