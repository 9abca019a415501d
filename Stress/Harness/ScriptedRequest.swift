import TransitionCoordinator

/// A request sent by one of the harness's scripted tasks (hop flows, sheet flows), as a client
/// does: `.enqueue`, deferred through the lock, its answer reported to the checker as a worker's.
enum ScriptedRequest {
    /// Sends `request` and reports its answer; true when it committed.
    @discardableResult
    static func send(
        _ request: TransitionRequest, label: RequestLabel, environment: StressEnvironment,
        coordinator: Coordinator, checker: StressChecker
    ) async -> Bool {
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

    /// The levels a scripted task may open a window at: `levels` without the covers' levels.
    static func freeLevels(_ levels: [WindowLevel], of coordinator: Coordinator) -> [WindowLevel] {
        let reserved = coordinator.configuration.covers.reservedLevels
        return levels.filter { !reserved.contains($0) }
    }
}
