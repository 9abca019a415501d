import TransitionCoordinator

/// The counts a finished ``StressChecker`` hands to the report.
public struct StressSummary: Sendable {
    /// Answers by request kind and outcome.
    package var answers: [TransitionKind: [String: Int]]
    /// Rejections by code.
    public var rejections: [String: Int]
    /// Animation outcomes by name.
    public var animations: [String: Int]
    /// Animators handed out by kind.
    public var animatorKinds: [AnimatorKind: Int]
    /// Extra finish calls noted.
    public var extraFinishCalls: Int
    /// Re-entrant probes made.
    public var reentrantProbes: Int
    /// Transitions committed.
    public var committed: Int
    /// Worker answers by policy and outcome.
    public var byPolicy: [String: [String: Int]]
    /// Lifecycle events by state and outcome.
    public var lifecycle: [ApplicationState: [String: Int]]
    /// Every violation found.
    package var violations: [InvariantViolation]
    /// Faults that fired, by kind.
    public var faultsFired: [FaultPlan.Kind: Int]
    /// The most requests that waited at once.
    public var peakQueueDepth: Int
    /// Committed transitions whose animator was called (their record's `animation.animatorWasCalled`).
    public var animated: Int = 0
    /// Committed transitions that were handed an animator (their record's `hadAnimator`).
    public var handedAnimator: Int = 0
    /// Committed transitions whose animator was skipped because the app was not active.
    public var skippedNotActive: Int = 0
    /// User changes asked: `reported`, and gestures by how they were drawn to end (`commit`, `cancel`).
    public var userChanges: [String: Int] = [:]
    /// Gestures that began and ended unapplied (cancelled, or cut short by a lifecycle event).
    public var unappliedGestures: Int = 0
    /// How hop flows' waits ended: `unhopped`, or the error's code.
    public var flowOutcomes: [String: Int] = [:]
    /// How links ended: `navigated`, `already there`, or the error's code.
    public var linkOutcomes: [String: Int] = [:]

    /// The animation line of the report: how many committed transitions animated, of all and of
    /// those handed an animator, and how many skipped theirs because the app was not active.
    public var animationShare: String {
        Self.animationShare(animated: animated, committed: committed, handed: handedAnimator, notActive: skippedNotActive)
    }

    /// As `292 of 3921 committed (7.4%) · of 2610 handed an animator (11.2%) · 2156 skipped as the app was not active`.
    public static func animationShare(animated: Int, committed: Int, handed: Int, notActive: Int) -> String {
        "\(animated) of \(committed) committed (\(percent(animated, of: committed))) · of \(handed) handed an animator "
            + "(\(percent(animated, of: handed))) · \(notActive) skipped as the app was not active"
    }

    /// `part` of `whole` as a percentage with one decimal, as `7.4%` (`-` when `whole` is 0).
    public static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "-" }
        let tenths = (part * 1_000 + whole / 2) / whole
        return "\(tenths / 10).\(tenths % 10)%"
    }
}

extension StressChecker {
    /// The counts so far.
    public func summary() -> StressSummary {
        StressSummary(
            answers: answers, rejections: rejections, animations: animations, animatorKinds: animatorKinds,
            extraFinishCalls: extraFinishCalls, reentrantProbes: reentrantProbes,
            committed: committed.count, byPolicy: byPolicy, lifecycle: lifecycle, violations: violations,
            faultsFired: faultsFired, peakQueueDepth: peakQueueDepth,
            animated: committed.filter(\.animation.animatorWasCalled).count,
            handedAnimator: committed.filter(\.hadAnimator).count,
            skippedNotActive: committed.filter { $0.animation == .skipped(.applicationNotActive) }.count,
            userChanges: userChanges, unappliedGestures: unappliedGestures.count, flowOutcomes: flowOutcomes,
            linkOutcomes: linkOutcomes)
    }
}

/// The result of one stress run, printable at a glance.
public struct StressReport: Sendable {
    /// What was run.
    public let configuration: StressConfiguration
    /// What the checker counted; nil when the run could not start.
    public let checker: StressSummary?
    /// Why the run could not start.
    public let setupError: String?
    /// How long it took on the wall clock.
    public let wall: Duration
    /// How long it took on the run's own clock (virtual time in a simulated run).
    public let virtualTime: Duration

    init(
        configuration: StressConfiguration, checker: StressSummary?, setupError: String? = nil, wall: Duration = .zero,
        virtualTime: Duration = .zero
    ) {
        self.configuration = configuration
        self.checker = checker
        self.setupError = setupError
        self.wall = wall
        self.virtualTime = virtualTime
    }

    /// Every violation found (a setup error counts as one).
    package var violations: [InvariantViolation] {
        if let setupError { return [InvariantViolation(.answered, setupError)] }
        return checker?.violations ?? []
    }

    /// Whether the run found no violation.
    public var passed: Bool { violations.isEmpty }

    /// The least percentage of content requests a run with the standard faults must commit: a
    /// workload whose content requests are mostly refused gives the commit paths (the planner,
    /// the callbacks, the host's content calls) few turns and the refusal paths the rest.
    public static let minimumContentCommitShare = 40

    /// Why the run's workload gave the commit paths too few turns, or nil: in a run of at least
    /// 2,000 requests under the standard faults, fewer than ``minimumContentCommitShare`` percent
    /// of its content requests committed (a smaller run's share moves too much from seed to seed).
    public var workloadShortfall: String? {
        guard configuration.faults == .standard, configuration.requests >= 2_000,
            let answers = checker?.answers[.content]
        else { return nil }
        let asked = answers.values.reduce(0, +), committed = answers["committed", default: 0]
        guard asked > 0, committed * 100 < Self.minimumContentCommitShare * asked else { return nil }
        return "only \(StressSummary.percent(committed, of: asked)) of content requests committed, under the "
            + "\(Self.minimumContentCommitShare)% a run needs to give the commit paths their turns"
    }

    /// The policies the by-policy table lists, in its order.
    static let policyRows = [
        "reject", "enqueue", "coalesce", "preempt", "cancelled by caller", "lifecycle unlock", "lock storm", "model",
    ]

    /// The report as text, every line at most `width` characters (see ``ReportLayout``): requests
    /// by kind and outcome, by policy, lifecycle events, animations, faults, violations,
    /// throughput, seed. Rare outcomes are summed under "other"; `verbose` lists each of them.
    public func render(width: Int = 100, verbose: Bool = false) -> String {
        guard let summary = checker else {
            return ReportLayout.wrap("stress run could not start: \(setupError ?? "unknown")", width: width).joined(
                separator: "\n")
        }
        let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        let answered = summary.answers.values.flatMap(\.values).reduce(0, +)
        var lines: [String] = []
        lines.append(
            "TransitionCoordinator stress · seed \(configuration.seed) · \(configuration.requests) requests · "
                + "\(configuration.tasks) tasks · \(configuration.lifecycleEvents) lifecycle events · timeout \(configuration.animationTimeout)"
        )
        lines.append("")
        // The share that commits, per kind: a workload whose requests are mostly refused gives the
        // commit paths few turns.
        lines += ReportLayout.countTable(
            "requests", rows: TransitionKind.allCases.map(\.rawValue),
            counts: Dictionary(uniqueKeysWithValues: summary.answers.map { ($0.key.rawValue, $0.value) }),
            width: width, share: true, totalRow: "all", verbose: verbose)
        lines.append("")
        lines += ReportLayout.countTable(
            "by policy", rows: Self.policyRows, counts: summary.byPolicy, width: width, verbose: verbose)
        lines.append("")
        lines += ReportLayout.countTable(
            "lifecycle events", rows: ApplicationState.allCases.map(\.rawValue),
            counts: Dictionary(uniqueKeysWithValues: summary.lifecycle.map { ($0.key.rawValue, $0.value) }),
            width: width, verbose: verbose)
        lines.append("")
        lines.append(
            "animators handed out  "
                + AnimatorKind.allCases.map { "\($0.rawValue) \(summary.animatorKinds[$0] ?? 0)" }
                .joined(separator: " · "))
        lines.append(
            "animation outcomes    " + ReportLayout.counts(summary.animations, verbose: verbose)
                + " · extra finish calls \(summary.extraFinishCalls)")
        lines.append("animated              " + summary.animationShare)
        lines.append(
            "re-entrant probes     \(summary.reentrantProbes), each refused as re-entrant unless a violation says otherwise")
        lines.append(
            "faults fired          "
                + FaultPlan.Kind.allCases.map { "\($0.rawValue) \(summary.faultsFired[$0] ?? 0)" }
                .joined(separator: " · "))
        lines.append("peak queue depth      \(summary.peakQueueDepth)")
        lines.append(
            "user changes          reported \(summary.userChanges["reported"] ?? 0) · gestures to commit "
                + "\(summary.userChanges["commit"] ?? 0) · to cancel \(summary.userChanges["cancel"] ?? 0) · "
                + "ended unapplied \(summary.unappliedGestures)")
        if !summary.flowOutcomes.isEmpty {
            lines.append("hop flows             " + ReportLayout.counts(summary.flowOutcomes, verbose: verbose))
        }
        if !summary.linkOutcomes.isEmpty {
            lines.append("links                 " + ReportLayout.counts(summary.linkOutcomes, verbose: verbose))
        }
        lines.append("")
        let perSecond = Int(Double(answered) / max(seconds, 1e-9))
        let transitionsPerSecond = Int(Double(summary.committed) / max(seconds, 1e-9))
        lines.append(
            "throughput            \(perSecond) answers/s · \(transitionsPerSecond) transitions/s · "
                + "\(summary.committed) committed · wall \(Int(seconds * 1_000)) ms")
        lines.append(
            "checks                invariants 1 serial · 2 chain · 3 levels · 4 key · 5 host balance · "
                + "6 atomic · 7 answered (FIFO lanes, coalescing, preemption, bounds) · 8 containers · 9 callbacks (balanced, remove once) · 10 shield and lock (at every host call) · "
                + "11 skip rules · live windows and a chain of one at every animator · events in order")
        if summary.violations.isEmpty {
            lines.append("violations            none")
        } else {
            // The command line that ran it prints how to reproduce it (it knows the binary, the mutant and the mode).
            lines.append("violations            \(summary.violations.count) — FAILED")
            let shown = verbose ? summary.violations.count : 20
            for violation in summary.violations.prefix(shown) {
                lines += "\(violation)".split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                    .map { $0 == 0 ? "  ✗ \($1)" : "    \($1)" }
            }
            if summary.violations.count > shown {
                lines.append("  … and \(summary.violations.count - shown) more (--verbose lists them)")
            }
        }
        return ReportLayout.wrap(lines, width: width).joined(separator: "\n")
    }
}
