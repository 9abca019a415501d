import TransitionCoordinator

extension Swarm {
    /// The table of a multi-seed run: seeds, requests by kind and outcome, faults, checks,
    /// violations, peak queue depth, virtual time, scheduler steps, determinism, coverage.
    public static func summary(_ results: [SeedResult], gaps: [String]) -> String {
        var answers: [TransitionKind: [String: Int]] = [:]
        var faults: [FaultPlan.Kind: Int] = [:]
        var virtual = Duration.zero
        var steps = 0, peak = 0, committed = 0, animated = 0, handed = 0, notActive = 0
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
        let violations = results.reduce(0) { $0 + $1.violations.count }
        let deterministic = results.filter(\.deterministic).count
        var lines = ["", "swarm · \(results.count) seeds (each run twice) · \(committed) transitions committed"]
        let kinds = TransitionKind.allCases.filter { answers[$0] != nil }
        let seen: Set<String> = Set(answers.values.flatMap(\.keys))
        let outcomes = (seen.contains("committed") ? ["committed"] : []) + seen.subtracting(["committed"]).sorted()
        var table: [[String]] = [["requests"] + kinds.map(\.rawValue)]
        for outcome in outcomes { table.append(["  " + outcome] + kinds.map { String(answers[$0]?[outcome] ?? 0) }) }
        lines += StressReport.align(table)
        lines.append("animated              " + StressSummary.animationShare(animated: animated, committed: committed,
                                                                             handed: handed, notActive: notActive))
        lines.append("faults fired          " + FaultPlan.Kind.allCases.map { "\($0.rawValue) \(faults[$0] ?? 0)" }.joined(separator: " · "))
        lines.append("checks                per transition: 1 2 3 4 6 7 8 10 11 · per host call: covers shown over nothing they hide · "
                     + "per animator: live windows, a chain of one · per event: no rejection before its began · per history: chain, "
                     + "unique before-versions, real-time order, busy windows, reference model, FIFO lanes, coalescing, preemption, "
                     + "queue and deferred bounds · at the end: 5 (windows and screens) after host catch-up, container actors, liveness, nothing pending")
        lines.append("peak queue depth      \(peak)")
        lines.append("virtual time          \(virtual) · scheduler steps \(steps)")
        lines.append("determinism           \(deterministic)/\(results.count) seeds replayed to the same digest")
        lines.append("coverage              " + (gaps.isEmpty ? "every fault kind fired, every transition kind committed, the animation timeout reached" : gaps.joined(separator: "; ")))
        lines.append("violations            " + (violations == 0 ? "none" : "\(violations) — FAILED"))
        return lines.joined(separator: "\n")
    }

    /// The same as JSON, one object per seed plus totals, for machines.
    public static func json(_ results: [SeedResult], gaps: [String]) -> String {
        func quote(_ text: String) -> String {
            var escaped = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                case "\n": escaped += "\\n"
                default: escaped += scalar.value < 0x20 ? "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16) : String(scalar)
                }
            }
            return "\"" + escaped + "\""
        }
        let seeds = results.map { result -> String in
            let summary = result.run.report.checker
            let answers = summary.map { $0.answers.values.flatMap(\.values).reduce(0, +) } ?? 0
            let faults = FaultPlan.Kind.allCases.map { "\(quote($0.rawValue)):\(result.faults.rate($0))" }.joined(separator: ",")
            let violations = result.violations.map { quote($0.description) }.joined(separator: ",")
            return "{\"seed\":\(result.seed),\"answers\":\(answers),\"committed\":\(summary?.committed ?? 0),"
                + (summary.map { animationFields($0) + "," } ?? "")
                + "\"steps\":\(result.run.steps),\"virtualSeconds\":\(Double(result.run.report.virtualTime.components.seconds) + Double(result.run.report.virtualTime.components.attoseconds) / 1e18),"
                + "\"digest\":\(quote(result.run.digest.description)),\"deterministic\":\(result.deterministic),"
                + "\"peakQueueDepth\":\(summary?.peakQueueDepth ?? 0),\"faultRates\":{\(faults)},\"violations\":[\(violations)]}"
        }
        let passed = results.allSatisfy { $0.violations.isEmpty } && gaps.isEmpty
        let summaries = results.compactMap(\.run.report.checker)
        func total(_ count: KeyPath<StressSummary, Int>) -> Int { summaries.reduce(0) { $0 + $1[keyPath: count] } }
        let totals = animationFields(animated: total(\.animated), committed: total(\.committed),
                                     handed: total(\.handedAnimator), notActive: total(\.skippedNotActive))
        return "{\"passed\":\(passed),\"committed\":\(total(\.committed)),\(totals),\"seeds\":[\(seeds.joined(separator: ","))],\"coverageGaps\":[\(gaps.map(quote).joined(separator: ","))]}"
    }
}

extension StressReport {
    /// The single-run report as JSON.
    public func json() -> String {
        let committed = checker?.committed ?? 0
        let answers = checker.map { $0.answers.values.flatMap(\.values).reduce(0, +) } ?? 0
        return "{\"passed\":\(passed),\"mode\":\"threads\",\"seed\":\(configuration.seed),\"answers\":\(answers),"
            + "\"committed\":\(committed)," + (checker.map { Swarm.animationFields($0) + "," } ?? "")
            + "\"violations\":\(violations.count),\"peakQueueDepth\":\(checker?.peakQueueDepth ?? 0)}"
    }
}

extension Swarm {
    /// The animation counts of `summary` as JSON fields: animated, handed an animator, skipped as
    /// the app was not active, and the animated shares of the committed and of the handed (0 to 1).
    static func animationFields(_ summary: StressSummary) -> String {
        animationFields(animated: summary.animated, committed: summary.committed, handed: summary.handedAnimator,
                        notActive: summary.skippedNotActive)
    }

    static func animationFields(animated: Int, committed: Int, handed: Int, notActive: Int) -> String {
        func share(_ part: Int, _ whole: Int) -> String {
            guard whole > 0 else { return "0" }
            let permille = (part * 1_000 + whole / 2) / whole
            return permille == 1_000 ? "1" : "0." + String(repeating: "0", count: 3 - String(permille).count) + String(permille)
        }
        return "\"animated\":\(animated),\"handedAnimator\":\(handed),\"skippedNotActive\":\(notActive),"
            + "\"animatedShare\":\(share(animated, committed)),\"animatedShareOfHanded\":\(share(animated, handed))"
    }
}
