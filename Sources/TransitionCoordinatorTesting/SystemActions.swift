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
    /// and the lock go up where configured). Returns the two records, in order.
    /// - Throws: what `Coordinator/setApplicationState(_:)` throws; a state already reached
    ///   is not asked again.
    @discardableResult
    public func background() async throws(TransitionError) -> [TransitionRecord] {
        [try await coordinator.setApplicationState(.inactive), try await coordinator.setApplicationState(.background)]
    }

    /// The app comes back: inactive, then active; then, when `unlocking` and a lock screen is
    /// up, the person unlocks (deferred requests run after it). Returns the records, in order.
    /// - Throws: what `Coordinator/setApplicationState(_:)` and `Coordinator/unlock(animator:policy:)` throw.
    @discardableResult
    public func foreground(unlocking: Bool = true) async throws(TransitionError) -> [TransitionRecord] {
        var records = [try await coordinator.setApplicationState(.inactive), try await coordinator.setApplicationState(.active)]
        if unlocking, let lock = coordinator.configuration.lock,
            await coordinator.snapshot.window(at: lock.level) != nil
        {
            records.append(try await coordinator.unlock(policy: .enqueue))
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
