import Testing
import TransitionCoordinator

@testable import StressHarness

#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

/// The stress report fits a terminal of 100 columns (and of 80 when asked), and `--json` prints
/// it whole for machines.
@Suite("Stress report")
struct StressReportTests {
    /// A small simulated run, as the default run makes (one seed, its replay).
    static let run: Swarm.SeedResult? = Swarm.run(
        StressConfiguration(requests: 300, tasks: 8, lifecycleEvents: 12),
        seeds: [1], swarm: false
    ).first

    /// A report whose every count has many outcomes with long names, and whose violations run long.
    static let wide: StressReport = {
        var answers: [TransitionKind: [String: Int]] = [:], byPolicy: [String: [String: Int]] = [:]
        for (index, kind) in TransitionKind.allCases.enumerated() {
            answers[kind] = ["committed": 100 * index + 3, "hostUnresponsive": 40 + index, "busy": 30]
            for code in 0..<25 { answers[kind]?["container.anotherRatherLongCode\(code)"] = code + index }
            for code in 0..<25 { answers[kind]?["refusalWithAVeryLongName\(code)"] = 2 * code + 1 }
        }
        for policy in StressReport.policyRows { byPolicy[policy] = answers[.content] }
        let violations = (0..<3).map { _ in
            InvariantViolation(.answered, "a request was answered twice: " + String(repeating: "long detail ", count: 30))
        }
        let summary = StressSummary(
            answers: answers, rejections: [:], animations: ["ran": 5, "skipped: host unresponsive": 2],
            animatorKinds: [.none: 3], extraFinishCalls: 0, reentrantProbes: 1, committed: 9, byPolicy: byPolicy,
            lifecycle: [.active: ["committed": 4, "busy": 1]], violations: violations,
            faultsFired: [.delayedAnimator: 3], peakQueueDepth: 2,
            linkOutcomes: Dictionary(uniqueKeysWithValues: (0..<40).map { ("inbox: outcome number \($0)", $0) }))
        return StressReport(configuration: StressConfiguration(), checker: summary)
    }()

    @Test("the default report of a small run keeps every line within the width", arguments: [100, 80])
    func smallRunFits(width: Int) throws {
        let run = try #require(Self.run)
        let text = Swarm.report(
            run, gaps: ["workload: a gap described at some length, " + String(repeating: "word ", count: 30)],
            width: width)
        let widest = text.split(separator: "\n").map(\.count).max() ?? 0
        #expect(widest <= width, "\(text)")
        #expect(text.contains("by policy"))
        #expect(text.contains("violations            none"))
    }

    @Test(
        "a report with many long outcome names and long violations keeps every line within the width, verbose or not",
        arguments: [(100, false), (80, false), (100, true), (80, true)])
    func wideReportFits(width: Int, verbose: Bool) {
        let text = Self.wide.render(width: width, verbose: verbose)
        let long = text.split(separator: "\n").filter { $0.count > width }
        #expect(long.isEmpty, "\(long)")
        #expect(text.contains("other"))
        #expect(text.contains("refusalWithAVeryLongName0 1 ") == verbose, "only verbose lists each rare outcome")
    }

    @Test("the swarm summary keeps every line within the width", arguments: [100, 80])
    func swarmFits(width: Int) throws {
        let run = try #require(Self.run)
        let text = Swarm.summary(
            [run, run], gaps: ["fault stuckHost never fired", "no unlock transition ever committed"], width: width)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= width }, "\(text)")
    }

    @Test("the JSON of a run decodes to its counts, its scheduler's side and its gaps")
    func runJSONDecodes() throws {
        let run = try #require(Self.run)
        let summary = try #require(run.run.report.checker)
        let json = Swarm.json(run, gaps: ["a gap"])
        let document = try JSONDecoder().decode(StressReportDocument.self, from: Data(json.utf8))
        #expect(document.mode == "simulation")
        #expect(document.committed == summary.committed)
        #expect(document.answers == summary.answers.values.flatMap(\.values).reduce(0, +))
        #expect(document.byPolicy == summary.byPolicy)
        #expect(document.simulation?.digest == run.run.digest.description)
        #expect(document.coverageGaps == ["a gap"])
        #expect(!document.passed, "a gap fails the run")
    }

    @Test("the JSON of a swarm decodes, with one document a seed and the totals of all")
    func swarmJSONDecodes() throws {
        let run = try #require(Self.run)
        let json = Swarm.json([run, run], gaps: [])
        let document = try JSONDecoder().decode(SwarmReportDocument.self, from: Data(json.utf8))
        #expect(document.seeds.count == 2)
        #expect(document.committed == 2 * (run.run.report.checker?.committed ?? 0))
        #expect(document.passed == run.violations.isEmpty)
    }

    @Test("the JSON of a thread-pool run decodes, its violations listed")
    func threadsJSONDecodes() throws {
        let document = try JSONDecoder().decode(StressReportDocument.self, from: Data(Self.wide.json(mode: "threads").utf8))
        #expect(document.mode == "threads")
        #expect(document.violations.count == 3)
        #expect(document.simulation == nil)
        #expect(!document.passed)
    }

    @Test("the JSON's keys come sorted, so two runs print them in the same order")
    func keysSorted() throws {
        let json = Self.wide.json()
        let keys = json.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.dropFirst(3).prefix { $0 != "\"" } }
        #expect(!keys.isEmpty)
        #expect(keys == keys.sorted())
    }
}

extension StressReportTests {
    @Test("the JSON of the mutants decodes, and fails when a mutant is caught by half the seeds or fewer")
    func mutantJSONDecodes() throws {
        let violation = InvariantViolation(.answered, "answered twice")
        let caught = StressHarness.Catches(
            mutant: .init(name: "noTimeout", summary: "no timeout"), seeds: 4,
            catches: [(1, violation), (2, violation), (3, violation)], wall: .seconds(2))
        let missed = StressHarness.Catches(
            mutant: .init(name: "lostWakeUp", summary: "a lost wake-up"), seeds: 4,
            catches: [(4, violation)], wall: .milliseconds(500))
        let report = try JSONDecoder().decode(MutantReport.self, from: Data(MutantReport([caught, missed], seeds: 4).json.utf8))
        #expect(report.mutants.map(\.name) == ["noTimeout", "lostWakeUp"])
        #expect(report.mutants.map(\.caught) == [3, 1])
        #expect(report.mutants.first?.firstSeed == 1 && report.mutants.first?.firstViolation == violation.description)
        #expect(report.mutants.last?.wallSeconds == 0.5)
        #expect(!report.passed)
        #expect(try JSONDecoder().decode(MutantReport.self, from: Data(MutantReport([caught], seeds: 4).json.utf8)).passed)
    }
}
