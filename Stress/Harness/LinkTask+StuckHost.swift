import TestSupport
import TransitionCoordinator

extension LinkTask {
    /// A preempting request cuts an animation short on an app of its own; then the cut
    /// transition's first after-animation call (a reset) gets stuck past the host timeout. The
    /// request has acted, so it must run, to the model alone, and not be refused as the host is
    /// unresponsive (mutant ``Mutation/preemptRefusedAfterCut``). The host is reached from a
    /// detached task on the run's executor, and the app keeps a clock of its own, which this
    /// scenario moves: the order is the scenario's, in a simulation and on threads alike.
    static func preemptPastStuckHost(environment: StressEnvironment, checker: StressChecker) async {
        guard let (app, _, clock, reached, release) = await stuckResetApp(environment: environment) else { return }
        let animating = Gate()
        let held = CallbackAnimator { _, _ in animating.open() }
        let first = Task(executorPreference: environment.taskExecutor) {
            try? await app.openWindow(Screen("lfirst"), at: .low, animator: held)
        }
        await animating.wait()
        let preempting = Task(executorPreference: environment.taskExecutor) {
            () async -> Result<TransitionRecord, TransitionError> in
            do throws(TransitionError) {
                return .success(try await app.openWindow(Screen("lsecond"), at: .medium, policy: .preempt))
            } catch {
                return .failure(error)
            }
        }
        await reached.wait()
        clock.advance(by: .seconds(1))
        _ = await first.value
        let answer = await preempting.value
        release.open()
        if case .failure(let error) = answer {
            await checker.noteViolation(
                .init(
                    .atomic,
                    "a preempting request that cut the animation short was refused once the host got stuck in the cut "
                        + "transition: \(error)"))
        }
    }

    /// A push animated on an app of its own whose first after-animation call, the root window's
    /// reset, gets stuck past the host timeout: the new window's reset is never sent. Once the
    /// host answers, the next transition's catch-up must send it, or the animator's changes stay
    /// on screen (mutant ``Mutation/missedResetForgotten``).
    static func missedResetAfterStuckHost(environment: StressEnvironment, checker: StressChecker) async {
        guard let (app, host, clock, reached, release) = await stuckResetApp(environment: environment) else { return }
        let animator = CallbackAnimator { _, finish in finish() }
        let push = Task(executorPreference: environment.taskExecutor) {
            try? await app.openWindow(Screen("lfirst"), at: .low, animator: animator)
        }
        await reached.wait()
        clock.advance(by: .seconds(1))
        guard let pushed = await push.value, let window = pushed.after.window(at: .low)?.id else { return }
        release.open()
        var yields = 0
        while await app.hostFault != nil, yields < 100_000 {
            yields += 1
            await Task.yield()
        }
        _ = try? await app.registerUnmanagedWindow(UnmanagedWindow(id: "lprobe", zOrder: 10))
        if !host.received.contains(.reset(window)) {
            await checker.noteViolation(
                .init(
                    .hostBalance,
                    "a reset of \(window) that a stuck host missed was never sent once it answered: "
                        + "the animator's changes stay on screen"))
        }
    }
}

extension LinkTask {
    /// A window the app registers as key, on an app of its own whose host fell behind: the
    /// registration's catch-up gets stuck past the host timeout, so it commits to the model alone
    /// and its `makeKey … resigning` is never sent. Once the host answers, the next catch-up must
    /// name the resign, or the host keeps the app's window key (mutant
    /// ``Mutation/owedResignForgotten``). The host holds the calls the scenario picks, and the app
    /// keeps a clock of its own, which the scenario moves.
    static func keyResignAfterStuckHost(environment: StressEnvironment, checker: StressChecker) async {
        let host = HoldingHost(), clock = TestClock()
        guard let configuration = try? CoordinatorConfiguration(hostTimeout: .seconds(1)) else { return }
        let app = await Coordinator(
            root: Screen("lhome"), configuration: configuration, host: host, clock: clock,
            executor: environment.serialExecutor, taskExecutor: environment.taskExecutor)
        guard (try? await app.openWindow(Screen("lfirst"), at: .low)) != nil else { return }
        let makeKey: @Sendable (HostCommand) -> Bool = { if case .makeKey = $0 { true } else { false } }
        let destroy: @Sendable (HostCommand) -> Bool = { if case .destroy = $0 { true } else { false } }
        // The close's first call, the root's makeKey, gets stuck: the host misses the window's destroy.
        await stuck(host, clock: clock, app: app, environment: environment, on: makeKey) {
            _ = try? await app.closeWindow(at: .low)
        }
        // The registration's catch-up (that destroy) gets stuck: its own calls are never sent.
        await stuck(host, clock: clock, app: app, environment: environment, on: destroy) {
            _ = try? await app.registerUnmanagedWindow(UnmanagedWindow(id: "lkey", zOrder: 10, isKey: true))
        }
        _ = try? await app.registerUnmanagedWindow(UnmanagedWindow(id: "lprobe", zOrder: 20))
        let resigned = host.received.contains {
            if case .makeKey(_, let resigning) = $0 { resigning.contains("lkey") } else { false }
        }
        if !resigned {
            await checker.noteViolation(
                .init(
                    .hostBalance,
                    "a window registered as key while the host was stuck was never told to resign once the host "
                        + "answered: the host keeps the app's window key (calls: \(host.received.map(\.description)))"))
        }
    }

    /// Runs `request` on `app` with `host` holding the first call `holds` picks past the host
    /// timeout (moving `clock`), then lets the call return and waits until the app sees it has.
    private static func stuck(
        _ host: HoldingHost, clock: TestClock, app: Coordinator, environment: StressEnvironment,
        on holds: @escaping @Sendable (HostCommand) -> Bool, _ request: @escaping @Sendable () async -> Void
    ) async {
        let (reached, release) = host.hold(where: holds)
        let asked = Task(executorPreference: environment.taskExecutor) { await request() }
        await reached.wait()
        clock.advance(by: .seconds(1))
        await asked.value
        release.open()
        var yields = 0
        while await app.hostFault != nil, yields < 100_000 {
            yields += 1
            await Task.yield()
        }
    }
}

extension LinkTask {
    /// An app of its own showing `lhome`, over a ``HoldingHost`` that holds the first reset of a
    /// window's appearance (an after-animation call) until `release` opens, opening `reached`
    /// first, with a host timeout of one second on a clock of its own that the scenario moves.
    fileprivate static func stuckResetApp(
        environment: StressEnvironment
    ) async -> (Coordinator, HoldingHost, TestClock, reached: Gate, release: Gate)? {
        let host = HoldingHost(), clock = TestClock()
        let (reached, release) = host.hold { if case .reset = $0 { true } else { false } }
        guard let configuration = try? CoordinatorConfiguration(hostTimeout: .seconds(1)) else { return nil }
        let app = await Coordinator(
            root: Screen("lhome"), configuration: configuration, host: host, clock: clock,
            executor: environment.serialExecutor, taskExecutor: environment.taskExecutor)
        return (app, host, clock, reached, release)
    }
}

/// A host that takes every call at once but the first one that ``hold(where:)`` picks, which it
/// holds until that hold's `release` opens, opening its `reached` first. Keeps every call it took.
private final class HoldingHost: CommandHost {
    private struct Hold {
        let picks: @Sendable (HostCommand) -> Bool
        let reached: Gate
        let release: Gate
    }
    private let state = Locked((hold: Hold?.none, received: [HostCommand]()))

    /// The calls taken so far, in order.
    var received: [HostCommand] { state.withLock { $0.received } }

    /// Holds the next call `picks` picks: `reached` opens when it comes, and it returns once `release` opens.
    func hold(where picks: @escaping @Sendable (HostCommand) -> Bool) -> (reached: Gate, release: Gate) {
        let hold = Hold(picks: picks, reached: Gate(), release: Gate())
        state.withLock { $0.hold = hold }
        return (hold.reached, hold.release)
    }

    func perform(_ command: HostCommand) async {
        let held: Hold? = state.withLock { state in
            state.received.append(command)
            guard let hold = state.hold, hold.picks(command) else { return nil }
            state.hold = nil
            return hold
        }
        guard let held else { return }
        held.reached.open()
        await held.release.wait()
    }
}
