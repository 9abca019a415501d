import Testing

@testable import StressHarness
@testable import TransitionCoordinator

/// The ordering and liveness checks (coalescing groups, preemption, stuck calls, event order,
/// animator liveness, stale markers, the deferred limit, cuts) each fire on the value that breaks it.
@Suite("Ordering and liveness checks")
struct OrderingCheckTests {
    static let root = ManagedWindow(id: WindowID(1), level: .root, content: .screen(Screen("home")))

    static func record(
        _ id: UInt64, _ request: TransitionRequest = .popAll, animation: AnimationOutcome = .skipped(.noAnimator),
        waited: WaitInfo? = nil, hostFault: HostFault? = nil
    ) -> TransitionRecord {
        let snapshot = NavigationSnapshot(version: id, levels: WindowLevel.builtIn, windows: [root], keyWindow: root.id)
        return TransitionRecord(
            id: TransitionID(id), request: request, before: snapshot, after: snapshot, hadAnimator: true,
            animation: animation, extraFinishCalls: 0, startedAt: .zero, endedAt: .zero, waited: waited, hostFault: hostFault)
    }

    @Test("two committed members of a coalescing group that waited side by side fire; one after the other does not")
    func coalescing() {
        let older = Self.record(1, waited: WaitInfo(lane: .deferred, sequence: 3, group: "g", newestArrival: 5))
        let newer = Self.record(2, waited: WaitInfo(lane: .deferred, sequence: 5, group: "g", newestArrival: 5))
        #expect(HistoryChecks.coalescing([older, newer]).map(\.invariant) == [.answered])
        let later = Self.record(2, waited: WaitInfo(lane: .queued, sequence: 6, group: "g", newestArrival: 6))
        #expect(HistoryChecks.coalescing([older, later]).isEmpty)
    }

    @Test(
        "a preempted animation followed by a request that did not preempt fires, also when the host got stuck in it, unless the preempting request ran and was turned down"
    )
    func preemptions() {
        let cut = Self.record(1, animation: .preempted)
        let queued = Self.record(2, waited: WaitInfo(lane: .queued, sequence: 1))
        let preempting = Self.record(2, waited: WaitInfo(lane: .preempt, sequence: 1))
        #expect(HistoryChecks.preemptions([cut, queued]).map(\.invariant) == [.atomic])
        #expect(HistoryChecks.preemptions([cut, preempting]).isEmpty)
        let fault = HostFault(
            call: .makeKey(WindowID(1), resigning: []), transition: TransitionID(1), phase: .afterAnimation, since: .zero)
        // A stuck host refuses every waiter but those that acted: the request that cut the animation runs.
        #expect(
            HistoryChecks.preemptions([Self.record(1, animation: .preempted, hostFault: fault), queued]).map(\.invariant)
                == [.atomic])
        // T2 had the slot (a preempting navigation its guard turned down, no record); T3 waited in the queue.
        let afterVetoed = Self.record(3, waited: WaitInfo(lane: .queued, sequence: 2))
        #expect(HistoryChecks.preemptions([cut, afterVetoed]).isEmpty)
    }

    @Test("in virtual time, a stuck call given up later than one host timeout after its phase began fires; on time does not")
    func stuckCallGivenUpLate() async {
        func check(givenUpAfter delay: Duration, exactTime: Bool) async -> [InvariantViolation] {
            let checker = StressChecker(answerBound: .seconds(1), hostTimeout: .milliseconds(5), exactTime: exactTime)
            let fault = HostFault(
                call: .create(id: WindowID(2)), transition: TransitionID(1), phase: .afterAnimation,
                since: .milliseconds(3) + delay, phaseBegan: .milliseconds(3))
            let record = Self.record(1, hostFault: fault)
            await checker.observe(.began(InFlightTransition(id: record.id, request: record.request), before: record.before))
            await checker.observe(.ended(record))
            return await checker.violations
        }
        #expect(await check(givenUpAfter: .milliseconds(7), exactTime: true).map(\.invariant) == [.answered])
        #expect(await check(givenUpAfter: .milliseconds(5), exactTime: true).isEmpty)
        #expect(await check(givenUpAfter: .milliseconds(7), exactTime: false).isEmpty)
    }

    @Test("a busy rejection naming a transition whose began was not seen yet fires")
    func busyBeforeBegan() async {
        let checker = StressChecker(answerBound: .seconds(1))
        let named = InFlightTransition(id: TransitionID(1), request: .popAll)
        await checker.observe(.rejected(.popAll, .refused(.busy(inFlight: named))))
        #expect(await checker.violations.map(\.invariant) == [.serial])
        let fine = StressChecker(answerBound: .seconds(1))
        await fine.observe(.began(named, before: Self.record(1).before))
        await fine.observe(.rejected(.popAll, .refused(.busy(inFlight: named))))
        #expect(await fine.violations.isEmpty)
    }

    @Test("an animator called with dead windows, in a long chain, outliving its windows, or held past its timeout fires")
    func animatorChecks() async {
        let checker = StressChecker(answerBound: .seconds(1))
        await checker.animatorCalled(TransitionID(1), deadWindows: [WindowID(3)], chainDepth: 1)
        await checker.animatorCalled(TransitionID(2), deadWindows: [], chainDepth: 2)
        await checker.animatorOutlivedWindows(TransitionID(3), dead: [WindowID(4)])
        await checker.animatorHeldPastTimeout(TransitionID(4), held: .milliseconds(15), timeout: .milliseconds(10))
        #expect(await checker.violations.map(\.invariant) == [.hostBalance, .serial, .hostBalance, .answered])
    }

    @Test("a stale marker's re-entrant refusal from a new coordinator fires; busy does not")
    func churn() async {
        let checker = StressChecker(answerBound: .seconds(1))
        let named = InFlightTransition(id: TransitionID(1), request: .popAll)
        await checker.churnAnswered(.failure(.refused(.busy(inFlight: named))))
        #expect(await checker.violations.isEmpty)
        await checker.churnAnswered(.failure(.refused(.reentrant(inFlight: named))))
        #expect(await checker.violations.map(\.invariant) == [.serial])
    }

    @Test("a deferred lane past its limit fires")
    func deferredBound() async {
        let checker = StressChecker(answerBound: .seconds(1))
        await checker.finishHistory(
            [], clockOffset: .zero, peakQueueDepth: 0, queueLimit: 4, peakDeferredDepth: 3, deferredLimit: 2)
        #expect(await checker.violations.map(\.invariant) == [.answered])
    }

    @Test(
        "a cut-short record whose animator returned uncancelled fires; a cancelled one, or a finished one, does not",
        arguments: [CutShortReason.preempted, .callerCancelled])
    func cutsReachAnimators(reason: CutShortReason) {
        let cut = Self.record(1, animation: reason == .preempted ? .preempted : .callerCancelled),
            ran = Self.record(2, animation: .ran)
        #expect(StressChecker.checkCutsReachAnimators([cut, ran], returns: [cut.id: false, ran.id: false]).count == 1)
        #expect(StressChecker.checkCutsReachAnimators([cut, ran], returns: [cut.id: true, ran.id: false]).isEmpty)
        #expect(StressChecker.checkCutsReachAnimators([cut], returns: [:]).isEmpty)
    }
}
