/// Guards: asked about every guarded transition once it is admitted, before anything of it is
/// carried out.
extension Coordinator {
    /// Asks the guards about `admission` from `source`; returns the refusal to answer with, or nil
    /// to go on. A redirect keeps the request for ``resumeRedirected()`` and puts the navigation
    /// to the redirect route in line now, carried out by a task of its own (a redirect from a
    /// redirect is a denial: no loop).
    func vet(
        _ admission: Admission, source: NavigationSource, chain: TransitionScope.Chain, inbox: LinkInbox?
    ) async -> TransitionError? {
        let plan = admission.plan
        // Every state, committed or planned, has a visible root window (invariant 3): the planner
        // never removes the root without making a new one (a pop of the root is refused, `popAll`
        // and a navigation keep it, `replaceRoot` makes one), and a cover hides only the levels
        // above its own, which the configuration puts above the root. So the context is made.
        guard
            let context = TransitionContext(
                id: admission.id, plan: plan, source: source,
                includesUnmanaged: !configuration.ignoresUnmanagedWindows, ledger: AnimationLedger())
        else { preconditionFailure("invariant 3 (levels): a transition from or to a state with no visible root window") }
        // Mutant: a guard that does not answer holds the slot a hundred times longer.
        let timeout = configuration.guardTimeout * (planted(.guardWithoutTimeout) ? 100 : 1)
        guard
            let refusal = await GuardRunner.vet(
                context, guards: guards, timeout: timeout,
                watchdog: watchdog, taskExecutor: taskExecutor, chain: chain)
        else { return nil }
        switch refusal.decision {
        case .allow:
            return nil
        case .deny(let reason):
            return .denied(guard: refusal.guardName, reason: reason)
        case .redirect(let route) where source == .redirect:
            return .denied(guard: refusal.guardName, reason: "redirected a redirect (to \(route)); refused to avoid a loop")
        case .redirect(let route):
            redirectsStarted += 1
            let arrival = lineUp(redirectTo: route)
            let navigation = Task(executorPreference: taskExecutor) { [weak self] in
                // Outside every transition: it waits its turn, after this one hands the slot on.
                await TransitionScope.$chain.withValue(.empty) {
                    await self?.followRedirect(arrival) ?? .success(nil)
                }
            }
            redirectNavigation = navigation
            // A link goes back to its inbox, parked there (saved with it) until the resume. A
            // gesture's commit is asked for again as the app's: the user's finger is long gone.
            // Mutants: a resumed gesture's commit held as a gesture the user still holds; a link
            // kept without the inbox it came from, so it cannot be sent again.
            redirected = Redirected(
                request: plan.request,
                source: source == .gesture && !planted(.resumedGestureHeld) ? .app : source,
                link: admission.link, inbox: admission.link == nil || planted(.redirectedLinkLosesInbox) ? nil : inbox,
                navigation: navigation)
            return .redirected(guard: refusal.guardName, to: route)
        }
    }

    /// The arrival of the navigation to a guard's redirect `route` (`.enqueue`, deferred while
    /// locked), decided now, in the redirected transition's step: it is in line before that
    /// transition's refusal reaches its caller, so what the app asks once answered comes after it
    /// in its lane (a ``resumeRedirected()`` also waits for its end, whatever lane it stands in).
    /// It belongs to no caller: neither the transition's re-entrancy chain nor its task's
    /// cancellation is its.
    private func lineUp(redirectTo route: Route) -> TransitionMachine.Decision {
        do throws(TransitionError) {
            let request = try navigation(to: route)
            return TransitionScope.$chain.withValue(.empty) {
                arrive(
                    request, from: .init(source: .redirect), mode: .policy(.enqueue), deferrable: true,
                    cancelled: false)
            }
        } catch {
            return .refuse(error)
        }
    }

    /// Carries out a guard's redirect navigation, once `arrival` (``lineUp(redirectTo:)``) is
    /// admitted; counts its answer, and apart an answer of nil (the app is there already). Its
    /// refusals are its events' to tell, and ``redirectOutcome()``'s.
    private func followRedirect(_ arrival: TransitionMachine.Decision) async -> Result<TransitionRecord?, TransitionError> {
        defer { redirectsAnswered += 1 }
        do throws(TransitionError) {
            guard let admission = try await admit(arrival) else {
                redirectsAlreadyThere += 1
                return .success(nil)
            }
            return .success(try await run(admission, animator: nil, items: [:]))
        } catch {
            return .failure(error)
        }
    }

    /// Waits for the navigation that the newest guard redirect started (the route a
    /// ``TransitionError/redirected(guard:to:)`` names: the sign-in screen, say) and gives its
    /// outcome: its record, nil when the app showed the route already, or the error it met. Nil
    /// when no guard has redirected.
    ///
    /// The navigation waits its turn (`.enqueue`) and, while the app is locked, until it is
    /// unlocked; this call waits as long. Cancelling the caller neither cancels the navigation nor
    /// ends the wait early. A redirect that comes later starts a navigation of its own, which a
    /// later call waits for.
    public func redirectOutcome() async -> Result<TransitionRecord?, TransitionError>? {
        await redirectNavigation?.value
    }

    /// Asks again for the request a guard redirected last (the link behind sign-in, once signed
    /// in), through the guards; nil when none is kept. It waits for the navigation the redirect
    /// started to end (behind the lock too, while that navigation waits for the unlock), then its
    /// turn (`.enqueue`): the request commits after the sign-in, never under it. A gesture's
    /// commit is asked for again as the app's request (its record says `app`): the user's finger
    /// is long gone.
    ///
    /// A link is asked for through its ``LinkInbox``, which parked it: the link then ends with
    /// this answer, exactly once (nil, and no navigation, when it was superseded or expired meanwhile).
    /// One request is kept, the newest redirected: a parked link whose place a later redirect took
    /// ends as its inbox decides (a newer link, its expiry). A call made while a link's resume is
    /// out (at a guard, or on its way back) asks for no trip of its own: if that trip ends in a
    /// redirect again, the link goes once more for this call and it gets that answer; otherwise it
    /// gets the same answer as the call that sent the trip (the same record: one navigation).
    /// - Throws: what the request throws now (a guard may refuse or redirect it again); a
    ///   refusal (``TransitionError/refused(_:)``: the caller cancelled before admission, the queue
    ///   full) keeps the request for the next call, as nothing changed;
    ///   ``TransitionError/Refusal/reentrant(inFlight:)`` at once, keeping the request, when called
    ///   from inside the transition in flight (its animator, a task it started, a host call, a
    ///   guard), which the request would wait behind for ever.
    @discardableResult
    public func resumeRedirected() async throws(TransitionError) -> TransitionRecord? {
        guard let kept = redirected ?? resumingLink else { return nil }
        // Mutant: asked from inside the transition in flight, the request waits behind it.
        if let slot = machine.slot, !planted(.resumeWaitsOnItsOwnTransition), callerIsInside(slot.transition.id) {
            throw refuse(kept.request, .refused(.reentrant(inFlight: slot.transition)))
        }
        // Taken before the await, so a second call (or a newer redirect parked meanwhile) never
        // resumes the same request twice. A link whose resume is still out is asked for again
        // through its inbox, which sends it once more only if a guard redirects it again: a call
        // made meanwhile (once signed in, say) is not lost, and the link never goes twice at once.
        redirected = nil
        if let link = kept.link {
            resumingLink = kept
            defer { if resumingLink?.link == link { resumingLink = nil } }
            await waitForRedirect(of: kept)
            guard let answer = await kept.inbox?.resume(link) else { return nil }
            return try answer.get()
        }
        await waitForRedirect(of: kept)
        do {
            return try await submit(
                kept.request, animator: nil, mode: .policy(.enqueue), whenLocked: .deferUntilUnlocked, source: kept.source)
        } catch {
            // A refusal (the caller cancelled before admission, the queue full, the host not
            // answering) changed nothing and never reached the guards: the request stays kept for
            // the next call, unless a newer redirect took its place meanwhile.
            // Mutant: the request dropped by a call that changed nothing.
            if case .refused = error, redirected == nil, !planted(.refusedResumeDropsRequest) { redirected = kept }
            throw error
        }
    }

    /// A request a guard redirected, kept for ``resumeRedirected()``: a link is kept by its inbox.
    struct Redirected {
        let request: TransitionRequest
        let source: NavigationSource
        let link: LinkID?
        weak var inbox: LinkInbox?
        /// The navigation the redirect started (sign-in), which the resume waits for.
        let navigation: Task<Result<TransitionRecord?, TransitionError>, Never>
    }

    /// Waits until the navigation `kept`'s redirect started has ended: in line before the
    /// redirected request was answered, it may still wait in a lane the resume would not (the
    /// deferred one, a navigation while locked, where a request below the lock runs at once), so
    /// the resume waits for its end, not for its place.
    private func waitForRedirect(of kept: Redirected) async {
        // Mutant: the resume asked at once, past a sign-in that waits for the unlock.
        if planted(.resumeSkipsRedirectWait) { return }
        // Other requests arrive during this await, a newer redirect too: the request was taken
        // before it (no second call resumes it), and its arrival afterwards is decided afresh
        // (re-entrancy, cancellation, the lock), as any request's is.
        _ = await kept.navigation.value
    }
}
