/// Guards: asked about every guarded transition once it is admitted, before anything of it is
/// carried out.
extension Coordinator {
    /// Asks the guards about `admission` from `source`; returns the refusal to answer with, or nil
    /// to go on. A redirect keeps the request for ``resumeRedirected()`` and asks for the redirect
    /// route next, in a task of its own (a redirect from a redirect is a denial: no loop).
    func vet(_ admission: Admission, source: NavigationSource, chain: [TransitionScope.Marker]) async -> TransitionError? {
        let plan = admission.plan
        let context = GuardContext(request: plan.request, source: source, before: plan.before, after: plan.after)
        guard let refusal = await GuardRunner.vet(context, guards: guards, timeout: configuration.animationTimeout,
                                                  watchdog: watchdog, taskExecutor: taskExecutor, chain: chain) else { return nil }
        switch refusal.decision {
        case .allow:
            return nil
        case .deny(let reason):
            return .denied(guard: refusal.guardName, reason: reason)
        case .redirect(let route) where source == .redirect:
            return .denied(guard: refusal.guardName, reason: "redirected a redirect (to \(route)); refused to avoid a loop")
        case .redirect(let route):
            redirected = (plan.request, source)
            _ = Task(executorPreference: taskExecutor) { [weak self] in
                // Outside every transition: it waits its turn, after this one hands the slot on.
                await TransitionScope.$chain.withValue([]) {
                    _ = try? await self?.navigate(to: route, policy: .enqueue, whenLocked: .deferUntilUnlocked, source: .redirect)
                }
            }
            return .redirected(guard: refusal.guardName, to: route)
        }
    }

    /// Asks again for the request a guard redirected last (the link behind sign-in, once signed
    /// in), through the guards; nil when none is kept. It waits its turn (`.enqueue`).
    /// - Throws: what the request throws now (a guard may refuse or redirect it again).
    @discardableResult
    public func resumeRedirected() async throws(TransitionError) -> TransitionRecord? {
        // Taken before the await, so a second call (or a newer redirect parked meanwhile) never
        // resumes the same request twice.
        guard let (request, source) = redirected else { return nil }
        redirected = nil
        return try await submit(request, animator: nil, mode: .policy(.enqueue), whenLocked: .deferUntilUnlocked,
                                source: source).get()
    }
}
