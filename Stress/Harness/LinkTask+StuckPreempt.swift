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
        let host = StuckResetHost(), clock = TestClock()
        guard let configuration = try? CoordinatorConfiguration(hostTimeout: .seconds(1)) else { return }
        let app = await Coordinator(
            root: Screen("lhome"), configuration: configuration, host: host, clock: clock,
            executor: environment.serialExecutor, taskExecutor: environment.taskExecutor)
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
        await host.reached.wait()
        clock.advance(by: .seconds(1))
        _ = await first.value
        let answer = await preempting.value
        host.release.open()
        if case .failure(let error) = answer {
            await checker.noteViolation(
                .init(
                    .atomic,
                    "a preempting request that cut the animation short was refused once the host got stuck in the cut "
                        + "transition: \(error)"))
        }
    }
}

/// A host that takes every call at once but the first reset of a window's appearance (an
/// after-animation call), which it holds until ``release`` opens, opening ``reached`` first.
private final class StuckResetHost: CommandHost {
    let reached = Gate(), release = Gate()
    private let held = Locked(false)

    func perform(_ command: HostCommand) async {
        guard case .reset = command,
            held.withLock({ held in
                defer { held = true }
                return !held
            })
        else { return }
        reached.open()
        await release.wait()
    }
}
