import Testing
@testable import StressHarness
@testable import TransitionCoordinator

/// The harness proves it can fail: each planted bug is caught by most seeds, not by a lucky few.
///
/// `swift test` builds in debug, where a simulated run is several times slower than in release,
/// so this runs the first 32 seeds and asks for more than a third (at least 11 of 32). A debug
/// build can schedule a seed's run a little differently from a release one (a mutant caught by 17
/// of these seeds in release was caught by 16 in debug), so the majority gate is the release run:
/// `swift run -c release stress --mutants`, which CI runs, asks each mutant to be caught by more
/// than 32 of 64 seeds.
@Suite("Mutants")
struct MutantTests {
    static let seeds = 32

    @Test("each mutant is caught by more than a third of the first 32 seeds", arguments: Mutation.allCases)
    func caughtByMany(mutation: Mutation) throws {
        let catches = try #require(StressHarness.catches(mutation.rawValue, base: StressConfiguration(), seeds: Self.seeds))
        #expect(catches.seeds == Self.seeds)
        #expect(catches.caught * 3 > Self.seeds, "\(catches.line)")
        #expect(catches.byMajority == (catches.caught * 2 > Self.seeds))
        #expect(catches.line.contains("caught by \(catches.caught)/\(Self.seeds) seeds (first: seed "))
    }

    @Test("with no mutant the same seeds pass")
    func cleanPasses() {
        for seed in 1...UInt64(4) {
            var configuration = StressHarness.huntConfiguration(StressConfiguration(seed: seed))
            configuration.faults = FaultPlan.swarm(seed: seed)
            #expect(StressRunner.simulate(configuration).violations.isEmpty, "seed \(seed)")
        }
    }

    @Test("the hunt configuration is 1,000 requests from 32 tasks with a lifecycle event per 25 requests")
    func huntConfiguration() {
        let configuration = StressHarness.huntConfiguration(StressConfiguration())
        #expect(configuration.requests == 1_000 && configuration.tasks == 32 && configuration.lifecycleEvents == 40)
    }
}

/// Shrinking keeps a failure while cutting the operations down.
@Suite("Shrinker")
struct ShrinkerTests {
    @Test("a failing run shrinks to far fewer operations that still fail, and a passing one does not shrink")
    func shrinks() throws {
        var failing = StressConfiguration(requests: 300, tasks: 16, seed: 1)
        failing.mutations = [.noBusyCheck]
        let shrunk = try #require(Shrinker.shrink(failing, budget: 200))
        #expect(shrunk.before >= 300, "300 requests, and a push before each gesture")
        #expect(shrunk.after < 30)
        #expect(!shrunk.violations.isEmpty)
        #expect(!StressRunner.simulate(shrunk.configuration).violations.isEmpty)
        #expect(Shrinker.shrink(StressConfiguration(requests: 100, tasks: 4, seed: 1)) == nil)
    }
}
