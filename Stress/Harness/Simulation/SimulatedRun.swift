import Synchronization
import TransitionCoordinator

/// One stress run on a seeded ``SimulationScheduler``: deterministic, in virtual time.
public struct SimulatedRun: Sendable {
    /// The run's report (its checker's violations included).
    public let report: StressReport
    /// The digest of everything the checker saw, in order.
    public let digest: TraceDigest
    /// Jobs the scheduler ran.
    public let steps: Int
    /// Whether the run finished; false means the scheduler ran dry with tasks still waiting (a deadlock or a lost wake-up).
    public let finished: Bool

    /// Every violation, a deadlock included.
    public var violations: [InvariantViolation] {
        finished ? report.violations
            : report.violations + [InvariantViolation(.answered, "deadlock: nothing could run after \(steps) steps with the run unfinished")]
    }
}

extension StressRunner {
    /// Runs `configuration` with every actor and task on one scheduler seeded from its seed, and
    /// time from a virtual clock. The same configuration gives the same digest, every time.
    ///
    /// Blocks the calling thread while it drives the scheduler; call it from synchronous code.
    public static func simulate(_ configuration: StressConfiguration) -> SimulatedRun {
        var scheduleStream = SplitMix64(seed: configuration.seed).split(0x5CED)
        let scheduler = SimulationScheduler(seed: scheduleStream.next())
        let outcome = Mutex<(StressReport, TraceDigest)?>(nil)
        let slot = ResultSlot(outcome)
        _ = Task.detached(executorPreference: scheduler.taskExecutor) {
            let (report, digest) = await runWithDigest(configuration, in: .simulation(scheduler))
            slot.set((report, digest))
        }
        let finished = scheduler.run { slot.get() != nil }
        let (report, digest) = slot.get() ?? (StressReport(configuration: configuration, checker: nil,
                                                           setupError: "the run did not finish"), TraceDigest())
        return SimulatedRun(report: report, digest: digest, steps: scheduler.steps, finished: finished)
    }
}

/// Hands the simulated run's result from its task to the thread driving the scheduler.
private final class ResultSlot: Sendable {
    private let value: Mutex<(StressReport, TraceDigest)?>

    init(_ value: consuming Mutex<(StressReport, TraceDigest)?>) { self.value = value }

    func set(_ result: (StressReport, TraceDigest)) { value.withLock { $0 = result } }
    func get() -> (StressReport, TraceDigest)? { value.withLock { $0 } }
}
