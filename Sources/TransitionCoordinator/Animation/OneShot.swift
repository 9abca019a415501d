/// A value that is set once and awaited by one waiter; later sets are refused, never a crash.
///
/// This is what makes the coordinator's animation wait safe: the animator's end, the timeout,
/// the caller's cancellation and a preemption all race to `resolve`, exactly one wins, and the
/// waiting continuation is resumed exactly once, outside the lock.
final class OneShot<Value: Sendable>: Sendable {
    private enum State {
        case pending
        case waiting(CheckedContinuation<Value, Never>)
        case resolved(Value)
    }

    private let state = Locked(State.pending)

    init() {}

    /// Sets the value if none was set; returns whether this call set it.
    @discardableResult
    func resolve(_ value: Value) -> Bool {
        let (won, waiter): (Bool, CheckedContinuation<Value, Never>?) = state.withLock { state in
            switch state {
            case .pending:
                state = .resolved(value)
                return (true, nil)
            case .waiting(let continuation):
                state = .resolved(value)
                return (true, continuation)
            case .resolved:
                return (false, nil)
            }
        }
        waiter?.resume(returning: value)
        return won
    }

    /// Waits for the value. Call it from one task only.
    func wait() async -> Value {
        await withCheckedContinuation { continuation in
            let ready: Value? = state.withLock { state in
                switch state {
                case .pending:
                    state = .waiting(continuation)
                    return nil
                case .resolved(let value):
                    return value
                case .waiting:
                    // Unreachable: every OneShot is created inside one call (Coordinator.execute's gate,
                    // AnimationRunner.run's start signal) and awaited once, by that call only. A second
                    // waiter would orphan the first continuation, so failing loudly beats a silent hang.
                    preconditionFailure("OneShot supports a single waiter")
                }
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
