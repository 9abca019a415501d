import Testing

@testable import StressHarness

/// Seeds run side by side: each on a thread of its own, each giving what it gives alone.
@Suite("Seed lanes")
struct SeedLanesTests {
    @Test("results come back in the order of the seeds, whatever lane ran each", arguments: [1, 2, 3, 7])
    func inOrder(width: Int) {
        let seeds: [UInt64] = Array(1...11)
        #expect(SeedLanes.map(seeds, width: width) { $0 * 3 } == seeds.map { $0 * 3 })
    }

    @Test("seeds simulated side by side give the digests they give one at a time")
    func sameDigests() {
        let seeds: [UInt64] = [3, 4, 5, 6]
        let alone = seeds.map { StressRunner.simulate(SimulationTests.small(seed: $0)).digest }
        let together = SeedLanes.map(seeds, width: 2) { StressRunner.simulate(SimulationTests.small(seed: $0)).digest }
        #expect(together == alone)
        #expect(Set(alone).count == seeds.count)
    }

    @Test("no seeds, no lanes: an empty answer")
    func empty() {
        #expect(SeedLanes.map([], width: 4) { $0 }.isEmpty)
    }
}
