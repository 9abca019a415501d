import Synchronization

/// Counts, for one transition, the finish calls a callback-style animator made beyond the first.
///
/// A single atomic counter (ThreadSanitizer sees atomics; only `Mutex`'s futex waits escape it).
final class AnimationLedger: Sendable {
    private let extra = Atomic<Int>(0)

    /// Notes one finish call beyond the first.
    func noteExtraFinish() {
        // Mutant: extra finish calls are dropped, not noted.
        if planted(.noOneShotFinish) { return }
        extra.add(1, ordering: .relaxed)
    }

    /// Read when the transition commits: the race's lock orders the finish calls made before the
    /// animation settled before it, and the host's answers those made during the after-animation calls.
    var extraFinishCalls: Int { extra.load(ordering: .relaxed) }
}
