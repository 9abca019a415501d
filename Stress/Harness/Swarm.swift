import TransitionCoordinator

/// Many seeds in simulation, each with its own swarm fault plan, each run twice to check determinism.
public enum Swarm {
    /// One seed's result.
    public struct SeedResult: Sendable {
        /// The seed.
        public let seed: UInt64
        /// Its fault plan.
        public let faults: FaultPlan
        /// The first run.
        public let run: SimulatedRun
        /// Whether the replay gave the same digest and step count.
        public let deterministic: Bool

        /// Violations, determinism included.
        package var violations: [InvariantViolation] {
            run.violations + (deterministic ? [] : [InvariantViolation(.serial, "seed \(seed) replayed to a different digest")])
        }

        /// One line: seed, faults, counts, digest.
        public var line: String {
            let answers = run.report.checker.map { $0.answers.values.flatMap(\.values).reduce(0, +) } ?? 0
            let committed = run.report.checker?.committed ?? 0
            return "seed \(seed): \(answers) answers · \(committed) committed · \(run.steps) steps · "
                + "virtual \(run.report.virtualTime) · digest \(run.digest)\(deterministic ? " (replayed)" : " (REPLAY DIFFERS)") · "
                + "\(violations.count) violations\n    faults: \(faults)"
        }
    }

    /// Runs `seeds`, each with `base` as the template and its own swarm fault plan (or the
    /// template's plan when `swarm` is false); stops early at the first failing seed when `stopAtFirstFailure`.
    /// Seeds run side by side, one per core (``SeedLanes``), a batch at a time; `progress` hears of
    /// each in seed order, on the calling thread.
    public static func run(
        _ base: StressConfiguration, seeds: [UInt64], swarm: Bool = true,
        stopAtFirstFailure: Bool = false, progress: (SeedResult) -> Void = { _ in }
    ) -> [SeedResult] {
        var results: [SeedResult] = []
        // A batch of seeds at a time, one per core, each with its replay; reported in seed order.
        var batches = seeds[...]
        while !batches.isEmpty {
            let batch = Array(batches.prefix(SeedLanes.width))
            batches = batches.dropFirst(batch.count)
            for result in SeedLanes.map(batch, { seedResult(base, seed: $0, swarm: swarm) }) {
                results.append(result)
                progress(result)
                if stopAtFirstFailure, !result.violations.isEmpty { return results }
            }
        }
        return results
    }

    /// One seed run, then replayed to check that it gives the same digest.
    private static func seedResult(_ base: StressConfiguration, seed: UInt64, swarm: Bool) -> SeedResult {
        let configuration = seeded(base, seed: seed, swarm: swarm)
        let first = StressRunner.simulate(configuration)
        let replay = StressRunner.simulate(configuration)
        return SeedResult(
            seed: seed, faults: configuration.faults, run: first,
            deterministic: first.digest == replay.digest && first.steps == replay.steps)
    }

    /// `base` for `seed`: its own swarm fault plan and host timeout, or the template's when `swarm` is false.
    private static func seeded(_ base: StressConfiguration, seed: UInt64, swarm: Bool = true) -> StressConfiguration {
        var configuration = base
        configuration.seed = seed
        if swarm {
            configuration.faults = FaultPlan.swarm(seed: seed)
            configuration.hostTimeout = hostTimeout(seed: seed)
        }
        return configuration
    }

    /// What a swarm never exercised: fault kinds that never fired, request kinds never committed,
    /// and the animation timeout never reached, over all `results`. A harness that silently
    /// stopped exercising something is a defect.
    public static func coverageGaps(_ results: [SeedResult]) -> [String] {
        var fired: [FaultPlan.Kind: Int] = [:]
        var committedKinds = Set<TransitionKind>()
        for result in results {
            guard let summary = result.run.report.checker else { continue }
            for (kind, count) in summary.faultsFired { fired[kind, default: 0] += count }
            fired[.queueStall, default: 0] += result.run.stalls
            for (kind, outcomes) in summary.answers where outcomes["committed", default: 0] > 0 { committedKinds.insert(kind) }
        }
        // A kind some seed switched on must fire; over 16 seeds or more, every kind must have been on somewhere.
        let enabled = Set(results.flatMap { result in FaultPlan.Kind.allCases.filter { result.faults.rate($0) > 0 } })
        let faults = FaultPlan.Kind.allCases.filter { kind in
            fired[kind, default: 0] == 0 && (enabled.contains(kind) || results.count >= 16)
        }.map { "fault \($0.rawValue) never fired" }
        let kinds = TransitionKind.allCases.filter { !committedKinds.contains($0) }.map {
            "no \($0.rawValue) transition ever committed"
        }
        // The timeout must be reached where an animator that never finishes in time was on (the
        // lifecycle task's quiet tail makes sure of it); while the workers fire, a preemption
        // nearly always cuts such an animation short first, so nothing else would notice.
        let timedOut = results.reduce(0) { $0 + ($1.run.report.checker?.animations["timed out"] ?? 0) }
        let slowOn = results.contains {
            $0.faults.rate(.neverFinishingAnimator) > 0 || $0.faults.rate(.lateFinishingAnimator) > 0
        }
        return faults + kinds + (timedOut == 0 && slowOn ? ["the animation timeout was never reached"] : [])
    }

    /// Runs `planted` (a configuration with a mutant switched on) over seeds 1...`limit`, until a
    /// seed catches it; returns the catching seed and its first violation, or nil when the mutant survived.
    package static func hunt(_ planted: StressConfiguration, limit: Int = 64) -> (seed: UInt64, violation: InvariantViolation)? {
        for seed in 1...UInt64(limit) {
            if let first = StressRunner.simulate(seeded(planted, seed: seed)).violations.first { return (seed, first) }
        }
        return nil
    }

    /// Runs `planted` (a configuration with a mutant switched on) over every one of `seeds` (each
    /// with its own swarm fault plan, run once: a caught mutant needs no replay); returns the seeds
    /// that caught it, each with its first violation, in seed order. The seeds run side by side,
    /// one per core (``SeedLanes``).
    package static func catches(
        _ planted: StressConfiguration, seeds: [UInt64]
    ) -> [(seed: UInt64, violation: InvariantViolation)] {
        let firsts = SeedLanes.map(seeds) { StressRunner.simulate(seeded(planted, seed: $0)).violations.first }
        return zip(seeds, firsts).compactMap { seed, first in first.map { (seed, $0) } }
    }

    /// ``catches(_:seeds:)`` with each seed run on real threads (once, its catch timing-dependent):
    /// for a mutant the simulation cannot reach. As many seeds run at once as there are cores; the
    /// catches come back in seed order.
    package static func catchesOnThreads(
        _ planted: StressConfiguration, seeds: [UInt64]
    ) async -> [(seed: UInt64, violation: InvariantViolation)] {
        // Side by side, one seed per core: such a run waits on real time more than it computes.
        var firsts: [UInt64: InvariantViolation] = [:]
        await withTaskGroup(of: (UInt64, InvariantViolation?).self) { group in
            var next = seeds.makeIterator()
            func start() -> Bool {
                guard let seed = next.next() else { return false }
                group.addTask { (seed, await StressRunner.run(seeded(planted, seed: seed)).violations.first) }
                return true
            }
            for _ in 0..<SeedLanes.width where !start() { break }
            while let (seed, first) = await group.next() {
                firsts[seed] = first
                _ = start()
            }
        }
        return seeds.compactMap { seed in firsts[seed].map { (seed, $0) } }
    }

    /// A seed's host timeout: in three seeds of four longer than the animation timeout (20 ms
    /// against 10), so an animation's alarm is often armed while the watchdog sleeps towards a
    /// later host deadline; in the fourth shorter (5 ms), as on iOS (2 s against 5).
    static func hostTimeout(seed: UInt64) -> Duration {
        var rng = SplitMix64(seed: seed).split(0x7133)
        return rng.below(4) == 0 ? .milliseconds(5) : .milliseconds(20)
    }
}
