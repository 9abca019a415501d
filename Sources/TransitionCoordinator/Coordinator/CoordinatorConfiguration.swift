/// How a coordinator is set up: its levels, its three timeouts, and its bounded buffers.
///
/// **Which clock drives which timeout.** The animation, host and guard timeouts all run on the
/// clock given to the coordinator, on its one timer, and each is a distinct ``TimeoutKind``: at
/// most one is armed at a time, and a test clock (the testing product's `TestClock`) is told which, so a
/// test advances time to exactly the deadline it means and no other timeout fires. Record times
/// and link expiry read the same clock.
///
/// Validated on creation: a configuration that exists is a valid one.
public struct CoordinatorConfiguration: Sendable, Hashable {
    /// The levels above the root, bottom to top, each with a distinct positive raw value.
    public let levels: [WindowLevel]
    /// How long an animator may take, from its call, before the transition completes without it
    /// (``TimeoutKind/animation``, on the coordinator's clock).
    public let animationTimeout: Duration
    /// How many records ``Coordinator/history`` keeps (the newest).
    public let historyLimit: Int
    /// How many undelivered events each ``Coordinator/events()`` subscriber buffers; one that
    /// falls behind misses the events sent while it is full, and is told how many
    /// (``CoordinatorEvent/missed(_:)``). The stream holds one item more, so that once it was
    /// read, the count it is told and the event that follows both fit.
    public let eventBufferSize: Int
    /// Leave unmanaged windows alone: not listed to animators, never made to resign key.
    public let ignoresUnmanagedWindows: Bool
    /// The privacy shield and lock screen put up on lifecycle events; their levels are reserved.
    package let covers: LifecycleCovers
    /// The privacy shield, if any (CFANavigationWindow's demo: at `high`); its level is reserved.
    public var shield: LifecycleCover? { covers.shield }
    /// The lock screen, if any (CFANavigationWindow's demo: a PIN at `medium`); its level is reserved.
    public var lock: LifecycleCover? { covers.lock }
    /// How many requests may wait (``AdmissionPolicy/enqueue``, ``AdmissionPolicy/coalesce(group:)``,
    /// ``AdmissionPolicy/preempt``) at once. Lifecycle events are never refused for room.
    public let queueLimit: Int
    /// How many requests may wait deferred until the unlock.
    public let deferredLimit: Int
    /// How long one phase of a transition's host calls (those before the animation, or those
    /// after it; both together when no animation runs) may take before the coordinator stops
    /// waiting for the host; see ``HostFault`` (``TimeoutKind/host``, on the coordinator's clock,
    /// from the phase's first call). The default host, a headless model, is called inline and never timed.
    public let hostTimeout: Duration
    /// How long the guards may take to decide about one transition before the guard being asked
    /// denies (``TimeoutKind/guard``, on the coordinator's clock, from the first guard's call).
    public let guardTimeout: Duration
    /// The bounds every route navigated to must keep, however it was made (parsed, built in
    /// code, restored): see ``Route/validate(limits:)``.
    public let routeLimits: RouteLimits

    /// A validated configuration.
    ///
    /// - Throws: ``ConfigurationError`` when a level uses the root's raw value (0 or less) or two
    ///   levels share a raw value or a name, when a timeout is not positive or past 2⁴⁰ seconds, or
    ///   a bound is below 1.
    ///
    /// `guardTimeout` bounds all of one transition's guards together, from the first one's call;
    /// the animation timeout when nil.
    public init(
        levels: [WindowLevel] = WindowLevel.builtIn, animationTimeout: Duration = .seconds(5),
        historyLimit: Int = 100, eventBufferSize: Int = 256,
        ignoresUnmanagedWindows: Bool = false, shield: LifecycleCover? = nil, lock: LifecycleCover? = nil,
        queueLimit: Int = 32, deferredLimit: Int = 32, hostTimeout: Duration = .seconds(2),
        routeLimits: RouteLimits = .standard, guardTimeout: Duration? = nil
    ) throws(ConfigurationError) {
        let guardTimeout = guardTimeout ?? animationTimeout
        let covers = LifecycleCovers(shield: shield, lock: lock)
        for level in levels where level.rawValue <= WindowLevel.root.rawValue {
            throw .levelNotAboveRoot(level)
        }
        let sorted = levels.sorted()
        for (lower, upper) in zip(sorted, sorted.dropFirst())
        where lower.rawValue == upper.rawValue || lower.name == upper.name {
            throw .duplicateLevel(lower, upper)
        }
        for (index, level) in sorted.enumerated() {
            if let twin = sorted[(index + 1)...].first(where: { $0.name == level.name }) { throw .duplicateLevel(level, twin) }
        }
        guard animationTimeout > .zero else { throw .nonPositiveTimeout(animationTimeout) }
        guard hostTimeout > .zero else { throw .nonPositiveTimeout(hostTimeout) }
        guard guardTimeout > .zero else { throw .nonPositiveTimeout(guardTimeout) }
        // Deadlines are the clock's time plus a timeout: one past the trusted range could overflow.
        for timeout in [animationTimeout, hostTimeout, guardTimeout] where !TrustedDuration.contains(timeout) {
            throw .timeoutTooLong(timeout)
        }
        guard historyLimit >= 1 else { throw .boundTooSmall("historyLimit", historyLimit) }
        guard eventBufferSize >= 1 else { throw .boundTooSmall("eventBufferSize", eventBufferSize) }
        guard queueLimit >= 1 else { throw .boundTooSmall("queueLimit", queueLimit) }
        guard deferredLimit >= 1 else { throw .boundTooSmall("deferredLimit", deferredLimit) }
        for cover in [covers.shield, covers.lock].compactMap({ $0 }) where !sorted.contains(cover.level) {
            throw .coverLevelNotConfigured(cover.level)
        }
        if let shield = covers.shield, let lock = covers.lock {
            guard shield.level > lock.level else { throw .shieldNotAboveLock(shield: shield.level, lock: lock.level) }
            guard shield.screen.id != lock.screen.id else { throw .coverScreensShareID(shield.screen.id) }
        }
        self.levels = sorted
        self.animationTimeout = animationTimeout
        self.historyLimit = historyLimit
        self.eventBufferSize = eventBufferSize
        self.ignoresUnmanagedWindows = ignoresUnmanagedWindows
        self.covers = covers
        self.queueLimit = queueLimit
        self.deferredLimit = deferredLimit
        self.hostTimeout = hostTimeout
        self.guardTimeout = guardTimeout
        self.routeLimits = routeLimits
    }

    private init(builtIn: Void) {
        levels = WindowLevel.builtIn
        animationTimeout = .seconds(5)
        historyLimit = 100
        eventBufferSize = 256
        ignoresUnmanagedWindows = false
        covers = .none
        queueLimit = 32
        deferredLimit = 32
        hostTimeout = .seconds(2)
        guardTimeout = .seconds(5)
        routeLimits = .standard
    }

    /// The built-in levels, a 5 s animation timeout, a 2 s host timeout, a 5 s guard timeout, 100 records of history,
    /// 256 buffered events, no covers, 32 waiting and 32 deferred requests at most, and the
    /// standard route limits.
    public static let standard = CoordinatorConfiguration(builtIn: ())
}

/// Why a ``CoordinatorConfiguration`` was refused.
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A level's raw value is not above the root's (0).
    case levelNotAboveRoot(WindowLevel)
    /// Two levels share a raw value or a name.
    case duplicateLevel(WindowLevel, WindowLevel)
    /// A timeout (animation, host or guard) is zero or negative.
    case nonPositiveTimeout(Duration)
    /// A timeout (animation, host or guard) is longer than 2⁴⁰ seconds (about 34,000 years):
    /// a deadline that far could not be computed.
    case timeoutTooLong(Duration)
    /// A bound (named) is below 1.
    case boundTooSmall(String, Int)
    /// A cover's level is not among the configured levels.
    case coverLevelNotConfigured(WindowLevel)
    /// The shield must stand above the lock, or it could not cover it.
    case shieldNotAboveLock(shield: WindowLevel, lock: WindowLevel)
    /// The shield and the lock show screens with the same id.
    case coverScreensShareID(ScreenID)

    /// What is wrong, and how to fix it.
    public var description: String {
        switch self {
        case .levelNotAboveRoot(let level): "level \(level) must have a raw value above 0 (the root's)"
        case .duplicateLevel(let a, let b): "levels \(a) and \(b) share a raw value or a name"
        case .nonPositiveTimeout(let timeout): "timeout \(timeout) must be positive"
        case .timeoutTooLong(let timeout): "timeout \(timeout) is longer than 2^40 seconds; give a shorter one"
        case .boundTooSmall(let name, let value): "\(name) is \(value); it must be at least 1"
        case .coverLevelNotConfigured(let level): "cover level \(level) is not one of the configured levels"
        case .shieldNotAboveLock(let shield, let lock): "the shield at \(shield) must stand above the lock at \(lock)"
        case .coverScreensShareID(let id): "the shield and the lock both show screen id '\(id)'"
        }
    }
}
