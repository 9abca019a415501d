import TransitionCoordinator

/// Plays what the system does to the app: sending it to the background and back, launching it
/// cold with a link, relaunching it from a saved state. Each call uses the coordinator's public
/// API as an app's scene delegate would, and is awaited to its end.
public struct SystemActions: Sendable {
    /// The coordinator of the app.
    public let coordinator: Coordinator

    /// Actions on `coordinator`.
    public init(_ coordinator: Coordinator) { self.coordinator = coordinator }

    /// The app goes to the background as iOS sends it: inactive, then background (the shield
    /// and the lock go up where configured). A state already reached is not asked again: from
    /// an inactive app, background alone; from a background one, nothing. Returns the records,
    /// in order.
    /// - Throws: what `Coordinator/setApplicationState(_:)` throws.
    @discardableResult
    public func background() async throws(TransitionError) -> [TransitionRecord] {
        try await go(through: [.active, .inactive, .background])
    }

    /// The app comes back: inactive, then active, each unless already reached (from an inactive
    /// app, active alone); then, when `unlocking` and a lock screen is up, the person unlocks
    /// (deferred requests run after it). Returns the records, in order.
    /// - Throws: what `Coordinator/setApplicationState(_:)` and `Coordinator/unlock(animator:policy:)` throw.
    @discardableResult
    public func foreground(unlocking: Bool = true) async throws(TransitionError) -> [TransitionRecord] {
        var records = try await go(through: [.background, .inactive, .active])
        if unlocking, let lock = coordinator.configuration.lock,
            await coordinator.snapshot.window(at: lock.level) != nil
        {
            records.append(try await coordinator.unlock(policy: .enqueue))
        }
        return records
    }

    /// Asks for the states of `path` that come after the app's state, in order (all but the
    /// first when the app's state is not on it).
    private func go(through path: [ApplicationState]) async throws(TransitionError) -> [TransitionRecord] {
        let now = await coordinator.snapshot.applicationState
        var records: [TransitionRecord] = []
        for state in path.dropFirst((path.firstIndex(of: now) ?? 0) + 1) {
            records.append(try await coordinator.setApplicationState(state))
        }
        return records
    }

    /// A cold launch that brings `link`: the inbox (made closed, as at launch) takes the link,
    /// the app's root content becomes ready (`LinkInbox/open()`), and the link's outcome is
    /// returned once it ends, with the inbox for later links; `expiry` as the inbox's.
    public func coldLaunch(with link: Route, expiry: Duration = .seconds(60)) async -> (inbox: LinkInbox, outcome: LinkOutcome) {
        let inbox = LinkInbox(coordinator: coordinator, expiry: expiry)
        async let outcome = inbox.receive(link)
        await inbox.open()
        return (inbox, await outcome)
    }

    /// A relaunch from `saved` (what `Coordinator/savedNavigation(schema:savedAt:links:)`
    /// returned before, perhaps through JSON): restored under `policy` at `now` (wall-clock time
    /// since the Unix epoch, as the state's `savedAt`), with `link` when one came with the launch.
    /// - Throws: `RestorationError`; nothing changed then.
    @discardableResult
    public func relaunch(
        from saved: SavedNavigation, policy: RestorationPolicy = RestorationPolicy(),
        now: Duration, link: Route? = nil
    ) async throws(RestorationError) -> Coordinator.Restored {
        try await coordinator.restore(saved, policy: policy, now: now, link: link)
    }
}

extension Coordinator {
    /// What a person does to this coordinator's app: ``UserActions``.
    public nonisolated var user: UserActions { UserActions(self) }

    /// What the system does to this coordinator's app: ``SystemActions``.
    public nonisolated var system: SystemActions { SystemActions(self) }
}
