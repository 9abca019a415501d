import TransitionCoordinator

/// CFANavigationWindow's demo: a PIN window goes up over the app, unanimated, when the app enters
/// the background, and comes down, animated, once the right PIN is typed.
///
/// The lock is a ``LifecycleCover`` at `medium`: the coordinator puts it up itself on
/// `.background`, hides every window above it, and takes it down only through `unlock`, in an
/// active app. A value, `Sendable`; every call goes through the coordinator, serialized with
/// everything else the app does.
public struct PINLock: Sendable {
    /// The app's screens, as its own values.
    public enum Destination: Hashable, Codable, Sendable {
        /// The app's home screen.
        case home
        /// The PIN screen, the lock's cover.
        case pin
    }

    /// What the app shows under the lock: its home stack.
    public static let home = WindowContent.stack(StackContainer(id: "home", root: Destination.home))

    /// The coordinator, made synchronously (a scene delegate's `scene(_:willConnectTo:options:)`).
    public let coordinator: Coordinator

    /// An app showing ``home`` through `host` (a headless one when nil), with the PIN as its lock
    /// at `medium`. The host is not called until ``Coordinator/start()`` or the first transition.
    ///
    /// - Throws: nothing in practice: the configuration and the root content are valid.
    public init(host: (any WindowHost)? = nil) throws {
        let lock = LifecycleCover(screen: Destination.pin, level: .medium)
        coordinator = try Coordinator(root: Self.home, configuration: try CoordinatorConfiguration(lock: lock), host: host)
    }

    /// `sceneDidEnterBackground`: the lock goes up, unanimated, ahead of any transition waiting.
    public func didEnterBackground() async throws(TransitionError) {
        try await coordinator.setApplicationState(.background)
    }

    /// `sceneDidBecomeActive`: the app is in front again; the lock stays up until ``pinEntered(animator:)``.
    public func didBecomeActive() async throws(TransitionError) {
        try await coordinator.setApplicationState(.active)
    }

    /// The user typed the right PIN: the lock comes down with `animator`, and what waited for
    /// the unlock (a deep link, say) runs after it.
    ///
    /// - Throws: ``TransitionError`` when no lock is up or the app is not active; nothing changed.
    @discardableResult
    public func pinEntered(animator: (any Animator)? = nil) async throws(TransitionError) -> TransitionRecord {
        try await coordinator.unlock(animator: animator)
    }

    /// Whether the PIN is up, as the coordinator committed it.
    public var isLocked: Bool { get async { await coordinator.snapshot.isLocked } }
}
