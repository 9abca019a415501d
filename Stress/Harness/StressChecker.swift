import TransitionCoordinator

/// Watches one stress run and checks the library's invariants (numbered as in the Architecture
/// article, `Sources/TransitionCoordinator/TransitionCoordinator.docc/Architecture.md`) as it
/// goes and at the end.
///
/// Fed by the worker tasks (each answer), the hostile animators (each call) and one subscriber of
/// the coordinator's events. It keeps counts for the report and every violation it finds; tests
/// feed it corrupted values to prove each check fires.
public actor StressChecker {
    /// Every violation found, in order (the report prints the first ones).
    package internal(set) var violations: [InvariantViolation] = []
    /// Answers by request kind and outcome (`committed` or a rejection code).
    package internal(set) var answers: [TransitionKind: [String: Int]] = [:]
    /// Rejections by code.
    public internal(set) var rejections: [String: Int] = [:]
    /// Animation outcomes of committed transitions, by a short name.
    public internal(set) var animations: [String: Int] = [:]
    /// Animators handed out, by kind.
    public internal(set) var animatorKinds: [AnimatorKind: Int] = [:]
    /// Extra finish calls noted in records.
    public internal(set) var extraFinishCalls = 0
    /// Re-entrant probes made from inside animators, and how many were refused as re-entrant.
    public internal(set) var reentrantProbes = 0
    /// Began, ended and rejected events seen by the subscriber (waiting events are not counted).
    public internal(set) var eventsSeen = 0
    /// Every event the subscriber saw, waiting events included: what the coordinator's event count is compared with.
    public internal(set) var allEventsSeen = 0
    /// Committed records seen by the workers and the lifecycle task.
    public internal(set) var committed: [TransitionRecord] = []
    /// Worker answers by admission policy and outcome.
    public internal(set) var byPolicy: [String: [String: Int]] = [:]
    /// Lifecycle events by the state reported and outcome.
    public internal(set) var lifecycle: [ApplicationState: [String: Int]] = [:]
    /// Events the coordinator must have sent for the answers seen (2 per commit, 1 per refusal); at
    /// the end it must equal ``eventsSeen``, so an answer the harness left unreported fails the run.
    public internal(set) var expectedEvents = 0
    /// The snapshots animators and workers read while each transition was in flight.
    var seenWhileAnimating: [TransitionID: [NavigationSnapshot]] = [:]
    /// Gestures that began and ended unapplied (their ids must not be in the history).
    var unappliedGestures = Set<TransitionID>()
    /// Transitions that began and were cancelled (gestures given up, guard refusals): no record may carry them.
    var cancelledTransitions = Set<TransitionID>()
    /// How hop flows' waits ended: `unhopped`, or the error's code.
    public internal(set) var flowOutcomes: [String: Int] = [:]
    /// How links ended: `navigated`, `already there`, or the error's code (parse errors as `route.…`).
    public internal(set) var linkOutcomes: [String: Int] = [:]
    /// Links posted to the inbox: where each leads, whether it is well formed, what an absolute one
    /// must land on, the snapshot's version read before the post, and its expiry where the link
    /// task knows it.
    var inboxPosts: [LinkID: (route: Route, kind: LinkTask.Kind, expected: WindowContent?, version: UInt64, expiry: Duration?)] =
        [:]
    /// Every outcome the inbox gave, by link.
    var inboxEnds: [LinkID: [LinkOutcome]] = [:]
    /// The snapshot's version read once each link's end arrived.
    var inboxEndVersions: [LinkID: UInt64] = [:]
    /// Links answered as already there (followed by the app, or through the inbox), with what
    /// their routes compile to cold and the versions they were decided between (see
    /// ``HistoryChecks/alreadyThere(_:history:)``).
    var alreadyThereLinks: [HistoryChecks.AlreadyThere] = []
    /// How many inbox ends were read, and who waits for a count of them.
    var inboxEndsRead = 0
    var inboxEndWaiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?
    /// User changes asked, by how: `reported`, `commit`, `cancel`.
    public internal(set) var userChanges: [String: Int] = [:]

    /// A running digest (FNV-1a) of everything the checker saw, in order: equal digests mean equal runs.
    public internal(set) var digest = TraceDigest()

    let ignoresUnmanagedWindows: Bool
    private let executor: (any SerialExecutor)?
    private let home = CheckerHome()
    let answerBound: Duration
    let transitionBound: Duration
    var animatorCalls: Set<TransitionID> = []
    /// Whether each animator's task was cancelled when it returned (simulation only; written
    /// synchronously at the animator's last line, see ``animatorReturned(_:cancelled:)``).
    nonisolated let animatorReturns = Locked<[TransitionID: Bool]>([:])
    private var openTransition: InFlightTransition?
    private var lastEnded: TransitionRecord?
    private var eventWaiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?
    /// Whether the link task signed in: from then on the session guard lets `lsecure` through.
    var signedIn = false
    private var busyRejections: [(transition: TransitionID, asked: Duration, answered: Duration)] = []
    var highestBegan = TransitionID(0)
    var ended: Set<TransitionID> = []
    var endWaiters: [CheckedContinuation<Void, Never>] = []
    var followUpsOpen = 0
    let hostTimeout: Duration
    /// Whether timers fire exactly at their deadlines (virtual time).
    let exactTime: Bool
    /// Faults that fired, by kind (animator kinds are counted as they are handed out).
    public internal(set) var faultsFired: [FaultPlan.Kind: Int] = [:]

    /// A checker for a coordinator with these settings; an answer later than `answerBound` is a violation.
    ///
    /// Runs on `executor` when given (a simulated run's scheduler), else on its own.
    /// `exactTime`: time is virtual (a simulated run), so timers fire exactly at their deadlines.
    public init(
        ignoresUnmanagedWindows: Bool = false, answerBound: Duration, transitionBound: Duration? = nil,
        hostTimeout: Duration = .zero, executor: (any SerialExecutor)? = nil, exactTime: Bool? = nil
    ) {
        self.hostTimeout = hostTimeout
        self.exactTime = exactTime ?? (executor != nil)
        self.ignoresUnmanagedWindows = ignoresUnmanagedWindows
        self.answerBound = answerBound
        self.transitionBound = transitionBound ?? answerBound
        self.executor = executor
    }

    /// The executor the checker runs on.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor?.asUnownedSerialExecutor() ?? home.unownedExecutor
    }

    /// The workers' answers so far (the lifecycle task's unlocks, lock storms and cancelled callers
    /// not counted). Summed here, on the actor, so no copy of `byPolicy` is iterated on another
    /// thread while the actor writes it in place once that copy is released: ThreadSanitizer
    /// reported that as a race on this toolchain (the uniqueness check is not an ordering it sees).
    var workerAnswerCount: Int {
        byPolicy.reduce(0) { total, row in
            ["cancelled by caller", "lifecycle unlock", "lock storm"].contains(row.key)
                ? total : total + row.value.values.reduce(0, +)
        }
    }

    /// Total violations found.
    public var violationCount: Int { violations.count }

    // MARK: - Feeds

    /// A worker got a record back after `wall`: checks 3, 4, 6, 10 and 11 on it and 7's time bound.
    public func committed(_ record: TransitionRecord, animator: AnimatorKind, label: RequestLabel, wall: Duration) {
        count(record.request.kind, "committed")
        byPolicy[label.policyName, default: [:]]["committed", default: 0] += 1
        if label.cancelled { byPolicy["cancelled by caller", default: [:]]["committed", default: 0] += 1 }
        animatorKinds[animator, default: 0] += 1
        expectedEvents += 2
        animations[Self.name(of: record.animation), default: 0] += 1
        extraFinishCalls += record.extraFinishCalls
        committed.append(record)
        violations += InvariantChecker.check(record, ignoresUnmanagedWindows: ignoresUnmanagedWindows)
        checkGuards(record)
        checkAnswerTime(wall, "\(record.id) '\(record.request)'")
        if animator == .finishingTwice, record.animation == .ran, record.extraFinishCalls == 0 {
            violations.append(.init(.answered, "\(record.id)'s animator finished twice but the record notes no extra finish"))
        }
        if label.cancelled { faultsFired[.cancelledCaller, default: 0] += 1 }
        if let fault = animator.fault { faultsFired[fault, default: 0] += 1 }
    }

    /// Notes a fault that fired outside any record (a lifecycle burst, a scheduler stall).
    public func noteFault(_ kind: FaultPlan.Kind, count: Int = 1) { faultsFired[kind, default: 0] += count }

    /// A worker's request was refused after `wall`.
    public func rejected(
        _ request: TransitionRequest, _ error: TransitionError, animator: AnimatorKind,
        label: RequestLabel, asked: Duration, answered: Duration
    ) {
        let wall = answered - asked
        if case .refused(.busy(let inFlight)) = error { busyRejections.append((inFlight.id, asked, answered)) }
        count(request.kind, error.code)
        if label.cancelled { faultsFired[.cancelledCaller, default: 0] += 1 }
        if let fault = animator.fault { faultsFired[fault, default: 0] += 1 }
        byPolicy[label.policyName, default: [:]][error.code, default: 0] += 1
        if label.cancelled { byPolicy["cancelled by caller", default: [:]][error.code, default: 0] += 1 }
        animatorKinds[animator, default: 0] += 1
        expectedEvents += 1
        rejections[error.code, default: 0] += 1
        // A guard's refusal ends an admitted transition: `began` and `cancelled`, no `rejected`.
        if case .denied(let name, _) = error {
            expectedEvents += 1
            linkOutcomes["denied by " + name, default: 0] += 1
        }
        if case .redirected = error { expectedEvents += 1 }
        switch error {
        case .refused(.reentrant):
            violations.append(.init(.serial, "a worker's request '\(request)' outside any transition was refused as re-entrant"))
        case .refused(.busy) where label.policy != .reject:
            violations.append(
                .init(.answered, "'\(request)' with policy \(label.policy) was refused as busy; only reject does that"))
        case .refused(.cancelled) where !label.cancelled:
            violations.append(.init(.answered, "'\(request)' was refused as cancelled but its task was never cancelled"))
        case .refused(.superseded):
            if case .coalesce = label.policy { break }
            violations.append(.init(.answered, "'\(request)' with policy \(label.policy) was superseded; only coalesce can be"))
        default:
            break
        }
        checkAnswerTime(wall, "rejection of '\(request)'")
    }

    /// The lifecycle task's state change committed after `wall`: checks it like a worker's record.
    public func lifecycleCommitted(_ record: TransitionRecord, wall: Duration) {
        guard case .setApplicationState(let state) = record.request else {
            violations.append(.init(.answered, "a lifecycle event committed \(record), not a state change"))
            return
        }
        lifecycle[state, default: [:]]["committed", default: 0] += 1
        count(.applicationState, "committed")
        expectedEvents += 2
        committed.append(record)
        violations += InvariantChecker.check(record, ignoresUnmanagedWindows: ignoresUnmanagedWindows)
        // The lock up on entering the background is the record's own invariant, checked above.
        checkAnswerTime(wall, "\(record.id) '\(record.request)'")
    }

    /// The lifecycle task's state change was refused: never allowed (lifecycle events are never busy,
    /// never refused for room, and the lifecycle task is neither cancelled nor inside a transition).
    public func lifecycleRejected(_ state: ApplicationState, _ error: TransitionError) {
        lifecycle[state, default: [:]][error.code, default: 0] += 1
        count(.applicationState, error.code)
        expectedEvents += 1
        violations.append(.init(.shieldAndLock, "the lifecycle event \(state) was refused: \(error)"))
    }

    /// A request made from inside the animator of `transition` was answered.
    ///
    /// While `transition` is in flight the only right answer is re-entrant naming it. An animator
    /// that was cut short (timeout, preemption) may outlive its transition; its later requests
    /// are ordinary ones then, so any answer that shows `transition` had ended is right too. The
    /// wrong ones: busy or re-entrant naming `transition` itself (it was in flight and the marker
    /// was missed or misread), or a commit of `transition`'s own id.
    public func reentrantProbe(_ transition: TransitionID, answer: Result<TransitionRecord, TransitionError>) {
        reentrantProbes += 1
        expectedEvents += (try? answer.get()) == nil ? 1 : 2
        switch answer {
        case .failure(.refused(.reentrant(let inFlight))):
            count(.push, "reentrant")
            if inFlight.id != transition {
                violations.append(
                    .init(.serial, "a request from inside \(transition)'s animator was refused as re-entrant in \(inFlight)"))
            }
        case .failure(.refused(.busy(let inFlight))) where inFlight.id == transition:
            count(.push, "busy")
            violations.append(
                .init(
                    .serial,
                    "a request from inside \(transition)'s animator was refused as busy with its own transition, not re-entrant"))
        case .failure(let error):
            count(.push, error.code)
        case .success(let record):
            count(.push, "committed")
            committed.append(record)
            if record.id <= transition {
                violations.append(
                    .init(.serial, "a request from inside \(transition)'s animator committed \(record.id) before it"))
            }
        }
    }

    /// One coordinator event: began and ended must alternate (1, serial) and ended records chain (2).
    public func observe(_ event: CoordinatorEvent) {
        digest.add(event)
        if case .missed = event {
            // The stream fell behind and events are missing here: the order checks start again
            // from the next event. (Not an event the coordinator sent: it is not counted.)
            openTransition = nil
            lastEnded = nil
            return
        }
        allEventsSeen += 1
        defer {
            if let waiter = eventWaiter, allEventsSeen >= waiter.count {
                eventWaiter = nil
                waiter.continuation.resume()
            }
        }
        if case .waiting = event { return }
        eventsSeen += 1
        switch event {
        case .began(let transition, let before):
            if let open = openTransition {
                violations.append(.init(.serial, "\(transition) began while \(open) had not ended"))
            }
            if let lastEnded, before != lastEnded.after {
                violations.append(
                    .init(
                        .chain,
                        "\(transition) began from v\(before.version), not from \(lastEnded.id)'s after v\(lastEnded.after.version)"
                    ))
            }
            openTransition = transition
            highestBegan = max(highestBegan, transition.id)
            // A redirect's navigation: nobody answers it to the harness; its end is expected now.
            if transition.source == .redirect { expectedEvents += 1 }
        case .ended(let record):
            if let open = openTransition, open.id == record.id {
                checkOrigin(began: open, ended: record)
            } else {
                violations.append(
                    .init(
                        .serial, "\(record.id) ended but the open transition was \(openTransition.map(\.description) ?? "none")"))
            }
            if let lastEnded { violations += InvariantChecker.checkSequence(lastEnded, record) }
            checkDuration(record)
            lastEnded = record
            openTransition = nil
            ended.insert(record.id)
            resumeWaiters()
        case .cancelled(let transition):
            if openTransition?.id != transition.id {
                violations.append(
                    .init(
                        .serial,
                        "\(transition) was cancelled but the open transition was \(openTransition.map(\.description) ?? "none")"))
            }
            openTransition = nil
            ended.insert(transition.id)
            cancelledTransitions.insert(transition.id)
            resumeWaiters()
        case .rejected(let request, .refused(.busy(let named))), .rejected(let request, .refused(.reentrant(let named))):
            if named.id > highestBegan {
                violations.append(
                    .init(
                        .serial,
                        "'\(request)' was refused naming \(named) before \(named.id) began: "
                            + "events must tell the story in the order it happened"))
            } else if ended.contains(named.id) {
                violations.append(
                    .init(
                        .serial,
                        "'\(request)' was refused naming \(named) after \(named.id) ended: "
                            + "events must tell the story in the order it happened"))
            }
        case .rejected, .waiting, .missed:
            break
        }
    }

    /// Suspends until the subscriber has seen `count` events, waiting events included: with the
    /// coordinator idle, the count the coordinator says it sent (less any dropped), so the final
    /// checks read every event however far the subscriber lags.
    public func waitForEvents(_ count: Int) async {
        guard allEventsSeen < count else { return }
        await withCheckedContinuation { continuation in
            // Checked again here: the event that reaches `count` may have been counted between
            // the guard and this point, and then nobody would resume a waiter stored now.
            if allEventsSeen >= count {
                continuation.resume()
            } else {
                eventWaiter = (count, continuation)
            }
        }
    }

    // MARK: - The end

    /// The final checks, with the coordinator idle: 5 (host balance) on the ledger, the coordinator's
    /// own audit, 1 and 2 over its history, no transition left open, and 11's other half: the
    /// animator was called for exactly the transitions whose records say it was.
    package func finish(
        snapshot: NavigationSnapshot, ledger: HostLedger, audit: [InvariantViolation],
        history: [TransitionRecord], droppedEvents: Int, pending: Int
    ) {
        if pending > 0 { violations.append(.init(.answered, "\(pending) requests still pending after every task was answered")) }
        violations += Self.checkWaitOrder(committed.sorted { $0.id < $1.id })
        violations += InvariantChecker.checkHost(ledger, against: snapshot)
        violations += audit
        violations += InvariantChecker.checkHistory(history)
        if let open = openTransition { violations.append(.init(.answered, "\(open) began and never ended")) }
        if eventsSeen < expectedEvents {
            violations.append(
                .init(
                    .answered,
                    "the answers call for \(expectedEvents) events (2 a commit, 1 a refusal) but the coordinator "
                        + "sent \(eventsSeen): an answer came without its event"))
        } else if eventsSeen > expectedEvents, droppedEvents == 0 {
            violations.append(
                .init(
                    .answered,
                    "the coordinator sent \(eventsSeen) events but the answers call for \(expectedEvents): "
                        + "a request was answered that nobody reported to the checker"))
        }
        if let last = history.last, last.after != snapshot {
            violations.append(
                .init(.chain, "the last record's after v\(last.after.version) is not the final snapshot v\(snapshot.version)"))
        }
        let called = Set(committed.filter { $0.animation.animatorWasCalled }.map(\.id))
        for id in animatorCalls.subtracting(called).sorted() {
            violations.append(.init(.skipRules, "the animator of \(id) was called but its record says it was skipped"))
        }
        for id in called.subtracting(animatorCalls).sorted() {
            violations.append(.init(.skipRules, "\(id)'s record says its animator ran, but it was never called"))
        }
        if droppedEvents > 0 {
            violations.append(.init(.answered, "\(droppedEvents) events were dropped before the checker saw them"))
        }
        violations += Self.checkCutsReachAnimators(committed, returns: animatorReturns.withLock { $0 })
    }

    /// Checks over the whole history (see ``HistoryChecks``): no two records share a
    /// before-version; every record a task received is the history's record of that id; the
    /// reference model; every busy rejection falls inside the window of the transition it named;
    /// coalescing and preemption kept their promises; each link answered as already there was
    /// decided on a state that showed its route's content; the waiting and deferred queues never
    /// held more than their limits.
    public func finishHistory(
        _ history: [TransitionRecord], clockOffset: Duration, peakQueueDepth: Int, queueLimit: Int,
        peakDeferredDepth: Int = 0, deferredLimit: Int = .max
    ) {
        violations += HistoryChecks.uniqueVersions(history)
        let byID = Dictionary(history.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for record in committed where byID[record.id] != record {
            violations.append(.init(.atomic, "the record \(record.id) a task received differs from the history's"))
        }
        violations += HistoryChecks.referenceModel(history)
        for (id, readings) in seenWhileAnimating.sorted(by: { $0.key < $1.key }) {
            guard let record = byID[id], let seen = readings.first(where: { $0 != record.before }) else { continue }
            violations.append(
                .init(
                    .atomic,
                    "while \(id) was in flight the snapshot was v\(seen.version) \(seen.windowList), not its "
                        + "before-state v\(record.before.version) \(record.before.windowList): a half-applied transition was visible"
                ))
        }
        for id in cancelledTransitions.subtracting(unappliedGestures).sorted() where byID[id] != nil {
            violations.append(
                .init(
                    .atomic,
                    "\(id) was cancelled (a guard refused it), yet a record carries it: \(byID[id].map(\.description) ?? "")"))
        }
        for id in unappliedGestures.sorted() where byID[id] != nil {
            violations.append(
                .init(
                    .atomic,
                    "gesture \(id) was cancelled (or cut short), yet its change was applied: \(byID[id].map(\.description) ?? "")"
                ))
        }
        violations += HistoryChecks.coalescing(history)
        violations += HistoryChecks.preemptions(history)
        violations += HistoryChecks.alreadyThere(alreadyThereLinks, history: history)
        for busy in busyRejections {
            guard let record = byID[busy.transition] else {
                // A gesture given up, or a transition a guard refused, has no record; its events
                // were checked in order as they came.
                if unappliedGestures.contains(busy.transition) || cancelledTransitions.contains(busy.transition) { continue }
                violations.append(.init(.serial, "a busy rejection named \(busy.transition), which never committed"))
                continue
            }
            if record.startedAt > busy.answered || record.endedAt + clockOffset < busy.asked {
                violations.append(
                    .init(
                        .serial,
                        "a busy rejection asked at \(busy.asked), answered at \(busy.answered), "
                            + "named \(record.id), in flight \(record.startedAt)–\(record.endedAt)"))
            }
        }
        if peakQueueDepth > queueLimit {
            violations.append(
                .init(.answered, "the waiting queue held \(peakQueueDepth) requests, beyond its limit \(queueLimit)"))
        }
        if peakDeferredDepth > deferredLimit {
            violations.append(
                .init(.answered, "the deferred queue held \(peakDeferredDepth) requests, beyond its limit \(deferredLimit)"))
        }
        self.peakQueueDepth = peakQueueDepth
    }

    /// The most requests that waited at once, as the coordinator reports it.
    public internal(set) var peakQueueDepth = 0

    /// FIFO within each wait lane; see ``HistoryChecks/waitOrder(_:)``.
    package static func checkWaitOrder(_ records: [TransitionRecord]) -> [InvariantViolation] {
        HistoryChecks.waitOrder(records)
    }

    // MARK: - Helpers

    func count(_ kind: TransitionKind, _ outcome: String) {
        answers[kind, default: [:]][outcome, default: 0] += 1
    }

    static func name(of outcome: AnimationOutcome) -> String {
        switch outcome {
        case .ran: "ran"
        case .skipped(let reason): "skipped: \(reason)"
        case .timedOut: "timed out"
        case .failed: "failed"
        case .callerCancelled: "cut short: caller cancelled"
        case .preempted: "cut short: preempted"
        }
    }
}

/// The actor whose default executor a checker borrows when none is injected.
private actor CheckerHome {}
