import Testing
@testable import StressHarness
@testable import TransitionCoordinator

/// The harness proves it can fail: each planted bug is caught within 64 seeds.
@Suite("Mutants")
struct MutantTests {
    @Test("each mutant is caught by the harness within 64 seeds", arguments: Mutation.allCases)
    func caught(mutation: Mutation) throws {
        let base = StressConfiguration(requests: 600, tasks: 32)
        let caught = try #require(Swarm.hunt(mutation, base: base), "mutant \(mutation) survived 64 seeds")
        #expect(caught.seed <= 64)
    }

    @Test("with no mutant the same seeds pass")
    func cleanPasses() {
        var configuration = StressConfiguration(requests: 600, tasks: 32, seed: 1)
        configuration.faults = FaultPlan.swarm(seed: 1)
        #expect(StressRunner.simulate(configuration).violations.isEmpty)
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
        #expect(shrunk.before == 300)
        #expect(shrunk.after < 30)
        #expect(!shrunk.violations.isEmpty)
        #expect(!StressRunner.simulate(shrunk.configuration).violations.isEmpty)
        #expect(Shrinker.shrink(StressConfiguration(requests: 100, tasks: 4, seed: 1)) == nil)
    }
}
