/// An admitted transition handed from the coordinator to the task that asked for it.
struct Admission: Sendable {
    let id: TransitionID
    let plan: TransitionPlan
    let waited: WaitInfo?
    /// When it took the in-flight slot (a waiter's task resumes a little later).
    let admittedAt: Duration
}

/// A waiting request's place in line: resolved exactly once, by the coordinator or by cancellation.
///
/// The coordinator `claim`s a live ticket and `deliver`s in one synchronous step, so a claimed
/// ticket can no longer be cancelled (its transition is admitted and will complete); a cancelled
/// ticket can no longer be claimed (it is skipped). Exactly one of the two wins, under the lock.
final class AdmissionTicket: Sendable {
    typealias Outcome = Result<Admission, TransitionError>

    private enum State {
        case pending
        case waiting(CheckedContinuation<Outcome, Never>)
        case claimed(CheckedContinuation<Outcome, Never>?)
        case resolved(Outcome)
        case consumed
    }

    private let state = Locked(State.pending)
    private let request: TransitionRequest

    init(request: TransitionRequest) { self.request = request }

    /// Whether the ticket still waits for the coordinator (neither claimed nor cancelled).
    var isLive: Bool {
        state.withLock { state in
            switch state {
            case .pending, .waiting: true
            case .claimed, .resolved, .consumed: false
            }
        }
    }

    /// Ends the wait with ``TransitionError/cancelled(_:)`` unless the coordinator claimed it first.
    func cancel() {
        let outcome = Outcome.failure(.cancelled(request))
        let waiter: CheckedContinuation<Outcome, Never>? = state.withLock { state in
            switch state {
            case .pending:
                state = .resolved(outcome)
                return nil
            case .waiting(let continuation):
                state = .consumed
                return continuation
            case .claimed, .resolved, .consumed:
                return nil
            }
        }
        waiter?.resume(returning: outcome)
    }

    /// Takes the ticket for delivery; false when it was cancelled.
    func claim() -> Bool {
        state.withLock { state in
            switch state {
            case .pending:
                state = .claimed(nil)
                return true
            case .waiting(let continuation):
                state = .claimed(continuation)
                return true
            case .claimed, .resolved, .consumed:
                return false
            }
        }
    }

    /// Hands the outcome to the waiter; only after a successful ``claim()``.
    func deliver(_ outcome: Outcome) {
        let waiter: CheckedContinuation<Outcome, Never>? = state.withLock { state in
            guard case .claimed(let continuation) = state else { return nil }
            if let continuation {
                state = .consumed
                return continuation
            }
            state = .resolved(outcome)
            return nil
        }
        waiter?.resume(returning: outcome)
    }

    /// Waits for the outcome. Called once, by the task that asked.
    func wait() async -> Outcome {
        await withCheckedContinuation { continuation in
            let ready: Outcome? = state.withLock { state in
                switch state {
                case .pending:
                    state = .waiting(continuation)
                    return nil
                case .claimed(nil):
                    state = .claimed(continuation)
                    return nil
                case .resolved(let outcome):
                    state = .consumed
                    return outcome
                case .waiting, .claimed, .consumed:
                    // Only one task waits on a ticket; reaching here means a second waiter.
                    return .failure(.cancelled(request))
                }
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
