/// Saving navigation when the app goes to the background, and restoring it after a relaunch.
extension Coordinator {
    /// What the app saves now: the root window's content as the absolute route that navigates to
    /// it (reading the ids the coordinator's screen registry declares), with
    /// `links` (``LinkInbox/saved()``). Content the app built by hand saves as well as content a
    /// link built: its containers are read by their declared ids, its screens by name and
    /// parameters; restoring it builds the same containers, with the same ids, holding the same
    /// screens at the same places (a destination value under its own id, a screen of an ``ScreenRegistry/open``
    /// registry under the id a route makes).
    /// - Throws: ``NavigationError/notRoutable(_:reason:)`` when the root shows content no route
    ///   writes (a hop container other than the root one the registry declares, a tab bar whose id
    ///   is neither declared nor made by a route), and
    ///   one of the path's cases when its route, or the route of one of `links`, breaks the rules
    ///   or the standard limits (a screen with an empty name, a parameter of 5,000 bytes; a link
    ///   an inbox took under wider ``CoordinatorConfiguration/routeLimits``): a saved state is
    ///   read under ``RouteLimits/standard``, so what could not be read back is refused here, at
    ///   once, not lost at the next launch.
    /// `savedAt` is wall-clock time since the Unix epoch: now, on the system's clock, by default.
    public func savedNavigation(
        schema: Int, savedAt: Duration = WallTime.now(), links: [SavedLink] = []
    ) throws(NavigationError) -> SavedNavigation {
        // Mutant: the content read without the registry's declared ids.
        let registry = planted(.savedStateIgnoresDeclaredIDs) ? screens.withoutDeclaredIDs() : screens
        var route = try machine.snapshot.rootRoute(registry: registry)
        try route.validate()
        // A link is read back as the route is: one that would not be is refused now, not dropped then.
        // Mutant: the links saved as they are, a link past the standard limits unreadable at the next launch.
        if !planted(.savedLinksUnchecked) { for link in links { try link.route.validate() } }
        // Mutant: every step's parameters left out.
        if planted(.savedStateDropsParameters) { route = route.withoutParameters }
        return SavedNavigation(route: route, links: links, schema: schema, savedAt: savedAt)
    }

    /// The state ``savedNavigation(schema:savedAt:links:)`` saves now, with what the root shows
    /// in the same step (for the harness's check that restoring reproduces it).
    package func savedNavigationBesideRoot() -> (saved: Result<SavedNavigation, NavigationError>, root: WindowContent?) {
        let root = machine.snapshot.rootWindow?.content
        do throws(NavigationError) {
            return (.success(try savedNavigation(schema: 1, savedAt: .zero)), root)
        } catch {
            return (.failure(error), root)
        }
    }

    /// What ``restore(_:policy:now:link:)`` did.
    public struct Restored: Sendable, Hashable {
        /// The transition's record; nil when the app showed the restored content already.
        public var record: TransitionRecord?
        /// What was restored and what was left out, as planned.
        package var plan: Restoration.Plan
        /// The absolute route restored: the saved one, migrated, cut where it had to be, with the
        /// launch link over it when the policy's launch rule says so. Its steps are written as
        /// saved: a parameter a screen's destination type does not read stays in them, while the
        /// screen shown (and the next save, ``Coordinator/savedNavigation(schema:savedAt:links:)``)
        /// leaves it out. A restore is a navigation:
        /// one that waited behind a transition leaves the tabs its route does not name as that
        /// transition left them, as a link does (the snapshot's ``NavigationSnapshot/rootRoute(registry:)``
        /// then reads them too).
        public var route: Route { plan.route }
        /// The saved steps left out, in order, each with why.
        public var dropped: [Dropped] { plan.dropped }
        /// The inbox's saved links: give them to ``LinkInbox/restore(_:)``.
        public var links: [SavedLink] { plan.links }

        /// A saved step left out, and why.
        public struct Dropped: Sendable, Hashable, CustomStringConvertible {
            /// The step, as saved (after migrations).
            public var step: RouteStep
            /// Why: `never restored`, or the compile error of the first step dropped with it.
            public var reason: String

            /// `push checkout: never restored`.
            public var description: String { "\(step): \(reason)" }
        }
    }

    /// Restores `saved` as one unanimated transition (the root's whole content at once, the app's
    /// windows above it closed), planned by `Restoration`
    /// against the coordinator's ``ScreenRegistry``; `link`, a link that arrived at launch, is followed as the policy's
    /// launch rule says. It waits its turn (`.enqueue`) and, while locked, for the unlock.
    ///
    /// The saved links are in the plan: give them to the inbox (``LinkInbox/restore(_:)``).
    /// `now` is wall-clock time since the Unix epoch, as ``SavedNavigation/savedAt``: the
    /// system's clock by default; a test passes the time it wants (the policy's
    /// ``RestorationPolicy/maxAge`` is checked against it).
    /// - Throws: ``RestorationError``; nothing changed then.
    @discardableResult
    public func restore(
        _ saved: SavedNavigation, policy: RestorationPolicy, now: Duration = WallTime.now(),
        link: Route? = nil
    ) async throws(RestorationError) -> Restored {
        let plan = try Restoration.plan(
            saved, policy: policy, registry: screens, now: now, link: link,
            limits: configuration.routeLimits)
        let record: TransitionRecord?
        do {
            record = try await submit(
                .navigate(plan.route, target: plan.content), animator: nil, mode: .policy(.enqueue),
                whenLocked: .deferUntilUnlocked, source: .restoration)
        } catch {
            throw .refused(error)
        }
        return Restored(record: record, plan: plan)
    }
}
