/// Deliberate bugs the stress harness switches on to prove it catches them (mutation testing).
///
/// `package` access: visible to this package's harness and tests, never to users. A coordinator
/// built through the public initializer has none; each check below costs one lookup in an empty set.
package enum Mutation: String, CaseIterable, Sendable, Hashable {
    /// Admission forgets to check the in-flight slot: two transitions can overlap.
    case noBusyCheck
    /// Admission reads the state, awaits, then plans against what it read: a lost update.
    case staleRead
    /// A callback animator's second finish is silently dropped instead of ignored and noted.
    case noOneShotFinish
    /// The animation timeout is never armed: a never-finishing animator hangs its transition.
    case noTimeout
    /// Entering the background acknowledges before the lock is up (the next transition raises it).
    case lockAfterAcknowledgement
    /// The waiting queue ignores its limit.
    case unboundedQueue
}
