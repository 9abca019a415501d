import TransitionCoordinator

/// What one stress run does: how many requests, from how many tasks, from which seed.
public struct StressConfiguration: Sendable, Hashable {
    /// Requests fired in all (re-entrant probes from animators come on top).
    public var requests: Int
    /// Concurrent tasks firing them.
    public var tasks: Int
    /// The seed of every random choice of the workload.
    public var seed: UInt64
    /// The coordinator's animation timeout (never-finishing animators end there).
    public var animationTimeout: Duration
    /// The longest a delayed animator takes.
    public var maxAnimationDelay: Duration
    /// The longest pause a task takes between two requests.
    public var maxPause: Duration
    /// How late past the timeout an answer may come before it counts as a liveness violation.
    public var answerGrace: Duration
    /// How long one phase of host calls may take before the coordinator gives up on the host
    /// (stuck host calls wait 1.2 to 2 times this).
    public var hostTimeout: Duration = .milliseconds(5)
    /// Application state changes the lifecycle task reports while the workers fire (0: no lifecycle task).
    public var lifecycleEvents: Int
    /// How much longer than the animation timeout one transition may take from admission to
    /// commit (host calls, scheduling); tiny in virtual time, where host calls take none.
    public var transitionGrace: Duration = .seconds(2)
    /// The faults in force (rates per kind; swarm runs draw one plan per seed).
    public var faults: FaultPlan
    /// The worker tasks' operations, when given (a shrunk run); drawn from the seed otherwise.
    public var scripts: [[Operation]]?
    /// Deliberate bugs planted at the harness's seams (its host, its animators, the coordinator's
    /// configuration); empty for real runs. See ``SeamMutant``.
    package var seamMutants: Set<SeamMutant> = []
    /// The library's deliberate bugs the run switches on (mutation testing; see ``Mutation``):
    /// empty for real runs, and planted only in a build with `-Xswiftc -DTC_MUTANTS`.
    package var mutants: Set<Mutation> = []

    /// The default run: 10,000 requests from 64 tasks.
    public init(
        requests: Int = 10_000, tasks: Int = 64, seed: UInt64 = 1,
        animationTimeout: Duration = .milliseconds(10), maxAnimationDelay: Duration = .milliseconds(2),
        maxPause: Duration = .milliseconds(32), answerGrace: Duration = .seconds(5),
        lifecycleEvents: Int? = nil, faults: FaultPlan = .standard
    ) {
        self.requests = requests
        self.tasks = tasks
        self.seed = seed
        self.animationTimeout = animationTimeout
        self.maxAnimationDelay = maxAnimationDelay
        self.maxPause = maxPause
        self.answerGrace = answerGrace
        self.lifecycleEvents = lifecycleEvents ?? max(1, requests / 25)
        self.faults = faults
    }
}
