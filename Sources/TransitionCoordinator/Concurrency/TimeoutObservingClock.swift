/// A clock that is told when a coordinator arms and ends each of its timeouts, and of which
/// kind: a test clock uses it to say which deadlines are armed and to advance to one of them.
///
/// A coordinator given such a clock (its `clock:` argument) still sleeps on it as on any clock;
/// it only reports, in addition, each timeout it arms (``timeoutArmed(_:kind:deadline:)``) and
/// how each ends (``timeoutEnded(_:fired:)``). Every report of one coordinator comes in the
/// order its timer changed (an arming that replaces a timeout ends it first), from whichever
/// thread changed it, under the coordinator's timer lock: an observer must return promptly and
/// must not call the coordinator. A timeout fires at the first wake of the coordinator's timer
/// at or after its deadline, which the clock's time reaching the deadline triggers.
package protocol TimeoutObservingClock: Clock where Duration == Swift.Duration {
    /// A timeout of `kind` was armed, due at `deadline`; `token` names it until it ends.
    func timeoutArmed(_ token: TimeoutToken, kind: TimeoutKind, deadline: Instant)
    /// The timeout `token` ended: it fired (`fired`), or the step it bounded finished first (or
    /// the coordinator went away).
    func timeoutEnded(_ token: TimeoutToken, fired: Bool)
}

/// Names one armed timeout of one coordinator, from ``TimeoutObservingClock/timeoutArmed(_:kind:deadline:)``
/// until ``TimeoutObservingClock/timeoutEnded(_:fired:)``; never reused while the coordinator lives.
package struct TimeoutToken: Sendable, Hashable {
    private let owner: ObjectIdentifier
    private let value: UInt64

    /// The `value`th arming of the timer `owner`.
    package init(owner: ObjectIdentifier, value: UInt64) {
        self.owner = owner
        self.value = value
    }
}
