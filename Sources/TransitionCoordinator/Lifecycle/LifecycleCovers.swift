/// A screen the coordinator puts up by itself on a lifecycle event, and the level it stands at:
/// the privacy shield or the lock screen an app configures
/// (``CoordinatorConfiguration/init(levels:animationTimeout:historyLimit:eventBufferSize:ignoresUnmanagedWindows:shield:lock:queueLimit:deferredLimit:hostTimeout:routeLimits:guardTimeout:)``),
/// as CFANavigationWindow's demo does.
///
/// - The **shield** goes up, unanimated, when the app leaves ``ApplicationState/active`` and comes
///   down when it returns; while up it is the top-most visible window and key, and windows above
///   its level are hidden.
/// - The **lock** goes up, unanimated, when the app enters ``ApplicationState/background`` and
///   comes down only through ``Coordinator/unlock(animator:policy:)``; while up, nothing but the
///   shield is visible above it, windows above its level are hidden (never destroyed) and shown
///   again after the unlock, and it is key whenever the shield is down.
public struct LifecycleCover: Sendable, Hashable, Codable {
    /// What to show.
    public var screen: Screen
    /// Where; the level becomes reserved for this cover (requests naming it are refused).
    public var level: WindowLevel

    /// A cover showing `screen` (a ``Screen``, or the app's destination value) at `level`.
    public init(screen: some Hashable & Codable & Sendable, level: WindowLevel) {
        self.screen = Screen(screen)
        self.level = level
    }
}

/// The privacy shield and the lock screen a coordinator is configured with (see ``LifecycleCover``).
package struct LifecycleCovers: Sendable, Hashable, Codable {
    /// The privacy shield, if any (CFANavigationWindow's demo: at `high`).
    package var shield: LifecycleCover?
    /// The lock screen, if any (CFANavigationWindow's demo: a PIN at `medium`).
    package var lock: LifecycleCover?

    /// Registers the covers.
    package init(shield: LifecycleCover? = nil, lock: LifecycleCover? = nil) {
        self.shield = shield
        self.lock = lock
    }

    /// No covers.
    package static let none = LifecycleCovers()

    /// The levels the covers reserve.
    package var reservedLevels: [WindowLevel] { [shield?.level, lock?.level].compactMap { $0 } }

    /// Whether `level` is a cover's (without building ``reservedLevels``).
    func reserves(_ level: WindowLevel) -> Bool { shield?.level == level || lock?.level == level }

    /// The cover whose screen has `id`, if any.
    func cover(showing id: ScreenID) -> LifecycleCover? {
        if let shield, shield.screen.id == id { return shield }
        if let lock, lock.screen.id == id { return lock }
        return nil
    }

    /// Whether `window` must be hidden in `snapshot` because a cover is up below it.
    func hides(_ window: ManagedWindow, in snapshot: NavigationSnapshot) -> Bool {
        hides(
            window.level, shieldUp: shield.map { snapshot.window(at: $0.level) != nil } ?? false,
            lockUp: lock.map { snapshot.window(at: $0.level) != nil } ?? false)
    }

    /// The rule itself: a window at `level` is hidden when it stands above the shield while the
    /// shield is up, or above the lock (the shield excepted) while the lock is up.
    func hides(_ level: WindowLevel, shieldUp: Bool, lockUp: Bool) -> Bool {
        if shieldUp, let shield, level > shield.level { return true }
        if lockUp, let lock, level > lock.level, level != shield?.level { return true }
        return false
    }
}

extension NavigationSnapshot {
    /// The shield window, when it is up.
    public var shieldWindow: ManagedWindow? { covers.shield.flatMap { window(at: $0.level) } }
    /// The lock window, when the app is locked.
    public var lockWindow: ManagedWindow? { covers.lock.flatMap { window(at: $0.level) } }
    /// Whether the lock screen is up.
    public var isLocked: Bool { lockWindow != nil }
}
