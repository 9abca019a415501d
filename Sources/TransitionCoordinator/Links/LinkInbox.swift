/// Where deep links wait until the app can follow them, so that none is ever lost: each link
/// ends with exactly one ``LinkOutcome``.
///
/// - **Cold launch.** The inbox starts closed unless configured open: links arriving before the
///   app's root content is ready wait until ``open()``.
/// - **Locked.** A link goes to the coordinator with `.enqueue` and `.deferUntilUnlocked`: one
///   that meets the lock waits in the coordinator's deferred queue and runs after the unlock.
/// - **Busy.** It waits in line behind the transition in flight, as `.enqueue` does.
/// - **Twice, or again.** A link whose route is pending or on its way already ends at once as a
///   duplicate of that one; the newest link wins over older ones still waiting (superseded), and
///   the one on its way is withdrawn if it was not admitted yet.
/// - **Expiry.** A link that waited longer than its expiry before its turn ends as expired,
///   whether or not the inbox ever opens (a timer on the coordinator's clock).
/// - **Behind sign-in.** A link a guard redirects does not end: it is parked while the redirect
///   (the sign-in screen) is shown, and ``Coordinator/resumeRedirected()`` sends it again, through
///   the guards; it ends as that answer says. A newer link supersedes it; its expiry still runs.
/// - **Restoration.** ``saved()`` gives the links still waiting (``SavedLink`` is `Codable`);
///   ``restore(_:)`` takes them back after a relaunch, with their ids and what remained of
///   their expiry (a parked link comes back waiting: it meets the guards again).
///
/// Keep one inbox per coordinator: a link's id is its inbox's own, so the records and events of
/// two inboxes' links could not be told apart. A redirect hands a link back to the inbox it came
/// from, whichever that is.
///
/// Lifetime: the app keeps its inbox (the coordinator keeps none alive). An inbox the app lets go
/// while links are still open stays until each has ended, and ``outcomes`` still gives those
/// ends before it finishes: a link on its way ends with the coordinator's answer, one waiting
/// ends when it expires (nothing can open the inbox any more), and one parked behind a guard's
/// redirect is still sent again by ``Coordinator/resumeRedirected()`` until its expiry ends it.
///
/// Isolation: the inbox runs on its coordinator's executor. Decisions are made by a value
/// (`InboxMachine`); links are delivered by tasks of their own, outside every transition (a
/// link posted from an animator is not re-entrant: it waits its turn).
public actor LinkInbox {
    /// How long links may wait, and whether the app is ready at once (the initializer's arguments).
    package struct Configuration: Sendable, Hashable {
        /// How long a link may wait before its turn, unless posted with its own.
        package var expiry: Duration
        /// Whether the inbox starts open (the root content is ready when the coordinator is made).
        package var startsOpen: Bool
        /// How many ends ``outcomes`` keeps for a reader that has not read them (the newest).
        package var outcomeBuffer: Int

        /// Links expire after `expiry`; the inbox opens when the app says so unless `startsOpen`;
        /// ``outcomes`` keeps the newest `outcomeBuffer` ends not yet read (at least one).
        package init(expiry: Duration = .seconds(60), startsOpen: Bool = false, outcomeBuffer: Int = 4_096) {
            self.expiry = expiry
            self.startsOpen = startsOpen
            self.outcomeBuffer = max(1, outcomeBuffer)
        }
    }

    /// A link's end, as ``outcomes`` delivers it.
    public struct Ended: Sendable, Hashable {
        /// The link.
        public let id: LinkID
        /// Where it led.
        public let route: Route
        /// How it ended.
        public let outcome: LinkOutcome
        /// Whether it had gone to the coordinator: its outcome is the coordinator's answer (or, for
        /// `superseded`, its request withdrawn there), not the inbox's own decision.
        public let delivered: Bool
        /// Its place among the inbox's ends: 1 for the first link to end, then one more for each.
        /// A reader that sees it jump missed exactly the ends numbered in between (see ``outcomes``).
        package let sequence: Int

        /// An end, as the inbox reports it (tests and replays make their own).
        package init(id: LinkID, route: Route, outcome: LinkOutcome, delivered: Bool = false, sequence: Int = 0) {
            self.id = id
            self.route = route
            self.outcome = outcome
            self.delivered = delivered
            self.sequence = sequence
        }
    }

    let coordinator: Coordinator
    package let configuration: Configuration
    private var machine: InboxMachine
    private var routes: [LinkID: Route] = [:]
    private var waiters: [LinkID: CheckedContinuation<LinkOutcome, Never>] = [:]
    /// A caller of ``resume(_:)``, waiting for an answer.
    private typealias Resumer = CheckedContinuation<Result<TransitionRecord?, TransitionError>?, Never>
    /// Callers of ``resume(_:)`` waiting for the coordinator's answer to their link's trip: the
    /// one that sent it, and any that asked before it left.
    private var resumers: [LinkID: [Resumer]] = [:]
    /// Callers of ``resume(_:)`` that asked while their link was on its way: each waits for the
    /// answer of the link's next trip (its redirect comes back first), or shares this one's.
    /// Kept apart from ``resumers``: the callers of a resume already on its way (redirected
    /// again) wait there.
    private var resumersOnAnswer: [LinkID: [Resumer]] = [:]
    private var delivery: (id: LinkID, task: Task<Void, Never>)?
    private var sleeper: (deadline: Duration, task: Task<Void, Never>)?
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// The link whose coordinator answer is being carried out.
    private var answering: LinkID?
    private let continuation: AsyncStream<Ended>.Continuation
    /// Every link's end, in order, numbered by its `sequence`.
    ///
    /// The stream keeps the newest `outcomeBuffer` ends (see ``init(coordinator:expiry:startsOpen:outcomeBuffer:)``) that no reader has taken
    /// (4,096 by default), so memory stays flat when nobody reads. A reader that starts late, or
    /// falls further behind, gets the newest ones it has not read and learns exactly which it
    /// missed: the first end it reads, or the next after a gap, has a `sequence` past the
    /// one it expected, and the ends numbered in between were dropped. `endedCount` is the
    /// sequence of the latest end. A caller that needs its own link's end never misses it: it
    /// waits with ``receive(_:expiry:)``.
    public nonisolated let outcomes: AsyncStream<Ended>
    /// How many links have ended.
    package private(set) var endedCount = 0
    /// How many times a guard's redirect held a link back without ending it: parked, or sent
    /// again at once for a resume asked while the redirect was on its way (each counts).
    package private(set) var parkedCount = 0

    /// The inbox's coordinator's executor.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { coordinator.unownedExecutor }

    /// An inbox whose links `coordinator` navigates to.
    ///
    /// - Parameters:
    ///   - coordinator: the coordinator the links navigate.
    ///   - expiry: how long a link may wait in the inbox before its turn, unless posted with its
    ///     own; once handed to the coordinator (waiting its turn there, behind the lock too) it
    ///     no longer expires.
    ///   - startsOpen: whether the inbox starts open (the root content is ready when the
    ///     coordinator is made); else it opens when the app calls ``open()``.
    ///   - outcomeBuffer: how many ends ``outcomes`` keeps for a reader that has not read them
    ///     (the newest; at least one).
    public init(
        coordinator: Coordinator, expiry: Duration = .seconds(60), startsOpen: Bool = false, outcomeBuffer: Int = 4_096
    ) {
        self.init(
            coordinator: coordinator,
            configuration: Configuration(expiry: expiry, startsOpen: startsOpen, outcomeBuffer: outcomeBuffer))
    }

    /// An inbox made from a configuration value (the harness keeps one).
    package init(coordinator: Coordinator, configuration: Configuration) {
        self.coordinator = coordinator
        self.configuration = configuration
        machine = InboxMachine(open: configuration.startsOpen)
        (outcomes, continuation) = AsyncStream.makeStream(
            of: Ended.self,
            bufferingPolicy: .bufferingNewest(configuration.outcomeBuffer))
    }

    /// Whether links may go to the coordinator now.
    package var isOpen: Bool { machine.isOpen }

    /// Takes a link for `route`; returns its id at once. Its outcome comes on ``outcomes``. A
    /// route that breaks the path rules or the coordinator's limits ends at once as
    /// `refused(.route(…))` with one of the path's cases of ``NavigationError``, touching no other link.
    @discardableResult
    public func post(_ route: Route, expiry: Duration? = nil) -> LinkID {
        let (id, actions) = accept(route, expiry: expiry)
        carryOut(actions)
        return id
    }

    /// Takes a link for `route` and waits for its outcome. Cancelling the caller does not
    /// withdraw the link (it may have navigated already); the outcome is still given.
    public func receive(_ route: Route, expiry: Duration? = nil) async -> LinkOutcome {
        // Taken inside the continuation's body: the body may run after other jobs of this actor
        // (see CONCURRENCY-NOTES), so the link arrives, and its waiter is parked, in one step.
        await withCheckedContinuation { continuation in
            let (id, actions) = accept(route, expiry: expiry)
            waiters[id] = continuation
            carryOut(actions)
        }
    }

    /// A link arriving: its id, noted with its route, and what the machine says to do. A route
    /// that breaks the path rules (built in code, or from a table) ends at once, refused.
    private func accept(_ route: Route, expiry: Duration?) -> (LinkID, [InboxMachine.Action]) {
        let now = coordinator.clock.elapsed()
        do {
            try route.validate(limits: coordinator.configuration.routeLimits)
        } catch {
            let (id, actions) = machine.refuse(route, because: .route(error, route: route), now: now)
            routes[id] = route
            return (id, actions)
        }
        let (id, actions) = machine.receive(route, now: now, expiry: expiry ?? configuration.expiry)
        routes[id] = route
        return (id, actions)
    }

    /// The app's root content is ready: waiting links may go (the newest first; older ones are superseded).
    public func open() {
        carryOut(machine.open(now: coordinator.clock.elapsed()))
    }

    /// The links waiting or on their way, to save with the app's state: each with the time it may
    /// still wait, a link on its way with its whole expiry (it no longer expires).
    public func saved() -> [SavedLink] { machine.saved(now: coordinator.clock.elapsed()) }

    /// Takes saved links back (after a relaunch); returns them with the ids and remaining waits
    /// they take. Saved data is untrusted, and every link ends exactly once whatever it says:
    /// - ids: kept when called before any link arrives, no two share one and all are from 1 (the
    ///   first id an inbox gives) to below 2⁶³;
    ///   otherwise every restored link takes a new id. Restored after other links arrived, they
    ///   are superseded by the newest of those (it is newer).
    /// - time: a remaining wait counts from the restore, at most the inbox's
    ///   the inbox's `expiry` (a negative one expires at once).
    /// - routes: a route that breaks the grammar's rules cannot be decoded; one made in code
    ///   that does is refused by the coordinator when its turn comes (it ends `refused`).
    @discardableResult
    public func restore(_ saved: [SavedLink]) -> [SavedLink] {
        let (links, actions) = machine.restore(saved, now: coordinator.clock.elapsed(), longest: configuration.expiry)
        for link in links { routes[link.id] = link.route }
        carryOut(actions)
        return links
    }

    /// Suspends until no link is waiting or on its way.
    package func idle() async {
        // Checked inside the body, not before it: the body may run after other jobs of this actor
        // (the last answer, say), and a waiter parked after that would never be woken.
        await withCheckedContinuation { continuation in
            if isIdle { continuation.resume() } else { idleWaiters.append(continuation) }
        }
    }

    /// Idle: nothing waits for its turn or is on its way (a parked link waits for the app, not the inbox).
    private var isIdle: Bool { machine.pending.isEmpty && machine.delivering == nil }

    /// How many callers of ``resume(_:)`` wait for an answer (tests line resumes up with it).
    var waitingResumes: Int { resumers.values.reduce(0) { $0 + $1.count } + resumersOnAnswer.values.reduce(0) { $0 + $1.count } }

    /// Whether a link a guard redirected waits for ``Coordinator/resumeRedirected()``.
    package var hasParkedLink: Bool { machine.parked != nil }

    /// Sends parked link `id` to the coordinator again and returns its answer: the record, nil
    /// when the app is there already, or the refusal (a guard may redirect it again: it is parked
    /// again). Nil, at once, when the link is no longer parked (superseded or expired). Asked while
    /// the link's redirect is still on its way back, it goes as soon as that comes. Asked while
    /// another caller waits for the same trip, it waits with that caller and hears the same answer.
    func resume(_ id: LinkID) async -> Result<TransitionRecord?, TransitionError>? {
        // Decided and parked in one body (see ``receive(_:expiry:)``).
        await withCheckedContinuation { continuation in
            // On its way: the resume is for its next trip, whoever waits for this one's answer.
            let onItsWay = machine.delivering?.id == id
            // A trip asked for already, not answered yet: this caller waits with the one that asked.
            if var waiting = onItsWay ? resumersOnAnswer[id] : resumers[id] {
                // Mutant: a caller that finds one waiting told nil at once, while the link goes on.
                if planted(.thirdResumeAnsweredNil) { return continuation.resume(returning: nil) }
                waiting.append(continuation)
                if onItsWay { resumersOnAnswer[id] = waiting } else { resumers[id] = waiting }
                return
            }
            guard let actions = machine.resume(id, now: coordinator.clock.elapsed()) else {
                continuation.resume(returning: nil)
                return
            }
            if onItsWay { resumersOnAnswer[id] = [continuation] } else { resumers[id] = [continuation] }
            carryOut(actions)
        }
    }

    /// Carries out the machine's actions, in order, then rearms the expiry timer.
    private func carryOut(_ actions: [InboxMachine.Action]) {
        for action in actions {
            switch action {
            case .end(let id, let outcome):
                endedCount += 1
                continuation.yield(
                    Ended(
                        id: id, route: routes.removeValue(forKey: id) ?? Route([]), outcome: outcome,
                        delivered: id == answering, sequence: endedCount))
                waiters.removeValue(forKey: id)?.resume(returning: outcome)
                // Ended without an answer to the resume (superseded or expired before it went).
                for resumer in (resumers.removeValue(forKey: id) ?? []) + (resumersOnAnswer.removeValue(forKey: id) ?? []) {
                    resumer.resume(returning: nil)
                }
            case .deliver(let link):
                deliver(link)
            case .withdraw(let id):
                if delivery?.id == id { delivery?.task.cancel() }
            }
        }
        rearm()
        if isIdle, !idleWaiters.isEmpty {
            let waiting = idleWaiters
            idleWaiters = []
            for waiter in waiting { waiter.resume() }
        }
    }

    /// Hands `link` to the coordinator in a task of its own, outside every transition's scope.
    /// The task holds the inbox until the answer is carried out: an app that lets the inbox go
    /// meanwhile still hears how the link ended.
    private func deliver(_ link: InboxMachine.Link) {
        // Mutant: the task holds the inbox weakly, so a released inbox loses the link's end.
        if planted(.releasedInboxLosesLink) { return delivery = (link.id, deliveryHoldingWeakly(link)) }
        let task = Task(executorPreference: coordinator.taskExecutor) { [self] in
            await answered(link.id, Self.answer(to: link, from: coordinator, inbox: self))
        }
        delivery = (link.id, task)
    }

    /// The coordinator's answer to `link`, asked outside every transition's scope: an inbox posts
    /// from anywhere, an animator too, and its link waits its turn.
    nonisolated static func answer(
        to link: InboxMachine.Link, from coordinator: Coordinator, inbox: LinkInbox?
    ) async -> Result<TransitionRecord?, TransitionError> {
        await TransitionScope.$chain.withValue(.empty) {
            do throws(TransitionError) {
                return .success(
                    try await coordinator.navigate(
                        to: link.route, policy: .enqueue, whenLocked: .deferUntilUnlocked,
                        source: .link, link: link.id, inbox: inbox))
            } catch {
                return .failure(error)
            }
        }
    }

    func answered(_ id: LinkID, _ answer: Result<TransitionRecord?, TransitionError>) {
        if delivery?.id == id { delivery = nil }
        // The resume's caller hears the answer itself, whether the link ends or is parked again.
        let resumer = resumers.removeValue(forKey: id) ?? []
        let next = resumersOnAnswer.removeValue(forKey: id) ?? []
        let wasParked = machine.parked != nil
        answering = id
        carryOut(machine.answered(id, answer, now: coordinator.clock.elapsed()))
        answering = nil
        let wentAgain = machine.delivering?.id == id || machine.pending.contains(where: { $0.id == id })
        // Held back by the redirect: parked, or sent again at once for a resume already asked.
        if !wasParked, machine.parked?.id == id { parkedCount += 1 }
        if wentAgain, case .failure(.redirected) = answer { parkedCount += 1 }
        if wentAgain {
            // Its redirect came back after a resume was asked: it went again, for that resume's
            // caller; the caller of the trip that ended here (if another) hears its answer.
            if !next.isEmpty {
                resumers[id] = next
                for caller in resumer { caller.resume(returning: answer) }
            } else if !resumer.isEmpty {
                resumers[id] = resumer
            }
        } else {
            // It did not go again: parked again (the redirect is its answer), or it ended. A
            // redirect whose link then ended (expired, superseded) kept nothing to resume: nil.
            let settled: Result<TransitionRecord?, TransitionError>?
            if case .failure(.redirected) = answer, machine.parked?.id != id { settled = nil } else { settled = answer }
            for caller in resumer + next { caller.resume(returning: settled) }
        }
    }

    /// Keeps one timer, for the earliest deadline of a waiting link.
    private func rearm() {
        guard let deadline = machine.nextDeadline else {
            sleeper?.task.cancel()
            sleeper = nil
            return
        }
        if sleeper?.deadline == deadline { return }
        sleeper?.task.cancel()
        let clock = coordinator.clock
        sleeper = (
            deadline,
            // Holds the inbox until the deadline: a link the app can no longer reach still expires.
            Task(executorPreference: coordinator.taskExecutor) { [self] in
                // Just past the deadline: a link expires once it waited longer than its expiry.
                guard (try? await clock.sleepUntil(deadline + Self.instant)) != nil else { return }
                await expireDue(deadline)
            }
        )
    }

    /// The shortest time there is: what the expiry timer sleeps past a deadline.
    private static let instant = Duration(secondsComponent: 0, attosecondsComponent: 1)

    private func expireDue(_ deadline: Duration) {
        if sleeper?.deadline == deadline { sleeper = nil }
        carryOut(machine.expire(now: coordinator.clock.elapsed()))
    }

    /// Ends ``outcomes``: every link has ended by now, since the tasks of a link on its way and of
    /// the expiry timer hold the inbox until they are done.
    deinit {
        continuation.finish()
    }
}
