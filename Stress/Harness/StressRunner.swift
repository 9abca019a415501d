import TransitionCoordinator

/// Runs one stress run: T tasks fire N random requests under all four admission policies, with
/// hostile animators, while a lifecycle task flips the application state at random.
public enum StressRunner {
    /// The levels of the harness's coordinator: the built-in ones plus one between each pair and
    /// one above the top, so covers hide windows above them and requests hit reserved levels.
    static let levels = WindowLevel.builtIn + [WindowLevel("toast", rawValue: 1_500), WindowLevel("banner", rawValue: 2_500),
                                               WindowLevel("overlay", rawValue: 3_500)]
    /// The covers, as CFANavigationWindow's demo: a shield at `high`, a PIN at `medium`.
    static let covers = LifecycleCovers(shield: LifecycleCover(screen: Screen("shield"), level: .high),
                                        lock: LifecycleCover(screen: Screen("pin"), level: .medium))

    /// Runs the workload and the final checks; returns the report (violations included).
    ///
    /// Each task draws from its own sub-stream of the seed, so the same seed gives the same
    /// requests per task; which of them are admitted depends on the real thread pool's timing.
    public static func run(_ configuration: StressConfiguration, in environment: StressEnvironment = .threads) async -> StressReport {
        await runWithDigest(configuration, in: environment).report
    }

    /// ``run(_:in:)``, also returning the digest of everything the checker saw.
    ///
    /// `describeState`, when given, receives a closure that describes the coordinator's state
    /// (a simulated run calls it when it deadlocks).
    static func runWithDigest(_ configuration: StressConfiguration, in environment: StressEnvironment,
                              describeState: (@Sendable (@escaping @Sendable () async -> String) -> Void)? = nil)
        async -> (report: StressReport, digest: TraceDigest) {
        let wall = ContinuousClock.now
        let coordinatorConfiguration: CoordinatorConfiguration
        do {
            coordinatorConfiguration = try CoordinatorConfiguration(
                levels: levels, animationTimeout: configuration.animationTimeout,
                historyLimit: configuration.requests * 2 + configuration.lifecycleEvents + 64,
                eventBufferSize: configuration.requests * 8 + configuration.lifecycleEvents * 4 + 64,
                covers: covers, queueLimit: max(2, configuration.tasks / 8), deferredLimit: max(2, configuration.tasks / 16),
                hostTimeout: configuration.hostTimeout)
        } catch {
            return (StressReport(configuration: configuration, checker: nil, setupError: error.description), TraceDigest())
        }
        let host = HarnessHost(environment: environment, seed: configuration.seed, stuckRate: configuration.faults.rate(.stuckHost),
                               hostTimeout: configuration.hostTimeout, covers: covers)
        let coordinator = await Coordinator(root: Screen("home"), configuration: coordinatorConfiguration, host: host,
                                            clock: environment.clock, executor: environment.serialExecutor,
                                            taskExecutor: environment.taskExecutor, mutations: configuration.mutations)
        // The coordinator's clock starts a little after the environment's: its times plus this are upper bounds.
        let clockOffset = environment.elapsed()
        let checker = StressChecker(ignoresUnmanagedWindows: false,
                                    answerBound: configuration.animationTimeout + configuration.answerGrace,
                                    transitionBound: configuration.animationTimeout + configuration.transitionGrace,
                                    hostTimeout: configuration.hostTimeout, executor: environment.serialExecutor)
        describeState?({ [coordinator, checker] in
            let waiting = await coordinator.waitingRequests
            let inFlight = await coordinator.inFlightTransition
            let seen = await checker.eventsSeen, expected = await checker.expectedEvents
            return "in flight: \(inFlight.map(\.description) ?? "none"); waiting: \(waiting); events seen \(seen) of \(expected)\n"
                + (await coordinator.snapshot).description
        })
        let events = coordinator.events()
        let subscriber = Task(executorPreference: environment.taskExecutor) {
            for await event in events { await checker.observe(event) }
        }

        let workload = Workload(levels: coordinatorConfiguration.levels, faults: configuration.faults)
        let root = SplitMix64(seed: configuration.seed)
        let scripts = configuration.scripts ?? workload.scripts(configuration)
        await withTaskGroup(of: Void.self) { group in
            for script in scripts {
                group.addTask(executorPreference: environment.taskExecutor) {
                    for operation in script {
                        await fire(operation, configuration: configuration, environment: environment,
                                   coordinator: coordinator, checker: checker, host: host)
                    }
                }
            }
            let churnRounds = configuration.lifecycleEvents * configuration.faults.rate(.coordinatorChurn) / 100
            group.addTask(executorPreference: environment.taskExecutor) {
                await CoordinatorChurn.run(rounds: churnRounds, environment: environment, checker: checker,
                                           mutations: configuration.mutations)
            }
            var lifecycleRNG = root.split(UInt64.max)
            group.addTask(executorPreference: environment.taskExecutor) {
                await flipLifecycle(&lifecycleRNG, workload: workload, configuration: configuration,
                                    environment: environment, coordinator: coordinator, checker: checker)
            }
        }

        await checker.waitForFollowUps()
        await catchUpHost(coordinator, host: host, configuration: configuration, environment: environment, checker: checker)
        await checker.waitForEvents(await checker.expectedEvents)
        subscriber.cancel()
        let pending = await coordinator.waitingRequests.count + (await coordinator.inFlightTransition == nil ? 0 : 1)
        await checker.noteHost(violations: await host.violations, stuckCalls: await host.stuckCalls)
        await checker.finish(snapshot: await coordinator.snapshot, ledger: await host.ledger,
                             audit: await coordinator.audit(), history: await coordinator.history,
                             droppedEvents: coordinator.droppedEventCount, pending: pending)
        await checker.finishHistory(await coordinator.history, clockOffset: clockOffset,
                                    peakQueueDepth: await coordinator.peakQueueDepth, queueLimit: coordinatorConfiguration.queueLimit,
                                    peakDeferredDepth: await coordinator.peakDeferredDepth,
                                    deferredLimit: coordinatorConfiguration.deferredLimit)
        return (StressReport(configuration: configuration, checker: await checker.summary(),
                             wall: wall.duration(to: .now), virtualTime: environment.elapsed()), await checker.digest)
    }

    /// Once every task was answered: waits until no host call is stuck, then reports the app
    /// active once more, so a host that missed calls is caught up before the final balance check.
    private static func catchUpHost(_ coordinator: Coordinator, host: HarnessHost, configuration: StressConfiguration,
                                    environment: StressEnvironment, checker: StressChecker) async {
        while true {
            let stuck = await coordinator.hostFault != nil
            let outstanding = await host.outstanding
            if !stuck, outstanding == 0 { break }
            try? await environment.sleep(configuration.hostTimeout)
        }
        await report(.active, environment: environment, coordinator: coordinator, checker: checker)
    }

    private static func fire(_ operation: Operation, configuration: StressConfiguration,
                             environment: StressEnvironment, coordinator: Coordinator, checker: StressChecker,
                             host: HarnessHost) async {
        let (request, kind, policy, whenLocked, cancels) =
            (operation.request, operation.animator, operation.policy, operation.whenLocked, operation.cancels)
        let animator: (any Animator)? = kind == .none
            ? nil : HostileAnimator(kind: kind, delay: operation.delay, coordinator: coordinator, checker: checker,
                                    environment: environment, lateBy: configuration.animationTimeout * 2, host: host,
                                    timeout: configuration.animationTimeout)
        let asked = environment.elapsed()
        let attempt = Task(executorPreference: environment.taskExecutor) { () async -> Result<TransitionRecord, TransitionError> in
            do throws(TransitionError) {
                return .success(try await coordinator.perform(request, animator: animator, policy: policy,
                                                             whenLocked: whenLocked))
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
        switch await attempt.value {
        case .success(let record):
            await checker.committed(record, animator: kind, label: label, wall: environment.elapsed() - asked)
        case .failure(let error):
            await checker.rejected(request, error, animator: kind, label: label, asked: asked, answered: environment.elapsed())
        }
        try? await environment.sleep(operation.pause)
    }

    /// The lifecycle task: reports `lifecycleEvents` application state changes while the workers
    /// fire, keeping the app active most of the time, then closes the run.
    ///
    /// - Paced by the workers' progress, not by the clock: the app stays active until the workers
    ///   have answered their share of requests up to the next event's mark (at most
    ///   `maxPause * 8`, should they stall), so the events spread over the whole workload whatever
    ///   its speed (fixed pauses put most of them after the workers had finished).
    /// - Excursions are short: in `inactive` or `background` it goes on to the next event after a
    ///   few yields, and only 1 time in 10 after a sleep of up to `maxPause / 4` (in a simulated
    ///   run any sleep lets everything ready run first, so the waiting queue drains while the app
    ///   is not active: rare on purpose, but reachable). The real sequence, jumps and bursts come
    ///   from ``Workload``.
    /// - Back in `active`, the PIN is entered at once: 85 times in 100 it unlocks (when locked),
    ///   animated by an animator drawn like a worker's; otherwise the lock stays until a worker's
    ///   unlock. In an excursion it tries an unlock 1 time in 10 (refused when nothing is locked).
    /// - Closing: back to active and unlocked, so requests deferred while locked drain; then, once
    ///   every worker has answered, the quiet tail (``closeQuietly``).
    ///
    /// Every choice is drawn from `rng`, its own stream of the seed.
    private static func flipLifecycle(_ rng: inout SplitMix64, workload: Workload, configuration: StressConfiguration,
                                      environment: StressEnvironment, coordinator: Coordinator, checker: StressChecker) async {
        let operations = configuration.scripts?.reduce(0) { $0 + $1.count } ?? configuration.requests
        let events = configuration.lifecycleEvents
        let excursion = configuration.maxPause / 4
        var state = ApplicationState.active
        for event in 0..<events {
            state = workload.lifecycle(after: state, &rng)
            await report(state, environment: environment, coordinator: coordinator, checker: checker)
            if rng.chance(configuration.faults.rate(.lifecycleBurst)) {
                // A burst: several state changes back to back, no pause between them.
                await checker.noteFault(.lifecycleBurst)
                for _ in 0..<(1 + rng.below(3)) {
                    state = workload.lifecycle(after: state, &rng)
                    await report(state, environment: environment, coordinator: coordinator, checker: checker)
                }
            }
            await pauseBriefly(&rng, sleepPercent: 10, longest: excursion, environment: environment)
            let unlocks = rng.chance(state == .active ? 85 : 10)
            let animator = workload.animator(&rng)
            let policy: AdmissionPolicy = rng.chance(50) ? .preempt : .enqueue
            let delay = configuration.maxAnimationDelay * fraction(&rng)
            let locked = await coordinator.snapshot.isLocked
            if unlocks, state != .active || locked {
                await unlock(animator: animator, delay: delay, configuration: configuration, environment: environment,
                             coordinator: coordinator, checker: checker, policy: policy)
            }
            if state == .active {
                await dwell(until: operations * (event + 1) / events, longest: configuration.maxPause * 8,
                            configuration: configuration, environment: environment, checker: checker)
            }
        }
        await report(.active, environment: environment, coordinator: coordinator, checker: checker)
        await unlockUntilUnlocked(configuration: configuration, environment: environment, coordinator: coordinator,
                                  checker: checker)
        if events > 0 {
            await closeQuietly(operations: operations, configuration: configuration, environment: environment,
                               coordinator: coordinator, checker: checker)
        }
    }

    /// The quiet tail. While the workers fire, a preempting request or a lifecycle event cuts a
    /// hung animation short well within the animation timeout, so a run may never reach it. Once
    /// every worker has answered, nothing else moves: one last excursion (background, active)
    /// ends with an unlock whose animator is the slowest hostile kind the fault plan has on
    /// (never finishing, else finishing late, else delayed, else instant), which must end at
    /// the timeout. Should it hang, the app reporting active again cuts it short, so a run on
    /// real threads reports the overlong transition instead of hanging.
    private static func closeQuietly(operations: Int, configuration: StressConfiguration, environment: StressEnvironment,
                                     coordinator: Coordinator, checker: StressChecker) async {
        await dwell(until: operations, longest: configuration.animationTimeout + configuration.answerGrace,
                    configuration: configuration, environment: environment, checker: checker)
        await report(.background, environment: environment, coordinator: coordinator, checker: checker)
        await report(.active, environment: environment, coordinator: coordinator, checker: checker)
        let slowest: [(FaultPlan.Kind, AnimatorKind)] = [(.neverFinishingAnimator, .neverFinishing),
                                                         (.lateFinishingAnimator, .finishingLate), (.delayedAnimator, .delayed)]
        let kind = slowest.first { configuration.faults.rate($0.0) > 0 }?.1 ?? .instant
        let closing = Task(executorPreference: environment.taskExecutor) {
            await unlock(animator: kind, delay: configuration.maxAnimationDelay, configuration: configuration,
                         environment: environment, coordinator: coordinator, checker: checker, policy: .enqueue)
        }
        let watchdog = Task(executorPreference: environment.taskExecutor) {
            try? await environment.sleep(configuration.animationTimeout + configuration.transitionGrace + configuration.maxPause)
            if !Task.isCancelled { await report(.active, environment: environment, coordinator: coordinator, checker: checker) }
        }
        await closing.value
        watchdog.cancel()
        await unlockUntilUnlocked(configuration: configuration, environment: environment, coordinator: coordinator,
                                  checker: checker)
    }

    /// Waits until the workers have answered `target` requests in all, or `longest` has passed.
    private static func dwell(until target: Int, longest: Duration, configuration: StressConfiguration,
                              environment: StressEnvironment, checker: StressChecker) async {
        let start = environment.elapsed()
        while await workerAnswers(checker) < target, environment.elapsed() - start < longest {
            try? await environment.sleep(configuration.maxPause / 8)
        }
    }

    /// The workers' answers so far (the lifecycle task's unlocks and re-entrant probes not counted).
    private static func workerAnswers(_ checker: StressChecker) async -> Int {
        await checker.byPolicy.reduce(0) { total, row in
            ["cancelled by caller", "lifecycle unlock"].contains(row.key) ? total : total + row.value.values.reduce(0, +)
        }
    }

    /// Unlocks (enqueued, not animated) until the lock is down.
    private static func unlockUntilUnlocked(configuration: StressConfiguration, environment: StressEnvironment,
                                            coordinator: Coordinator, checker: StressChecker) async {
        while await coordinator.snapshot.isLocked {
            await unlock(configuration: configuration, environment: environment, coordinator: coordinator, checker: checker,
                         policy: .enqueue)
            try? await environment.sleep(configuration.maxPause)
        }
    }

    /// A brief pause: usually a few yields to the scheduler (a simulated run's clock does not move,
    /// so only a few ready jobs run meanwhile), `sleepPercent` of the time a sleep of up to `longest`
    /// (everything ready runs first: a waiting queue drains).
    private static func pauseBriefly(_ rng: inout SplitMix64, sleepPercent: Int, longest: Duration,
                                     environment: StressEnvironment) async {
        if rng.chance(sleepPercent) {
            try? await environment.sleep(longest * fraction(&rng))
        } else {
            for _ in 0..<rng.below(4) { await Task.yield() }
        }
    }

    /// A uniform fraction in [0, 1), in thousandths.
    private static func fraction(_ rng: inout SplitMix64) -> Double { Double(rng.below(1_000)) / 1_000 }

    private static func report(_ state: ApplicationState, environment: StressEnvironment, coordinator: Coordinator,
                               checker: StressChecker) async {
        let asked = environment.elapsed()
        do {
            let record = try await coordinator.setApplicationState(state)
            await checker.lifecycleCommitted(record, wall: environment.elapsed() - asked)
        } catch {
            await checker.lifecycleRejected(state, error)
        }
    }

    /// The lifecycle task's unlock (the user entered the PIN), animated by a ``HostileAnimator`` of `kind`.
    private static func unlock(animator kind: AnimatorKind = .none, delay: Duration = .zero, configuration: StressConfiguration,
                               environment: StressEnvironment, coordinator: Coordinator, checker: StressChecker,
                               policy: AdmissionPolicy) async {
        let animator: (any Animator)? = kind == .none
            ? nil : HostileAnimator(kind: kind, delay: delay, coordinator: coordinator, checker: checker,
                                    environment: environment, lateBy: configuration.animationTimeout * 2)
        let asked = environment.elapsed()
        let label = RequestLabel(policy: policy, whenLocked: .refuse, cancelled: false, fromLifecycleTask: true)
        do {
            let record = try await coordinator.unlock(animator: animator, policy: policy)
            await checker.committed(record, animator: kind, label: label, wall: environment.elapsed() - asked)
        } catch {
            await checker.rejected(.unlock, error, animator: kind, label: label, asked: asked, answered: environment.elapsed())
        }
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
        return switch policy {
        case .reject: "reject"
        case .enqueue: "enqueue"
        case .coalesce: "coalesce"
        case .preempt: "preempt"
        }
    }
}

