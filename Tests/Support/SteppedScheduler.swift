import TransitionCoordinator

/// A first-in first-out scheduler a synchronous test drives, for the coordinator's serial
/// executor and every task's executor: ``run(until:)`` runs ready jobs one at a time on the
/// calling thread. While ``holdsSerial`` is set, the serial executor's jobs wait (in order) and
/// only task jobs run, so a test can line jobs up on the actors' queue and then let them go.
package final class SteppedScheduler: JobScheduler {
    private struct State {
        var ready: [(job: UnownedJob, kind: JobKind)] = []
        var holdsSerial = false
    }

    private let state = Box(State())
    /// The serial executor whose jobs this scheduler runs.
    package let serialExecutor = DrivenSerialExecutor()
    /// The task executor whose jobs this scheduler runs.
    package let taskExecutor = DrivenTaskExecutor()

    /// A scheduler with nothing ready, serial jobs not held.
    package init() {
        serialExecutor.attach(to: self)
        taskExecutor.attach(to: self)
    }

    /// Queues a job behind the ready ones.
    package func enqueue(_ job: UnownedJob, _ kind: JobKind) { state.mutate { $0.ready.append((job, kind)) } }

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
            let next: (job: UnownedJob, kind: JobKind)? = state.update { state in
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
