import TransitionCoordinator

/// Coordinators created and freed during a run, each asked by a task started inside the previous
/// one's transition: a stale re-entrancy marker (one naming a freed coordinator that a new one
/// could be mistaken for, say by its reused address) shows up as a wrong `reentrant`.
///
/// Round i makes coordinator Cᵢ and pushes with an animator that (1) starts a task Xᵢ, which
/// inherits Cᵢ's marker and waits for the next coordinator, and (2) hands Cᵢ to the previous
/// round's task Xᵢ₋₁ and waits for its answer, so Xᵢ₋₁ asks while Cᵢ's own transition is in
/// flight. Xᵢ₋₁ was started inside a transition of a coordinator that is gone: the right answer is
/// busy. Cᵢ is freed before Cᵢ₊₁ is made, so an allocator may give Cᵢ₊₁ its address.
enum CoordinatorChurn {
    static func run(rounds: Int, environment: StressEnvironment, checker: StressChecker, stress: StressConfiguration) async {
        guard rounds > 0 else { return }
        let configuration: CoordinatorConfiguration
        do {
            configuration = try CoordinatorConfiguration(levels: [.low], animationTimeout: .seconds(1))
        } catch {
            return
        }
        var previous: Mailbox?
        for _ in 0..<rounds {
            let next = Mailbox()
            let handOver = previous
            await round(
                configuration: configuration, environment: environment, checker: checker, stress: stress,
                next: next, previous: handOver)
            previous = next
        }
        previous?.deliver(nil)
    }

    private static func round(
        configuration: CoordinatorConfiguration, environment: StressEnvironment, checker: StressChecker,
        stress: StressConfiguration, next: Mailbox, previous: Mailbox?
    ) async {
        let coordinator = await Coordinator(
            rootContent: .screen(Screen("churn")), configuration: configuration, clock: environment.clock,
            executor: environment.serialExecutor, taskExecutor: environment.taskExecutor)
        let animator = AnyAnimator { [weak coordinator] _ in
            // Xᵢ: a child of this transition's animator task, so it carries its marker.
            Task(executorPreference: environment.taskExecutor) {
                guard let target = await next.take() else { return }
                let answer: Result<TransitionRecord, TransitionError>
                do throws(TransitionError) {
                    answer = .success(try await target.openWindow(Screen("stale-probe"), at: .low))
                } catch {
                    answer = .failure(error)
                }
                next.answer()
                await checker.churnAnswered(answer)
            }
            if let previous, let coordinator {
                previous.deliver(coordinator)
                await previous.answered()
            }
        }
        _ = try? await coordinator.openWindow(Screen("churned"), at: .low, animator: animator)
    }
}

/// Hands one coordinator from a round to the task the previous round started, and its answer back.
private final class Mailbox: Sendable {
    private struct State {
        var delivered: Coordinator??
        var taker: CheckedContinuation<Coordinator?, Never>?
        var answered = false
        var answerWaiter: CheckedContinuation<Void, Never>?
    }

    private let state = Locked(State())

    func deliver(_ coordinator: Coordinator?) {
        let taker: CheckedContinuation<Coordinator?, Never>? = state.withLock { state in
            guard let taker = state.taker else {
                state.delivered = .some(coordinator)
                return nil
            }
            state.taker = nil
            return taker
        }
        taker?.resume(returning: coordinator)
    }

    func take() async -> Coordinator? {
        await withCheckedContinuation { continuation in
            let ready: Coordinator?? = state.withLock { state in
                if let delivered = state.delivered {
                    state.delivered = nil
                    return .some(delivered)
                }
                state.taker = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    func answer() {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
            state.answered = true
            defer { state.answerWaiter = nil }
            return state.answerWaiter
        }
        waiter?.resume()
    }

    func answered() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if state.answered { return true }
                state.answerWaiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }
}
