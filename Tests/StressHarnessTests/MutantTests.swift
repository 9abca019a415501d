import Testing
@testable import StressHarness
@testable import TransitionCoordinator

/// The harness proves it can fail: each planted bug is caught by most seeds, not by a lucky few.
///
/// The swarm over every mutant is CI's stress step (`swift run -c release stress --mutants`: each
/// mutant caught by more than 32 of 64 seeds, in release, where a simulated run is several times
/// faster than in this debug build). Here: every mutant can be named and switched on, a hunt and a
/// count of catches work on one planted bug, and the same seeds pass with none.
@Suite("Mutants")
struct MutantTests {
    @Test("every mutant has a name the command line takes, a summary, and switches its bug on")
    func everyMutantNamed() {
        #expect(StressHarness.mutationNames.map(\.name) == Mutation.allCases.map(\.rawValue))
        for mutation in Mutation.allCases {
            #expect(!StressHarness.summary(of: mutation).isEmpty, "\(mutation)")
            #expect(StressHarness.configuration(StressConfiguration(), withMutant: mutation.rawValue)?.mutations == [mutation])
        }
        #expect(StressHarness.configuration(StressConfiguration(), withMutant: "noSuchMutant") == nil)
    }

    #if TC_MUTANTS
    @Test("a planted bug is caught and counted, with the seed and violation that caught it first")
    func huntAndCount() throws {
        let catches = try #require(StressHarness.catches(Mutation.noBusyCheck.rawValue, base: StressConfiguration(), seeds: 4))
        #expect(catches.seeds == 4)
        #expect(catches.caught > 2, "\(catches.line)")
        #expect(catches.byMajority == (catches.caught * 2 > 4))
        #expect(catches.line.contains("caught by \(catches.caught)/4 seeds (first: seed "))
        #expect(StressHarness.hunt(Mutation.noBusyCheck.rawValue, base: StressConfiguration()) != nil)
    }
    #endif

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
    #if TC_MUTANTS
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
    #endif
}
