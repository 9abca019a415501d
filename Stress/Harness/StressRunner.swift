import TransitionCoordinator

/// Runs one stress run: T tasks fire N random requests under all four admission policies, with
/// hostile animators, while a lifecycle task flips the application state at random.
public enum StressRunner {
    /// The levels of the harness's coordinator: the built-in ones plus one between each pair and
    /// one above the top, so covers hide windows above them and requests hit reserved levels.
    static let levels =
        WindowLevel.builtIn + [
            WindowLevel("toast", rawValue: 1_500), WindowLevel("banner", rawValue: 2_500),
            WindowLevel("overlay", rawValue: 3_500),
        ]
    /// The covers, as CFANavigationWindow's demo: a shield at `high`, a PIN at `medium`.
    static let covers = LifecycleCovers(
        shield: LifecycleCover(screen: Screen("shield"), level: .high),
        lock: LifecycleCover(screen: Screen("pin"), level: .medium))

    /// Runs the workload and the final checks; returns the report (violations included).
    ///
    /// Each task draws from its own sub-stream of the seed, so the same seed gives the same
    /// requests per task; which of them are admitted depends on the real thread pool's timing.
    public static func run(
        _ configuration: StressConfiguration, in environment: StressEnvironment = .threads
    ) async -> StressReport {
        await runWithDigest(configuration, in: environment).report
    }

    /// ``run(_:in:)``, also returning the digest of everything the checker saw.
    ///
    /// `describeState`, when given, receives a closure that describes the coordinator's state
    /// (a simulated run calls it when it deadlocks).
    static func runWithDigest(
        _ configuration: StressConfiguration, in environment: StressEnvironment,
        describeState: (@Sendable (@escaping @Sendable () async -> String) -> Void)? = nil
    )
        async -> (report: StressReport, digest: TraceDigest)
    {
        let wall = ContinuousClock.now
        let coordinatorConfiguration: CoordinatorConfiguration
        do {
            coordinatorConfiguration = try CoordinatorConfiguration(
                levels: levels, animationTimeout: configuration.animationTimeout,
                historyLimit: configuration.requests * 2 + configuration.lifecycleEvents + 64,
                eventBufferSize: configuration.requests * 8 + configuration.lifecycleEvents * 4 + 64,
                shield: covers.shield, lock: covers.lock, queueLimit: max(2, configuration.tasks / 2),
                deferredLimit: max(2, configuration.tasks / 16),
                hostTimeout: SeamMutant.coordinatorHostTimeout(configuration))
        } catch {
            return (StressReport(configuration: configuration, checker: nil, setupError: error.description), TraceDigest())
        }
        let host = HarnessHost(
            environment: environment, seed: configuration.seed, stuckRate: configuration.faults.rate(.stuckHost),
            hostTimeout: configuration.hostTimeout, covers: covers)
        // A seed without stuck calls reaches the host inline, as the default host is reached; an
        // even seed with them reaches it on its own actor, an odd one as a nonisolated host.
        let link: any WindowHost
        if configuration.faults.rate(.stuckHost) == 0 {
            link = host.inline
        } else if configuration.seed.isMultiple(of: 2) {
            link = host.onActor
        } else {
            link = host
        }
        let workload = Workload(levels: coordinatorConfiguration.levels, faults: configuration.faults)
        let session = LinkTask.Session()
        let guards = LinkTask.guards(
            session: session,
            hesitate: { [environment, configuration] in
                try? await environment.sleep(configuration.animationTimeout / 4)
            },
            stall: { [environment, configuration] in
                try? await environment.sleep(configuration.animationTimeout * 2)
            })
        // The library's mutants this run plants (none in a build without them): hunts run one at a time.
        Mutation.plant(configuration.mutants)
        let coordinator = await Coordinator(
            rootContent: workload.rootContent, configuration: coordinatorConfiguration, host: link,
            clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: LinkTask.registry(), guards: guards)
        // The coordinator's clock starts a little after the environment's: its times plus this are upper bounds.
        let clockOffset = environment.elapsed()
        let checker = StressChecker(
            ignoresUnmanagedWindows: false,
            answerBound: configuration.animationTimeout + configuration.answerGrace,
            transitionBound: configuration.animationTimeout + configuration.transitionGrace,
            hostTimeout: configuration.hostTimeout, executor: environment.serialExecutor)
        describeState?({ [coordinator, checker] in
            let waiting = await coordinator.waitingRequests
            let inFlight = await coordinator.inFlightTransition
            let seen = await checker.allEventsSeen, sent = coordinator.eventsSent
            return
                "in flight: \(inFlight.map(\.description) ?? "none"); waiting: \(waiting); events seen \(seen) of \(sent) sent\n"
                + (await coordinator.snapshot).description
        })
        // Nothing runs yet: every event from here on is the subscriber's.
        let sentBefore = coordinator.eventsSent
        let events = coordinator.events()
        let subscriber = Task(executorPreference: environment.taskExecutor) {
            for await event in events {
                // The stream's buffer is guarded by the runtime's own lock, which ThreadSanitizer
                // does not see on Linux: an event read from a full buffer would look unordered with
                // its making. Reading the hub's count takes the lock the hub held when it sent the
                // event, which the sanitizer sees; it changes nothing else.
                _ = coordinator.eventsSent
                await checker.observe(event)
            }
        }

        let tally = CallbackTally()
        let root = SplitMix64(seed: configuration.seed)
        let scripts = configuration.scripts ?? workload.scripts(configuration)
        await withTaskGroup(of: Void.self) { group in
            for script in scripts {
                group.addTask(executorPreference: environment.taskExecutor) {
                    for operation in script {
                        await fire(
                            operation, configuration: configuration, environment: environment,
                            coordinator: coordinator, checker: checker, host: host, tally: tally)
                    }
                }
            }
            let churnRounds = configuration.lifecycleEvents * configuration.faults.rate(.coordinatorChurn) / 100
            group.addTask(executorPreference: environment.taskExecutor) {
                await CoordinatorChurn.run(
                    rounds: churnRounds, environment: environment, checker: checker,
                    stress: configuration)
            }
            // Links in every run: they replace the root's content, whatever the workload put there.
            let linkRounds = max(4, configuration.requests / 50)
            group.addTask(executorPreference: environment.taskExecutor) {
                await LinkTask.run(
                    rounds: linkRounds, pause: configuration.maxPause * 2, configuration: configuration, host: host,
                    environment: environment, coordinator: coordinator, checker: checker, session: session,
                    seed: configuration.seed)
            }
            if workload.rootContent != .screen(Screen("home")) {
                let rounds = max(1, configuration.requests / 200)
                group.addTask(executorPreference: environment.taskExecutor) {
                    // One round per 50 requests: the moves and cancellations that race a waiting flow need turns.
                    await HopFlowTask.run(
                        rounds: 4 * rounds, levels: workload.levels, pause: configuration.maxPause * 2,
                        hostTimeout: configuration.hostTimeout, grace: configuration.answerGrace,
                        faults: configuration.faults, environment: environment,
                        coordinator: coordinator, checker: checker, seed: configuration.seed)
                }
                group.addTask(executorPreference: environment.taskExecutor) {
                    await SheetFlowTask.run(
                        rounds: 2 * rounds, levels: workload.levels, pause: configuration.maxPause * 2,
                        hostTimeout: configuration.hostTimeout, environment: environment,
                        coordinator: coordinator, checker: checker, seed: configuration.seed)
                }
                if !environment.isSimulated {
                    group.addTask(executorPreference: environment.taskExecutor) {
                        await ModelTask.run(
                            rounds: 4 * rounds, pause: configuration.maxPause * 2, environment: environment,
                            coordinator: coordinator, checker: checker, seed: configuration.seed)
                    }
                }
            }
            var lifecycleRNG = root.split(UInt64.max)
            group.addTask(executorPreference: environment.taskExecutor) {
                await flipLifecycle(
                    &lifecycleRNG, workload: workload, configuration: configuration,
                    environment: environment, coordinator: coordinator, checker: checker, host: host)
            }
        }

        await checker.waitForFollowUps()
        await settleRedirects(coordinator, configuration: configuration, environment: environment, checker: checker)
        await catchUpHost(coordinator, host: host, configuration: configuration, environment: environment, checker: checker)
        await checker.waitForEvents(coordinator.eventsSent - sentBefore - coordinator.droppedEventCount)
        subscriber.cancel()
        let pending = await coordinator.waitingRequests.count + (await coordinator.inFlightTransition == nil ? 0 : 1)
        await checker.noteHost(violations: host.violations, stuckCalls: host.stuckCalls)
        await checker.finish(
            snapshot: await coordinator.snapshot, ledger: host.ledger,
            audit: await coordinator.audit(), history: await coordinator.history,
            droppedEvents: coordinator.droppedEventCount, pending: pending)
        let history = await coordinator.history
        for violation in InvariantChecker.checkResigns(host.ledger, history: history)
            + CallbackChecks.balance(history)
            + CallbackChecks.delivered(history, log: tally.log, itemized: tally.transitionsWithItems)
            + CallbackChecks.hostShownCommitted(host.contentsShown, history: history)
            + CallbackChecks.hostAnimatedAsRecorded(host.contentsAnimated, history: history)
        {
            await checker.noteViolation(violation)
        }
        await checker.finishHistory(
            history, clockOffset: clockOffset,
            peakQueueDepth: await coordinator.peakQueueDepth, queueLimit: coordinatorConfiguration.queueLimit,
            peakDeferredDepth: await coordinator.peakDeferredDepth,
            deferredLimit: coordinatorConfiguration.deferredLimit)
        return (
            StressReport(
                configuration: configuration, checker: await checker.summary(),
                wall: wall.duration(to: .now), virtualTime: environment.elapsed()), await checker.digest
        )
    }

    /// Once every task was answered: waits until no host call is stuck, then reports the app
    /// active once more, so a host that missed calls is caught up before the final balance check;
    /// again while that report's own calls get stuck (its catch-up can meet a stuck call too: seed
    /// 196 once ended with the host one `destroy` behind). After `attempts` tries it gives up and
    /// lets the balance check report what is left.
    private static func catchUpHost(
        _ coordinator: Coordinator, host: HarnessHost, configuration: StressConfiguration,
        environment: StressEnvironment, checker: StressChecker, attempts: Int = 64
    ) async {
        for _ in 0..<attempts {
            while true {
                let stuck = await coordinator.hostFault != nil
                let outstanding = host.outstanding
                if !stuck, outstanding == 0 { break }
                try? await environment.sleep(configuration.hostTimeout)
            }
            let record = await report(.active, environment: environment, coordinator: coordinator, checker: checker)
            if let record, record.hostFault == nil { return }
        }
    }

    /// Once every task was answered (the app unlocked last): waits until each guard redirect's
    /// navigation has answered, then expects the events of those that did not find the app there
    /// already. One still waiting after `attempts` host timeouts never answers: a violation.
    /// No redirect starts meanwhile: only a guarded request that waited can start one, and every
    /// task's requests were answered; a redirect's own navigation is never redirected. So the
    /// count of started redirects read across the awaits below stays the same.
    private static func settleRedirects(
        _ coordinator: Coordinator, configuration: StressConfiguration,
        environment: StressEnvironment, checker: StressChecker, attempts: Int = 256
    ) async {
        var slept = 0
        while await coordinator.redirectsAnswered < coordinator.redirectsStarted, slept < attempts {
            slept += 1
            try? await environment.sleep(configuration.hostTimeout)
        }
        let (started, answered) = (await coordinator.redirectsStarted, await coordinator.redirectsAnswered)
        if answered < started {
            await checker.noteViolation(
                .init(.answered, "\(started - answered) of \(started) guard redirects' navigations never answered"))
        }
        await checker.expectRedirectNavigations(answered - (await coordinator.redirectsAlreadyThere))
    }

    private static func fire(
        _ operation: Operation, configuration: StressConfiguration,
        environment: StressEnvironment, coordinator: Coordinator, checker: StressChecker,
        host: HarnessHost, tally: CallbackTally
    ) async {
        if operation.gesture != nil {
            return await gesture(operation, environment: environment, coordinator: coordinator, checker: checker, tally: tally)
        }
        // A reader: while a transition is in flight, the snapshot must still be its before-state.
        let (seen, inFlight) = await coordinator.snapshotInFlight
        if let inFlight { await checker.animatorSaw(inFlight, seen) }
        let (kind, policy, whenLocked, cancels) = (operation.animator, operation.policy, operation.whenLocked, operation.cancels)
        let tree = operation.treeChange ? TreeChange.request(in: await coordinator.snapshot, at: environment.elapsed()) : nil
        if tree != nil { await checker.noteFault(.treeChange) }
        let request = tree ?? Workload.aimed(operation.request, roll: operation.aim, at: seen)
        let animator: (any Animator)? =
            kind == .none
            ? nil
            : HostileAnimator(
                kind: kind, delay: operation.delay, coordinator: coordinator, checker: checker,
                environment: environment, lateBy: configuration.animationTimeout * 2, host: host,
                timeout: configuration.animationTimeout,
                cutUnheard: configuration.seamMutants.contains(.noCancelOnCut))
        let asked = environment.elapsed()
        let attempt = Task(executorPreference: environment.taskExecutor) {
            () async -> Result<TransitionRecord, TransitionError> in
            do throws(TransitionError) {
                return .success(
                    try await coordinator.perform(
                        request, animator: animator, policy: policy,
                        whenLocked: whenLocked, items: tally.items(for: request)))
            } catch {
                return .failure(error)
            }
        }
        if cancels {
            await Task.yield()
            attempt.cancel()
        }
        let label = RequestLabel(policy: policy, whenLocked: whenLocked, cancelled: cancels)
        if operation.usesCoverScreenID { await checker.noteFault(.coverScreenID) }
        if request.kind == .content || operation.showsContent { await checker.noteFault(.containerOperation) }
        if request.isFromUser { await checker.noteUserChange(gesture: nil) }
        let answer = await attempt.value
        switch answer {
        case .success(let record):
            tally.committed(record)
            await checker.committed(record, animator: kind, label: label, wall: environment.elapsed() - asked)
        case .failure(let error):
            await checker.rejected(request, error, animator: kind, label: label, asked: asked, answered: environment.elapsed())
        }
        try? await environment.sleep(operation.pause)
        // A client told the host is stuck retries later, not at once.
        if case .failure(.refused(.hostUnresponsive)) = answer { try? await environment.sleep(configuration.hostTimeout) }
    }
}

extension StressRunner {
    /// A worker's interactive gesture: begun under the operation's policy (refused as busy, or
    /// waiting its turn), held
    /// for the operation's delay while lifecycle events and other requests race it, then
    /// committed or cancelled as drawn. A cancelled one (or one cut short) must leave no record.
    static func gesture(
        _ operation: Operation, environment: StressEnvironment, coordinator: Coordinator,
        checker: StressChecker, tally: CallbackTally
    ) async {
        guard case .userDid(var change, let level) = operation.request, let end = operation.gesture else { return }
        // The user swipes on what is on screen: a stack that has something to pop, if any is shown;
        // else the user first goes one screen deeper in a stack that is shown, if any.
        let label = RequestLabel(policy: operation.policy, whenLocked: .refuse, cancelled: false)
        var asked = environment.elapsed()
        if await Self.poppableStack(in: coordinator.snapshot) == nil, let stack = await Self.anyStack(in: coordinator.snapshot) {
            let push = TransitionRequest.content(.push(Screen("swipe", id: ScreenID("swipe\(asked)")), onto: stack))
            var pushLabel = RequestLabel(policy: .enqueue, whenLocked: .refuse, cancelled: false)
            pushLabel.beforeSwipe = true
            do throws(TransitionError) {
                let record = try await coordinator.perform(
                    push, animator: nil, policy: .enqueue, whenLocked: .refuse,
                    items: tally.items(for: push))
                tally.committed(record)
                await checker.committed(record, animator: .none, label: pushLabel, wall: environment.elapsed() - asked)
            } catch {
                await checker.rejected(
                    push, error, animator: .none, label: pushLabel, asked: asked, answered: environment.elapsed())
            }
            asked = environment.elapsed()
        }
        if let stack = await Self.poppableStack(in: coordinator.snapshot) { change = .pop(stack) }
        await checker.noteFault(.interactiveGesture)
        await checker.noteUserChange(gesture: end)
        let gesture: InteractiveGesture
        do throws(TransitionError) {
            gesture = try await coordinator.beginGesture(change, at: level, policy: operation.policy)
        } catch {
            await checker.rejected(
                operation.request, error, animator: .none, label: label, asked: asked, answered: environment.elapsed())
            return
        }
        // A swipe to be finished: the stack's owner asks for the stack it believes in meanwhile (see ``OwnerStack``).
        let owner =
            end == .commit
            ? await OwnerStack.ask(
                during: change, swipePolicy: operation.policy, environment: environment,
                coordinator: coordinator, tally: tally)
            : nil
        // A swipe is quicker than most animations: held a quarter of the drawn delay.
        try? await environment.sleep(operation.delay / 4)
        switch end {
        case .commit:
            let waited = await owner?.isWaiting(in: coordinator) ?? false
            var swiped: TransitionRecord?
            do throws(TransitionError) {
                let record = try await gesture.commit()
                swiped = record
                tally.committed(record)
                await checker.committed(record, animator: .none, label: label, wall: environment.elapsed() - asked)
            } catch {
                await checker.gestureEnded(gesture.id)
            }
            await owner?.finish(
                afterSwipe: swiped, waitedBehindIt: waited, environment: environment, checker: checker, tally: tally)
        case .cancel:
            await gesture.cancel()
            await checker.gestureEnded(gesture.id)
        }
        try? await environment.sleep(operation.pause)
    }
}

extension StressRunner {
    /// The first stack (by id) shown with more than its root, if any.
    static func poppableStack(in snapshot: NavigationSnapshot) -> ContainerID? {
        var found: [ContainerID] = []
        for window in snapshot.windowList {
            window.content.forEachContainer { id, node in
                if case .stack(let stack) = node.base, stack.items.count > 1 { found.append(id) }
            }
        }
        return found.min { $0.rawValue < $1.rawValue }
    }

    /// The first stack (by id) shown, if any.
    static func anyStack(in snapshot: NavigationSnapshot) -> ContainerID? {
        var found: [ContainerID] = []
        for window in snapshot.windowList {
            window.content.forEachContainer { id, node in
                if case .stack = node.base { found.append(id) }
            }
        }
        return found.min { $0.rawValue < $1.rawValue }
    }
}

/// How a worker asked: the policy, the locked behaviour, and whether it cancelled its task.
public struct RequestLabel: Sendable, Hashable {
    /// The admission policy.
    public var policy: AdmissionPolicy
    /// What it does while locked.
    public var whenLocked: LockedBehavior
    /// Whether the worker cancelled the request's task right after asking.
    public var cancelled: Bool
    /// Whether the lifecycle task asked (its unlocks), not a worker.
    public var fromLifecycleTask: Bool

    /// Describes how a request was asked.
    /// Whether a lock storm asked (see the lifecycle task), not a worker.
    public var fromLockStorm: Bool = false
    /// Whether the hop flow task asked (see ``HopFlowTask``), not a worker.
    public var fromHopFlow: Bool = false
    /// Whether the sheet flow task asked (see ``SheetFlowTask``), not a worker.
    public var fromSheetFlow: Bool = false
    /// Whether the link task asked (see ``LinkTask``), not a worker.
    public var fromLinks: Bool = false
    /// Whether a worker asked it on its own before a swipe-back, to have something to swipe from.
    public var beforeSwipe: Bool = false
    /// Whether a stack's owner asked it while a worker's swipe was held (see ``OwnerStack``).
    public var fromOwner: Bool = false
    /// Whether the SwiftUI model's user asked it (see ``ModelTask``), not a worker.
    public var fromModel: Bool = false

    public init(policy: AdmissionPolicy, whenLocked: LockedBehavior, cancelled: Bool, fromLifecycleTask: Bool = false) {
        self.policy = policy
        self.whenLocked = whenLocked
        self.cancelled = cancelled
        self.fromLifecycleTask = fromLifecycleTask
    }

    /// The policy's name without its group, as the report's rows show it; the lifecycle task's
    /// unlocks are counted apart from the workers' requests.
    public var policyName: String {
        if fromLifecycleTask { return "lifecycle unlock" }
        if fromLockStorm { return "lock storm" }
        if fromHopFlow { return "hop flow" }
        if fromSheetFlow { return "sheet flow" }
        if fromLinks { return "links" }
        if beforeSwipe { return "before a swipe" }
        if fromOwner { return "owner stack" }
        if fromModel { return "model" }
        return switch policy {
        case .reject: "reject"
        case .enqueue: "enqueue"
        case .coalesce: "coalesce"
        case .preempt: "preempt"
        }
    }
}
