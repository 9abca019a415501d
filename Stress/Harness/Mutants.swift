import TransitionCoordinator

/// The harness's view of the library's test-only mutants (``Mutation`` is `package` access).
public enum StressHarness {
    /// A mutant the CLI can name without seeing the library's package-only type.
    public struct MutantName: Sendable {
        /// The mutant's name.
        public let name: String
        /// The bug it plants.
        public let summary: String
    }

    /// Every mutant, by name.
    public static var mutationNames: [MutantName] {
        Mutation.allCases.map { MutantName(name: $0.rawValue, summary: summary(of: $0)) }
    }

    /// Hunts the mutant named `name` over 64 seeds; nil when it survived (or the name is unknown).
    public static func hunt(_ name: String, base: StressConfiguration) -> (seed: UInt64, violation: InvariantViolation)? {
        guard let mutation = Mutation(rawValue: name) else { return nil }
        return Swarm.hunt(mutation, base: huntConfiguration(base))
    }

    /// How one mutant fared over a swarm of seeds.
    public struct Catches: Sendable {
        /// The mutant.
        public let mutant: MutantName
        /// Seeds run.
        public let seeds: Int
        /// The seeds that caught it, each with its first violation, in seed order.
        public let catches: [(seed: UInt64, violation: InvariantViolation)]
        /// How long the seeds took on the wall clock.
        public let wall: Duration

        /// How many seeds caught it.
        public var caught: Int { catches.count }
        /// Whether more than half of the seeds caught it: a mutant that only a few lucky seeds
        /// catch shows a check or a workload that rarely reaches the bug.
        public var byMajority: Bool { caught * 2 > seeds }

        /// As `mutant noTimeout caught by 63/64 seeds (first: seed 1: invariant 7 …) in 1.2 s`.
        public var line: String {
            let first = catches.first.map { "seed \($0.seed): \($0.violation.description.split(separator: "\n").first ?? "")" }
            let tenths = Int(wall.components.seconds) * 10 + Int(wall.components.attoseconds / 100_000_000_000_000_000)
            let time = "\(tenths / 10).\(tenths % 10) s"
            let padded = mutant.name + String(repeating: " ", count: max(0, 26 - mutant.name.count))
            return "mutant \(padded) caught by \(caught)/\(seeds) seeds" + (first.map { " (first: \($0))" } ?? "")
                + " in \(time)" + (byMajority ? "" : " — FAILED: most seeds miss '\(mutant.summary)'")
        }
    }

    /// Runs the mutant named `name` on every seed 1...`seeds` (the hunt's configuration, each seed
    /// with its swarm fault plan) and counts the seeds that catch it; nil for an unknown name.
    public static func catches(_ name: String, base: StressConfiguration, seeds: Int = 64) -> Catches? {
        guard let mutation = Mutation(rawValue: name) else { return nil }
        let started = ContinuousClock.now
        let caught = Swarm.catches(mutation, base: huntConfiguration(base), seeds: (1...UInt64(max(1, seeds))).map { $0 })
        return Catches(mutant: MutantName(name: name, summary: summary(of: mutation)), seeds: max(1, seeds),
                       catches: caught, wall: started.duration(to: .now))
    }

    /// The configuration mutants are hunted with: at most 1,000 requests from 32 tasks, a lifecycle
    /// event per 25 requests.
    public static func huntConfiguration(_ base: StressConfiguration) -> StressConfiguration {
        var small = base
        small.requests = min(base.requests, 1_000)
        small.tasks = min(base.tasks, 32)
        small.lifecycleEvents = max(1, small.requests / 25)
        return small
    }

    /// `configuration` with the mutant named `name` switched on; nil for an unknown name.
    public static func configuration(_ configuration: StressConfiguration, withMutant name: String) -> StressConfiguration? {
        guard let mutation = Mutation(rawValue: name) else { return nil }
        var mutated = configuration
        mutated.mutations = [mutation]
        return mutated
    }

    static func summary(of mutation: Mutation) -> String {
        switch mutation {
        case .noBusyCheck: "no busy check"
        case .staleRead: "state read before an await and written after"
        case .noOneShotFinish: "no one-shot finish bookkeeping"
        case .noTimeout: "no animation timeout"
        case .lockAfterAcknowledgement: "lock applied after the background acknowledgement"
        case .unboundedQueue: "unbounded waiting queue"
        case .unlockWhileNotActive: "unlock accepted while the app is not active"
        case .unboundedHostCalls: "host calls awaited without a bound"
        case .unboundedDeferred: "deferred limit ignored at hand-over"
        case .coalesceQueuedLaneOnly: "coalescing ignores the deferred lane"
        case .preemptBeforeAdmission: "a preempt cuts the animation before it knows it will run"
        case .animatorAfterCut: "the animation ends before the animator is called"
        case .coverScreenIDsUnreserved: "app screens may use the covers' screen ids"
        case .lateBegan: "began sent after the slot changed hands"
        case .addressMarkers: "re-entrancy markers name coordinators by address"
        case .unprunedChain: "the re-entrancy chain keeps ended transitions"
        case .showCoverBeforeHiding: "a cover shown before what it hides is hidden"
        case .noCancelOnCut: "a cut never reaches the animator's task"
        case .staleBusyGate: "busy refusals name a transition that has ended"
        case .stackWithoutRoot: "a pop or setStack that leaves only the root removes it too"
        case .removeTwice: "a screen's remove callback called twice"
        case .cancelledGestureApplied: "a cancelled gesture applied as a pop"
        case .setStackStepByStep: "a setStack shown step by step: observers see the middle"
        case .childModalLeftBehind: "a child modal left behind when its parent is dismissed"
        case .routeStepByStep: "a route applied step by step: observers see the middle"
        case .linkDroppedFromInbox: "a link dropped from the inbox with no outcome"
        case .restoredDuplicateLink: "restored links sharing an id keep it, so one link ends twice"
        case .savedStateDropsParameters: "a saved state that restores other screens (parameters left out)"
        case .guardSkippedForLinks: "guards skipped for links"
        case .beganWithoutOrigin: "began names no source or link"
        case .parkedLinkNotResumed: "a link parked behind sign-in is never resumed"
        case .guardWithoutTimeout: "a stalled guard holds the slot past the timeout"
        case .staleWindow: "a transition that only closes windows leaves them in the state"
        case .cancelEndsAllWaiters: "a flow's cancellation ends every flow waiting on its screen"
        case .movedScreenIgnored: "a flow waits on when its screen is moved out of its hop container"
        case .staleStackApplied: "a waiting setStack brings back screens the user removed meanwhile"
        case .navigateKindsFlattened: "a link's present, dismiss, select or hop told to the animator as a push or a pop"
        }
    }
}
