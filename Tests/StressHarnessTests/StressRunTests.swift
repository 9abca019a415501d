import StressHarness
import Testing
import TransitionCoordinator

/// A small real stress run, end to end: every check runs and none fires.
@Suite("Stress run")
struct StressRunTests {
    @Test("a small run on real threads, with the lifecycle task and every policy, finds no violation and answers every request")
    func smallRunPasses() async {
        var configuration = StressConfiguration(requests: 400, tasks: 8, seed: 7, lifecycleEvents: 20)
        configuration.faults.rates[.lifecycleBurst] = 0
        configuration.faults.rates[.lockedSpell] = 0
        let report = await StressRunner.run(configuration)
        #expect(report.violations.isEmpty, "\(report.render())")
        let summary = report.checker
        #expect(summary?.committed ?? 0 > 0)
        let workerAnswers = summary?.byPolicy.filter {
            ![
                "cancelled by caller", "lifecycle unlock", "lock storm", "hop flow", "sheet flow", "links", "before a swipe",
                "owner stack", "model",
            ].contains($0.key)
        }
        .values.flatMap(\.values).reduce(0, +)
        // A gesture adds a push before it; one that ends unapplied is answered by its end, not a record or refusal.
        let gestures = (summary?.userChanges["commit"] ?? 0) + (summary?.userChanges["cancel"] ?? 0)
        #expect(gestures > 0)
        let answered: Int = (workerAnswers ?? 0) + (summary?.unappliedGestures ?? 0)
        #expect(answered == 400 + gestures, "every worker request answered exactly once")
        #expect(
            summary?.lifecycle.values.flatMap(\.values).reduce(0, +) == 24,
            "20 lifecycle events, the return to active, the quiet tail's background and active, and the host catch-up's active")
        #expect(report.render().contains("violations            none"))
    }

    @Test("the seeded generator draws the same numbers for the same seed, within bounds")
    func seededDraws() {
        var a = SplitMix64(seed: 42), b = SplitMix64(seed: 42), c = SplitMix64(seed: 43)
        let drawsA = (0..<100).map { _ in a.below(7) }
        #expect(drawsA == (0..<100).map { _ in b.below(7) })
        #expect(drawsA != (0..<100).map { _ in c.below(7) })
        #expect(drawsA.allSatisfy { (0..<7).contains($0) })
    }
}
