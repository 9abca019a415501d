import Synchronization

/// Counts, for one transition, the finish calls a callback-style animator made beyond the first.
///
/// A single atomic counter (ThreadSanitizer sees atomics; only `Mutex`'s futex waits escape it).
final class AnimationLedger: Sendable {
    private let extra = Atomic<Int>(0)
    #if TC_MUTANTS
    /// The ``Mutation/noOneShotFinish`` mutant: extra finish calls are dropped, not noted.
    private let dropsExtraFinishes: Bool
    #endif

    /// An empty ledger.
    init() {
        #if TC_MUTANTS
        dropsExtraFinishes = false
        #endif
    }

    #if TC_MUTANTS
    /// A ledger with the harness's ``Mutation/noOneShotFinish`` mutant switched on where `mutants` holds it.
    init(mutants: Mutations) { dropsExtraFinishes = mutants.contains(.noOneShotFinish) }
    #endif

    /// Notes one finish call beyond the first.
    func noteExtraFinish() {
        #if TC_MUTANTS
        if dropsExtraFinishes { return }
        #endif
        extra.add(1, ordering: .relaxed)
    }

    /// Read after the animation settled (the race's lock orders the finish calls before it).
    var extraFinishCalls: Int { extra.load(ordering: .relaxed) }
}
