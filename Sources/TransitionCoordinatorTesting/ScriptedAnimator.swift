import TransitionCoordinator

/// An animator that does, call after call, what its script says (finish, finish twice, throw,
/// never finish, finish late, finish when a gate opens), and records every context it was given.
///
/// Call `n` follows the `n`th script entry; the last entry goes on for every later call
/// (`ScriptedAnimator()` finishes every call at once: a recording animator). The callback-style
/// entries (`Script/finishTwice`, `Script/neverFinish`, `Script/finishLate`,
/// `Script/finishWhenOpened(_:)`) run through a `CallbackAnimator`, so the record counts a second
/// finish and ignores a late one exactly as for an app's completion-block animation. Safe from
/// any thread; `started(calls:)` suspends until the animator has been entered that many times.
public final class ScriptedAnimator: Animator {
    /// What one call does.
    public enum Script: Sendable {
        /// Returns at once: the record says `ran`.
        case finish
        /// Calls its completion twice: the record says `ran`, and counts one extra finish call.
        case finishTwice
        /// Throws `error`: the record says `failed`.
        case fail(any Error)
        /// Never calls its completion: the animation ends at the animation timeout (`timed out`)
        /// or when cut short.
        case neverFinish
        /// Calls its completion only once the coordinator gave up on it (the timeout passed, or
        /// it was cut short): the late call is ignored and not counted.
        case finishLate
        /// Calls its completion when `gate` opens.
        case finishWhenOpened(Gate)
    }

    private struct State {
        var contexts: [TransitionContext] = []
        var entryWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let scripts: [Script]
    private let state = Locked(State())

    /// An animator following `scripts`, one per call, the last repeated (`.finish` when empty).
    public init(_ scripts: Script...) { self.scripts = scripts.isEmpty ? [.finish] : scripts }

    /// An animator following `scripts`, one per call, the last repeated (`.finish` when empty).
    public init(scripts: [Script]) { self.scripts = scripts.isEmpty ? [.finish] : scripts }

    /// Every context received, in call order.
    public var contexts: [TransitionContext] { state.withLock { $0.contexts } }

    /// How many times `animate(_:)` was entered.
    public var callCount: Int { state.withLock { $0.contexts.count } }

    /// Each call as a line: `push: list → mail` (the request's kind, the screens on top before
    /// and after), for expectations and diffs.
    public var lines: [String] { contexts.map { "\($0.kind): \($0.fromScreen.name) → \($0.toScreen.name)" } }

    /// Suspends until `animate(_:)` has been entered `calls` times in all.
    public func started(calls: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.contexts.count >= calls { return true }
                state.entryWaiters.append((calls, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Records the context, then does what this call's script says.
    public func animate(_ context: TransitionContext) async throws {
        let (call, entered): (Int, [CheckedContinuation<Void, Never>]) = state.withLock { state in
            state.contexts.append(context)
            let count = state.contexts.count
            let ready = state.entryWaiters.filter { $0.count <= count }.map(\.continuation)
            state.entryWaiters.removeAll { $0.count <= count }
            return (count - 1, ready)
        }
        for waiter in entered { waiter.resume() }
        switch scripts[min(call, scripts.count - 1)] {
        case .finish:
            return
        case .fail(let error):
            throw error
        case .finishTwice:
            try await CallbackAnimator { _, finish in
                finish()
                finish()
            }.animate(context)
        case .neverFinish:
            try await CallbackAnimator { _, _ in }.animate(context)
        case .finishLate:
            let held = Locked<AnimationFinish?>(nil)
            do {
                try await CallbackAnimator { _, finish in held.withLock { $0 = finish } }.animate(context)
            } catch {
                // Given up on (cancelled): the completion comes now, too late to count.
                held.withLock { $0 }?()
                throw error
            }
        case .finishWhenOpened(let gate):
            try await CallbackAnimator { _, finish in
                Task {
                    await gate.wait()
                    finish()
                }
            }.animate(context)
        }
    }
}
