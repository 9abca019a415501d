/// One hop stay of a screen (its visit as a hop container's current child; see ``HopHandle``), as a
/// flow sees it: not unhopped yet, unhopped with a value nobody has taken, awaited by a flow, or
/// done. Resolved exactly once per stay.
///
/// One flow waits on a stay at a time: a second is refused (``ContainerError/alreadyAwaited(_:hop:)``)
/// and the first keeps waiting. A flow waits for a value of one type (``Expected``): an unhop with
/// a value of another type is refused while it waits, and the flow waits on; a value of another
/// type kept from before it waited is refused to it, and stays kept for a flow that takes it.
///
/// Each wait is named by a ``Token`` drawn before it begins, so a cancellation ends the wait of
/// the task that was cancelled and no other: a flow whose task is cancelled while another flow
/// waits on the same screen leaves that flow waiting.
///
/// The coordinator creates and ends it on its actor; a waiting flow's cancellation handler may
/// run on any thread, so the state lives under a lock, and each continuation is taken out of it
/// under the lock before it is resumed, once.
final class UnhopWait: Sendable {
    typealias Answer = Result<any Sendable, TransitionError>

    /// Names one flow's wait on this stay (drawn by ``token()`` before the wait begins).
    struct Token: Hashable, Sendable {
        fileprivate let number: UInt64
    }

    /// The type of value a waiting flow takes, and its name for the refusal.
    struct Expected: Sendable {
        /// The type's name, as ``ContainerError/unhopValueMismatch(_:expected:actual:)`` gives it.
        let name: String
        /// Whether `value` is of the type.
        let accepts: @Sendable (any Sendable) -> Bool

        init<Value: Sendable>(_: Value.Type) {
            name = "\(Value.self)"
            accepts = { $0 is Value }
        }

        /// The refusal of `value`, unhopped from `screen`, to a flow that waits for this type.
        func mismatch(_ value: any Sendable, of screen: ScreenID) -> ContainerError {
            .unhopValueMismatch(screen, expected: name, actual: "\(type(of: value))")
        }
    }

    private enum Phase {
        /// Nobody unhopped and nobody waits.
        case pending
        /// Unhopped with a value no flow has taken yet.
        case unhopped(any Sendable)
        /// The flow named by the token waits for a value of the expected type.
        case awaited(Token, Expected, CheckedContinuation<Answer, Never>)
        /// A flow took the value, or the stay ended: no later unhop of this stay counts.
        case done
    }

    private struct State {
        var phase = Phase.pending
        /// Tokens drawn so far.
        var drawn: UInt64 = 0
    }

    /// The hop container the screen stays in.
    let container: ContainerID
    /// The screen.
    let screen: ScreenID
    private let state = Locked(State())

    init(screen: ScreenID, container: ContainerID) {
        self.screen = screen
        self.container = container
    }

    /// Whether a flow waits on the stay now.
    var isAwaited: Bool {
        state.withLock { state in
            if case .awaited = state.phase { true } else { false }
        }
    }

    /// Whether the stay is over: its value taken, or the screen left. Once true, true for ever.
    var isDone: Bool {
        state.withLock { state in
            if case .done = state.phase { true } else { false }
        }
    }

    /// A token no other wait on this stay holds.
    func token() -> Token {
        state.withLock { state in
            state.drawn += 1
            return Token(number: state.drawn)
        }
    }

    /// Unhops with `value`: hands it to the waiting flow, or keeps it for the next one. Throws
    /// ``ContainerError/alreadyUnhopped(_:hop:)`` when this stay unhopped before, and
    /// ``ContainerError/unhopValueMismatch(_:expected:actual:)`` when the waiting flow takes a
    /// value of another type (it waits on, and the stay is as it was).
    func unhop(with value: any Sendable) throws(ContainerError) {
        let waiter: CheckedContinuation<Answer, Never>? = try state.withLock { (state: inout State) throws(ContainerError) in
            switch state.phase {
            case .pending:
                state.phase = .unhopped(value)
                return nil
            case .awaited(_, let expected, let continuation):
                // Mutant: a value of any type is handed to the waiting flow, which can only fail.
                guard expected.accepts(value) || planted(.unhopTypeUnchecked) else { throw expected.mismatch(value, of: screen) }
                state.phase = .done
                return continuation
            case .unhopped, .done:
                throw .alreadyUnhopped(screen, hop: container)
            }
        }
        waiter?.resume(returning: .success(value))
    }

    /// Takes the value if the screen unhopped already with a value of the `expected` type (one of
    /// another type is refused, and stays kept); else parks `continuation` under `token`
    /// until it does (or the stay ends, or the waiting task is cancelled). A task already
    /// cancelled takes a kept value, or else resumes at once with `cancelled` (it neither waits
    /// nor is refused for another flow's wait): checked under the lock, so a cancellation handler
    /// that ran before the continuation was parked (and found nothing to resume) is never missed.
    /// Otherwise it resumes at once with the refusal when another flow waits or the value was taken.
    func await(
        _ continuation: CheckedContinuation<Answer, Never>, token: Token, expecting expected: Expected, cancelled: TransitionError
    ) {
        let answer: Answer? = state.withLock { state in
            switch state.phase {
            case .unhopped(let value):
                guard expected.accepts(value) else { return .failure(.container(expected.mismatch(value, of: screen), in: nil)) }
                state.phase = .done
                return .success(value)
            case .pending where Task.isCancelled, .awaited where Task.isCancelled:
                return .failure(cancelled)
            case .pending:
                state.phase = .awaited(token, expected, continuation)
                return nil
            case .awaited:
                return .failure(.container(.alreadyAwaited(screen, hop: container), in: nil))
            case .done:
                return .failure(.container(.alreadyUnhopped(screen, hop: container), in: nil))
            }
        }
        if let answer { continuation.resume(returning: answer) }
    }

    /// Ends the wait named by `token` with `error` (its task was cancelled); a later unhop is kept
    /// for the next flow. Another flow's wait is left as it is; so is a wait that has not begun
    /// (``await(_:token:expecting:cancelled:)`` sees the cancellation itself).
    func cancel(_ token: Token, with error: TransitionError) {
        let waiter: CheckedContinuation<Answer, Never>? = state.withLock { state in
            // Mutant: whichever flow waits is ended, whosever task was cancelled.
            guard case .awaited(let waiting, _, let continuation) = state.phase,
                waiting == token || planted(.cancelEndsAllWaiters)
            else { return nil }
            state.phase = .pending
            return continuation
        }
        waiter?.resume(returning: .failure(error))
    }

    /// The screen left its hop container (it left the window, or is no longer the container's
    /// current child): a waiting flow is told so.
    func end() {
        let waiter: CheckedContinuation<Answer, Never>? = state.withLock { state in
            defer { state.phase = .done }
            guard case .awaited(_, _, let continuation) = state.phase else { return nil }
            return continuation
        }
        waiter?.resume(returning: .failure(.container(.leftBeforeUnhop(screen, hop: container), in: nil)))
    }
}
