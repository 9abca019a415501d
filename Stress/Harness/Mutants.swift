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
        var small = base
        small.requests = min(base.requests, 600)
        small.tasks = min(base.tasks, 32)
        small.lifecycleEvents = max(1, small.requests / 25)
        return Swarm.hunt(mutation, base: small)
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
        }
    }
}
