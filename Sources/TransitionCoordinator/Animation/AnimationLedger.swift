/// Counts, for one transition, the finish calls a callback-style animator made beyond the first.
final class AnimationLedger: Sendable {
    private let extra = Locked(0)
    private let dropsExtraFinishes: Bool

    /// A ledger; `dropsExtraFinishes` is the ``Mutation/noOneShotFinish`` mutant, never set for users.
    init(dropsExtraFinishes: Bool = false) { self.dropsExtraFinishes = dropsExtraFinishes }

    func noteExtraFinish() {
        if dropsExtraFinishes { return }
        extra.withLock { $0 += 1 }
    }

    var extraFinishCalls: Int { extra.withLock { $0 } }
}
