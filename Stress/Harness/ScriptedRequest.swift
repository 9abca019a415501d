import TransitionCoordinator

/// A request sent by one of the harness's scripted tasks (hop flows, sheet flows), as a client
/// does: `.enqueue`, deferred through the lock, its answer reported to the checker as a worker's.
enum ScriptedRequest {
    /// Sends `request` and reports its answer; true when it committed.
    @discardableResult
    static func send(_ request: TransitionRequest, label: RequestLabel, environment: StressEnvironment,
                     coordinator: Coordinator, checker: StressChecker) async -> Bool {
        let asked = environment.elapsed()
        do throws(TransitionError) {
            let record = try await coordinator.perform(request, policy: .enqueue, whenLocked: .deferUntilUnlocked)
            await checker.committed(record, animator: .none, label: label, wall: environment.elapsed() - asked)
            return true
        } catch {
            await checker.rejected(request, error, animator: .none, label: label, asked: asked, answered: environment.elapsed())
            return false
        }
    }
}
