import TransitionCoordinator

/// Where a stress run runs: its clock, and the executors of its actors and tasks.
///
/// ``threads`` is the real thread pool and the continuous clock; ``simulation(_:)`` puts every
/// actor and task on one seeded ``SimulationScheduler`` and its ``TestClock``.
public struct StressEnvironment: Sendable {
    /// The clock the coordinator, the animators and the pauses use.
    public let clock: any Clock<Duration>
    /// The serial executor of every actor (the coordinator, its levels, the host, the checker); nil: the default.
    public let serialExecutor: (any SerialExecutor)?
    /// The executor every task prefers; nil: the global pool.
    public let taskExecutor: (any TaskExecutor)?
    /// Time since the environment was made, on its clock.
    let elapsed: @Sendable () -> Duration
    /// Sleeps on its clock.
    let sleep: @Sendable (Duration) async throws -> Void

    init<C: Clock<Duration>>(clock: C, serialExecutor: (any SerialExecutor)?, taskExecutor: (any TaskExecutor)?) {
        let origin = clock.now
        self.clock = clock
        self.serialExecutor = serialExecutor
        self.taskExecutor = taskExecutor
        elapsed = { origin.duration(to: clock.now) }
        sleep = { duration in try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil) }
    }

    /// Whether every actor and task runs on a simulation scheduler (in virtual time).
    public var isSimulated: Bool { serialExecutor != nil }

    /// The real thread pool and the continuous clock.
    public static var threads: StressEnvironment {
        StressEnvironment(clock: ContinuousClock(), serialExecutor: nil, taskExecutor: nil)
    }

    /// Every actor and task on `scheduler`, time from its virtual clock.
    public static func simulation(_ scheduler: SimulationScheduler) -> StressEnvironment {
        StressEnvironment(
            clock: scheduler.clock, serialExecutor: scheduler.serialExecutor,
            taskExecutor: scheduler.taskExecutor)
    }
}
