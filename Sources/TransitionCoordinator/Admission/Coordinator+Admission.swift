/// A request's path, steps 1, 2 and 6: submit, admit (the machine decides and plans; the request
/// waits or is refused), and hand the slot over once the transition commits. Steps 3 to 5 (run,
/// animate, commit) are in `Coordinator+Execution.swift`.
///
/// Everything from a request's arrival up to its wait is synchronous on the actor, so no other
/// request interleaves with a decision; a waiting request is admitted by ``handOver()``.
extension Coordinator {
    /// Step 1: a request enters the actor. It is admitted (now, or once its turn comes) and
    /// carried out; refusals are announced (`rejected`) and thrown. A request that asks for what
    /// the state shows already (a navigation to where the app is) is answered nil, with no event
    /// and nothing changed.
    ///
    /// The machine's decision is the one value an outcome is wrapped in: from there the record is
    /// returned and a refusal thrown, typed, up to the public call. `inbox` is the one `link`
    /// comes from: a guard's redirect hands the link back to it.
    func submit(
        _ request: TransitionRequest, animator: (any Animator)?, mode: Mode,
        whenLocked: LockedBehavior, items: [ScreenID: ScreenCallbacks] = [:], source: NavigationSource? = nil,
        link: LinkID? = nil, inbox: LinkInbox? = nil
    ) async throws(TransitionError) -> TransitionRecord? {
        PathTrace.enter()
        let origin = TransitionMachine.Origin(source: source ?? .implied(by: request), link: link)
        let deferrable = whenLocked == .deferUntilUnlocked
        // Mutant: read, await, then plan against what was read (no re-check of the slot).
        let decision =
            planted(.staleRead) && machine.slot == nil
            ? await staleDecision(request, from: origin)
            : arrive(request, from: origin, mode: mode, deferrable: deferrable)
        guard let admission = try await admit(decision) else { return nil }
        return try await run(admission, animator: animator, items: items, inbox: inbox)
    }

    /// Step 2: admits a request once its arrival is decided (``arrive(_:from:mode:deferrable:cancelled:)``):
    /// it has the slot, waits on its ticket for the hand-over, is refused (said so already, and
    /// thrown), or has nothing to do (nil: the state shows what it asks for already).
    ///
    /// The decision is synchronous and the ticket is in line before this awaits its turn, so a
    /// suspension before the wait begins cannot lose a hand-over (the ticket keeps it).
    func admit(_ decision: TransitionMachine.Decision) async throws(TransitionError) -> Admission? {
        PathTrace.enter()
        switch decision {
        case .admit(let admission):
            return admission
        case .alreadyThere:
            return nil
        case .refuse(let error):
            throw error
        case .wait(let ticket, let cancellable):
            await ticket.wait(cancellable: cancellable)
            switch ticket.outcome() {
            case .success(let admission): return admission
            case .failure(let error): throw refuse(ticket.request, error)
            }
        }
    }

    /// The machine decides `request`'s arrival (``TransitionMachine/arrive(_:from:mode:deferrable:_:_:)``)
    /// from what only the actor sees (the re-entrancy chain, cancellation, the host's stuck call);
    /// the actor carries its effects out and announces an admission (`began`) or a refusal
    /// (`rejected`), in the same synchronous step, and hands the decision back as it is.
    ///
    /// Synchronous, so the machine's working values and the effects live only in this step, not
    /// in the frame a waiting request keeps: decided inside ``admit(_:)`` itself, they grew what
    /// every waiter keeps (the bench's "resident memory per waiter"). `cancelled` is whether the
    /// request's task is cancelled: the caller's, unless the request belongs to no caller (a
    /// guard's redirect, lined up on the redirected transition's task).
    func arrive(
        _ request: TransitionRequest, from origin: TransitionMachine.Origin, mode: Mode,
        deferrable: Bool, cancelled: Bool = Task.isCancelled
    ) -> TransitionMachine.Decision {
        PathTrace.enter()
        var circumstances = TransitionMachine.Circumstances(
            cancelled: cancelled, hostFault: refreshHost(),
            now: clock.elapsed())
        if let slot = machine.slot { circumstances.reentrant = callerIsInside(slot.transition.id) }
        // Mutant: a request from a call of the host's first calls is taken, and waits for them.
        if case .running = hostStart, callerIsInside(Self.setupID), !planted(.setupCallsNotReentrant) {
            circumstances.insideSetup = setupTransition
        }
        var effects = TransitionMachine.Effects()
        let decision: TransitionMachine.Decision
        do throws(TransitionError) {
            decision = try machine.arrive(request, from: origin, mode: mode, deferrable: deferrable, circumstances, &effects)
        } catch {
            decision = .refuse(error)
        }
        // The effects first, in the order ``TransitionMachine/Effects`` lists them.
        if let cancelled = effects.cancelledGesture { announceCancelled(cancelled) }
        if effects.cutsInFlight { machine.slot?.race?.cut(.preempted) }
        if let refusal = effects.superseding {
            for ticket in effects.superseded { ticket.deliver(.failure(refusal)) }
        }
        if effects.withdrawsGate { gate.publish(nil) }
        if let lane = effects.waitsIn { hub.send(.waiting(request, lane: lane)) }
        switch decision {
        case .admit(let admission):
            announceBegan(admission)
        case .refuse(let error):
            _ = refuse(request, error)
        case .wait, .alreadyThere:
            break
        }
        return decision
    }

    /// The refusal of a call that promises a value (a record, an admission) when there was nothing
    /// to do, which only a navigation to where the app is can be:
    /// ``TransitionError/InvalidRequest/alreadyShown(_:)``, announced (`rejected`).
    /// ``Coordinator/navigate(to:animator:policy:whenLocked:)`` answers nil instead.
    nonisolated func alreadyShown(_ request: TransitionRequest) -> TransitionError {
        let error = TransitionError.invalid(.alreadyShown(request))
        hub.send(.rejected(request, error))
        return error
    }

    /// Announces the refusal of `request` (`rejected`) and hands it back.
    func refuse(_ request: TransitionRequest, _ error: TransitionError) -> TransitionError {
        // Mutant: a refusal as invalid is answered, never announced.
        if planted(.invalidRefusalUnannounced), case .invalid = error { return error }
        hub.send(.rejected(request, error))
        return error
    }

    /// Throws the busy refusal of a `.reject` request, decided and announced in the caller's
    /// context without entering the actor, when ``gate`` publishes the transition in flight;
    /// returns to send the request to the actor (nothing published, or the request is re-entrant
    /// or cancelled, which the actor answers as it always does). See ``BusyGate`` for why the
    /// answer is the actor's.
    nonisolated func refuseIfBusy(_ request: TransitionRequest) throws(TransitionError) {
        PathTrace.enter()
        // Read before the lock, to hold it for as short as can be; neither depends on the gate.
        if Task.isCancelled { return }
        let chain = TransitionScope.chain
        let identity = markerIdentity
        guard let inFlight = gate.published else { return }
        // From the transition in flight, or from the host's first calls (which it waits for):
        // re-entrant, as the actor answers.
        if !chain.isEmpty, chain.contains(where: { $0.names(identity, inFlight.id) || $0.names(identity, Self.setupID) }) {
            return
        }
        // A second push of the screen in flight is told so, as the actor would (a double tap).
        let refusal: TransitionError =
            if let screen = request.pushedScreen, inFlight.request.pushedScreen == screen {
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

    /// A gesture given up (cancelled, or cut short by a lifecycle event): the busy gate stops
    /// naming it, then `cancelled` is sent. The caller hands the slot on, or a lifecycle event takes it.
    func announceCancelled(_ transition: InFlightTransition) {
        gate.publish(nil)
        hub.send(.cancelled(transition))
    }

    /// Step 6: frees the slot and hands it to the next eligible waiter, in the same synchronous
    /// step, so no arriving request can slip in between (see ``TransitionMachine/handOver(hostFault:now:)``).
    func handOver() {
        PathTrace.enter()
        machine.release()
        // Nobody waits: the clock and the host need not be read.
        if machine.waiting.isEmpty { return }
        while let step = machine.handOver(hostFault: refreshHost(), now: clock.elapsed()) {
            switch step {
            case .refuse(let ticket, let error):
                ticket.deliver(.failure(error))
            case .deferred(let request):
                hub.send(.waiting(request, lane: .deferred))
            case .alreadyThere(let ticket):
                ticket.deliver(.success(nil))
            case .admit(let ticket, let admission):
                announceBegan(admission)
                ticket.deliver(.success(admission))
                return
            }
        }
    }

    /// Sends `began` for `admission`, in the step that gave it the slot, then publishes it on the
    /// busy gate when the machine says so, so no refusal naming it may be seen before its `began`.
    func announceBegan(_ admission: Admission) {
        PathTrace.enter()
        defer { if machine.publishesOnGate(hostStuck: hostState.isStuck) { gate.publish(admission.transition) } }
        // Mutant: `began` is said only when the waiter's task resumes (see ``run(_:animator:items:inbox:)``).
        if planted(.lateBegan) { return }
        // Mutant: `began` names the request's implied source, and no link.
        let transition =
            planted(.beganWithoutOrigin)
            ? InFlightTransition(id: admission.id, request: admission.plan.request) : admission.transition
        hub.send(.began(transition, before: admission.plan.before))
    }

    /// The host's stuck call, if it has not returned; once it has, notes what the host took so the
    /// next transition catches it up, and forgets the fault.
    func refreshHost() -> HostFault? {
        PathTrace.enter()
        guard case .stuck(let stuck) = hostState else { return nil }
        guard stuck.progress.hasReturned else { return stuck.fault }
        hostState = .behind(stuck.base.applying(stuck.commands, returned: stuck.progress.completedCount))
        return nil
    }

    /// Whether the calling task works for `transition` of this coordinator: its animator, a task
    /// it started, a host call, a guard (the task's re-entrancy chain names it). Such a request
    /// would wait behind the very transition it is part of.
    nonisolated func callerIsInside(_ transition: TransitionID) -> Bool {
        let chain = TransitionScope.chain
        return !chain.isEmpty && chain.contains { $0.names(markerIdentity, transition) }
    }

    /// The number re-entrancy markers name this coordinator by.
    nonisolated var markerIdentity: UInt64 {
        // Mutant: its address, which a later coordinator may reuse.
        planted(.addressMarkers) ? UInt64(UInt(bitPattern: ObjectIdentifier(self))) : identity
    }
}
