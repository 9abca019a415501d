import TransitionCoordinator

/// The mutants' run as a value for machines: what `stress --mutants --json` prints.
///
/// Its keys are its property names, printed sorted; a key is added, never renamed.
public struct MutantReport: Codable, Sendable, Equatable {
    /// Whether every mutant was caught by most seeds.
    public var passed: Bool
    /// Seeds each mutant ran on.
    public var seeds: Int
    /// Each mutant, in the order run.
    public var mutants: [Mutant]

    /// How one mutant fared.
    public struct Mutant: Codable, Sendable, Equatable {
        /// Its name, as `--mutant` takes it.
        public var name: String
        /// The bug it plants.
        public var summary: String
        /// Seeds that caught it.
        public var caught: Int
        /// Whether more than half of the seeds caught it.
        public var byMajority: Bool
        /// The first seed that caught it, if any.
        public var firstSeed: UInt64?
        /// That seed's first violation.
        public var firstViolation: String?
        /// How long its seeds took on the wall clock, in seconds.
        public var wallSeconds: Double
    }

    /// The report of `catches`, each over `seeds` seeds.
    public init(_ catches: [StressHarness.Catches], seeds: Int) {
        self.seeds = seeds
        mutants = catches.map { catches in
            Mutant(
                name: catches.mutant.name, summary: catches.mutant.summary, caught: catches.caught,
                byMajority: catches.byMajority, firstSeed: catches.catches.first?.seed,
                firstViolation: catches.catches.first?.violation.description,
                wallSeconds: StressReportDocument.seconds(catches.wall))
        }
        passed = mutants.allSatisfy(\.byMajority)
    }

    /// The report as JSON.
    public var json: String { StressReportDocument.encode(self) }
}
