/// The coordinator's view of an injected `Clock`: elapsed time since creation, sleeping, and,
/// for a ``TimeoutObservingClock``, the reports of its timeouts.
///
/// Erasing the clock here keeps ``Coordinator`` non-generic; every timeout and every record
/// time goes through it, so a test or the stress harness decides what time it is.
struct CoordinatorClock: Sendable {
    /// A change of the coordinator's timer, as a ``TimeoutObservingClock`` is told it.
    enum TimeoutReport: Sendable {
        case armed(TimeoutToken, TimeoutKind, deadline: Duration)
        case ended(TimeoutToken, fired: Bool)
    }

    /// Time since the coordinator was created, on the injected clock.
    let elapsed: @Sendable () -> Duration
    /// Sleeps until `elapsed` reaches the given offset (at once when it has); throws when cancelled.
    let sleepUntil: @Sendable (Duration) async throws -> Void
    /// Tells an observing clock about the timer (deadlines as offsets since creation); nil for other clocks.
    let report: (@Sendable (TimeoutReport) -> Void)?

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleepUntil = { offset in try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil) }
        if let observing = clock as? any TimeoutObservingClock {
            report = Self.reporter(to: observing, origin: origin)
        } else {
            report = nil
        }
    }

    /// Reports to `clock`, whose instants are `origin`'s type (they are: it is the same clock).
    private static func reporter<O: TimeoutObservingClock>(
        to clock: O, origin: some InstantProtocol
    )
        -> (@Sendable (TimeoutReport) -> Void)?
    {
        guard let origin = origin as? O.Instant else { return nil }
        return { report in
            switch report {
            case .armed(let token, let kind, let deadline):
                clock.timeoutArmed(token, kind: kind, deadline: origin.advanced(by: deadline))
            case .ended(let token, let fired):
                clock.timeoutEnded(token, fired: fired)
            }
        }
    }
}
