import StressHarness
import Testing
import TransitionCoordinator

/// The stress harness's checker must fire on deliberately corrupted states, or a green run means nothing.
@Suite("Stress checker")
struct StressCheckerTests {
    static let root = ManagedWindow(id: WindowID(1), level: .root, content: .screen(Screen("home")))
    static let tutorial = ManagedWindow(id: WindowID(2), level: .low, content: .screen(Screen("tutorial")))
    static let label = RequestLabel(policy: .reject, whenLocked: .refuse, cancelled: false)

    static func snapshot(_ version: UInt64, _ windows: [ManagedWindow], key: WindowID) -> NavigationSnapshot {
        NavigationSnapshot(version: version, levels: WindowLevel.builtIn, windows: windows, keyWindow: key)
    }

    /// A correct record of pushing the tutorial at `low`.
    static func pushRecord(id: UInt64 = 1, after: NavigationSnapshot? = nil, startedAt: Duration = .zero) -> TransitionRecord {
        TransitionRecord(
            id: TransitionID(id), request: .push(Screen("tutorial"), at: .low),
            before: snapshot(0, [root], key: root.id),
            after: after ?? snapshot(1, [root, tutorial], key: tutorial.id),
            hadAnimator: false, animation: .skipped(.noAnimator), extraFinishCalls: 0,
            startedAt: startedAt, endedAt: startedAt + .milliseconds(1))
    }

    static func checker() -> StressChecker { StressChecker(answerBound: .seconds(1)) }

    @Test("a correct record passes")
    func correctRecordPasses() async {
        let checker = Self.checker()
        await checker.committed(Self.pushRecord(), animator: .none, label: Self.label, wall: .milliseconds(1))
        #expect(await checker.violations.isEmpty)
    }

    @Test("a record whose key window is not the top-most visible one is caught")
    func corruptedKey() async {
        let checker = Self.checker()
        let broken = Self.snapshot(1, [Self.root, Self.tutorial], key: Self.root.id)
        await checker.committed(Self.pushRecord(after: broken), animator: .none, label: Self.label, wall: .zero)
        let invariants = Set(await checker.violations.map(\.invariant))
        #expect(invariants.contains(.key))
        #expect(invariants.contains(.atomic))
    }

    @Test("a record that committed more than its request (a half-applied or extra change) is caught")
    func corruptedAtomic() async {
        let checker = Self.checker()
        let extra = ManagedWindow(id: WindowID(3), level: .medium, content: .screen(Screen("pin")))
        let broken = Self.snapshot(1, [Self.root, Self.tutorial, extra], key: extra.id)
        await checker.committed(Self.pushRecord(after: broken), animator: .none, label: Self.label, wall: .zero)
        #expect(await checker.violations.map(\.invariant) == [.atomic])
    }

    @Test("an answer later than the bound is caught as a liveness violation")
    func lateAnswer() async {
        let checker = Self.checker()
        await checker.committed(Self.pushRecord(), animator: .none, label: Self.label, wall: .seconds(2))
        #expect(await checker.violations.map(\.invariant) == [.answered])
    }

    @Test("a transition that begins while another is open is caught as overlapping")
    func overlappingEvents() async {
        let checker = Self.checker()
        let first = InFlightTransition(id: TransitionID(1), request: .popAll)
        let second = InFlightTransition(id: TransitionID(2), request: .popAll)
        await checker.observe(.began(first, before: Self.snapshot(0, [Self.root], key: Self.root.id)))
        await checker.observe(.began(second, before: Self.snapshot(0, [Self.root], key: Self.root.id)))
        #expect(await checker.violations.map(\.invariant) == [.serial])
    }

    @Test("two ended records that do not chain are caught as a lost update")
    func brokenChain() async {
        let checker = Self.checker()
        let first = Self.pushRecord(id: 1)
        let second = Self.pushRecord(id: 2, startedAt: .milliseconds(5)) // starts again from v0: a lost update
        for record in [first, second] {
            await checker.observe(.began(InFlightTransition(id: record.id, request: record.request), before: record.before))
            await checker.observe(.ended(record))
        }
        // Both ends see it: the second began from v0, and its record does not chain to the first's.
        let chain = await checker.violations.filter { $0.invariant == .chain }.map(\.detail)
        #expect(chain.contains { $0.hasSuffix("began from v0, not from T1's after v1") }, "\(chain)")
        #expect(chain.contains("T2 started from v0, not from T1's after v1"), "\(chain)")
    }

    @Test("a request refused as busy naming a transition that has already ended is caught")
    func refusalAfterEnded() async {
        let checker = Self.checker()
        let record = Self.pushRecord()
        let transition = InFlightTransition(id: record.id, request: record.request)
        await checker.observe(.began(transition, before: record.before))
        await checker.observe(.rejected(.popAll, .refused(.busy(inFlight: transition))))
        #expect(await checker.violations.isEmpty)
        await checker.observe(.ended(record))
        await checker.observe(.rejected(.popAll, .refused(.busy(inFlight: transition))))
        #expect(await checker.violations.map(\.invariant) == [.serial])
    }

    @Test("a busy refusal naming a transition a guard cancelled passes; a record carrying a cancelled transition is caught")
    func cancelledByGuard() async {
        let record = Self.pushRecord()
        let transition = InFlightTransition(id: record.id, request: record.request)
        let checker = Self.checker()
        await checker.observe(.began(transition, before: record.before))
        await checker.observe(.rejected(.popAll, .refused(.busy(inFlight: transition))))
        await checker.rejected(
            .popAll, .refused(.busy(inFlight: transition)), animator: .none, label: Self.label, asked: .zero, answered: .zero)
        await checker.observe(.cancelled(transition))
        await checker.finishHistory([], clockOffset: .zero, peakQueueDepth: 0, queueLimit: 8)
        #expect(await checker.violations.isEmpty)
        await checker.finishHistory([record], clockOffset: .zero, peakQueueDepth: 0, queueLimit: 8)
        #expect(
            await checker.violations.contains {
                $0.detail.contains("was cancelled (a guard refused it), yet a record carries it")
            })
    }

    @Test("a re-entrant request refused as busy with its own transition is caught")
    func missedReentrancy() async {
        let checker = Self.checker()
        let own = InFlightTransition(id: TransitionID(4), request: .popAll)
        await checker.reentrantProbe(TransitionID(4), answer: .failure(.refused(.busy(inFlight: own))))
        await checker.reentrantProbe(TransitionID(4), answer: .failure(.refused(.reentrant(inFlight: own))))
        #expect(await checker.violations.map(\.invariant) == [.serial])
    }

    @Test("a host ledger that never destroyed a dismissed window is caught at the end")
    func leakedWindow() async {
        let checker = Self.checker()
        var ledger = HostLedger()
        for call: HostCommand in [
            .create(Self.root), .show(Self.root.id), .create(Self.tutorial),
            .show(Self.tutorial.id), .makeKey(Self.root.id, resigning: []),
        ] {
            ledger.apply(call)
        }
        await checker.finish(
            snapshot: Self.snapshot(0, [Self.root], key: Self.root.id), ledger: ledger, audit: [],
            history: [], droppedEvents: 0, pending: 0)
        #expect(await checker.violations.contains { $0.invariant == .hostBalance })
    }

    @Test("requests still pending at the end are caught")
    func pendingAtEnd() async {
        let checker = Self.checker()
        var ledger = HostLedger()
        for call: HostCommand in [.create(Self.root), .show(Self.root.id), .makeKey(Self.root.id, resigning: [])] {
            ledger.apply(call)
        }
        await checker.finish(
            snapshot: Self.snapshot(0, [Self.root], key: Self.root.id), ledger: ledger, audit: [],
            history: [], droppedEvents: 0, pending: 2)
        #expect(await checker.violations.map(\.invariant) == [.answered])
    }

    @Test("events the answers do not account for, or answers without their events, are caught at the end")
    func eventCountsMustMatch() async {
        var ledger = HostLedger()
        for call: HostCommand in [.create(Self.root), .show(Self.root.id), .makeKey(Self.root.id, resigning: [])] {
            ledger.apply(call)
        }
        let snapshot = Self.snapshot(0, [Self.root], key: Self.root.id)
        let refusal = TransitionError.invalid(.nothingAboveRoot)
        // A refusal the coordinator announced but no task reported: one event too many.
        let unreported = Self.checker()
        await unreported.observe(.rejected(.popAll, refusal))
        await unreported.finish(snapshot: snapshot, ledger: ledger, audit: [], history: [], droppedEvents: 0, pending: 0)
        #expect(await unreported.violations.map(\.detail).contains { $0.contains("nobody reported to the checker") })
        // A refusal a task reported with no event: one event too few.
        let silent = Self.checker()
        await silent.rejected(.popAll, refusal, animator: .none, label: Self.label, asked: .zero, answered: .zero)
        await silent.finish(snapshot: snapshot, ledger: ledger, audit: [], history: [], droppedEvents: 0, pending: 0)
        #expect(await silent.violations.map(\.detail).contains { $0.contains("an answer came without its event") })
        // Both: no count violation.
        let matched = Self.checker()
        await matched.observe(.rejected(.popAll, refusal))
        await matched.rejected(.popAll, refusal, animator: .none, label: Self.label, asked: .zero, answered: .zero)
        await matched.finish(snapshot: snapshot, ledger: ledger, audit: [], history: [], droppedEvents: 0, pending: 0)
        #expect(await matched.violations.isEmpty)
    }

    @Test("records admitted out of arrival order within a lane are caught")
    func outOfOrderLane() {
        func waited(_ id: UInt64, _ sequence: UInt64) -> TransitionRecord {
            let record = Self.pushRecord(id: id)
            return TransitionRecord(
                id: record.id, request: record.request, before: record.before, after: record.after,
                hadAnimator: false, animation: record.animation, extraFinishCalls: 0,
                startedAt: .zero, endedAt: .zero, waited: WaitInfo(lane: .queued, sequence: sequence))
        }
        #expect(StressChecker.checkWaitOrder([waited(1, 1), waited(2, 2)]).isEmpty)
        #expect(StressChecker.checkWaitOrder([waited(1, 2), waited(2, 1)]).map(\.invariant) == [.answered])
    }
}
