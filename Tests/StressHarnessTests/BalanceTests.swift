import StressHarness
import Testing
import TransitionCoordinator

#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

/// The lifecycle task keeps the app active most of the time, so most animators handed out are
/// called, and animations, where requests interleave, run often.
@Suite("Balance")
struct BalanceTests {
    @Test(
        "most committed transitions handed an animator for a visible change animate; few skip theirs because the app was not active"
    )
    func mostlyActive() throws {
        // Over four seeds, not one: a single run's share moves by several points with the workload's draws.
        // A content change under another window is not seen, so never animated (the skip rule): those are left out.
        var animated = 0, handed = 0, skippedNotActive = 0, committed = 0, unseen = 0
        for seed in 11...14 as ClosedRange<UInt64> {
            let run = StressRunner.simulate(StressConfiguration(requests: 1_000, tasks: 32, seed: seed))
            #expect(run.violations.isEmpty, "\(run.report.render())")
            let summary = try #require(run.report.checker)
            #expect(summary.animated <= summary.handedAnimator && summary.handedAnimator <= summary.committed)
            animated += summary.animated
            handed += summary.handedAnimator
            unseen += summary.animations["skipped: top window unchanged", default: 0]
            skippedNotActive += summary.skippedNotActive
            committed += summary.committed
        }
        let share = StressSummary.animationShare(
            animated: animated, committed: committed, handed: handed, notActive: skippedNotActive)
        #expect(animated * 2 > handed - unseen, "\(share); \(unseen) changed no top window")
        #expect(skippedNotActive * 10 < committed, "\(share)")
    }

    @Test("every state is reached, with as many lifecycle events as configured, and bursts still fire")
    func everyStateReached() throws {
        var configuration = StressConfiguration(requests: 1_000, tasks: 32, seed: 12)
        configuration.faults.rates[.lifecycleBurst] = 30
        let run = StressRunner.simulate(configuration)
        #expect(run.violations.isEmpty)
        let summary = try #require(run.report.checker)
        for state in ApplicationState.allCases {
            #expect(summary.lifecycle[state]?["committed", default: 0] ?? 0 > 0, "never \(state)")
        }
        let events = summary.lifecycle.values.flatMap(\.values).reduce(0, +)
        #expect(events >= configuration.lifecycleEvents + 3, "the configured events, the return to active and the quiet tail")
        #expect(summary.faultsFired[.lifecycleBurst, default: 0] > 0)
        #expect(summary.byPolicy["lifecycle unlock"]?["committed", default: 0] ?? 0 > 0)
    }

    @Test("the quiet tail reaches the animation timeout: a never-finishing animator with nothing to cut it short times out")
    func quietTailTimesOut() throws {
        var configuration = StressConfiguration(requests: 40, tasks: 4, seed: 5, lifecycleEvents: 2)
        configuration.faults = FaultPlan(rates: [.neverFinishingAnimator: 1])
        let run = StressRunner.simulate(configuration)
        #expect(run.violations.isEmpty)
        #expect(try #require(run.report.checker).animations["timed out", default: 0] >= 1)
    }

    @Test("a swarm that never reaches the animation timeout reports it as a coverage gap")
    func timeoutCoverage() {
        // No lifecycle events: no quiet tail; a never-finishing animator, if any, is cut short or skipped.
        var configuration = StressConfiguration(requests: 4, tasks: 1, seed: 3, lifecycleEvents: 0)
        configuration.faults = FaultPlan(rates: [.neverFinishingAnimator: 1])
        let quiet = Swarm.run(configuration, seeds: [3], swarm: false)
        #expect(quiet.first?.run.report.checker?.animations["timed out"] == nil)
        #expect(Swarm.coverageGaps(quiet).contains("the animation timeout was never reached"))
        configuration.lifecycleEvents = 1
        let reached = Swarm.run(configuration, seeds: [3], swarm: false)
        #expect(!Swarm.coverageGaps(reached).contains("the animation timeout was never reached"))
    }

    @Test("the report, the swarm summary and JSON show the animated shares")
    func reported() throws {
        let results = Swarm.run(StressConfiguration(requests: 200, tasks: 8, lifecycleEvents: 8), seeds: [1, 2])
        let summary = try #require(results.first?.run.report.checker)
        #expect(
            results[0].run.report.render().contains(
                "animated              \(summary.animated) of \(summary.committed) committed ("))
        #expect(Swarm.summary(results, gaps: []).contains(" handed an animator ("))
        let swarm = try JSONDecoder().decode(SwarmReportDocument.self, from: Data(Swarm.json(results, gaps: []).utf8))
        #expect(swarm.animated == results.compactMap(\.run.report.checker).reduce(0) { $0 + $1.animated })
        #expect(
            swarm.animatedShare > 0 && swarm.animatedShare < 1 && swarm.animatedShareOfHanded > 0
                && swarm.animatedShareOfHanded < 1)
        let run = try JSONDecoder().decode(StressReportDocument.self, from: Data(results[0].run.report.json().utf8))
        #expect(
            run.animated == summary.animated && run.handedAnimator == summary.handedAnimator
                && run.skippedNotActive == summary.skippedNotActive)
        #expect(StressSummary.percent(1, of: 3) == "33.3%")
        #expect(StressSummary.percent(2, of: 3) == "66.7%")
        #expect(StressSummary.percent(0, of: 0) == "-")
    }
}
