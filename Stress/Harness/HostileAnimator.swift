import TransitionCoordinator

/// The kinds of animator the harness hands out, from polite to hostile.
public enum AnimatorKind: String, Sendable, Hashable, CaseIterable {
    /// No animator at all.
    case none
    /// Returns at once.
    case instant
    /// Sleeps a random delay on the clock.
    case delayed
    /// A callback animator that never calls finish (ends at the timeout).
    case neverFinishing
    /// A callback animator that calls finish twice.
    case finishingTwice
    /// Throws.
    case throwing
    /// Asks the coordinator for a transition from inside, directly and from a task it starts.
    case reentrant
}

/// An animator of one ``AnimatorKind`` that reports every call to the checker.
struct HostileAnimator: Animator {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "hostile animator threw" }
    }

    let kind: AnimatorKind
    let delay: Duration
    let coordinator: Coordinator
    let checker: StressChecker
    let environment: StressEnvironment

    func animate(_ context: TransitionContext) async throws {
        await checker.animatorCalled(context.transitionID)
        switch kind {
        case .none, .instant:
            return
        case .delayed:
            try await environment.sleep(delay)
        case .neverFinishing:
            try await CallbackAnimator { _, _ in }.animate(context)
        case .finishingTwice:
            try await CallbackAnimator { _, finish in
                finish()
                finish()
            }.animate(context)
        case .throwing:
            throw Failure()
        case .reentrant:
            let probe = Request.push(Screen("reentrant-probe"), at: .high)
            await checker.reentrantProbe(context.transitionID, answer: await attempt(probe))
            let spawned = Task(executorPreference: environment.taskExecutor) { await attempt(probe) }
            await checker.reentrantProbe(context.transitionID, answer: await spawned.value)
        }
    }

    private typealias Request = TransitionRequest

    private func attempt(_ request: TransitionRequest) async -> Result<TransitionRecord, TransitionError> {
        do {
            return .success(try await coordinator.perform(request))
        } catch {
            return .failure(error)
        }
    }
}
