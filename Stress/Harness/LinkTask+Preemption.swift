import TestSupport
import TransitionCoordinator

extension LinkTask {
    /// Two preempting requests on an app of its own, the first while a guarded transition's guards
    /// decide (it waits, cutting nothing), the second once they let it through, both for the same
    /// level. The second is not next (the first runs before it), so it must cut nothing either: a
    /// cut followed by a refusal at hand-over breaks the promise that a request that cut the
    /// animation runs (mutant ``Mutation/preemptCutsBehindWaiter``).
    static func preemptBehindEarlierWaiter(environment: StressEnvironment, checker: StressChecker) async {
        let deciding = Gate(), decide = Gate()
        let slow = NavigationGuard("slow") { context in
            guard context.arriving.contains(where: { $0.name == "lvault" }) else { return .allow }
            deciding.open()
            await decide.wait()
            return .allow
        }
        let app = await Coordinator(
            root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: registry(), guards: [slow])
        var probe = EventProbe(app)
        let animator = GatedAnimator()
        let open = Task(executorPreference: environment.taskExecutor) {
            try? await app.openWindow(Screen("lvault"), at: .low, animator: animator)
        }
        await deciding.wait()
        let first = TransitionRequest.push(Screen("la"), at: .medium), second = TransitionRequest.push(Screen("lb"), at: .medium)
        let earlier = Task(executorPreference: environment.taskExecutor) { try? await app.perform(first, policy: .preempt) }
        _ = await probe.waiting(first)
        decide.open()
        await animator.started()
        let later = Task(executorPreference: environment.taskExecutor) {
            () async -> Result<TransitionRecord, TransitionError> in
            do throws(TransitionError) {
                return .success(try await app.perform(second, policy: .preempt))
            } catch {
                return .failure(error)
            }
        }
        _ = await probe.waiting(second)
        animator.open()
        let opened = await open.value
        _ = await earlier.value
        if opened?.animation == .preempted, case .failure(let error) = await later.value {
            await checker.noteViolation(
                .init(
                    .atomic,
                    "a preempting request behind an earlier waiting one cut the animation short, then was refused: \(error)"))
        }
    }
}
