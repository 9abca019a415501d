import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// The test clock's own promises: time moves only when told, and a jump to one kind's deadline
/// never fires another kind's earlier one.
@Suite("The test clock")
struct TestClockTests {
    static let list = Screen("list"), mail = Screen("mail")

    @Test("a sleeper wakes when time reaches its deadline, not before; a cancelled one throws at once")
    func sleepers() async throws {
        let clock = TestClock()
        let woken = Gate()
        let sleeper = Task {
            try await clock.sleep(until: TestClock.Instant(offset: .seconds(3)), tolerance: nil)
            woken.open()
        }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(2))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        await woken.wait()
        try await sleeper.value

        let cancelled = Task { try await clock.sleep(until: TestClock.Instant(offset: .seconds(60)), tolerance: nil) }
        await clock.sleepers(atLeast: 1)
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
    }

    @Test("with two coordinators on one clock, a jump to the animation's deadline is refused while a host deadline comes first")
    func kindsNeverConfused() async throws {
        let clock = TestClock(), stuckHost = TestHost(), release = Gate()
        let first = await Coordinator(root: Self.list, host: stuckHost, clock: clock)
        let second = await Coordinator(root: Self.list, clock: clock)
        await stuckHost.setHook { line in if line.hasPrefix("create #") { await release.wait() } }
        async let stuck = first.perform(.push(Self.mail, at: .high), animator: ScriptedAnimator())
        async let animated = second.perform(.push(Self.mail, at: .high), animator: ScriptedAnimator(.neverFinish))
        let host = await clock.armed(.host)
        await clock.armed(.animation)
        #expect(clock.armedTimeouts.map(\.kind) == [.host, .animation], "earliest first: 2 s, then 5 s")
        #expect(clock.advance(toDeadlineOf: .animation) == nil, "the host's 2 s deadline would fire first")
        #expect(clock.now == TestClock.Instant(offset: .zero))
        #expect(clock.advance(toDeadlineOf: .host) == host)
        #expect(try await stuck.animation == .skipped(.hostUnresponsive))
        #expect(clock.advance(toDeadlineOf: .animation)?.kind == .animation)
        #expect(try await animated.animation == .timedOut(after: .seconds(5)))
        #expect(clock.firedTimeouts.map(\.kind) == [.host, .animation])
        release.open()
    }

    @Test("a wait for a sleeper due in a given time returns once time moved so that one is")
    func dueInAfterTimeMoves() async throws {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(until: TestClock.Instant(offset: .seconds(10)), tolerance: nil) }
        await clock.sleepers(atLeast: 1)
        let due = Task { await clock.sleepers(atLeast: 1, dueIn: .seconds(5)) }
        // Due in 10, not 5: the wait goes on until time moves by 5. (The yields let the wait
        // begin first; should it begin after the move, it returns at once and proves less.)
        for _ in 0..<100 { await Task.yield() }
        clock.advance(by: .seconds(5))
        await due.value
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
}
