/// The owner of one level's window: the single source of truth for what stands there.
///
/// Only the coordinator holds a level actor, and it writes only while committing its current
/// transition; the write is a compare-and-set so a lost update shows up as a failed write that
/// ``Coordinator/audit()`` reports, never as a silent overwrite.
actor LevelActor {
    let level: WindowLevel
    private let executor: ExecutorChoice
    private(set) var window: Window?

    init(level: WindowLevel, window: Window?, executor: ExecutorChoice) {
        self.level = level
        self.window = window
        self.executor = executor
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.unownedExecutor }

    /// ``replace(expecting:with:)`` called from the coordinator's own step: the level actor runs on
    /// the coordinator's executor, so the caller is already isolated to it.
    ///
    /// This is `assumeIsolated` without its allocations (two per call on this toolchain: the
    /// closure's context and its escape check), written the way the standard library writes it:
    /// - `preconditionIsolated` stops the process unless the current executor is this actor's,
    ///   so the isolated function below only ever runs isolated to this actor, as if called with
    ///   `await` from here; nothing else can run on that serial executor meanwhile.
    /// - `write` captures nothing, so the cast changes only how the type checker sees its first
    ///   parameter (`isolated` or not), not the function's representation or calling convention.
    nonisolated func replaceOnSharedExecutor(expecting expected: WindowID?, with new: Window?) -> Bool {
        preconditionIsolated("a level actor is written only on the executor it shares with its coordinator")
        typealias Isolated = (isolated LevelActor, WindowID?, Window?) -> Bool
        typealias Plain = (LevelActor, WindowID?, Window?) -> Bool
        let write: Isolated = { actor, expected, new in actor.replace(expecting: expected, with: new) }
        return unsafeBitCast(write, to: Plain.self)(self, expected, new)
    }

    /// Replaces the window if the current one has the expected id; returns whether it did.
    func replace(expecting expected: WindowID?, with new: Window?) -> Bool {
        guard window?.id == expected else { return false }
        window = new
        return true
    }
}
