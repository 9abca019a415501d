import TestSupport
import TransitionCoordinator

/// One seeded scheduler that decides which ready job runs next, for every actor and task of a run.
///
/// Every actor of the run gets ``serialExecutor`` and every task prefers ``taskExecutor``; both
/// only hand their jobs to this scheduler, whose ``run(until:)`` loop runs them one at a time on
/// the calling thread, picking among the ready ones with its own seeded generator. When nothing
/// is ready it advances the ``TestClock`` to the next deadline. The same seed and workload
/// therefore give the same interleaving, the same trace and the same digest, run after run.
public final class SimulationScheduler: JobScheduler {
    private struct State {
        var ready: [(job: UnownedJob, kind: JobKind)] = []
        var rng: SplitMix64
        var faults: SplitMix64
        var steps = 0
        /// Steps left in the current stall of the actors' queue (their jobs wait, tasks run).
        var stallLeft = 0
        var stalls = 0
    }

    private let stallPercent: Int

    private let state: Locked<State>
    /// The clock time comes from; it advances only when no job is ready.
    package let clock: TestClock
    /// The serial executor every actor of the run uses.
    package let serialExecutor = DrivenSerialExecutor()
    /// The task executor every task of the run prefers.
    package let taskExecutor = DrivenTaskExecutor()

    /// A scheduler whose choices come from `seed`; in `stallPercent` of its steps it stalls the
    /// actors' queue for a few steps (tasks run meanwhile), then releases it in random order.
    public init(seed: UInt64, stallPercent: Int = 0) {
        let root = SplitMix64(seed: seed)
        state = Locked(State(rng: root.split(1), faults: root.split(2)))
        self.stallPercent = stallPercent
        clock = TestClock()
        serialExecutor.attach(to: self)
        taskExecutor.attach(to: self)
    }

    /// How many jobs have run.
    public var steps: Int { state.withLock { $0.steps } }
    /// How many stalls of the actors' queue were injected.
    public var stalls: Int { state.withLock { $0.stalls } }

    /// Adds a job to the ready ones (which runs next is the seeded choice of ``run(until:)``).
    package func enqueue(_ job: UnownedJob, _ kind: JobKind) { state.withLock { $0.ready.append((job, kind)) } }

    /// Runs ready jobs, one at a time in seeded random order, advancing virtual time when none is
    /// ready, until `done()` holds or nothing can ever run again. Returns whether `done()` held.
    public func run(until done: () -> Bool) -> Bool {
        while !done() {
            let stallPercent = self.stallPercent
            let next: (job: UnownedJob, kind: JobKind)? = state.withLock { state in
                guard !state.ready.isEmpty else { return nil }
                if stallPercent > 0, state.stallLeft == 0, state.faults.chance(stallPercent) {
                    state.stallLeft = 1 + state.faults.below(16)
                    state.stalls += 1
                }
                var candidates = Array(state.ready.indices)
                if state.stallLeft > 0 {
                    state.stallLeft -= 1
                    let tasks = candidates.filter { state.ready[$0].kind == .task }
                    if !tasks.isEmpty { candidates = tasks }
                }
                let index = candidates[state.rng.below(candidates.count)]
                state.steps += 1
                state.ready.swapAt(index, state.ready.count - 1)
                return state.ready.removeLast()
            }
            if let next {
                switch next.kind {
                case .serial: next.job.runSynchronously(on: serialExecutor.asUnownedSerialExecutor())
                case .task: next.job.runSynchronously(on: taskExecutor.asUnownedTaskExecutor())
                }
            } else if !clock.advanceToNextDeadline() {
                return done()
            }
        }
        return true
    }
}
