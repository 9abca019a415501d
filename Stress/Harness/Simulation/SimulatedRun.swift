import TransitionCoordinator

/// One stress run on a seeded ``SimulationScheduler``: deterministic, in virtual time.
public struct SimulatedRun: Sendable {
    /// The run's report (its checker's violations included).
    public let report: StressReport
    /// The digest of everything the checker saw, in order.
    public let digest: TraceDigest
    /// Jobs the scheduler ran.
    public let steps: Int
    /// Stalls of the actors' queue the scheduler injected.
    public let stalls: Int
    /// Whether the run finished; false means the scheduler ran dry with tasks still waiting (a deadlock or a lost wake-up).
    public let finished: Bool

    /// Every violation, a deadlock included.
    package var violations: [InvariantViolation] { report.violations }
}

extension StressRunner {
    /// Runs `configuration` with every actor and task on one scheduler seeded from its seed, and
    /// time from a virtual clock. The same configuration gives the same digest, every time.
    ///
    /// Blocks the calling thread while it drives the scheduler; call it from synchronous code.
    public static func simulate(_ requested: StressConfiguration) -> SimulatedRun {
        var adjusted = requested
        // In virtual time nothing but the animator takes time: a transition ends within the timeout.
        adjusted.transitionGrace = .milliseconds(1)
        let configuration = adjusted
        var scheduleStream = SplitMix64(seed: configuration.seed).split(0x5CED)
        let scheduler = SimulationScheduler(seed: scheduleStream.next(), stallPercent: configuration.faults.rate(.queueStall))
        let outcome = Locked<(StressReport, TraceDigest)?>(nil)
        let slot = ResultSlot(outcome)
        let describer = DescriberSlot()
        _ = Task.detached(executorPreference: scheduler.taskExecutor) {
            let (report, digest) = await runWithDigest(configuration, in: .simulation(scheduler)) { describer.set($0) }
            slot.set((report, digest))
        }
        let finished = scheduler.run { slot.get() != nil }
        // A run that never finishes would leave its tasks suspended forever; the process ends them.
        var state = ""
        if !finished, let describe = describer.get() {
            // The run is stuck, but the scheduler can still run a new task that reads the state.
            let text = TextBox()
            _ = Task.detached(executorPreference: scheduler.taskExecutor) { text.set(await describe()) }
            _ = scheduler.run { text.get() != nil }
            state = "\n" + (text.get() ?? "")
        }
        let (report, digest) =
            slot.get() ?? (
                StressReport(
                    configuration: configuration, checker: nil,
                    setupError: "deadlock: nothing could run after \(scheduler.steps) scheduler steps, with the run unfinished"
                        + state),
                TraceDigest()
            )
        return SimulatedRun(report: report, digest: digest, steps: scheduler.steps, stalls: scheduler.stalls, finished: finished)
    }
}

/// Hands the simulated run's result from its task to the thread driving the scheduler.
private final class ResultSlot: Sendable {
    private let value: Locked<(StressReport, TraceDigest)?>

    init(_ value: Locked<(StressReport, TraceDigest)?>) { self.value = value }

    func set(_ result: (StressReport, TraceDigest)) { value.withLock { $0 = result } }
    func get() -> (StressReport, TraceDigest)? { value.withLock { $0 } }
}

/// Hands a text from a task of the run to the driving thread.
private final class TextBox: Sendable {
    private let value = Locked<String?>(nil)
    func set(_ text: String) { value.withLock { $0 = text } }
    func get() -> String? { value.withLock { $0 } }
}

/// Holds the closure that describes a run's state, for the deadlock report.
private final class DescriberSlot: Sendable {
    private let value = Locked<(@Sendable () async -> String)?>(nil)
    func set(_ describe: @escaping @Sendable () async -> String) { value.withLock { $0 = describe } }
    func get() -> (@Sendable () async -> String)? { value.withLock { $0 } }
}
