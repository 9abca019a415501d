/// One stay of a screen in a hop container, as a flow sees it: not unhopped yet, unhopped with a
/// value nobody has taken, awaited by a flow, or done. Resolved exactly once per stay.
///
/// The coordinator creates and ends it on its actor; a waiting flow's cancellation handler may
/// run on any thread, so the state lives under a lock, and each continuation is taken out of it
/// under the lock before it is resumed, once.
final class UnhopWait: Sendable {
    typealias Answer = Result<any Sendable, TransitionError>

    private enum State {
        /// Nobody unhopped and nobody waits.
        case pending
        /// Unhopped with a value no flow has taken yet.
        case unhopped(any Sendable)
        /// A flow waits.
        case awaited(CheckedContinuation<Answer, Never>)
        /// A flow took the value: the stay's unhop is spent.
        case done
    }

    /// The hop container the screen stays in.
    let container: ContainerID
    /// The screen.
    let screen: ScreenID
    private let state = Locked(State.pending)

    init(screen: ScreenID, container: ContainerID) {
        self.screen = screen
        self.container = container
    }

    /// Unhops with `value`: hands it to the waiting flow, or keeps it for the next one. Throws
    /// ``ContainerError/alreadyUnhopped(_:hop:)`` when this stay unhopped before.
    func unhop(with value: any Sendable) throws(ContainerError) {
        let waiter: CheckedContinuation<Answer, Never>? = try state.withLock { (state: inout State) throws(ContainerError) in
            switch state {
            case .pending:
                state = .unhopped(value)
                return nil
            case .awaited(let continuation):
                state = .done
                return continuation
            case .unhopped, .done:
                throw .alreadyUnhopped(screen, hop: container)
            }
        }
        waiter?.resume(returning: .success(value))
    }

    /// Takes the value if the screen unhopped already; else parks `continuation` until it does
    /// (or the stay ends, or the waiting task is cancelled). Resumes at once with the refusal
    /// when another flow waits or the value was taken, and with `cancelled` when the calling
    /// task is cancelled: checked under the lock, so a cancellation handler that ran before the
    /// continuation was parked (and found nothing to resume) is never missed.
    func await(_ continuation: CheckedContinuation<Answer, Never>, cancelled: TransitionError) {
        let answer: Answer? = state.withLock { state in
            switch state {
            case .pending where Task.isCancelled:
                return .failure(cancelled)
            case .pending:
                state = .awaited(continuation)
                return nil
            case .unhopped(let value):
                state = .done
                return .success(value)
            case .awaited:
                return .failure(.container(.alreadyAwaited(screen, hop: container), in: nil))
            case .done:
                return .failure(.container(.alreadyUnhopped(screen, hop: container), in: nil))
            }
        }
        if let answer { continuation.resume(returning: answer) }
    }

    /// Ends the waiting flow's wait with `error` (its task was cancelled); a later unhop is kept
    /// for the next flow.
    func cancel(with error: TransitionError) {
        let waiter: CheckedContinuation<Answer, Never>? = state.withLock { state in
            guard case .awaited(let continuation) = state else { return nil }
            state = .pending
            return continuation
        }
        waiter?.resume(returning: .failure(error))
    }

    /// The screen left its hop container: a waiting flow is told so.
    func end() {
        let waiter: CheckedContinuation<Answer, Never>? = state.withLock { state in
            defer { state = .done }
            guard case .awaited(let continuation) = state else { return nil }
            return continuation
        }
        waiter?.resume(returning: .failure(.container(.leftBeforeUnhop(screen, hop: container), in: nil)))
    }
}
