/// The owner of one level's window: the single source of truth for what stands there.
///
/// Only the coordinator holds a level actor, and it writes only while committing its current
/// transition; the write is a compare-and-set so a lost update shows up as a failed write that
/// ``Coordinator/audit()`` reports, never as a silent overwrite.
actor LevelActor {
    let level: WindowLevel
    private let executor: ExecutorChoice
    private(set) var window: ManagedWindow?

    init(level: WindowLevel, window: ManagedWindow?, executor: ExecutorChoice) {
        self.level = level
        self.window = window
        self.executor = executor
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.unownedExecutor }

    /// Replaces the window if the current one has the expected id; returns whether it did.
    ///
    /// Called from the coordinator's own step: the level actor runs on the coordinator's executor,
    /// so the caller is already isolated to it (`assumeIsolated` stops the process if it is not),
    /// and the write happens in the caller's step, with no await.
    nonisolated func replace(expecting expected: WindowID?, with new: ManagedWindow?) -> Bool {
        PathTrace.enter()
        return assumeIsolated { actor in
            guard actor.window?.id == expected else { return false }
            actor.window = new
            return true
        }
    }
}
