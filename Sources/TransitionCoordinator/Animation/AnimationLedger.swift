import Synchronization

/// Counts, for one transition, the finish calls a callback-style animator made beyond the first.
///
/// A single atomic counter (ThreadSanitizer sees atomics; only `Mutex`'s futex waits escape it).
final class AnimationLedger: Sendable {
    private let extra = Atomic<Int>(0)
    private let dropsExtraFinishes: Bool

    /// A ledger; `dropsExtraFinishes` is the ``Mutation/noOneShotFinish`` mutant, never set for users.
    init(dropsExtraFinishes: Bool = false) { self.dropsExtraFinishes = dropsExtraFinishes }

    /// Notes one finish call beyond the first.
    func noteExtraFinish() {
        if dropsExtraFinishes { return }
        extra.add(1, ordering: .relaxed)
    }

    /// Read after the animation settled (the race's lock orders the finish calls before it).
    var extraFinishCalls: Int { extra.load(ordering: .relaxed) }
}
