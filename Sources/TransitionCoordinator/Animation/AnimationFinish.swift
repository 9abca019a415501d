/// The one-shot completion handed to a ``CallbackAnimator``: call it once when the animation is done.
///
/// Safe from any thread or task. The first call (``callAsFunction()`` or ``fail(_:)``) completes
/// the animation; every later call is ignored and counted in the transition record's
/// ``TransitionRecord/animation`` description (`finished N times`) (when it arrives before the transition commits).
/// Never calling it is survived too: the coordinator's timeout ends the animation. A call that
/// comes after the coordinator cut the animation short is ignored and not counted.
///
/// A test builds one with ``init()`` to call a completion-block animation's body alone, then
/// reads ``callCount`` and ``result``.
public final class AnimationFinish: Sendable {
    private enum State {
        case pending
        case waiting(CheckedContinuation<Void, any Error>)
        case finished(Result<Void, any Error>)
        case consumed
        case cancelled
    }

    /// The phase, with what a test reads: every call, and the first completion.
    private struct Calls {
        var state = State.pending
        var count = 0
        var first: Result<Void, any Error>?
    }

    private let calls = Locked(Calls())
    private let ledger: AnimationLedger

    init(ledger: AnimationLedger) { self.ledger = ledger }

    /// A finish of its own, for a test that calls a ``CallbackAnimator``'s body directly: its
    /// extra calls are counted in ``callCount``, and no record sees them.
    public convenience init() { self.init(ledger: AnimationLedger()) }

    /// How many times it was called so far (``callAsFunction()`` and ``fail(_:)`` alike, the first
    /// included; calls after a cut too). Safe from any thread.
    public var callCount: Int { calls.withLock { $0.count } }

    /// The first completion: success for ``callAsFunction()``, the error for ``fail(_:)``; nil
    /// until called. Later calls never change it.
    public var result: Result<Void, any Error>? { calls.withLock { $0.first } }

    /// Reports that the animation finished.
    public func callAsFunction() { complete(.success(())) }

    /// Reports that the animation failed; the transition still completes and its record says so.
    public func fail(_ error: any Error) { complete(.failure(error)) }

    private func complete(_ result: Result<Void, any Error>) {
        let waiter: CheckedContinuation<Void, any Error>? = calls.withLock { calls in
            calls.count += 1
            if calls.first == nil { calls.first = result }
            return Self.complete(&calls.state, with: result, ledger: ledger)
        }
        waiter?.resume(with: result)
    }

    /// The phase's step on a completion; returns the waiter to resume.
    private static func complete(
        _ state: inout State, with result: Result<Void, any Error>,
        ledger: AnimationLedger
    ) -> CheckedContinuation<Void, any Error>? {
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

    /// Ends a pending wait with `CancellationError` (the animation's task was cancelled).
    func cancel() {
        let waiter: CheckedContinuation<Void, any Error>? = calls.withLock { calls in
            switch calls.state {
            case .pending:
                calls.state = .cancelled
                return nil
            case .waiting(let continuation):
                calls.state = .cancelled
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
            let ready: Result<Void, any Error>? = calls.withLock { calls in
                switch calls.state {
                case .pending:
                    calls.state = .waiting(continuation)
                    return nil
                case .finished(let result):
                    calls.state = .consumed
                    return result
                case .waiting, .consumed, .cancelled:
                    return .failure(CancellationError())
                }
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
