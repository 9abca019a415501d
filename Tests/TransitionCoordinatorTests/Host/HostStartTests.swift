import TestSupport
import Testing
import TransitionCoordinator

/// The host's first calls (`start()`, after the synchronous initializer) against the transitions
/// that come while they run: a request from one of them is refused as re-entrant, and their time
/// limit and the guards' never stand in for each other, whichever starts first.
@Suite("The host's first calls beside transitions")
struct HostStartTests {
    static let timeout = Duration.seconds(1)

    /// Made in a synchronous function, as a scene delegate makes one: the host is not called yet.
    static func unstarted(
        host: any WindowHost, clock: TestClock, configuration: CoordinatorConfiguration,
        guards: [NavigationGuard] = [], executor: (any SerialExecutor)? = nil, taskExecutor: (any TaskExecutor)? = nil
    ) -> Coordinator {
        Coordinator(
            root: Screens.home, configuration: configuration, host: host, clock: clock, executor: executor,
            taskExecutor: taskExecutor, guards: guards)
    }

    @Test("a request made from one of the host's first calls is refused as re-entrant, naming them, and waits on nothing")
    func requestFromSetupCall() async throws {
        let host = TestHost(), clock = TestClock()
        let coordinator = Self.unstarted(
            host: host, clock: clock, configuration: try CoordinatorConfiguration(hostTimeout: Self.timeout))
        var probe = EventProbe(coordinator)
        let answer = Box<Result<TransitionRecord, TransitionError>?>(nil)
        let request = TransitionRequest.push(Screens.tutorial, at: .low)
        await host.setCommandHook { call in
            guard call.description == "create #1" else { return }
            answer.value = await attempt { try await coordinator.openWindow(Screens.tutorial, at: .low) }
        }
        let start = Task { await coordinator.start() }
        let decided = await probe.next {
            switch $0 {
            case .began(let transition, _): transition.request == request
            case .rejected(let rejected, _): rejected == request
            default: false
            }
        }
        // A request taken instead waits for the calls it is made from: the time limit ends that wait.
        if case .began? = decided { clock.advance(by: Self.timeout) }
        await start.value
        guard case .failure(.refused(.reentrant(let inFlight)))? = answer.value else {
            Issue.record("the request was not refused as re-entrant: \(String(describing: answer.value))")
            return
        }
        #expect(inFlight.id == TransitionID(0) && inFlight.request == .show(.screen(Screens.home), at: .root))
        #expect(await coordinator.hostFault == nil, "the first calls returned in time")
        #expect(await host.calls.log == ["create #1", "show #1", "makeKey #1"])
    }

    @Test("a request from one of the host's first calls while a transition waits for them is refused as re-entrant, not as busy")
    func requestFromSetupCallBesideATransition() async throws {
        let host = TestHost(), clock = TestClock()
        let coordinator = Self.unstarted(
            host: host, clock: clock, configuration: try CoordinatorConfiguration(hostTimeout: Self.timeout))
        var probe = EventProbe(coordinator)
        let entered = Gate(), admitted = Gate()
        let answer = Box<Result<TransitionRecord, TransitionError>?>(nil)
        await host.setCommandHook { call in
            guard call.description == "create #1" else { return }
            entered.open()
            await admitted.wait()
            answer.value = await attempt { try await coordinator.openWindow(Screens.tutorial, at: .low) }
        }
        let start = Task { await coordinator.start() }
        await entered.wait()
        let waiting = Task { await attempt { try await coordinator.openWindow(Screens.pin, at: .medium) } }
        _ = await probe.next { if case .began = $0 { true } else { false } }
        admitted.open()
        await start.value
        guard case .failure(.refused(.reentrant(let inFlight)))? = answer.value else {
            Issue.record("the request was not refused as re-entrant: \(String(describing: answer.value))")
            return
        }
        #expect(inFlight.id == TransitionID(0))
        #expect(await waiting.value.success != nil, "the transition waited for the first calls, then ran")
    }

    /// A host that holds its first call until ``release`` opens; a plain class, so its calls run
    /// on the task executor the test drives.
    final class FirstCallHeld: CommandHost {
        let release = Gate()
        private let calls = Box(0)

        func perform(_ command: HostCommand) async {
            let first = calls.update { count -> Bool in
                count += 1
                return count == 1
            }
            if first { await release.wait() }
        }
    }

    @Test(
        "a transition admitted while the host's first calls run asks its guards only after them, so a stuck call is still given up"
    )
    func guardsWaitForTheFirstCalls() throws {
        // Every job runs when the test says (``SteppedScheduler``): a wait that nothing ends shows
        // as nothing left to run, not as a hang.
        let scheduler = SteppedScheduler()
        let clock = TestClock(), host = FirstCallHeld()
        let asked = Box(false)
        let allow = NavigationGuard("allow") { _ in
            asked.value = true
            return .allow
        }
        let coordinator = Self.unstarted(
            host: host, clock: clock, configuration: try CoordinatorConfiguration(hostTimeout: Self.timeout), guards: [allow],
            executor: scheduler.serialExecutor, taskExecutor: scheduler.taskExecutor)
        let started = Box(false)
        let answer = Box<Result<TransitionRecord, TransitionError>?>(nil)
        _ = Task.detached(executorPreference: scheduler.taskExecutor) {
            await coordinator.start()
            started.value = true
        }
        _ = Task.detached(executorPreference: scheduler.taskExecutor) {
            answer.value = await attempt { try await coordinator.openWindow(Screens.tutorial, at: .low) }
        }
        scheduler.runDry()
        #expect(!asked.value, "the guard was asked while the host's first call was out")
        #expect(clock.armedTimeouts.map(\.kind) == [.host], "armed: \(clock.armedTimeouts)")
        clock.advance(by: Self.timeout)
        scheduler.runDry()
        #expect(started.value, "the stuck first call was given up at the host timeout")
        #expect(asked.value)
        let record = try #require(answer.value?.success)
        #expect(record.hostFault?.transition == TransitionID(0) && record.hostFault?.phase == .setup)
        host.release.open()
        scheduler.runDry()
    }

    @Test(
        "the host's first calls made while a transition's guards decide do not unbound the guards: one that never answers denies")
    func startDuringGuards() async throws {
        let host = TestHost(), clock = TestClock()
        let entered = Gate(), release = Gate()
        let slow = NavigationGuard("slow") { _ in
            entered.open()
            await release.wait()
            return .allow
        }
        let coordinator = Self.unstarted(
            host: host, clock: clock, configuration: try CoordinatorConfiguration(guardTimeout: Self.timeout), guards: [slow])
        let push = Task { await attempt { try await coordinator.openWindow(Screens.tutorial, at: .low) } }
        await entered.wait()
        _ = await clock.armed(.guard)
        await coordinator.start()
        let bounded = clock.armedTimeouts.contains { $0.kind == .guard }
        #expect(bounded, "the guard's time limit is gone: \(clock.armedTimeouts)")
        // With its limit gone, only the guard's own answer ends the wait.
        if bounded { clock.advance(by: Self.timeout) } else { release.open() }
        let answer = await push.value
        release.open()
        if bounded {
            guard case .failure(.denied(let name, _)) = answer else {
                Issue.record("a guard past its time limit did not deny: \(answer)")
                return
            }
            #expect(name == "slow")
        }
        #expect(await host.calls.log.prefix(3) == ["create #1", "show #1", "makeKey #1"])
    }
}
