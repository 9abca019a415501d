import StressHarness
import Testing
import TransitionCoordinator

/// The checker's checks on answers, events and the end of a run each fire on the value that
/// breaks them, and stay quiet on the one beside it that keeps them: switched off one by one,
/// each turns one of these tests red.
@Suite("Answer, event and end checks")
struct AnswerCheckTests {
    typealias S = StressCheckerTests

    static let named = InFlightTransition(id: TransitionID(1), request: .popAll)
    static let superseded = TransitionError.refused(.superseded(group: "g", by: .popAll))
    static func label(_ policy: AdmissionPolicy, cancelled: Bool = false) -> RequestLabel {
        RequestLabel(policy: policy, whenLocked: .refuse, cancelled: cancelled)
    }

    /// The violations whose detail holds `text`.
    static func matching(_ checker: StressChecker, _ text: String) async -> [InvariantViolation] {
        await checker.violations.filter { $0.detail.contains(text) }
    }

    @Test(
        "a worker's refusal its request cannot get fires: re-entrant outside a transition, busy under another policy than reject, cancelled with its task running, superseded outside coalesce",
        arguments: [
            (
                TransitionError.refused(.reentrant(inFlight: named)), label(.reject),
                "outside any transition was refused as re-entrant"
            ),
            (.refused(.busy(inFlight: named)), label(.reject), nil),
            (.refused(.busy(inFlight: named)), label(.enqueue), "was refused as busy; only reject does that"),
            (.refused(.cancelled(.popAll)), label(.enqueue, cancelled: true), nil),
            (.refused(.cancelled(.popAll)), label(.enqueue), "was refused as cancelled but its task was never cancelled"),
            (superseded, label(.coalesce(group: "g")), nil),
            (superseded, label(.enqueue), "was superseded; only coalesce can be"),
        ] as [(TransitionError, RequestLabel, String?)])
    func wrongRefusals(error: TransitionError, label: RequestLabel, fires: String?) async {
        let checker = StressChecker(answerBound: .seconds(1))
        await checker.rejected(.popAll, error, animator: .none, label: label, asked: .zero, answered: .zero)
        let found = await checker.violations
        #expect(
            found.map { $0.detail.contains(fires ?? "") } == (fires == nil ? [] : [true]), "\(error), \(label.policy): \(found)")
    }

    @Test("an animator that finished twice on a record that notes no extra finish fires; one that notes it does not")
    func finishedTwice() async {
        func record(extra: Int) -> TransitionRecord {
            let push = S.pushRecord()
            return TransitionRecord(
                id: push.id, request: push.request, before: push.before, after: push.after, hadAnimator: true,
                animation: .ran, extraFinishCalls: extra, startedAt: .zero, endedAt: .milliseconds(1),
                animationEndedAt: .milliseconds(1))
        }
        let unnoted = S.checker()
        await unnoted.committed(record(extra: 0), animator: .finishingTwice, label: S.label, wall: .zero)
        #expect(await unnoted.violations.map(\.detail) == ["T1's animator finished twice but the record notes no extra finish"])
        let noted = S.checker()
        await noted.committed(record(extra: 1), animator: .finishingTwice, label: S.label, wall: .zero)
        #expect(await noted.violations.isEmpty)
    }

    @Test(
        "a lifecycle answer that committed no state change, or entered the background with the lock down, fires; a refused lifecycle event fires"
    )
    func lifecycleAnswers() async {
        let notAState = S.checker()
        await notAState.lifecycleCommitted(S.pushRecord(), wall: .zero)
        #expect(await Self.matching(notAState, "not a state change").count == 1)

        let covers = LifecycleCovers(lock: LifecycleCover(screen: Screen("pin"), level: .medium))
        let active = NavigationSnapshot(
            version: 0, levels: WindowLevel.builtIn, windows: [S.root], keyWindow: S.root.id, covers: covers)
        let lock = ManagedWindow(id: WindowID(2), level: .medium, content: .screen(Screen("pin")))
        func background(_ windows: [ManagedWindow]) -> TransitionRecord {
            let after = NavigationSnapshot(
                version: 1, levels: WindowLevel.builtIn, windows: windows, keyWindow: windows.last?.id,
                applicationState: .background, covers: covers)
            return TransitionRecord(
                id: TransitionID(1), request: .setApplicationState(.background), before: active, after: after,
                hadAnimator: false, animation: .skipped(.notAnimatable), extraFinishCalls: 0, startedAt: .zero,
                endedAt: .zero)
        }
        let lockDown = S.checker()
        await lockDown.lifecycleCommitted(background([S.root]), wall: .zero)
        #expect(await Self.matching(lockDown, "in the background with a lock configured but the lock is down").count == 1)
        let lockUp = S.checker()
        await lockUp.lifecycleCommitted(background([S.root, lock]), wall: .zero)
        #expect(await Self.matching(lockUp, "the lock is down").isEmpty)

        let refused = S.checker()
        await refused.lifecycleRejected(.background, .refused(.busy(inFlight: Self.named)))
        #expect(await refused.violations.map(\.invariant) == [.shieldAndLock])
        #expect(await Self.matching(refused, "the lifecycle event background was refused").count == 1)
    }

    @Test("a chained follow-up refused as re-entrant after its transition ended fires; one refused as busy does not")
    func followUpReentrant() async {
        let checker = S.checker()
        await checker.expectFollowUp()
        await checker.followUpAnswered(after: TransitionID(1), answer: .failure(.refused(.busy(inFlight: Self.named))))
        #expect(await checker.violations.isEmpty)
        await checker.expectFollowUp()
        await checker.followUpAnswered(after: TransitionID(1), answer: .failure(.refused(.reentrant(inFlight: Self.named))))
        #expect(
            await checker.violations.map(\.detail) == [
                "a follow-up asked after T1 ended was refused as re-entrant in \(Self.named)"
            ])
    }

    @Test("a record a task received that differs from the history's record of its id fires")
    func receivedRecordDiffers() async {
        let checker = S.checker()
        await checker.committed(S.pushRecord(), animator: .none, label: S.label, wall: .zero)
        await checker.finishHistory([S.pushRecord()], clockOffset: .zero, peakQueueDepth: 0, queueLimit: 4)
        #expect(await checker.violations.isEmpty)
        let later = S.pushRecord(startedAt: .milliseconds(3))
        await checker.finishHistory([later], clockOffset: .zero, peakQueueDepth: 0, queueLimit: 4)
        #expect(await checker.violations.map(\.detail) == ["the record T1 a task received differs from the history's"])
    }

    @Test("a snapshot read while a transition was in flight that is not its before-state fires; its before-state does not")
    func halfAppliedSeen() async {
        let record = S.pushRecord()
        let checker = S.checker()
        await checker.animatorSaw(record.id, record.before)
        await checker.finishHistory([record], clockOffset: .zero, peakQueueDepth: 0, queueLimit: 4)
        #expect(await checker.violations.isEmpty)
        await checker.animatorSaw(record.id, record.after)
        await checker.finishHistory([record], clockOffset: .zero, peakQueueDepth: 0, queueLimit: 4)
        #expect(await Self.matching(checker, "a half-applied transition was visible").count == 1)
    }

    @Test("a gesture that ended unapplied but whose id a record carries fires")
    func unappliedGestureCarried() async {
        let record = S.pushRecord()
        let checker = S.checker()
        await checker.gestureEnded(TransitionID(2))
        await checker.finishHistory([record], clockOffset: .zero, peakQueueDepth: 0, queueLimit: 4)
        #expect(await checker.violations.isEmpty)
        await checker.gestureEnded(record.id)
        await checker.finishHistory([record], clockOffset: .zero, peakQueueDepth: 0, queueLimit: 4)
        #expect(await Self.matching(checker, "gesture T1 was cancelled (or cut short), yet its change was applied").count == 1)
    }

    @Test("a busy rejection naming a transition that neither committed nor was cancelled fires")
    func busyNamingNothing() async {
        let checker = S.checker()
        await checker.rejected(
            .popAll, .refused(.busy(inFlight: Self.named)), animator: .none, label: S.label, asked: .zero, answered: .zero)
        await checker.finishHistory([], clockOffset: .zero, peakQueueDepth: 0, queueLimit: 4)
        #expect(await checker.violations.map(\.detail) == ["a busy rejection named T1, which never committed"])
    }

    @Test("an ended or cancelled event with no transition open fires")
    func endWithoutBegin() async {
        let record = S.pushRecord()
        let ended = S.checker()
        await ended.observe(.ended(record))
        #expect(await ended.violations.map(\.detail) == ["T1 ended but the open transition was none"])
        let cancelled = S.checker()
        await cancelled.observe(.cancelled(Self.named))
        #expect(await cancelled.violations.map(\.detail) == ["\(Self.named) was cancelled but the open transition was none"])
    }

    @Test("a transition that took longer than the bound from admission to commit fires; one within it does not")
    func tookTooLong() async {
        func check(took: Duration) async -> [InvariantViolation] {
            let checker = StressChecker(answerBound: .seconds(1), transitionBound: .milliseconds(5))
            let push = S.pushRecord()
            let record = TransitionRecord(
                id: push.id, request: push.request, before: push.before, after: push.after, hadAnimator: false,
                animation: push.animation, extraFinishCalls: 0, startedAt: .zero, endedAt: took)
            await checker.observe(.began(InFlightTransition(id: record.id, request: record.request), before: record.before))
            await checker.observe(.ended(record))
            return await checker.violations
        }
        #expect(await check(took: .milliseconds(5)).isEmpty)
        let late = await check(took: .milliseconds(6))
        #expect(late.count == 1 && late[0].invariant == .answered && late[0].detail.contains("from admission to commit, beyond"))
    }

    /// A ledger that holds the root alone, shown and key: balanced against ``rootOnly``.
    static var rootLedger: HostLedger {
        var ledger = HostLedger()
        for call: HostCommand in [.create(S.root), .show(S.root.id), .makeKey(S.root.id, resigning: [])] { ledger.apply(call) }
        return ledger
    }
    static let rootOnly = S.snapshot(0, [S.root], key: S.root.id)

    @Test(
        "at the end: a transition that began and never ended, a last record that is not the final snapshot, and dropped events fire"
    )
    func endOfRun() async {
        let open = S.checker()
        await open.observe(.began(Self.named, before: Self.rootOnly))
        await open.finish(snapshot: Self.rootOnly, ledger: Self.rootLedger, audit: [], history: [], droppedEvents: 0, pending: 0)
        #expect(await Self.matching(open, "\(Self.named) began and never ended").count == 1)

        let stale = S.checker()
        await stale.finish(
            snapshot: Self.rootOnly, ledger: Self.rootLedger, audit: [], history: [S.pushRecord()], droppedEvents: 0, pending: 0)
        #expect(await Self.matching(stale, "the last record's after v1 is not the final snapshot v0").count == 1)

        let dropped = S.checker()
        await dropped.finish(
            snapshot: Self.rootOnly, ledger: Self.rootLedger, audit: [], history: [], droppedEvents: 3, pending: 0)
        #expect(await dropped.violations.map(\.detail) == ["3 events were dropped before the checker saw them"])
    }

    @Test("an animator called twice, called for a record that says skipped, or not called for one that says ran fires")
    func animatorCallsAgainstRecords() async {
        let skipped = S.pushRecord()
        let push = S.pushRecord(id: 2)
        let ran = TransitionRecord(
            id: push.id, request: push.request, before: push.before, after: push.after, hadAnimator: true, animation: .ran,
            extraFinishCalls: 0, startedAt: .zero, endedAt: .zero, animationEndedAt: .zero)
        func finished(calls: [TransitionID]) async -> StressChecker {
            let checker = S.checker()
            for id in calls { await checker.animatorCalled(id) }
            for record in [skipped, ran] {
                await checker.committed(record, animator: .none, label: S.label, wall: .zero)
            }
            await checker.finish(
                snapshot: Self.rootOnly, ledger: Self.rootLedger, audit: [], history: [], droppedEvents: 0, pending: 0)
            return checker
        }
        let right = await finished(calls: [ran.id])
        #expect(await Self.matching(right, "animator").isEmpty)
        let wrong = await finished(calls: [skipped.id, skipped.id])
        #expect(await Self.matching(wrong, "the animator of T1 was called twice").count == 1)
        #expect(await Self.matching(wrong, "the animator of T1 was called but its record says it was skipped").count == 1)
        #expect(await Self.matching(wrong, "T2's record says its animator ran, but it was never called").count == 1)
    }
}
