import Synchronization

/// Counts, for one transition, the finish calls a callback-style animator made beyond the first.
final class AnimationLedger: Sendable {
    private let extra = Mutex(0)

    init() {}

    func noteExtraFinish() { extra.withLock { $0 += 1 } }

    var extraFinishCalls: Int { extra.withLock { $0 } }
}
