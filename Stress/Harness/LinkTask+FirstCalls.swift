import TestSupport
import TransitionCoordinator

extension LinkTask {
    /// The host's first calls (`start()` after the synchronous initializer), on an app of its own
    /// whose first call asks the app for a transition, as a host that reacts to its window
    /// appearing might: alone, and then once another transition, admitted meanwhile, waits for
    /// those calls. The request must be refused as re-entrant at once (not as busy), not taken to
    /// wait for the very calls it is made from until the host timeout gives them up (mutant
    /// ``Mutation/setupCallsNotReentrant``). The app keeps a clock of its own, which the scenario
    /// moves only to end such a wait.
    static func requestFromFirstCall(environment: StressEnvironment, checker: StressChecker) async {
        for beside in [false, true] {
            await requestFromFirstCall(besideATransition: beside, environment: environment, checker: checker)
        }
    }

    private static func requestFromFirstCall(
        besideATransition beside: Bool, environment: StressEnvironment, checker: StressChecker
    ) async {
        let answer = Locked<Result<TransitionRecord, TransitionError>?>(nil)
        let app = Locked<Coordinator?>(nil)
        let entered = Gate(), admitted = Gate()
        let request = TransitionRequest.push(Screen("lalert"), at: .low)
        let host = FirstCallHost { _ in
            guard let coordinator = app.withLock({ $0 }) else { return }
            if beside {
                entered.open()
                await admitted.wait()
            }
            let result: Result<TransitionRecord, TransitionError>
            do throws(TransitionError) {
                result = .success(try await coordinator.perform(request))
            } catch {
                result = .failure(error)
            }
            answer.withLock { $0 = result }
        }
        let clock = TestClock()
        guard let coordinator = unstartedApp(host: host, clock: clock, environment: environment) else { return }
        app.withLock { $0 = coordinator }
        var probe = EventProbe(coordinator)
        let start = Task(executorPreference: environment.taskExecutor) { await coordinator.start() }
        var waiting: Task<TransitionRecord?, Never>?
        if beside {
            await entered.wait()
            waiting = Task(executorPreference: environment.taskExecutor) {
                try? await coordinator.openWindow(Screen("lb"), at: .medium)
            }
            _ = await probe.next { if case .began = $0 { true } else { false } }
            admitted.open()
        }
        let decided = await probe.next {
            switch $0 {
            case .began(let transition, _): transition.request == request
            case .rejected(let rejected, _): rejected == request
            default: false
            }
        }
        // Taken, the request waits for the calls it is made from: only their time limit ends it.
        if case .began? = decided { clock.advance(by: .seconds(1)) }
        await start.value
        _ = await waiting?.value
        guard case .failure(.refused(.reentrant))? = answer.withLock({ $0 }) else {
            await checker.noteViolation(
                .init(
                    .serial,
                    "a request made from one of the host's first calls\(beside ? ", while a transition waited for them," : "") "
                        + "was answered \(String(describing: answer.withLock { $0 })), not refused as re-entrant"))
            return
        }
    }

    /// The host's first calls on an app of its own with a guard: the first call is held while a
    /// transition is admitted. Its guards must wait for those calls (given up at the host
    /// timeout), not be asked beside them, where their time limit replaces the calls' own and a
    /// stuck call is never given up (mutant ``Mutation/guardsBesideSetup``). The guard notes
    /// whether the calls' time limit had fired when it was asked.
    static func guardsAfterFirstCalls(environment: StressEnvironment, checker: StressChecker) async {
        let clock = TestClock()
        let reached = Gate(), release = Gate()
        let host = FirstCallHost { _ in
            reached.open()
            await release.wait()
        }
        let askedAfterTheCalls = Locked<Bool?>(nil)
        let noting = NavigationGuard("noting") { _ in
            let fired = clock.firedTimeouts.contains { $0.kind == .host }
            askedAfterTheCalls.withLock { $0 = $0 ?? fired }
            return .allow
        }
        guard let app = unstartedApp(host: host, clock: clock, environment: environment, guards: [noting]) else { return }
        var probe = EventProbe(app)
        let start = Task(executorPreference: environment.taskExecutor) { await app.start() }
        await reached.wait()
        _ = await clock.armed(.host)
        let push = Task(executorPreference: environment.taskExecutor) { try? await app.openWindow(Screen("lalert"), at: .low) }
        _ = await probe.next { if case .began = $0 { true } else { false } }
        // A guard asked beside the calls is asked now; one that waits for them is not.
        var yields = 0
        while askedAfterTheCalls.withLock({ $0 }) == nil, yields < 1_000 {
            yields += 1
            await Task.yield()
        }
        clock.advance(by: .seconds(1))
        if askedAfterTheCalls.withLock({ $0 }) == nil {
            // Not asked beside the calls: their own limit gives them up, before the call returns.
            await start.value
            release.open()
        } else {
            // Asked beside them: the limit may be gone, and only the call's return ends them.
            release.open()
            await start.value
        }
        _ = await push.value
        if askedAfterTheCalls.withLock({ $0 }) != true {
            await checker.noteViolation(
                .init(
                    .serial,
                    "a guard was asked while the host's first calls were out: its time limit replaced theirs, "
                        + "and a stuck call would never be given up"))
        }
    }

    /// A coordinator made synchronously on `host`, with a host timeout of one second on `clock`:
    /// the host is not called until `start()` or the first transition.
    private static func unstartedApp(
        host: some WindowHost, clock: TestClock, environment: StressEnvironment, guards: [NavigationGuard] = []
    ) -> Coordinator? {
        guard let configuration = try? CoordinatorConfiguration(hostTimeout: .seconds(1)) else { return nil }
        return Coordinator(
            root: Screen("lhome"), configuration: configuration, host: host, clock: clock,
            executor: environment.serialExecutor, taskExecutor: environment.taskExecutor, screens: registry(),
            guards: guards)
    }
}

/// A host that takes every call at once but its first, which it hands to `first` and returns
/// once `first` does.
private final class FirstCallHost: CommandHost {
    private let first: @Sendable (HostCommand) async -> Void
    private let calls = Locked(0)

    init(first: @escaping @Sendable (HostCommand) async -> Void) { self.first = first }

    func perform(_ command: HostCommand) async {
        let isFirst = calls.withLock { count -> Bool in
            count += 1
            return count == 1
        }
        if isFirst { await first(command) }
    }
}
