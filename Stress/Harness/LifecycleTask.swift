import TransitionCoordinator

/// The lifecycle task of a stress run: application state changes, unlocks and the quiet tail (a
/// last excursion once every worker has answered, so a hung animation must end at its timeout).
extension StressRunner {
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
    static func flipLifecycle(
        _ rng: inout SplitMix64, workload: Workload, configuration: StressConfiguration,
        environment: StressEnvironment, coordinator: Coordinator, checker: StressChecker,
        host: HarnessHost
    ) async {
        let operations = configuration.scripts?.reduce(0) { $0 + $1.count } ?? configuration.requests
        let events = configuration.lifecycleEvents
        let excursion = configuration.maxPause / 4
        var state = ApplicationState.active
        var storms: [Task<Void, Never>] = []
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
            // When the fault is on, a run has at least four storms, at each fifth of the way (the app is
            // brought back to active and unlocked for them), and more at the fault's rate.
            let stormRate = configuration.faults.rate(.lockedSpell)
            let due = stormRate > 0 && storms.count < (event * 5) / max(1, events)
            if due {
                await report(.active, environment: environment, coordinator: coordinator, checker: checker)
                await unlockUntilUnlocked(
                    configuration: configuration, environment: environment, coordinator: coordinator,
                    checker: checker, host: host)
                state = .active
            }
            if state == .active, stormRate > 0, due || rng.chance(stormRate),
                await coordinator.snapshot.applicationState == .active, await !coordinator.snapshot.isLocked
            {
                storms.append(
                    await lockStorm(
                        number: storms.count, configuration: configuration, environment: environment,
                        coordinator: coordinator, checker: checker))
                state = .background
            }
            let unlocks = rng.chance(state == .active ? 85 : 10)
            let animator = workload.animator(&rng)
            let policy: AdmissionPolicy = rng.chance(50) ? .preempt : .enqueue
            let delay = configuration.maxAnimationDelay * fraction(&rng)
            let locked = await coordinator.snapshot.isLocked
            if unlocks, state != .active || locked {
                await unlock(
                    animator: animator, delay: delay, configuration: configuration, environment: environment,
                    coordinator: coordinator, checker: checker, host: host, policy: policy)
            }
            if state == .active {
                await dwell(
                    until: operations * (event + 1) / events, longest: configuration.maxPause * 8,
                    configuration: configuration, environment: environment, checker: checker)
            }
        }
        await report(.active, environment: environment, coordinator: coordinator, checker: checker)
        await unlockUntilUnlocked(
            configuration: configuration, environment: environment, coordinator: coordinator,
            checker: checker, host: host)
        for storm in storms { await storm.value }
        if events > 0 {
            await closeQuietly(
                operations: operations, configuration: configuration, environment: environment,
                coordinator: coordinator, checker: checker, host: host)
        }
    }

    /// The quiet tail: the run's last lifecycle excursion, with nothing else moving. While the
    /// workers fire, a preempting request or a lifecycle event cuts a hung animation short well
    /// within the animation timeout, so a run may never see that timeout. Once every worker has
    /// answered, nothing else moves: one last excursion (background, active) ends with an unlock
    /// whose animator is the slowest hostile kind the fault plan has on (never finishing, else
    /// finishing late, else delayed, else instant), which must end at the timeout. Should it hang,
    /// the app reporting active again cuts it short, so a run on real threads reports the overlong
    /// transition instead of hanging.
    private static func closeQuietly(
        operations: Int, configuration: StressConfiguration, environment: StressEnvironment,
        coordinator: Coordinator, checker: StressChecker, host: HarnessHost
    ) async {
        await dwell(
            until: operations, longest: configuration.animationTimeout + configuration.answerGrace,
            configuration: configuration, environment: environment, checker: checker)
        await report(.background, environment: environment, coordinator: coordinator, checker: checker)
        await report(.active, environment: environment, coordinator: coordinator, checker: checker)
        let slowest: [(FaultPlan.Kind, AnimatorKind)] = [
            (.neverFinishingAnimator, .neverFinishing),
            (.lateFinishingAnimator, .finishingLate), (.delayedAnimator, .delayed),
        ]
        let kind = slowest.first { configuration.faults.rate($0.0) > 0 }?.1 ?? .instant
        let closing = Task(executorPreference: environment.taskExecutor) {
            await unlock(
                animator: kind, delay: configuration.maxAnimationDelay, configuration: configuration,
                environment: environment, coordinator: coordinator, checker: checker, host: host, policy: .enqueue)
        }
        let watchdog = Task(executorPreference: environment.taskExecutor) {
            try? await environment.sleep(configuration.animationTimeout + configuration.transitionGrace + configuration.maxPause)
            if !Task.isCancelled { await report(.active, environment: environment, coordinator: coordinator, checker: checker) }
        }
        await closing.value
        watchdog.cancel()
        await unlockUntilUnlocked(
            configuration: configuration, environment: environment, coordinator: coordinator,
            checker: checker, host: host)
    }

    /// Waits until the workers have answered `target` requests in all, or `longest` has passed.
    private static func dwell(
        until target: Int, longest: Duration, configuration: StressConfiguration,
        environment: StressEnvironment, checker: StressChecker
    ) async {
        let start = environment.elapsed()
        while await workerAnswers(checker) < target, environment.elapsed() - start < longest {
            try? await environment.sleep(configuration.maxPause / 8)
        }
    }

    /// The workers' answers so far (the lifecycle task's unlocks and re-entrant probes not counted).
    private static func workerAnswers(_ checker: StressChecker) async -> Int {
        await checker.workerAnswerCount
    }

    /// Unlocks (enqueued, not animated) until the lock is down, making the app active first when it is not.
    private static func unlockUntilUnlocked(
        configuration: StressConfiguration, environment: StressEnvironment,
        coordinator: Coordinator, checker: StressChecker, host: HarnessHost
    ) async {
        // Bounded: a broken coordinator (a mutant) may never unlock; its deferred requests then stay
        // pending, which the final checks report, instead of the run spinning in virtual time.
        for _ in 0..<64 {
            guard await coordinator.snapshot.isLocked else { return }
            if await coordinator.snapshot.applicationState != .active {
                await report(.active, environment: environment, coordinator: coordinator, checker: checker)
            }
            await unlock(
                configuration: configuration, environment: environment, coordinator: coordinator, checker: checker,
                host: host, policy: .enqueue)
            try? await environment.sleep(configuration.maxPause)
        }
    }

    /// A brief pause: usually a few yields to the scheduler (a simulated run's clock does not move,
    /// so only a few ready jobs run meanwhile), `sleepPercent` of the time a sleep of up to `longest`
    /// (everything ready runs first: a waiting queue drains).
    private static func pauseBriefly(
        _ rng: inout SplitMix64, sleepPercent: Int, longest: Duration,
        environment: StressEnvironment
    ) async {
        if rng.chance(sleepPercent) {
            try? await environment.sleep(longest * fraction(&rng))
        } else {
            for _ in 0..<rng.below(4) { await Task.yield() }
        }
    }

    /// A uniform fraction in [0, 1), in thousandths.
    private static func fraction(_ rng: inout SplitMix64) -> Double { Double(rng.below(1_000)) / 1_000 }

    /// Reports `state` and checks the answer; returns the committed record (nil when refused).
    @discardableResult
    static func report(
        _ state: ApplicationState, environment: StressEnvironment, coordinator: Coordinator,
        checker: StressChecker
    ) async -> TransitionRecord? {
        let asked = environment.elapsed()
        do {
            let record = try await coordinator.setApplicationState(state)
            await checker.lifecycleCommitted(record, wall: environment.elapsed() - asked)
            return record
        } catch {
            await checker.lifecycleRejected(state, error)
            return nil
        }
    }

    /// The lifecycle task's unlock (the user entered the PIN), animated by a ``HostileAnimator`` of `kind`.
    private static func unlock(
        animator kind: AnimatorKind = .none, delay: Duration = .zero, configuration: StressConfiguration,
        environment: StressEnvironment, coordinator: Coordinator, checker: StressChecker,
        host: HarnessHost, policy: AdmissionPolicy
    ) async {
        let animator: (any Animator)? =
            kind == .none
            ? nil
            : HostileAnimator(
                kind: kind, delay: delay, coordinator: coordinator, checker: checker,
                environment: environment, lateBy: configuration.animationTimeout * 2,
                host: host, timeout: configuration.animationTimeout,
                cutUnheard: configuration.seamMutants.contains(.noCancelOnCut))
        let asked = environment.elapsed()
        let label = RequestLabel(policy: policy, whenLocked: .refuse, cancelled: false, fromLifecycleTask: true)
        do {
            let record = try await coordinator.unlock(animator: animator, policy: policy)
            await checker.committed(record, animator: kind, label: label, wall: environment.elapsed() - asked)
        } catch {
            await checker.rejected(.unlock, error, animator: kind, label: label, asked: asked, answered: environment.elapsed())
        }
    }

    /// A storm of notifications as the user locks the phone: requests that may be deferred queue
    /// behind the transition in flight (one of a coalescing group, then more than the deferred
    /// lane holds); the app goes to the background at once, so they meet the lock at hand-over and
    /// must not fill the deferred lane past its limit; then a newer one of the group arrives while
    /// locked, which must supersede the deferred one. Returns the task that reports every answer
    /// (the deferred ones come after the unlock).
    private static func lockStorm(
        number: Int, configuration: StressConfiguration, environment: StressEnvironment,
        coordinator: Coordinator, checker: StressChecker
    ) async -> Task<Void, Never> {
        await checker.noteFault(.lockedSpell)
        let size = max(2, configuration.tasks / 16) + 2
        // Each task answers the error it got, nil when its request committed.
        func ask(
            _ request: TransitionRequest, _ policy: AdmissionPolicy,
            animator: (any Animator)? = nil
        ) -> Task<TransitionError?, Never> {
            Task(executorPreference: environment.taskExecutor) {
                let asked = environment.elapsed()
                var label = RequestLabel(policy: policy, whenLocked: .deferUntilUnlocked, cancelled: false)
                label.fromLockStorm = true
                do throws(TransitionError) {
                    let record = try await coordinator.perform(
                        request, animator: animator, policy: policy,
                        whenLocked: .deferUntilUnlocked)
                    await checker.committed(record, animator: .none, label: label, wall: environment.elapsed() - asked)
                    return nil
                } catch {
                    await checker.rejected(
                        request, error, animator: .none, label: label, asked: asked, answered: environment.elapsed())
                    return error
                }
            }
        }
        // The transition they queue behind: a new root (every level above it free), animated until the
        // lock cuts it short.
        let held = AnyAnimator { context in
            await checker.animatorCalled(context.transitionID)
            try await environment.sleep(configuration.animationTimeout * 2)
        }
        let banner = WindowLevel("banner", rawValue: 2_500), overlay = WindowLevel("overlay", rawValue: 3_500)
        let group = AdmissionPolicy.coalesce(group: "storm\(number)")
        // In order, each once the one before is in flight or in line, so the lanes see them in this order.
        func inLine(_ request: TransitionRequest) async -> Bool {
            if await coordinator.inFlightTransition?.request == request { return true }
            return await coordinator.waitingRequests.contains(request)
        }
        var asked: [Task<TransitionError?, Never>] = []
        func submit(_ request: TransitionRequest, _ policy: AdmissionPolicy, animator: (any Animator)? = nil) async {
            let before = await coordinator.waitingRequests.count { $0 == request }
            asked.append(ask(request, policy, animator: animator))
            for _ in 0..<64 {
                let now = await coordinator.waitingRequests.count { $0 == request }
                if now > before { return }
                if before == 0, await inLine(request) { return }
                await Task.yield()
            }
        }
        await submit(.replaceRoot(Screen("storm", id: ScreenID("storm\(number)-root"))), .enqueue, animator: held)
        // One of the coalescing group, then pops of the lock's level: all meet the lock at hand-over
        // (the pops take no level, so whatever is deferred can run after the unlock).
        await submit(.push(Screen("storm", id: ScreenID("storm\(number)-a")), at: banner), group)
        for _ in 0..<size { await submit(.pop(.medium), .enqueue) }
        await report(.background, environment: environment, coordinator: coordinator, checker: checker)
        // While locked, a newer one of the group arrives: it supersedes the deferred one.
        let first = TransitionRequest.push(Screen("storm", id: ScreenID("storm\(number)-a")), at: banner)
        // Let the hand-overs run: once nothing is in flight while locked, whatever still waits is deferred.
        for _ in 0..<256 {
            if await coordinator.inFlightTransition == nil { break }
            await Task.yield()
        }
        let firstWaits = await coordinator.waitingRequests.contains(first)
        let second = TransitionRequest.push(Screen("storm", id: ScreenID("storm\(number)-b")), at: overlay)
        let newer = ask(second, group)
        // Then the newest of the group, beneath the lock at a free level, so that it may run at once
        // (nothing in flight): whether it runs or waits, it supersedes the one deferred before it.
        for _ in 0..<64 {
            if await coordinator.waitingRequests.contains(second) { break }
            await Task.yield()
        }
        let secondWaits = await coordinator.waitingRequests.contains(second)
        let shown = await coordinator.snapshot
        let free = [WindowLevel.low, WindowLevel("toast", rawValue: 1_500)].first { shown.window(at: $0) == nil }
        let newest = free.map { ask(.push(Screen("storm", id: ScreenID("storm\(number)-c")), at: $0), group) }
        let firstAnswer = asked[1]
        return Task(executorPreference: environment.taskExecutor) {
            for task in asked { _ = await task.value }
            // The newest one committed while the second still waited: the second must have been
            // superseded, whether the newest ran at once or waited.
            if let newest, secondWaits, await newest.value == nil {
                let secondAnswer = await newer.value
                if case .refused(.superseded)? = secondAnswer {
                } else {
                    await checker.noteViolation(
                        .init(
                            .answered,
                            "storm \(number): '\(second)' of its coalescing group was still waiting when a "
                                + "newer one of the group committed, but it was not superseded "
                                + "(\(secondAnswer.map(\.code) ?? "it committed"))"))
                }
            }
            // The newer one got in line (it was not refused for room) while the first still waited:
            // the first must have been superseded, wherever it waited.
            let newerError = await newer.value
            let gotInLine: Bool
            switch newerError {
            case .refused(.queueFull), .refused(.deferredQueueFull), .refused(.hostUnresponsive), .refused(.cancelled):
                gotInLine = false
            default: gotInLine = true
            }
            if firstWaits, gotInLine, case .refused(.superseded) = await firstAnswer.value {
            } else if firstWaits, gotInLine {
                await checker.noteViolation(
                    .init(
                        .answered,
                        "storm \(number): '\(first)' of its coalescing group was still "
                            + "waiting when a newer one of the group got in line, but it was not superseded "
                            + "(\(await firstAnswer.value.map(\.code) ?? "it committed"))"))
            }
        }
    }
}
