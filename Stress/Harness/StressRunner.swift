import TransitionCoordinator

/// Runs one stress run: T tasks fire N random requests with hostile animators at one coordinator.
public enum StressRunner {
    /// Runs the workload and the final checks; returns the report (violations included).
    ///
    /// Each task draws from its own sub-stream of the seed, so the same seed gives the same
    /// requests per task; which of them are admitted depends on the real thread pool's timing.
    public static func run(_ configuration: StressConfiguration) async -> StressReport {
        let clock = ContinuousClock()
        let started = clock.now
        let coordinatorConfiguration: CoordinatorConfiguration
        do {
            coordinatorConfiguration = try CoordinatorConfiguration(
                levels: WindowLevel.builtIn + [WindowLevel("toast", rawValue: 1_500)],
                animationTimeout: configuration.animationTimeout,
                historyLimit: configuration.requests * 2 + 16,
                eventBufferSize: configuration.requests * 8 + 64)
        } catch {
            return StressReport(configuration: configuration, checker: nil, setupError: error.description)
        }
        let host = RecordingHost()
        let coordinator = await Coordinator(root: Screen("home"), configuration: coordinatorConfiguration, host: host)
        let checker = StressChecker(ignoresUnmanagedWindows: false,
                                    answerBound: configuration.animationTimeout + configuration.answerGrace)
        let events = coordinator.events()
        let subscriber = Task {
            for await event in events { await checker.observe(event) }
        }

        let workload = Workload(levels: coordinatorConfiguration.levels)
        let root = SplitMix64(seed: configuration.seed)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<configuration.tasks {
                let share = configuration.requests / configuration.tasks
                    + (task < configuration.requests % configuration.tasks ? 1 : 0)
                var rng = root.split(UInt64(task))
                group.addTask {
                    for _ in 0..<share {
                        await fire(&rng, workload: workload, configuration: configuration,
                                   coordinator: coordinator, checker: checker)
                    }
                }
            }
        }

        let expectedEvents = await checker.answers.values.reduce(0) { total, outcomes in
            total + outcomes.reduce(0) { $0 + ($1.key == "committed" ? 2 * $1.value : $1.value) }
        }
        await checker.waitForEvents(expectedEvents)
        subscriber.cancel()
        await checker.finish(snapshot: await coordinator.snapshot, ledger: await host.ledger,
                             audit: await coordinator.audit(), history: await coordinator.history,
                             droppedEvents: coordinator.droppedEventCount)
        return StressReport(configuration: configuration, checker: await checker.summary(),
                            wall: started.duration(to: clock.now))
    }

    private static func fire(_ rng: inout SplitMix64, workload: Workload, configuration: StressConfiguration,
                             coordinator: Coordinator, checker: StressChecker) async {
        let request = workload.request(&rng)
        let kind = workload.animator(&rng)
        let delay = configuration.maxAnimationDelay * (Double(rng.below(1_000)) / 1_000)
        let animator: (any Animator)? = kind == .none
            ? nil : HostileAnimator(kind: kind, delay: delay, coordinator: coordinator, checker: checker)
        let clock = ContinuousClock()
        let asked = clock.now
        do {
            let record = try await coordinator.perform(request, animator: animator)
            await checker.committed(record, animator: kind, wall: asked.duration(to: clock.now))
        } catch {
            await checker.rejected(request, error, animator: kind, wall: asked.duration(to: clock.now))
        }
        let pause = configuration.maxPause * (Double(rng.below(1_000)) / 1_000)
        try? await clock.sleep(for: pause)
    }
}
