import TransitionCoordinator

extension Swarm {
    /// The table of a multi-seed run: seeds, requests by kind and outcome, faults, checks,
    /// violations, peak queue depth, virtual time, scheduler steps, determinism, coverage; every
    /// line at most `width` characters (see ``ReportLayout``), rare outcomes listed when `verbose`.
    public static func summary(
        _ results: [SeedResult], gaps: [String], width: Int = 100,
        verbose: Bool = false
    ) -> String {
        let totals = Totals(results)
        let violations = results.reduce(0) { $0 + $1.violations.count }
        let deterministic = results.filter(\.deterministic).count
        var lines = ["", "swarm · \(results.count) seeds (each run twice) · \(totals.committed) transitions committed"]
        lines += ReportLayout.countTable(
            "requests", rows: TransitionKind.allCases.map(\.rawValue),
            counts: Dictionary(uniqueKeysWithValues: totals.answers.map { ($0.key.rawValue, $0.value) }),
            width: width, share: true, totalRow: "all", verbose: verbose)
        lines.append(
            "animated              "
                + StressSummary.animationShare(
                    animated: totals.animated, committed: totals.committed,
                    handed: totals.handed, notActive: totals.notActive))
        lines.append(
            "faults fired          "
                + FaultPlan.Kind.allCases.map { "\($0.rawValue) \(totals.faults[$0] ?? 0)" }
                .joined(separator: " · "))
        lines.append(
            "checks                per transition: 1 2 3 4 6 7 8 10 11 · per host call: covers shown over nothing they hide · "
                + "per animator: live windows, a chain of one · per event: no rejection before its began · per history: chain, "
                + "unique before-versions, real-time order, busy windows, reference model, FIFO lanes, coalescing, preemption, "
                + "queue and deferred bounds · at the end: 5 (windows and screens) after host catch-up, container actors, liveness, nothing pending"
        )
        lines.append("peak queue depth      \(totals.peak)")
        lines.append("virtual time          \(totals.virtual) · scheduler steps \(totals.steps)")
        lines.append("determinism           \(deterministic)/\(results.count) seeds replayed to the same digest")
        lines.append(
            "coverage              "
                + (gaps.isEmpty
                    ? "every fault kind fired, every transition kind committed, the animation timeout reached"
                    : gaps.joined(separator: " · ")))
        lines.append("violations            " + (violations == 0 ? "none" : "\(violations) — FAILED"))
        return ReportLayout.wrap(lines, width: width).joined(separator: "\n")
    }

    /// The report of a run of one seed: its ``StressReport/render(width:verbose:)``, the
    /// scheduler's line, and what the run never exercised, every line at most `width` characters.
    public static func report(
        _ result: SeedResult, gaps: [String], width: Int = 100,
        verbose: Bool = false
    ) -> String {
        var lines = [result.run.report.render(width: width, verbose: verbose)]
        lines.append(
            "simulation            \(result.run.steps) scheduler steps · \(result.run.stalls) queue stalls · virtual time "
                + "\(result.run.report.virtualTime) · digest \(result.run.digest) · "
                + (result.deterministic ? "replayed: same digest" : "replayed: DIFFERENT digest"))
        lines += gaps.map { "✗ \($0)" }
        return ReportLayout.wrap(lines, width: width).joined(separator: "\n")
    }

    /// A multi-seed run as JSON (a ``SwarmReportDocument``), for machines.
    public static func json(_ results: [SeedResult], gaps: [String]) -> String {
        StressReportDocument.encode(SwarmReportDocument(results, gaps: gaps))
    }

    /// A run of one seed as JSON (a ``StressReportDocument`` in mode `simulation`), for machines.
    public static func json(_ result: SeedResult, gaps: [String]) -> String {
        StressReportDocument.encode(document(result, gaps: gaps))
    }

    /// One seed's document: its report, its scheduler's side, and `gaps`.
    static func document(_ result: SeedResult, gaps: [String]) -> StressReportDocument {
        var document = StressReportDocument(
            result.run.report, mode: "simulation", gaps: gaps,
            simulation: .init(
                steps: result.run.steps, stalls: result.run.stalls,
                digest: result.run.digest.description,
                deterministic: result.deterministic))
        document.violations = result.violations.map(\.description)
        return document
    }

    /// The counts of many seeds, added up.
    struct Totals {
        var answers: [TransitionKind: [String: Int]] = [:]
        var faults: [FaultPlan.Kind: Int] = [:]
        var virtual = Duration.zero
        var steps = 0, peak = 0, committed = 0, animated = 0, handed = 0, notActive = 0

        init(_ results: [SeedResult]) {
            for result in results {
                guard let summary = result.run.report.checker else { continue }
                for (kind, outcomes) in summary.answers {
                    for (outcome, count) in outcomes { answers[kind, default: [:]][outcome, default: 0] += count }
                }
                for (kind, count) in summary.faultsFired { faults[kind, default: 0] += count }
                faults[.queueStall, default: 0] += result.run.stalls
                virtual += result.run.report.virtualTime
                steps += result.run.steps
                peak = max(peak, summary.peakQueueDepth)
                committed += summary.committed
                animated += summary.animated
                handed += summary.handedAnimator
                notActive += summary.skippedNotActive
            }
        }
    }
}

/// A multi-seed run as a value for machines: what `stress --seeds K --json` prints.
///
/// Its keys are its property names, printed sorted; a key is added, never renamed.
public struct SwarmReportDocument: Codable, Sendable, Equatable {
    /// Always `swarm`.
    public var mode = "swarm"
    /// Whether every seed passed, replayed to the same digest, and nothing went unexercised.
    public var passed: Bool
    /// Answers by request kind, then outcome, over every seed.
    public var answersByKind: [String: [String: Int]]
    /// Faults that fired, by kind, over every seed (queue stalls included).
    public var faultsFired: [String: Int]
    /// Transitions committed, over every seed.
    public var committed: Int
    /// Committed transitions whose animator was called.
    public var animated: Int
    /// Committed transitions that were handed an animator.
    public var handedAnimator: Int
    /// Committed transitions whose animator was skipped as the app was not active.
    public var skippedNotActive: Int
    /// `animated` over `committed`, to three decimals.
    public var animatedShare: Double
    /// `animated` over `handedAnimator`, to three decimals.
    public var animatedShareOfHanded: Double
    /// The most requests that waited at once, in any seed.
    public var peakQueueDepth: Int
    /// Virtual time, every seed's first run added up, in seconds.
    public var virtualSeconds: Double
    /// Scheduler steps, every seed's first run added up.
    public var steps: Int
    /// Seeds whose replay gave the same digest.
    public var deterministicSeeds: Int
    /// What the swarm never exercised.
    public var coverageGaps: [String]
    /// Each seed's own document, in seed order.
    public var seeds: [StressReportDocument]

    /// The document of `results`; `gaps` are what they never exercised.
    public init(_ results: [Swarm.SeedResult], gaps: [String]) {
        let totals = Swarm.Totals(results)
        seeds = results.map { Swarm.document($0, gaps: []) }
        passed = seeds.allSatisfy(\.passed) && gaps.isEmpty
        answersByKind = Dictionary(uniqueKeysWithValues: totals.answers.map { ($0.key.rawValue, $0.value) })
        faultsFired = Dictionary(uniqueKeysWithValues: totals.faults.map { ($0.key.rawValue, $0.value) })
        committed = totals.committed
        animated = totals.animated
        handedAnimator = totals.handed
        skippedNotActive = totals.notActive
        animatedShare = StressReportDocument.share(totals.animated, of: totals.committed)
        animatedShareOfHanded = StressReportDocument.share(totals.animated, of: totals.handed)
        peakQueueDepth = totals.peak
        virtualSeconds = StressReportDocument.seconds(totals.virtual)
        steps = totals.steps
        deterministicSeeds = results.filter(\.deterministic).count
        coverageGaps = gaps
    }
}
