/// Which of a coordinator's three timeouts a deadline belongs to, so a test can tell them apart
/// and drive each on its own (the testing product's `TestClock` reports them).
///
/// All three run on the clock given to the coordinator (the `clock:` of `Coordinator(root:…)`),
/// on its one timer: a coordinator awaits at most one bounded step at a time, so at most one of
/// its timeouts is armed at any moment.
public enum TimeoutKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// ``CoordinatorConfiguration/animationTimeout``: armed when the animator is called, ended
    /// when it returns or throws. Past it, the transition commits and its record says
    /// ``AnimationOutcome/timedOut(after:)``.
    case animation
    /// ``CoordinatorConfiguration/hostTimeout``: armed for each phase of an async host's calls
    /// (before the animation, after it), from the phase's first call. Past it, the coordinator
    /// stops waiting for the host (``HostFault``).
    case host
    /// ``CoordinatorConfiguration/guardTimeout``: armed while the guards decide about a
    /// transition. Past it, the guard being asked denies.
    case `guard`

    /// `animation`, `host` or `guard`.
    public var description: String { rawValue }
}
