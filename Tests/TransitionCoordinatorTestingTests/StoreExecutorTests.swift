import Foundation
import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// An executor of the test's own, serial and preferred by tasks alike: every job it is given
/// runs on one thread, in the order given. A coordinator made on it, and the tasks that prefer
/// it, take turns there in one order, so requests sent together meet the coordinator in the
/// order they were sent.
final class OneThreadExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var stopped = false
    private var ran = 0

    /// Starts the thread.
    init() {
        Thread { [self] in drain() }.start()
    }

    /// How many jobs ran so far.
    var jobsRun: Int {
        condition.lock()
        defer { condition.unlock() }
        return ran
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once the jobs given so far have run.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func drain() {
        while true {
            condition.lock()
            while jobs.isEmpty, !stopped { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
            condition.lock()
            ran += 1
            condition.unlock()
        }
    }
}

/// The store's coordinator on an executor the test gives it.
@Suite("A store on a driven executor")
struct StoreExecutorTests {
    static let list = Screen("list"), mail = Screen("mail"), thread = Screen("thread")

    /// On the default executors the same two pushes meet the coordinator in either order, from
    /// run to run; on the driven executor, always in the order sent.
    @Test("two pushes sent together, on one driven executor, meet the coordinator in the order sent: the same lines every run")
    func racingPushesInOneOrder() async throws {
        let executor = OneThreadExecutor()
        defer { executor.stop() }
        for run in 1...20 {
            let store = try await NavigationTestStore(
                root: .stack(StackContainer(id: "inbox", root: Self.list)), executor: executor)
            let coordinator = store.coordinator
            await store.step("run \(run): a mail and a thread pushed at once") {
                let first = Task(executorPreference: executor) { try await coordinator.stack("inbox").push(Self.mail) }
                let second = Task(executorPreference: executor) { try await coordinator.stack("inbox").push(Self.thread) }
                return (try await first.value, try await second.value)
            } expect: {
                $0.state = ["root(0): stack inbox [list, mail, thread]"]
                $0.records = ["push mail onto inbox: skipped (no animator)", "push thread onto inbox: skipped (no animator)"]
                $0.events = [
                    "began push mail onto inbox",
                    "ended push mail onto inbox (skipped (no animator))",
                    "began push thread onto inbox",
                    "ended push thread onto inbox (skipped (no animator))",
                ]
            }
            await store.finish()
        }
        #expect(executor.jobsRun > 0, "the coordinator and the pushes ran on the executor")
    }
}
