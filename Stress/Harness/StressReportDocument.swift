import TransitionCoordinator

#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

/// One stress run as a value for machines: what `stress --json` prints for a single run.
///
/// Its keys are its property names, printed sorted; a key is added, never renamed. Counts keyed
/// by name (`answersByKind`, `byPolicy`…) list only what happened.
public struct StressReportDocument: Codable, Sendable, Equatable {
    /// `simulation` (one seed in virtual time, deterministic) or `threads` (the real thread pool).
    public var mode: String
    /// Whether every check held (and, for a run of its own, the workload gave the commit paths their turns).
    public var passed: Bool
    /// The seed.
    public var seed: UInt64
    /// Requests asked for by the workers.
    public var requests: Int
    /// Worker tasks.
    public var tasks: Int
    /// Lifecycle events fired.
    public var lifecycleEvents: Int
    /// The animation timeout, in milliseconds.
    public var timeoutMilliseconds: Int
    /// The fault plan's rates, by fault kind (0 when off).
    public var faultRates: [String: Int]
    /// Answers, all kinds together.
    public var answers: Int
    /// Answers by request kind, then outcome (`committed` or the error's code).
    public var answersByKind: [String: [String: Int]]
    /// Worker answers by admission policy, then outcome.
    public var byPolicy: [String: [String: Int]]
    /// Lifecycle events by state, then outcome.
    public var lifecycle: [String: [String: Int]]
    /// Rejections by code.
    public var rejections: [String: Int]
    /// Animators handed out, by kind.
    public var animatorsHandedOut: [String: Int]
    /// Animation outcomes, by name.
    public var animationOutcomes: [String: Int]
    /// Extra finish calls noted.
    public var extraFinishCalls: Int
    /// Re-entrant probes made.
    public var reentrantProbes: Int
    /// Transitions committed.
    public var committed: Int
    /// Committed transitions whose animator was called.
    public var animated: Int
    /// Committed transitions that were handed an animator.
    public var handedAnimator: Int
    /// Committed transitions whose animator was skipped as the app was not active.
    public var skippedNotActive: Int
    /// `animated` over `committed`, to three decimals (0 when nothing committed).
    public var animatedShare: Double
    /// `animated` over `handedAnimator`, to three decimals.
    public var animatedShareOfHanded: Double
    /// Faults that fired, by kind.
    public var faultsFired: [String: Int]
    /// The most requests that waited at once.
    public var peakQueueDepth: Int
    /// User changes: `reported`, and gestures by how they were drawn to end.
    public var userChanges: [String: Int]
    /// Gestures that began and ended unapplied.
    public var unappliedGestures: Int
    /// How hop flows' waits ended.
    public var flowOutcomes: [String: Int]
    /// How links ended.
    public var linkOutcomes: [String: Int]
    /// Wall-clock time, in milliseconds.
    public var wallMilliseconds: Int
    /// The run's own clock (virtual time in a simulation), in seconds.
    public var virtualSeconds: Double
    /// Every violation, as the text report prints it (a run that could not start gives one).
    public var violations: [String]
    /// What the run never exercised, and a workload shortfall.
    public var coverageGaps: [String]
    /// The scheduler's side of a simulated run; absent on threads.
    public var simulation: Simulation?

    /// What the deterministic scheduler did.
    public struct Simulation: Codable, Sendable, Equatable {
        /// Jobs the scheduler ran.
        public var steps: Int
        /// Queue stalls it injected.
        public var stalls: Int
        /// The digest of everything the checker saw, in order.
        public var digest: String
        /// Whether a replay gave the same digest and step count.
        public var deterministic: Bool
    }

    /// `report` as a document; `gaps` are what the run never exercised.
    public init(_ report: StressReport, mode: String, gaps: [String] = [], simulation: Simulation? = nil) {
        let configuration = report.configuration
        let summary = report.checker
        func names<Key: RawRepresentable<String>>(_ counts: [Key: Int]) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) })
        }
        func nested<Key: RawRepresentable<String>>(_ counts: [Key: [String: Int]]) -> [String: [String: Int]] {
            Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) })
        }
        self.mode = mode
        passed = report.passed && gaps.isEmpty && (simulation?.deterministic ?? true)
        seed = configuration.seed
        requests = configuration.requests
        tasks = configuration.tasks
        lifecycleEvents = configuration.lifecycleEvents
        timeoutMilliseconds = Int(Self.seconds(configuration.animationTimeout) * 1_000)
        faultRates = Dictionary(
            uniqueKeysWithValues: FaultPlan.Kind.allCases.map { ($0.rawValue, configuration.faults.rate($0)) })
        answers = summary.map { $0.answers.values.flatMap(\.values).reduce(0, +) } ?? 0
        answersByKind = nested(summary?.answers ?? [:])
        byPolicy = summary?.byPolicy ?? [:]
        lifecycle = nested(summary?.lifecycle ?? [:])
        rejections = summary?.rejections ?? [:]
        animatorsHandedOut = names(summary?.animatorKinds ?? [:])
        animationOutcomes = summary?.animations ?? [:]
        extraFinishCalls = summary?.extraFinishCalls ?? 0
        reentrantProbes = summary?.reentrantProbes ?? 0
        committed = summary?.committed ?? 0
        animated = summary?.animated ?? 0
        handedAnimator = summary?.handedAnimator ?? 0
        skippedNotActive = summary?.skippedNotActive ?? 0
        animatedShare = Self.share(animated, of: committed)
        animatedShareOfHanded = Self.share(animated, of: handedAnimator)
        faultsFired = names(summary?.faultsFired ?? [:])
        peakQueueDepth = summary?.peakQueueDepth ?? 0
        userChanges = summary?.userChanges ?? [:]
        unappliedGestures = summary?.unappliedGestures ?? 0
        flowOutcomes = summary?.flowOutcomes ?? [:]
        linkOutcomes = summary?.linkOutcomes ?? [:]
        wallMilliseconds = Int(Self.seconds(report.wall) * 1_000)
        virtualSeconds = Self.seconds(report.virtualTime)
        violations = report.violations.map(\.description)
        coverageGaps = gaps
        self.simulation = simulation
    }

    /// `part` over `whole` to three decimals; 0 when `whole` is 0.
    static func share(_ part: Int, of whole: Int) -> Double {
        guard whole > 0 else { return 0 }
        let thousandths: Int = (part * 1_000 + whole / 2) / whole
        return Double(thousandths) / 1_000
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `value` as JSON: keys sorted, indented, slashes left alone. Nothing the documents hold can
    /// fail to encode; a failure would be a defect, reported in the text.
    package static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            return "{\"error\": \"the report could not be encoded\"}"
        }
    }
}

extension StressReport {
    /// The run as JSON (a ``StressReportDocument``, `mode` `threads` unless told).
    public func json(mode: String = "threads", gaps: [String] = []) -> String {
        StressReportDocument.encode(StressReportDocument(self, mode: mode, gaps: gaps))
    }
}
