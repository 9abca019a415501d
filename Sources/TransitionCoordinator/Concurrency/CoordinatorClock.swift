/// The coordinator's view of an injected `Clock`: elapsed time since creation, and sleeping.
///
/// Erasing the clock here keeps ``Coordinator`` non-generic; every timeout and every record
/// time goes through it, so a test or the stress harness decides what time it is.
struct CoordinatorClock: Sendable {
    /// Time since the coordinator was created, on the injected clock.
    let elapsed: @Sendable () -> Duration
    /// Sleeps until `elapsed` reaches the given offset (at once when it has); throws when cancelled.
    let sleepUntil: @Sendable (Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleepUntil = { offset in try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil) }
    }
}
