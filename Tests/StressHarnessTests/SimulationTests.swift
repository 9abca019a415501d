import TestSupport
import Testing
import TransitionCoordinator

@testable import StressHarness

/// The deterministic mode: one seeded scheduler, a virtual clock, the same digest for the same seed.
@Suite("Simulation")
struct SimulationTests {
    static func small(seed: UInt64) -> StressConfiguration {
        StressConfiguration(requests: 300, tasks: 8, seed: seed, lifecycleEvents: 12)
    }

    @Test("the same seed gives the same digest and step count; another seed gives another digest")
    func deterministic() {
        let first = StressRunner.simulate(Self.small(seed: 5))
        let again = StressRunner.simulate(Self.small(seed: 5))
        let other = StressRunner.simulate(Self.small(seed: 6))
        #expect(first.finished && again.finished && other.finished)
        #expect(first.digest == again.digest)
        #expect(first.steps == again.steps)
        #expect(first.digest != other.digest)
        #expect(first.violations.isEmpty, "\(first.report.render())")
    }

    @Test("animator delays and timeouts pass in virtual time: the run's clock moved and animations timed out on it")
    func virtualTime() {
        var configuration = Self.small(seed: 9)
        configuration.lifecycleEvents = 1
        configuration.faults.rates[.neverFinishingAnimator] = 50
        configuration.faults.rates[.lifecycleBurst] = 0
        let run = StressRunner.simulate(configuration)
        #expect(run.violations.isEmpty)
        #expect(run.report.virtualTime > .milliseconds(100))
        #expect((run.report.checker?.animations["timed out"] ?? 0) > 0)
    }

    @Test("the virtual clock wakes a sleeper only when advanced to its deadline, and a cancelled one at once")
    func virtualClock() async throws {
        let scheduler = SimulationScheduler(seed: 1)
        let clock = scheduler.clock
        let woke = Box(false), cancelled = Box(false)
        _ = Task.detached(executorPreference: scheduler.taskExecutor) {
            try? await clock.sleep(until: clock.now.advanced(by: .seconds(3)), tolerance: nil)
            woke.value = clock.now.offset == .seconds(3)
        }
        let sleeper = Task.detached(executorPreference: scheduler.taskExecutor) {
            do { try await clock.sleep(until: clock.now.advanced(by: .seconds(60)), tolerance: nil) } catch {
                cancelled.value = true
            }
        }
        #expect(scheduler.run { woke.value })
        sleeper.cancel()
        #expect(scheduler.run { cancelled.value })
        #expect(clock.now.offset == .seconds(3))
    }

    @Test("the clock wakes sleepers in deadline order, then in the order they fell asleep, whether stepped or jumped")
    func wakeOrder() {
        for jumps in [false, true] {
            let scheduler = SteppedScheduler(), clock = TestClock(), woken = Box<[String]>([])
            for (name, delay) in [("a", 2), ("b", 1), ("c", 1)] {
                _ = Task.detached(executorPreference: scheduler.taskExecutor) {
                    try? await clock.sleep(until: clock.now.advanced(by: .seconds(delay)), tolerance: nil)
                    woken.mutate { $0.append(name) }
                }
            }
            #expect(scheduler.run { clock.sleeperCount == 3 })
            if jumps {
                while clock.advanceToNextDeadline() { scheduler.runDry() }
            } else {
                clock.advance(by: .seconds(2))
                scheduler.runDry()
            }
            #expect(woken.value == ["b", "c", "a"])
            #expect(clock.now.offset == .seconds(2))
        }
    }

    @Test("a run that can never finish is reported as a deadlock, not a hang")
    func deadlockDetected() {
        let scheduler = SimulationScheduler(seed: 1)
        let never = Box(false)
        _ = Task.detached(executorPreference: scheduler.taskExecutor) {
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in } // never resumed, on purpose
            never.value = true
        }
        #expect(scheduler.run { never.value } == false)
        #expect(scheduler.steps >= 1)
    }

    @Test("swarm plans switch kinds off and draw rates, the same for the same seed")
    func swarmPlans() {
        let plans = (1...32).map { FaultPlan.swarm(seed: UInt64($0)) }
        #expect(FaultPlan.swarm(seed: 7) == FaultPlan.swarm(seed: 7))
        #expect(Set(plans).count == plans.count)
        #expect(plans.contains { plan in FaultPlan.Kind.allCases.contains { plan.rate($0) == 0 } })
        #expect(FaultPlan.Kind.allCases.allSatisfy { kind in plans.contains { $0.rate(kind) > 0 } })
    }

    @Test("coverage reports a fault kind that was switched on but never fired")
    func coverageGap() {
        var configuration = Self.small(seed: 3)
        configuration.requests = 4
        configuration.tasks = 1
        configuration.lifecycleEvents = 1
        // Not a kind the quiet tail hands out (it picks the slowest kind that is on, whatever its rate).
        configuration.faults = FaultPlan(rates: [.throwingAnimator: 1])
        let results = Swarm.run(configuration, seeds: [3], swarm: false)
        #expect(Swarm.coverageGaps(results).contains("fault throwingAnimator never fired"))
    }
}
