/// Steps 1, 2 and 6 of a transition: admit, plan, and hand the slot over at release, as the
/// ``TransitionMachine`` decides them; this carries its actions out.
///
/// Everything from a request's arrival up to its wait is synchronous on the actor, so no other
/// request interleaves with a decision; a waiting request is admitted by ``release()``.
extension Coordinator {
    /// Admits `request` (now, or once its turn comes) and carries it out; refusals are announced
    /// (`rejected`) and handed back.
    ///
    /// The decision is synchronous and the ticket is in line before this awaits its turn, so a
    /// suspension before the wait begins cannot lose a hand-over (the ticket keeps it).
    ///
    /// It does not throw: it hands back the record or the refusal, each one pointer wide
    /// (``TransitionError`` is `indirect`), and the public methods throw in the caller's own
    /// frame. The frames a waiting request holds are what it costs in memory (the bench's
    /// "resident memory per waiter"): a wider error in each of them once took a second
    /// task-allocator slab per waiter.
    @inline(never)
    func submit(_ request: TransitionRequest, animator: (any Animator)?, mode: Mode,
                whenLocked: LockedBehavior, items: [ScreenID: ScreenCallbacks] = [:], source: NavigationSource? = nil,
                link: LinkID? = nil) async -> Submitted {
        let origin = TransitionMachine.Origin(source: source ?? .implied(by: request), link: link)
        // Admitted on arrival with nothing to await: carried out in the step that admitted it,
        // without entering another async function or boxing the admission.
        switch await admission(for: request, from: origin, mode: mode, whenLocked: whenLocked,
                               carryingOut: { carryOutIfInline($0, animator: animator, items: items) }) {
        case .carriedOut(let done):
            return done
        case .admitted(let admission):
            // A waiter's turn, or an admission with something to await (carried out in a function
            // of its own: a waiter's frame, this one, stays one slab). For the latter the inline
            // check runs again: a few reads, on a path that then awaits host calls or an animator.
            return await carryOut(admission, animator: animator, items: items)
        case .refused(let refusal): return .refused(refusal)
        }
    }

    /// Steps 1 and 2: decides, waits for the turn when the policy says so, and hands back the
    /// admission (the slot is then held) or the refusal (announced).
    ///
    /// An admission on arrival is first offered to `carryingOut`, in the step that admitted it:
    /// what it returns is handed back as carried out; when it returns nil the admission is boxed
    /// and handed back. A waiter's admission is always handed back (its task carries it out).
    ///
    /// Inlined, so a waiting request keeps no frame of its own for it (see the memory note above).
    @inline(__always)
    func admission<Done>(for request: TransitionRequest, from origin: TransitionMachine.Origin, mode: Mode,
                         whenLocked: LockedBehavior, carryingOut: (borrowing Admitted) -> Done?) async -> Turn<Done> {
        switch decideOrRefuse(request, from: origin, mode: mode, deferrable: whenLocked == .deferUntilUnlocked,
                              carryingOut: carryingOut) {
        case .carriedOut(let done):
            return .carriedOut(done)
        case .admitted(let admitted):
            return .admitted(admitted)
        case .wait(let ticket, let pinned):
            // In line already (see ``AdmissionTicket/wait(pinned:)``): no hand-over can be lost.
            await ticket.wait(pinned: pinned)
            return turn(of: ticket)
        case .staleRead:
            return await staleAdmission(request, from: origin)
        case .refused(let refusal):
            return .refused(refusal)
        }
    }

    /// ``admission(for:from:mode:whenLocked:carryingOut:)`` that carries nothing out: the
    /// admission is always handed back (a gesture holds it).
    @inline(__always)
    func admission(for request: TransitionRequest, from origin: TransitionMachine.Origin, mode: Mode,
                   whenLocked: LockedBehavior) async -> Turn<Never> {
        await admission(for: request, from: origin, mode: mode, whenLocked: whenLocked, carryingOut: { _ in nil })
    }

    /// What ``submit(_:animator:mode:whenLocked:items:source:link:)`` hands back: the record, or the refusal.
    enum Submitted: Sendable {
        case committed(TransitionRecord)
        case refused(TransitionError)

        /// The record, or the refusal thrown.
        func get() throws(TransitionError) -> TransitionRecord {
            switch self {
            case .committed(let record): record
            case .refused(let error): throw error
            }
        }
    }

    /// A request's turn: carried out already (`Done`: what carrying it out gave), admitted, or
    /// refused (and said so).
    enum Turn<Done> {
        case carriedOut(Done)
        case admitted(Admission)
        case refused(TransitionError)
    }

    /// Reads the ticket's outcome after the wait; a refusal is announced here.
    @inline(never)
    private func turn<Done>(of ticket: AdmissionTicket) -> Turn<Done> {
        switch ticket.outcome() {
        case .success(let admission): return .admitted(admission)
        case .failure(let error): return .refused(refuse(ticket.request, error))
        }
    }

    /// Announces the refusal of `request` (`rejected`) and hands it back.
    @inline(never)
    private func refuse(_ request: TransitionRequest, _ error: TransitionError) -> TransitionError {
        hub.send(.rejected(request, error))
        return error
    }

    /// Throws the busy refusal of a `.reject` request, decided and announced in the caller's
    /// context without entering the actor, when ``gate`` publishes the transition in flight;
    /// returns to send the request to the actor (nothing published, or the request is re-entrant
    /// or cancelled, which the actor answers as it always does). See ``BusyGate`` for why the
    /// answer is the actor's.
    @inline(never)
    nonisolated func refuseIfBusy(_ request: TransitionRequest) throws(TransitionError) {
        // Read before the lock, to hold it for as short as can be; neither depends on the gate.
        if Task.isCancelled { return }
        let chain = TransitionScope.chain
        let identity = markerIdentity
        guard let inFlight = gate.published else { return }
        if !chain.isEmpty, chain.contains(where: { $0.names(identity, inFlight.id) }) { return }
        // A second push of the screen in flight is told so, as the actor would (a double tap).
        let refusal: TransitionError = if let screen = request.pushedScreen, inFlight.request.pushedScreen == screen {
            .refused(.screenAlreadyRequested(screen, by: inFlight.request))
        } else {
            .refused(.busy(inFlight: inFlight))
        }
        // Someone may see the refusal: announce it only while `inFlight` is still published, under
        // the gate's lock, so it falls between its `began` and `ended`; else the actor answers.
        if hub.hasSubscribers, !gate.announce(ifStill: inFlight.id, { hub.send(.rejected(request, refusal)) }) {
            return
        }
        throw refusal
    }

    /// What admission decided, carried out: the transition done already, the slot taken, a
    /// ticket to wait on, or a refusal.
    private enum Decision<Done> {
        case carriedOut(Done)
        case admitted(Admission)
        case wait(AdmissionTicket, pinned: Bool)
        case staleRead
        case refused(TransitionError)
    }

    /// Step 1: the machine decides the request's arrival (``TransitionMachine/arrive(_:mode:deferrable:_:)``)
    /// from what only the actor sees (the re-entrancy chain, cancellation, the host's stuck call),
    /// and the actor carries the decision's effects out, in the same synchronous step.
    ///
    /// An admission is offered to `carryingOut` first (see
    /// ``admission(for:from:mode:whenLocked:carryingOut:)``), and boxed only when it declines.
    @inline(never)
    private func decideOrRefuse<Done>(_ request: TransitionRequest, from origin: TransitionMachine.Origin, mode: Mode,
                                      deferrable: Bool, carryingOut: (borrowing Admitted) -> Done?) -> Decision<Done> {
        var circumstances = TransitionMachine.Circumstances(cancelled: Task.isCancelled, hostFault: refreshHost())
        if let slot = machine.slot {
            let chain = TransitionScope.chain
            if !chain.isEmpty { circumstances.reentrant = chain.contains { $0.names(markerIdentity, slot.transition.id) } }
        }
        switch machine.arrive(request, from: origin, mode: mode, deferrable: deferrable, circumstances) {
        case .admit(let grant, let effects):
            carryOut(effects, of: request)
            let admitted = take(grant)
            if let done = carryingOut(admitted) { return .carriedOut(done) }
            return .admitted(Admission(admitted))
        case .wait(let ticket, let pinned, let effects):
            carryOut(effects, of: request)
            return .wait(ticket, pinned: pinned)
        case .refuse(let error, let effects):
            carryOut(effects, of: request)
            return .refused(refuse(request, error))
        case .staleRead:
            return .staleRead
        }
    }

    /// Carries out the effects of `request`'s arrival, in the order ``TransitionMachine/Effects`` lists them.
    private func carryOut(_ effects: TransitionMachine.Effects, of request: TransitionRequest) {
        if let cancelled = effects.cancelledGesture { announceCancelled(cancelled) }
        if effects.cutsInFlight { race?.cut(.preempted) }
        if let refusal = effects.superseding {
            for ticket in effects.superseded { ticket.deliver(.failure(refusal)) }
        }
        if effects.withdrawsGate { gate.publish(nil) }
        if let lane = effects.waitsIn { hub.send(.waiting(request, lane: lane)) }
    }

    /// The ``Mutation/staleRead`` mutant: read, await, then plan against what was read (no re-check of the slot).
    @inline(never)
    private func staleAdmission<Done>(_ request: TransitionRequest, from origin: TransitionMachine.Origin) async -> Turn<Done> {
        let stale = snapshot
        await Task.yield()
        var next = machine.nextWindowID
        do throws(TransitionError) {
            let plan = try TransitionPlanner.plan(request, in: stale, nextWindowID: &next,
                                                  ignoresUnmanagedWindows: configuration.ignoresUnmanagedWindows)
            return .admitted(Admission(take(machine.occupy(plan, from: origin, nextWindowID: next, waited: nil,
                                                           hostStuck: stuckHost != nil))))
        } catch {
            return .refused(refuse(request, error))
        }
    }

    /// Step 6: frees the slot and hands it to the next eligible waiter, in the same synchronous
    /// step, so no arriving request can slip in between (see ``TransitionMachine/handOver(hostFault:)``).
    func release() {
        machine.release()
        while let step = machine.handOver(hostFault: refreshHost()) {
            switch step {
            case .refuse(let ticket, let error):
                ticket.deliver(.failure(error))
            case .deferred(let request):
                hub.send(.waiting(request, lane: .deferred))
            case .admit(let ticket, let grant):
                ticket.deliver(.success(Admission(take(grant))))
                return
            }
        }
    }

    /// The admission of a grant (the slot is taken): stamped with the time, announced (`began`),
    /// and then published on the busy gate when the machine says so, so no refusal naming the
    /// transition may be seen before its `began`.
    ///
    /// It borrows the grant: consumed, it was copied whole through its value witness first (three
    /// retains and releases a transition).
    private func take(_ grant: borrowing TransitionMachine.Grant) -> Admitted {
        // The event's values are built only past the hub's check (with a subscriber).
        if !mutations.contains(.lateBegan) { hub.send(.began(announcement(of: grant), before: grant.plan.before)) }
        if grant.publishes { gate.publish(grant.transition) }
        return Admitted(transition: grant.transition, plan: grant.plan, waited: grant.waited, admittedAt: clock.elapsed())
    }

    /// The transition `began` names: `grant`'s, or under the ``Mutation/beganWithoutOrigin``
    /// mutant the request's implied source, and no link.
    private func announcement(of grant: borrowing TransitionMachine.Grant) -> InFlightTransition {
        mutations.contains(.beganWithoutOrigin) ? InFlightTransition(id: grant.id, request: grant.plan.request) : grant.transition
    }

    /// The host's stuck call, if it has not returned; once it has, notes what the host took so the
    /// next transition catches it up, and forgets the fault.
    func refreshHost() -> HostFault? {
        guard let stuck = stuckHost else { return nil }
        guard stuck.progress.hasReturned else { return stuck.fault }
        hostBehind = stuck.base.applying(stuck.commands.prefix(stuck.progress.completedCount))
        stuckHost = nil
        return nil
    }

    /// The number re-entrancy markers name this coordinator by (its address under the ``Mutation/addressMarkers`` mutant).
    nonisolated var markerIdentity: UInt64 {
        mutations.contains(.addressMarkers) ? UInt64(UInt(bitPattern: ObjectIdentifier(self))) : identity
    }
}
