import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// The animation, host and guard timeouts told apart on one test clock: each armed, reported
/// with its kind, and fired on its own.
@Suite("Timeouts a test clock tells apart")
struct TimeoutTests {
    static let list = Screen("list"), mail = Screen("mail")

    @Test("an animation that never finishes times out at exactly its deadline, and the host's timeout never fires")
    func animationTimeoutAlone() async throws {
        let clock = TestClock(), host = TestHost()
        let coordinator = await Coordinator(root: Self.list, host: host, clock: clock)
        let animator = ScriptedAnimator(.neverFinish)
        async let record = coordinator.perform(.push(Self.mail, at: .high), animator: animator)
        let armed = await clock.armed(.animation)
        #expect(armed.deadline == TestClock.Instant(offset: .seconds(5)), "5 s from the call, at time zero")
        #expect(clock.armedTimeouts.map(\.kind) == [.animation], "one timeout at a time, and it is the animation's")
        #expect(clock.advance(toDeadlineOf: .animation) == armed)
        #expect(try await record.animation == .timedOut(after: .seconds(5)))
        #expect(clock.firedTimeouts.map(\.kind) == [.animation])
        #expect(clock.armedTimeouts.isEmpty)
    }

    @Test("a host call that does not return times out on its own kind, while an animation deadline is never confused with it")
    func hostTimeoutAlone() async throws {
        let clock = TestClock(), host = TestHost(), release = Gate()
        let coordinator = await Coordinator(root: Self.list, host: host, clock: clock)
        await host.setHook { line in if line.hasPrefix("create #") { await release.wait() } }
        async let record = coordinator.perform(.push(Self.mail, at: .high), animator: ScriptedAnimator())
        await clock.armed(.host)
        #expect(clock.advance(toDeadlineOf: .animation) == nil, "no animation timeout is armed: time does not move")
        #expect(clock.now == TestClock.Instant(offset: .zero))
        #expect(clock.advance(toDeadlineOf: .host)?.kind == .host)
        let pushed = try await record
        #expect(pushed.animation == .skipped(.hostUnresponsive), "the model committed without the host")
        #expect(pushed.hostFault != nil)
        #expect(clock.firedTimeouts.map(\.kind) == [.host])
        release.open()
    }

    @Test("a guard that never answers denies at the guard timeout, which has its own duration")
    func guardTimeoutAlone() async throws {
        let clock = TestClock()
        let configuration = try CoordinatorConfiguration(guardTimeout: .seconds(3))
        let silent = NavigationGuard("silent") { _ in
            await Gate().wait()
            return .allow
        }
        let coordinator = await Coordinator(root: Self.list, configuration: configuration, clock: clock, guards: [silent])
        async let outcome: TransitionError? = {
            do throws(TransitionError) {
                try await coordinator.perform(.push(Self.mail, at: .high))
                return nil
            } catch { return error }
        }()
        let armed = await clock.armed(.guard)
        #expect(armed.deadline == TestClock.Instant(offset: .seconds(3)))
        clock.advance(toDeadlineOf: .guard)
        let error = try #require(await outcome)
        #expect(error.code == "denied")
        #expect(clock.firedTimeouts.map(\.kind) == [.guard])
    }

    @Test("an animation that finishes disarms its timeout: nothing is left armed and nothing fired")
    func finishedAnimationDisarms() async throws {
        let clock = TestClock()
        let coordinator = await Coordinator(root: Self.list, host: TestHost(), clock: clock)
        try await coordinator.perform(.push(Self.mail, at: .high), animator: ScriptedAnimator())
        #expect(clock.armedTimeouts.isEmpty)
        #expect(clock.firedTimeouts.isEmpty)
    }

    @Test("the guard timeout is the animation timeout unless given, and a non-positive one is refused")
    func guardTimeoutConfiguration() throws {
        #expect(try CoordinatorConfiguration(animationTimeout: .seconds(7)).guardTimeout == .seconds(7))
        #expect(CoordinatorConfiguration.standard.guardTimeout == .seconds(5))
        #expect(throws: ConfigurationError.nonPositiveTimeout(.zero)) {
            try CoordinatorConfiguration(guardTimeout: .zero)
        }
    }
}
