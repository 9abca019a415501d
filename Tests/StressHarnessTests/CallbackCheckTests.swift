import Testing
import StressHarness
import TransitionCoordinator

/// Invariant 9's checks fire on histories and callback logs that break it, and stay quiet on
/// ones that keep it.
@Suite("Callback checks")
struct CallbackCheckTests {
    typealias H = HistoryCheckTests

    static let otherA = Window(id: WindowID(3), level: .low, content: .screen(Screen("a")))
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
        #expect(CallbackChecks.delivered([H.push, H.pop], log: [:], itemized: []).isEmpty,
                "a push that carried no items has no callbacks to call")
    }
}
