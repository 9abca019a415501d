import TransitionCoordinator

/// An animator whose every call waits at a gate the test opens, so the test decides when an
/// animation ends (and what it does meanwhile: send another request, cancel its caller).
/// Safe from any thread; releases are consumed oldest first, so the same opens end the same
/// calls every run.
///
/// It records each context it receives. `started(calls:)` suspends until the animator has been
/// entered that many times; `open(throwing:)` releases the oldest waiting (or the next) call,
/// returning or throwing. A waiting call also ends, with `CancellationError`, when its task is
/// cancelled, and `cancelled(calls:)` lets the test await that.
package final class GatedAnimator: Animator {
    /// What every call does.
    package enum Behavior: Sendable {
        /// Each call waits until the test calls `open(throwing:)`.
        case waitForOpen
        /// Each call records its context and returns at once.
        case returnAtOnce
        /// Each call records its context and throws the error at once.
        case throwAtOnce(any Error)
        /// Each call ignores `open(throwing:)` and returns only by throwing when cancelled.
        case waitForCancellation
    }

    private struct Waiter {
        let call: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var contexts: [TransitionContext] = []
        /// Releases given by `open` that no call has consumed yet, oldest first.
        var releases: [(any Error)?] = []
        var waiting: [Waiter] = []
        var cancelledBeforeWaiting: Set<Int> = []
        var cancelledCalls = 0
        var entryWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var cancelWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    /// What every call does.
    package let behavior: Behavior
    private let state = Locked(State())

    /// An animator whose every call behaves as `behavior` says (waits at the gate by default).
    package init(_ behavior: Behavior = .waitForOpen) { self.behavior = behavior }

    /// Every context received, in call order.
    package var contexts: [TransitionContext] { state.withLock { $0.contexts } }

    /// How many times `animate(_:)` was entered.
    package var callCount: Int { state.withLock { $0.contexts.count } }

    /// How many calls ended because their task was cancelled.
    package var cancelledCallCount: Int { state.withLock { $0.cancelledCalls } }

    /// Records the context, then returns, throws or waits as `behavior` says.
    package func animate(_ context: TransitionContext) async throws {
        let (call, entered): (Int, [CheckedContinuation<Void, Never>]) = state.withLock { state in
            state.contexts.append(context)
            let count = state.contexts.count
            let ready = state.entryWaiters.filter { $0.count <= count }.map(\.continuation)
            state.entryWaiters.removeAll { $0.count <= count }
            return (count - 1, ready)
        }
        for waiter in entered { waiter.resume() }

        switch behavior {
        case .returnAtOnce: return
        case .throwAtOnce(let error): throw error
        case .waitForOpen, .waitForCancellation: break
        }
        let honoursOpen = if case .waitForOpen = behavior { true } else { false }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    enum Action {
                        case cancelled
                        case released((any Error)?)
                        case wait
                    }
                    let action: Action = state.withLock { state in
                        if state.cancelledBeforeWaiting.remove(call) != nil { return .cancelled }
                        if honoursOpen, !state.releases.isEmpty { return .released(state.releases.removeFirst()) }
                        state.waiting.append(Waiter(call: call, continuation: continuation))
                        return .wait
                    }
                    switch action {
                    case .cancelled: continuation.resume(throwing: CancellationError())
                    case .released(nil): continuation.resume()
                    case .released(let error?): continuation.resume(throwing: error)
                    case .wait: break
                    }
                }
            } onCancel: {
                let waiter: Waiter? = state.withLock { state in
                    if let index = state.waiting.firstIndex(where: { $0.call == call }) {
                        return state.waiting.remove(at: index)
                    }
                    state.cancelledBeforeWaiting.insert(call)
                    return nil
                }
                waiter?.continuation.resume(throwing: CancellationError())
            }
        } catch is CancellationError {
            let ready: [CheckedContinuation<Void, Never>] = state.withLock { state in
                state.cancelledCalls += 1
                let count = state.cancelledCalls
                let ready = state.cancelWaiters.filter { $0.count <= count }.map(\.continuation)
                state.cancelWaiters.removeAll { $0.count <= count }
                return ready
            }
            for waiter in ready { waiter.resume() }
            throw CancellationError()
        }
    }

    /// Suspends until `animate(_:)` has been entered `calls` times in all.
    package func started(calls: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.contexts.count >= calls { return true }
                state.entryWaiters.append((calls, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Suspends until `calls` calls have ended because their task was cancelled.
    package func cancelled(calls: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.cancelledCalls >= calls { return true }
                state.cancelWaiters.append((calls, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Lets the oldest waiting call (or, when none waits, the next call) return, or throw `error`.
    /// Does nothing for `Behavior/waitForCancellation`.
    package func open(throwing error: (any Error)? = nil) {
        guard case .waitForOpen = behavior else { return }
        let waiter: Waiter? = state.withLock { state in
            if !state.waiting.isEmpty { return state.waiting.removeFirst() }
            state.releases.append(error)
            return nil
        }
        guard let waiter else { return }
        if let error { waiter.continuation.resume(throwing: error) } else { waiter.continuation.resume() }
    }
}
