/// The one-shot completion handed to a ``CallbackAnimator``: call it once when the animation is done.
///
/// Safe from any thread or task. The first call (``callAsFunction()`` or ``fail(_:)``) completes
/// the animation; every later call is ignored and counted in the transition record's
/// ``TransitionRecord/animation`` description (`finished N times`) (when it arrives before the transition commits).
/// Never calling it is survived too: the coordinator's timeout ends the animation. A call that
/// comes after the coordinator cut the animation short is ignored and not counted.
public final class AnimationFinish: Sendable {
    private enum State {
        case pending
        case waiting(CheckedContinuation<Void, any Error>)
        case finished(Result<Void, any Error>)
        case consumed
        case cancelled
    }

    private let state = Locked(State.pending)
    private let ledger: AnimationLedger

    init(ledger: AnimationLedger) { self.ledger = ledger }

    /// Reports that the animation finished.
    public func callAsFunction() { complete(.success(())) }

    /// Reports that the animation failed; the transition still completes and its record says so.
    public func fail(_ error: any Error) { complete(.failure(error)) }

    private func complete(_ result: Result<Void, any Error>) {
        let waiter: CheckedContinuation<Void, any Error>? = state.withLock { state in
            switch state {
            case .pending:
                state = .finished(result)
                return nil
            case .waiting(let continuation):
                state = .consumed
                return continuation
            case .finished, .consumed:
                ledger.noteExtraFinish()
                return nil
            case .cancelled:
                return nil
            }
        }
        waiter?.resume(with: result)
    }

    /// Ends a pending wait with `CancellationError` (the animation's task was cancelled).
    func cancel() {
        let waiter: CheckedContinuation<Void, any Error>? = state.withLock { state in
            switch state {
            case .pending:
                state = .cancelled
                return nil
            case .waiting(let continuation):
                state = .cancelled
                return continuation
            case .finished, .consumed, .cancelled:
                return nil
            }
        }
        waiter?.resume(throwing: CancellationError())
    }

    /// Suspends until the first completion or cancellation. Called once, by ``CallbackAnimator``.
    func wait() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let ready: Result<Void, any Error>? = state.withLock { state in
                switch state {
                case .pending:
                    state = .waiting(continuation)
                    return nil
                case .finished(let result):
                    state = .consumed
                    return result
                case .waiting, .consumed, .cancelled:
                    return .failure(CancellationError())
                }
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
