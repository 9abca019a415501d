import TestSupport
import Testing
import TransitionCoordinator

/// Hole 6: an animation cut short before its animator's task began still called the animator,
/// after the transition had committed and destroyed the windows in its context. Now the animator
/// is either called while every window of its context is live, and they stay live until it
/// returns, or never called, and the record says why.
@Suite("Adversarial: an animator never runs on dead windows")
struct AdversarialDeadWindowAnimatorTests {
    static let pushPin = TransitionRequest.push(Screens.pin, at: .medium)
    static let pushTutorial = TransitionRequest.push(Screens.tutorial, at: .low)

    enum Cut: String, CaseIterable, CustomTestStringConvertible {
        case preemption, callerCancellation
        var testDescription: String { rawValue }
    }

    /// A coordinator whose animator tasks prefer `executor`, with the PIN pushed at `medium`.
    static func setUp(_ executor: HeldTaskExecutor) async throws -> (Coordinator, TestHost) {
        let host = TestHost()
        let coordinator = await Coordinator(root: Screens.home, host: host, clock: TestClock(), taskExecutor: executor)
        try await coordinator.perform(pushPin)
        return (coordinator, host)
    }

    @Test(
        "an animation cut short before the animator's task began: the animator is never called and the record says why",
        arguments: Cut.allCases)
    func cutBeforeStart(cut: Cut) async throws {
        let executor = HeldTaskExecutor()
        let (coordinator, host) = try await Self.setUp(executor)
        var probe = EventProbe(coordinator)
        let animator = LivenessAnimator(deadWindows: { await host.dead(among: $0) })

        // The pop's animator task is held (a pop creates nothing, so no host task comes before
        // it, and the timeout is armed inside it): the animator cannot be entered yet.
        executor.hold()
        let pop = Task { await attempt { try await coordinator.closeWindow(at: .medium, animator: animator) } }
        await executor.held(atLeast: 1)
        var preempting: Task<Result<TransitionRecord, TransitionError>, Never>?
        switch cut {
        case .preemption:
            preempting = Task { await attempt { try await coordinator.perform(Self.pushTutorial, policy: .preempt) } }
            #expect(await probe.waiting(Self.pushTutorial) == .preempt)
        case .callerCancellation:
            pop.cancel()
        }
        executor.release()

        let record = try #require(await pop.value.success)
        if animator.calls.isEmpty {
            #expect(record.animation == .skipped(cut == .preemption ? .preemptedBeforeStart : .cancelledBeforeStart))
        } else {
            // Called after all: only legal with every window live from its entry to its return.
            animator.proceed.open()
            await animator.returned.wait()
            #expect(animator.calls.map(\.deadAtEntry) == [[]])
            #expect(animator.calls.map(\.deadAtReturn) == [[]])
            Issue.record(
                "the animator was called although its animation was cut short before its task began: \(record.animation)")
        }
        #expect(record.after.window(at: .medium) == nil)
        if let preempting { #expect(await preempting.value.success?.before == record.after) }
        #expect(await host.ledger.anomalies.isEmpty)
        #expect(await coordinator.audit().isEmpty)
    }

    @Test(
        "an animator entered and then cut short: no window of its context is destroyed until it returns",
        arguments: Cut.allCases)
    func cutAfterEntry(cut: Cut) async throws {
        let executor = HeldTaskExecutor()
        let (coordinator, host) = try await Self.setUp(executor)
        var probe = EventProbe(coordinator)
        let animator = LivenessAnimator(
            deadWindows: { await host.dead(among: $0) },
            onReturn: { await host.note("animator returns") })

        let pop = Task { await attempt { try await coordinator.closeWindow(at: .medium, animator: animator) } }
        await animator.entered.wait()
        var preempting: Task<Result<TransitionRecord, TransitionError>, Never>?
        switch cut {
        case .preemption:
            preempting = Task { await attempt { try await coordinator.perform(Self.pushTutorial, policy: .preempt) } }
            #expect(await probe.waiting(Self.pushTutorial) == .preempt)
        case .callerCancellation:
            pop.cancel()
        }
        #expect(await host.calls.contains(.destroy(w(2))) == false)
        animator.proceed.open()

        let record = try #require(await pop.value.success)
        #expect(record.animation == (cut == .preemption ? .preempted : .callerCancelled))
        let calls = try #require(animator.calls.first)
        #expect(animator.calls.count == 1)
        #expect(calls.windows.contains(w(2)))
        #expect(calls.deadAtEntry.isEmpty)
        #expect(calls.deadAtReturn == [])
        let log = await host.log
        let returned = try #require(log.firstIndex(of: .note("animator returns")))
        let destroyed = try #require(log.firstIndex(of: .call(.destroy(w(2)))))
        #expect(returned < destroyed)
        if let preempting { #expect(await preempting.value.success?.before == record.after) }
        #expect(await host.ledger.anomalies.isEmpty)
        #expect(await coordinator.audit().isEmpty)
    }
}
