/// Deep links: a route, compiled through the registry, applied as one transition.
extension Coordinator {
    /// Makes the app show what `route` names, as one transition: the root window's content
    /// becomes the route's (compiled by `RouteCompiler`), and the app's windows above the root close.
    ///
    /// - Atomic: the whole target (stacks, tabs, modals) is one change; observers and the host
    ///   never see a step of it on its own, and only the final visible change is animated, once.
    /// - Before anything changes: the route is compiled here, on the coordinator, against the
    ///   state now (a relative route is resolved against what the root shows now, an absolute one
    ///   reads no state); every screen is made through the coordinator's ``ScreenRegistry``, so an unknown name or a
    ///   value the destination type's decoding refuses fails the whole navigation with nothing
    ///   changed.
    /// - The same route twice: when the app shows the target already with nothing above the
    ///   root, nothing happens and the call returns nil. Cold or warm, an absolute route builds the
    ///   same content (ids come from the registry's declarations and the route, never the state).
    /// - The app's ids: containers take the ids the coordinator's ``ScreenRegistry`` declares, so after
    ///   a link `stack("inbox").push(…)` finds the stack the app names `inbox`.
    /// - While locked: refused as ``TransitionError/Refusal/locked(lock:)``, or, with
    ///   `whenLocked: .deferUntilUnlocked`, carried out after the unlock.
    /// - Waiting (`.enqueue`): the content was compiled when the call was made; it is planned
    ///   against the state when its turn comes, as every request is.
    ///
    /// - Returns: the record of the transition, or nil when the app shows the route already.
    /// - Throws: ``TransitionError/route(_:route:)`` when the route does not compile; otherwise
    ///   what every request method throws (see ``Coordinator``). Nothing changed then.
    @discardableResult
    public func navigate(
        to route: Route, animator: (any Animator)? = nil, policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord? {
        try await navigate(to: route, animator: animator, policy: policy, whenLocked: whenLocked, source: .app)
    }

    /// ``navigate(to:animator:policy:whenLocked:)`` from `source` (the inbox's links, a redirect),
    /// with the link it follows, if any, for `began` and the record, and the inbox it comes from
    /// (a guard's redirect parks the link there).
    @discardableResult
    func navigate(
        to route: Route, animator: (any Animator)? = nil, policy: AdmissionPolicy, whenLocked: LockedBehavior,
        source: NavigationSource, link: LinkID? = nil, inbox: LinkInbox? = nil
    ) async throws(TransitionError) -> TransitionRecord? {
        // Compiled and submitted in one step of the actor (submit decides before its first
        // await), so a relative route is resolved against the state its admission sees.
        let request = try navigation(to: route)
        return try await submit(
            request, animator: animator, mode: .policy(policy), whenLocked: whenLocked, source: source,
            link: link, inbox: inbox
        )
    }

    /// The request that navigates to `route` from the committed state.
    /// - Throws: ``TransitionError/route(_:route:)`` when it does not compile.
    func navigation(to route: Route) throws(TransitionError) -> TransitionRequest {
        // Mutant: the registry's declared ids left out.
        let registry = planted(.linkIgnoresDeclaredIDs) ? screens.withoutDeclaredIDs() : screens
        do {
            let shown = machine.snapshot.rootWindow?.content
            let absolute = try RouteCompiler.resolve(route, from: shown, registry: registry, limits: configuration.routeLimits)
            let target = try RouteCompiler.content(
                resolved: absolute, registry: registry, sharingWith: shown, made: &madeScreens)
            return .navigate(absolute, target: target)
        } catch {
            throw .route(error, route: route)
        }
    }
}
