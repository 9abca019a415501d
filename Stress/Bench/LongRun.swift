import TransitionCoordinator

/// A million transitions on the default host: does anything the coordinator or the host keeps grow?
enum LongRun {
    /// Per-transition time and resident memory after 10,000 transitions and after `transitions`,
    /// on the default `InMemoryHost`. Each sample is a block of 10,000 transitions, long enough
    /// that one scheduling hiccup does not swing it.
    static func rows(transitions: Int, blocks: Int) async throws -> [BenchRow] {
        let coordinator = try await CoordinatorCases.coordinator(host: nil)
        let block = 5_000
        var done = 0
        func advance(to target: Int) async throws {
            let pairs = (target - done) / 2
            _ = try await CoordinatorCases.pushPop(coordinator, at: .low, pairs: pairs)
            done += pairs * 2
        }
        func measure() async throws -> (times: [Double], resident: Double) {
            var times: [Double] = []
            let clock = ContinuousClock()
            for _ in 0..<blocks {
                let start = clock.now
                _ = try await CoordinatorCases.pushPop(coordinator, at: .low, pairs: block)
                times.append(nanoseconds(start.duration(to: clock.now)) / Double(block * 2))
                done += block * 2
            }
            Memory.trim()
            return (times, Double(Memory.resident()))
        }
        try await advance(to: 10_000)
        let early = try await measure()
        try await advance(to: transitions)
        let late = try await measure()
        let earlyName = "transition on the default host after 10,000", lateName = "… after \(transitions.formatted)"
        return [
            BenchRow(name: earlyName, unit: "transition", samples: early.times),
            BenchRow(name: lateName, unit: "transition", samples: late.times),
            BenchRow(name: "resident memory after 10,000 transitions", unit: "process", samples: [early.resident], kind: .bytes),
            BenchRow(
                name: "resident memory after \(transitions.formatted) transitions", unit: "process", samples: [late.resident],
                kind: .bytes),
        ]
    }
}
