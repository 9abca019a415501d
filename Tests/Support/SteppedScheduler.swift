import TransitionCoordinator

/// A first-in first-out scheduler a synchronous test drives, for the coordinator's serial
/// executor and every task's executor: ``run(until:)`` runs ready jobs one at a time on the
/// calling thread. While ``holdsSerial`` is set, the serial executor's jobs wait (in order) and
/// only task jobs run, so a test can line jobs up on the actors' queue and then let them go.
package final class SteppedScheduler: Sendable {
    package enum Kind { case serial, task }

    private struct State {
        var ready: [(job: UnownedJob, kind: Kind)] = []
        var holdsSerial = false
    }

    private let state = Box(State())
    package let serialExecutor: SteppedSerialExecutor
    package let taskExecutor: SteppedTaskExecutor

    package init() {
        let owner = Box<SteppedScheduler?>(nil)
        serialExecutor = SteppedSerialExecutor(owner)
        taskExecutor = SteppedTaskExecutor(owner)
        owner.value = self
    }

    fileprivate func enqueue(_ job: UnownedJob, _ kind: Kind) { state.mutate { $0.ready.append((job, kind)) } }

    /// Whether serial jobs wait.
    package var holdsSerial: Bool {
        get { state.value.holdsSerial }
        set { state.mutate { $0.holdsSerial = newValue } }
    }

    /// The serial jobs waiting.
    package var serialWaiting: Int { state.value.ready.filter { $0.kind == .serial }.count }

    /// Runs ready jobs in arrival order (serial ones only while not held) until `done()` holds;
    /// false when nothing more can run first.
    @discardableResult
    package func run(until done: () -> Bool) -> Bool {
        while !done() {
            let next: (job: UnownedJob, kind: Kind)? = state.update { state in
                guard let index = state.ready.firstIndex(where: { !state.holdsSerial || $0.kind == .task }) else { return nil }
                return state.ready.remove(at: index)
            }
            guard let next else { return done() }
            switch next.kind {
            case .serial: next.job.runSynchronously(on: serialExecutor.asUnownedSerialExecutor())
            case .task: next.job.runSynchronously(on: taskExecutor.asUnownedTaskExecutor())
            }
        }
        return true
    }

    /// Runs until no job can run.
    package func runDry() { run { false } }
}

/// The serial executor of a ``SteppedScheduler``.
package final class SteppedSerialExecutor: SerialExecutor, Sendable {
    private let owner: Box<SteppedScheduler?>
    fileprivate init(_ owner: Box<SteppedScheduler?>) { self.owner = owner }
    package func enqueue(_ job: consuming ExecutorJob) { owner.value?.enqueue(UnownedJob(job), .serial) }
}

/// The task executor of a ``SteppedScheduler``.
package final class SteppedTaskExecutor: TaskExecutor, Sendable {
    private let owner: Box<SteppedScheduler?>
    fileprivate init(_ owner: Box<SteppedScheduler?>) { self.owner = owner }
    package func enqueue(_ job: consuming ExecutorJob) { owner.value?.enqueue(UnownedJob(job), .task) }
}
