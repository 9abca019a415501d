import TransitionCoordinator

/// A scheduler that runs jobs on the thread that drives it: ``DrivenSerialExecutor`` and
/// ``DrivenTaskExecutor`` hand it every job they are given, and it decides when each runs.
package protocol JobScheduler: AnyObject, Sendable {
    /// Takes a job an actor (`.serial`) or a task (`.task`) is ready to run.
    func enqueue(_ job: UnownedJob, _ kind: JobKind)
}

/// Whose job a ``JobScheduler`` is given: an actor's, through the serial executor, or a task's.
package enum JobKind: Sendable {
    case serial, task
}

/// The serial executor of a ``JobScheduler``: every actor that uses it has its jobs run by the scheduler.
package final class DrivenSerialExecutor: SerialExecutor, Sendable {
    private let owner = Box<(any JobScheduler)?>(nil)

    /// An executor with no scheduler yet; its jobs are dropped until ``attach(to:)``.
    package init() {}

    /// Hands every later job to `scheduler`.
    package func attach(to scheduler: any JobScheduler) { owner.value = scheduler }

    /// Hands the job to the scheduler.
    package func enqueue(_ job: consuming ExecutorJob) { owner.value?.enqueue(UnownedJob(job), .serial) }
}

/// The task executor of a ``JobScheduler``: every task that prefers it has its jobs run by the scheduler.
package final class DrivenTaskExecutor: TaskExecutor, Sendable {
    private let owner = Box<(any JobScheduler)?>(nil)

    /// An executor with no scheduler yet; its jobs are dropped until ``attach(to:)``.
    package init() {}

    /// Hands every later job to `scheduler`.
    package func attach(to scheduler: any JobScheduler) { owner.value = scheduler }

    /// Hands the job to the scheduler.
    package func enqueue(_ job: consuming ExecutorJob) { owner.value?.enqueue(UnownedJob(job), .task) }
}
