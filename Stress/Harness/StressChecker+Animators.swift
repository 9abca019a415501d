import TransitionCoordinator

/// The feeds from animators and the tasks they start: calls, chained follow-ups, coordinator churn.
extension StressChecker {
    /// The animator of `transition` was told the content change was `told`; `derived` is the
    /// kind worked out from the change's trees before and after
    /// (``ContentAnimation/between(_:_:)``). The same change must reach an animator as the same
    /// kind, whichever call made it (a handle, a link, a whole tree).
    public func animatorKind(_ transition: TransitionID, told: ContentAnimation, derived: ContentAnimation) {
        guard told != derived else { return }
        violations.append(
            .init(
                .skipRules,
                "the animator of \(transition) was told \(told), but the change it shows "
                    + "is a \(derived): the same change must reach an animator as the same kind, whichever call made it"))
    }

    /// An owner's `setStack` asked while the user's swipe held the slot ran after the swipe
    /// removed `removed` (whose `remove` told the owner it was gone): its record must not bring
    /// `removed` back into `stack` (it may keep it only if the stack held it again by then).
    public func ownerStackAfterSwipe(_ record: TransitionRecord, stack: ContainerID, removed: ScreenID) {
        func holds(_ snapshot: NavigationSnapshot) -> Bool {
            snapshot.windowList.contains { window in
                if case .stack(let found)? = window.content.find(stack)?.base {
                    found.items.contains { $0.id == removed }
                } else {
                    false
                }
            }
        }
        guard holds(record.after), !holds(record.before) else { return }
        violations.append(
            .init(
                .callbacks,
                "\(record.id) set \(stack) back with \(removed), which the user's swipe removed "
                    + "(its remove told the owner it was gone) after the list was asked: a stale stack applied as asked"))
    }

    /// An animator was called for `transition`: once only, with every window of its context
    /// live at the host, and inside a re-entrancy chain of its own transition alone.
    public func animatorCalled(_ transition: TransitionID, deadWindows: [WindowID] = [], chainDepth: Int = 1) {
        if !animatorCalls.insert(transition).inserted {
            violations.append(.init(.skipRules, "the animator of \(transition) was called twice"))
        }
        if !deadWindows.isEmpty {
            violations.append(
                .init(
                    .hostBalance,
                    "the animator of \(transition) was called with windows the host already destroyed: \(deadWindows)"))
        }
        if chainDepth != 1 {
            violations.append(
                .init(
                    .serial,
                    "the animator of \(transition) ran in a re-entrancy chain of \(chainDepth) links; "
                        + "ended transitions must leave the chain"))
        }
    }

    /// The animator of `transition` returned before its timeout but after the host destroyed
    /// windows of its context: the coordinator went on while the animator still ran.
    public func animatorOutlivedWindows(_ transition: TransitionID, dead: [WindowID]) {
        violations.append(
            .init(
                .hostBalance,
                "the animator of \(transition) returned within its timeout, but the host had "
                    + "already destroyed its windows \(dead): the coordinator did not wait for it"))
    }

    /// The animator of `transition`, which never finishes, was let go `held` after it was called,
    /// past the animation timeout `timeout`: its timer fired late, or not at all.
    public func animatorHeldPastTimeout(_ transition: TransitionID, held: Duration, timeout: Duration) {
        violations.append(
            .init(
                .answered,
                "the animator of \(transition) never finishes, and was let go \(held) after it was called, "
                    + "later than the animation timeout \(timeout)"))
    }

    /// The animator of `transition` is returning; `cancelled` says whether its task was cancelled
    /// by then. Synchronous, so nothing runs between this and the race hearing of the return.
    nonisolated func animatorReturned(_ transition: TransitionID, cancelled: Bool) {
        animatorReturns.withLock { $0[transition] = cancelled }
    }

    /// A cut (preemption, lifecycle event, the caller's cancellation) must reach the animator's
    /// task at once: a record that says the animation was cut short while its animator returned
    /// uncancelled means the coordinator waited for an animator it no longer wanted. Exact in
    /// simulation (one thread: the cut and its cancellation happen in one step), where `returns`
    /// is filled.
    static func checkCutsReachAnimators(_ records: [TransitionRecord], returns: [TransitionID: Bool]) -> [InvariantViolation] {
        records.compactMap { record in
            guard let reason = record.animation.cutShortReason, returns[record.id] == false else { return nil }
            return .init(
                .answered,
                "\(record.id) was cut short (\(reason)), but its animator's task was never cancelled: "
                    + "the transition waited for the animator to return on its own")
        }
    }

    /// A chained animator is about to start a follow-up task (counted so the run waits for it).
    public func expectFollowUp() { followUpsOpen += 1 }

    /// A chained follow-up, asked from a task that carries the ended `transition`'s marker, was answered.
    public func followUpAnswered(after transition: TransitionID, answer: Result<TransitionRecord, TransitionError>) {
        followUpsOpen -= 1
        switch answer {
        case .success(let record):
            count(.replaceRoot, "committed")
            expectedEvents += 2
            committed.append(record)
            violations += InvariantChecker.check(record, ignoresUnmanagedWindows: ignoresUnmanagedWindows)
        case .failure(let error):
            count(.replaceRoot, error.code)
            expectedEvents += 1
            if case .refused(.reentrant(let inFlight)) = error {
                violations.append(
                    .init(.serial, "a follow-up asked after \(transition) ended was refused as re-entrant in \(inFlight)"))
            }
        }
        resumeWaiters()
    }

    /// A task started inside a freed coordinator's transition asked a new coordinator (whose own
    /// transition was in flight): busy is right; re-entrant means a stale marker matched.
    public func churnAnswered(_ answer: Result<TransitionRecord, TransitionError>) {
        faultsFired[.coordinatorChurn, default: 0] += 1
        if case .failure(.refused(.reentrant(let inFlight))) = answer {
            violations.append(
                .init(
                    .serial,
                    "a task of a freed coordinator's transition was refused as re-entrant by a new "
                        + "coordinator's \(inFlight): a stale re-entrancy marker matched"))
        }
    }

    /// Suspends until `transition`'s `ended` event was seen.
    public func waitUntilEnded(_ transition: TransitionID) async {
        while !ended.contains(transition) {
            await withCheckedContinuation { continuation in
                if ended.contains(transition) { continuation.resume() } else { endWaiters.append(continuation) }
            }
        }
    }

    /// Suspends until every chained follow-up was answered.
    public func waitForFollowUps() async {
        while followUpsOpen > 0 {
            await withCheckedContinuation { continuation in
                if followUpsOpen == 0 { continuation.resume() } else { endWaiters.append(continuation) }
            }
        }
    }

    func resumeWaiters() {
        let waiters = endWaiters
        endWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// What the harness host saw at single calls (the shield at every step), and its stuck calls.
    package func noteHost(violations found: [InvariantViolation], stuckCalls: Int) {
        violations += found
        if stuckCalls > 0 { faultsFired[.stuckHost, default: 0] += stuckCalls }
    }

    /// A violation a scenario of the run found itself (the storm's coalescing promise, say).
    package func noteViolation(_ violation: InvariantViolation) { violations.append(violation) }

    /// What the coordinator's snapshot was while `transition` was in flight, as its animator or a
    /// worker read it (checked against its record's `before` at the end: nothing may show a
    /// half-applied transition). Each distinct reading is kept.
    public func animatorSaw(_ transition: TransitionID, _ snapshot: NavigationSnapshot) {
        if seenWhileAnimating[transition]?.contains(snapshot) == true { return }
        seenWhileAnimating[transition, default: []].append(snapshot)
    }

    /// A hop flow's wait for `screen` (hopped to in `round`) ended: with a value, which must be
    /// the round's and follow a successful unhop, or with a typed error; with a cancellation only
    /// when its own task was `cancelled` (another flow's cancellation must not end it).
    public func flowEnded(
        screen: ScreenID, round: Int, waited: Result<any Sendable, TransitionError>, unhopped: Bool,
        cancelled: Bool = false
    ) {
        switch waited {
        case .success(let value):
            flowOutcomes["unhopped", default: 0] += 1
            if value as? Int != round || !unhopped {
                violations.append(
                    .init(
                        .answered,
                        "the flow waiting on \(screen) got \(value), but round \(round)'s unhop "
                            + (unhopped ? "sent \(round)" : "failed")))
            }
        case .failure(let error):
            flowOutcomes[error.code, default: 0] += 1
            if case .container(.flowCancelled, _) = error, !cancelled {
                violations.append(
                    .init(
                        .answered,
                        "the flow waiting on \(screen) in round \(round) ended cancelled, "
                            + "but its task was not cancelled: \(error)"))
            }
            // A wait comes after its hop committed: a refusal, which says nothing changed, is wrong.
            if case .refused = error {
                violations.append(
                    .init(
                        .answered,
                        "the flow waiting on \(screen) in round \(round) ended with a refusal, "
                            + "though its hop committed: \(error)"))
            }
        }
    }

    /// A gesture that began ended without being applied (cancelled, or cut short by a lifecycle
    /// event): its `began` and `cancelled` events are due, and no record may carry its id.
    public func gestureEnded(_ id: TransitionID) {
        expectedEvents += 2
        unappliedGestures.insert(id)
    }

    /// Counts a change the user made: reported, or a gesture ended as drawn.
    public func noteUserChange(gesture: Operation.GestureEnd?) {
        userChanges[gesture?.rawValue ?? "reported", default: 0] += 1
    }
}
