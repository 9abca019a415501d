import TransitionCoordinator

/// Reduces a failing simulated run's operations while it still fails (delta debugging).
public enum Shrinker {
    /// The smallest failing run found.
    public struct Result: Sendable {
        /// The configuration that still fails, with its reduced scripts.
        public let configuration: StressConfiguration
        /// Its violations.
        package let violations: [InvariantViolation]
        /// Operations before and after.
        public let before: Int, after: Int
        /// Simulations tried.
        public let attempts: Int
    }

    /// Shrinks `configuration` (which must fail) by removing chunks of operations, halving the
    /// chunk size down to one, for at most `budget` simulations. The seed, fault plan and
    /// scheduler stay the same, so every attempt is deterministic.
    public static func shrink(_ configuration: StressConfiguration, budget: Int = 400) -> Result? {
        let workload = Workload(levels: StressRunner.levels, faults: configuration.faults)
        var current = configuration
        current.scripts = configuration.scripts ?? workload.scripts(configuration)
        var violations = StressRunner.simulate(current).violations
        guard !violations.isEmpty else { return nil }
        let before = count(current)
        var attempts = 1
        var chunk = max(1, before / 2)
        while chunk >= 1, attempts < budget {
            var removedSome = false
            var start = 0
            while start < count(current), attempts < budget {
                var candidate = current
                candidate.scripts = remove(from: current.scripts ?? [], start: start, length: chunk)
                attempts += 1
                let found = StressRunner.simulate(candidate).violations
                if !found.isEmpty {
                    current = candidate
                    violations = found
                    removedSome = true
                } else {
                    start += chunk
                }
            }
            if !removedSome || chunk == 1 { chunk /= 2 }
        }
        while current.lifecycleEvents > 1, attempts < budget {
            var candidate = current
            candidate.lifecycleEvents /= 2
            attempts += 1
            let found = StressRunner.simulate(candidate).violations
            guard !found.isEmpty else { break }
            current = candidate
            violations = found
        }
        return Result(configuration: current, violations: violations, before: before, after: count(current), attempts: attempts)
    }

    private static func count(_ configuration: StressConfiguration) -> Int {
        configuration.scripts?.reduce(0) { $0 + $1.count } ?? 0
    }

    /// Removes `length` operations starting at flat index `start` across the scripts.
    private static func remove(from scripts: [[Operation]], start: Int, length: Int) -> [[Operation]] {
        var index = 0
        return scripts.map { script in
            script.filter { _ in
                defer { index += 1 }
                return index < start || index >= start + length
            }
        }
    }
}
