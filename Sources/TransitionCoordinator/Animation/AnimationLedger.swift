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

    /// Read after the animation settled (the race's lock orders the finish calls before it).
    var extraFinishCalls: Int { extra.load(ordering: .relaxed) }
}
