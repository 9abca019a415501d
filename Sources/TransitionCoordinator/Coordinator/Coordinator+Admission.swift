/// Steps 1, 2 and 6 of a transition: admit, plan, and hand the slot over at release.
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
                whenLocked: LockedBehavior, items: [ScreenID: ScreenCallbacks] = [:]) async -> Submitted {
        switch await admission(for: request, mode: mode, whenLocked: whenLocked) {
        case .admitted(let admission): return .committed(await carryOut(admission, animator: animator, items: items))
        case .refused(let refusal): return .refused(refusal)
        }
    }

    /// Steps 1 and 2: decides, waits for the turn when the policy says so, and hands back the
    /// admission (the slot is then held) or the refusal (announced).
    ///
    /// Inlined, so a waiting request keeps no frame of its own for it (see the memory note above).
    @inline(__always)
    func admission(for request: TransitionRequest, mode: Mode, whenLocked: LockedBehavior) async -> Turn {
        switch decideOrRefuse(request, mode: mode, deferrable: whenLocked == .deferUntilUnlocked) {
        case .admitted(let admitted):
            return .admitted(admitted)
        case .wait(let ticket, let pinned):
            // In line already (see ``AdmissionTicket/wait(pinned:)``): no hand-over can be lost.
            await ticket.wait(pinned: pinned)
            return turn(of: ticket)
        case .staleRead:
            return await staleAdmission(request)
        case .refused(let refusal):
            return .refused(refusal)
        }
    }

    /// What ``submit(_:animator:mode:whenLocked:items:)`` hands back: the record, or the refusal.
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

    /// A waiter's turn once its wait ended: admitted, or refused (and said so).
    enum Turn {
        case admitted(Admission)
        case refused(TransitionError)
    }

    /// Reads the ticket's outcome after the wait; a refusal is announced here.
    @inline(never)
    private func turn(of ticket: AdmissionTicket) -> Turn {
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

    /// ``decide(_:mode:deferrable:)``, with a refusal announced and handed back instead of thrown.
    @inline(never)
    private func decideOrRefuse(_ request: TransitionRequest, mode: Mode, deferrable: Bool) -> Decision {
        do throws(TransitionError) {
            return try decide(request, mode: mode, deferrable: deferrable)
        } catch {
            return .refused(refuse(request, error))
        }
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
            .screenAlreadyRequested(screen, by: inFlight.request)
        } else {
            .busy(inFlight: inFlight)
        }
        // Someone may see the refusal: announce it only while `inFlight` is still published, under
        // the gate's lock, so it falls between its `began` and `ended`; else the actor answers.
        if hub.hasSubscribers, !gate.announce(ifStill: inFlight.id, { hub.send(.rejected(request, refusal)) }) {
            return
        }
        throw refusal
    }

    /// What admission decided, in one synchronous step on the actor.
    private enum Decision {
        /// Admitted now: the slot is taken.
        case admitted(Admission)
        /// In line already (enqueued in the deciding step); wait for the hand-over.
        case wait(AdmissionTicket, pinned: Bool)
        /// The ``Mutation/staleRead`` mutant's path: read, await, plan against what was read.
        case staleRead
        /// Refused (and said so).
        case refused(TransitionError)
    }

    /// The ``Mutation/staleRead`` mutant: read, await, then plan against what was read (no re-check of the slot).
    @inline(never)
    private func staleAdmission(_ request: TransitionRequest) async -> Turn {
        let stale = snapshot
        await Task.yield()
        var next = nextWindowID
        do throws(TransitionError) {
            let plan = try TransitionPlanner.plan(request, in: stale, nextWindowID: &next,
                                                  ignoresUnmanagedWindows: configuration.ignoresUnmanagedWindows)
            return .admitted(occupy(plan, nextWindowID: next, waited: nil))
        } catch {
            return .refused(refuse(request, error))
        }
    }

    /// The admission decision: admit, put in line (and say so), or throw the refusal.
    @inline(never)
    private func decide(_ request: TransitionRequest, mode: Mode, deferrable: Bool) throws(TransitionError) -> Decision {
        if let inFlight, TransitionScope.chain.contains(where: { $0.names(markerIdentity, inFlight.transition.id) }) {
            throw .reentrant(inFlight: inFlight.transition)
        }
        if Task.isCancelled { throw .cancelled(request) }
        if case .policy = mode, let fault = refreshHost() { throw .hostUnresponsive(fault) }
        if mutations.contains(.staleRead), inFlight == nil { return .staleRead }
        if mutations.contains(.noBusyCheck), case .policy(.reject) = mode, inFlight != nil {
            if case .success(let (plan, next)) = plan(request) { return .admitted(occupy(plan, nextWindowID: next, waited: nil)) }
        }
        var group: String?
        if case .policy(.coalesce(let name)) = mode { group = name }
        if let screen = request.pushedScreen { try refuseSecondPush(of: screen, group: group) }
        guard let current = inFlight else {
            // Idle means no eligible waiter (release() hands the slot over before going idle).
            switch plan(request) {
            case .success(let (plan, next)):
                return .admitted(occupy(plan, nextWindowID: next, waited: nil))
            case .failure(.locked) where deferrable:
                return .wait(try enqueue(request, lane: .deferred, group: group, deferrable: true), pinned: false)
            case .failure(let error):
                throw error
            }
        }
        switch mode {
        case .lifecycle where gesture?.id == current.transition.id:
            // A gesture is cut short as cancelled, and the event runs now, ahead of every waiter.
            endGesture()
            return try decide(request, mode: mode, deferrable: deferrable)
        case .lifecycle:
            preemptInFlight()
            return .wait(try enqueue(request, lane: .lifecycle, group: nil, deferrable: deferrable), pinned: true)
        case .policy(.reject):
            throw .busy(inFlight: current.transition)
        case .policy(.enqueue), .policy(.coalesce):
            return .wait(try enqueue(request, lane: .queued, group: group, deferrable: deferrable), pinned: false)
        case .policy(.preempt):
            if mutations.contains(.preemptBeforeAdmission) {
                // Mutant: cut first, then find out whether there is room and whether the request fits.
                preemptInFlight()
                return .wait(try enqueue(request, lane: .preempt, group: nil, deferrable: deferrable), pinned: false)
            }
            try requireRoom(in: .preempt, group: nil)
            // Only the request that cuts the animation must be sure to run next; later ones just wait.
            if current.preempted { return .wait(try enqueue(request, lane: .preempt, group: nil, deferrable: deferrable), pinned: false) }
            var scratch = nextWindowID
            do {
                _ = try TransitionPlanner.plan(request, in: current.after, nextWindowID: &scratch,
                                               ignoresUnmanagedWindows: configuration.ignoresUnmanagedWindows,
                                               mutations: mutations)
            } catch {
                guard case .locked = error, deferrable else { throw error }
                return .wait(try enqueue(request, lane: .deferred, group: nil, deferrable: true), pinned: false)
            }
            preemptInFlight()
            return .wait(try enqueue(request, lane: .preempt, group: nil, deferrable: deferrable), pinned: true)
        }
    }

    /// Throws ``TransitionError/screenAlreadyRequested(_:by:)`` when a push of `screen` is in
    /// flight or waiting (a double tap), under every policy; a waiting member of the request's own
    /// coalescing group does not count (the request supersedes it). O(1).
    private func refuseSecondPush(of screen: ScreenID, group: String?) throws(TransitionError) {
        if let inFlight, inFlight.transition.request.pushedScreen == screen {
            throw .screenAlreadyRequested(screen, by: inFlight.transition.request)
        }
        if let earlier = waiting.waitingPush(of: screen, outside: group) { throw .screenAlreadyRequested(screen, by: earlier) }
    }

    /// Throws when `lane` has no room for one more request (a coalescing request counts the
    /// members of its group it will replace as free). O(1): cancelled waiters are already off the
    /// counts, and a group has one member at most (the one this request supersedes).
    private func requireRoom(in lane: WaitLane, group: String?) throws(TransitionError) {
        switch lane {
        case .lifecycle:
            return
        case .preempt, .queued:
            let replaced = group.map { waiting.count(of: $0, in: .queued) } ?? 0
            if waiting.count(in: .preempt) + waiting.count(in: .queued) - replaced >= configuration.queueLimit,
               !mutations.contains(.unboundedQueue) {
                throw .queueFull(limit: configuration.queueLimit)
            }
        case .deferred:
            let replaced = group.map { waiting.count(of: $0, in: .deferred) } ?? 0
            if waiting.count(in: .deferred) - replaced >= configuration.deferredLimit {
                throw .deferredQueueFull(limit: configuration.deferredLimit)
            }
        }
    }

    /// Puts the request in line (superseding its coalescing group) and says so; never suspends.
    private func enqueue(_ request: TransitionRequest, lane: WaitLane, group: String?,
                         deferrable: Bool) throws(TransitionError) -> AdmissionTicket {
        try requireRoom(in: lane, group: group)
        if let group {
            let lanes: Set<WaitLane> = mutations.contains(.coalesceQueuedLaneOnly) ? [.queued] : [.queued, .deferred]
            for entry in waiting.removeGroup(group, from: lanes) where entry.ticket.claim() {
                entry.ticket.deliver(.failure(.superseded(group: group, by: request)))
            }
        }
        let ticket = waiting.append(request, lane: lane, group: group, deferrable: deferrable).ticket
        // A push waits: the answer to a second push depends on the queue, which only the actor reads.
        if request.pushedScreen != nil { gate.publish(nil) }
        peakWaiting = max(peakWaiting, waiting.count(in: .preempt) + waiting.count(in: .queued))
        peakDeferred = max(peakDeferred, waiting.count(in: .deferred))
        hub.send(.waiting(request, lane: lane))
        return ticket
    }

    /// Step 6: frees the slot and hands it to the next eligible waiter, in the same synchronous
    /// step, so no arriving request can slip in between. Waiters whose plan no longer fits are
    /// answered with the planning error (while a host call is stuck, every waiter but a lifecycle
    /// event with ``TransitionError/hostUnresponsive(_:)``); deferrable ones that hit the lock go
    /// (back) to the deferred lane, keeping their place, while it has room.
    func release() {
        inFlight = nil
        while let entry = waiting.popNext(deferredAllowed: !snapshot.isLocked) {
            let ticket = entry.ticket
            guard ticket.isLive else { continue }
            if entry.lane != .lifecycle, let fault = refreshHost() {
                if ticket.claim() { ticket.deliver(.failure(.hostUnresponsive(fault))) }
                continue
            }
            let planned = plan(ticket.request)
            if case .failure(.locked) = planned, ticket.deferrable {
                if waiting.count(in: .deferred) >= configuration.deferredLimit, !mutations.contains(.unboundedDeferred) {
                    if ticket.claim() { ticket.deliver(.failure(.deferredQueueFull(limit: configuration.deferredLimit))) }
                    continue
                }
                // A ticket cancelled since it was popped is not put back (nobody waits on it).
                guard waiting.reinsert(entry, lane: .deferred) else { continue }
                peakDeferred = max(peakDeferred, waiting.count(in: .deferred))
                hub.send(.waiting(ticket.request, lane: .deferred))
                continue
            }
            guard ticket.claim() else { continue }
            switch planned {
            case .success(let (plan, next)):
                let waited = WaitInfo(lane: entry.lane, sequence: entry.sequence, group: ticket.group,
                                      newestArrival: waiting.newestSequence)
                ticket.deliver(.success(occupy(plan, nextWindowID: next, waited: waited)))
                return
            case .failure(let error):
                ticket.deliver(.failure(error))
            }
        }
    }

    /// Plans against the committed snapshot; returns the plan and the next window id to keep.
    func plan(_ request: TransitionRequest) -> Result<(TransitionPlan, WindowID), TransitionError> {
        var next = nextWindowID
        return Result { () throws(TransitionError) in
            let plan = try TransitionPlanner.plan(request, in: snapshot, nextWindowID: &next,
                                                  ignoresUnmanagedWindows: configuration.ignoresUnmanagedWindows,
                                                  mutations: mutations)
            return (plan, next)
        }
    }

    /// Takes the in-flight slot for an admitted plan and says so (`began`) in the same step.
    private func occupy(_ plan: TransitionPlan, nextWindowID next: WindowID, waited: WaitInfo?) -> Admission {
        nextWindowID = next
        admitted += 1
        let id = TransitionID(admitted)
        let transition = InFlightTransition(id: id, request: plan.request)
        inFlight = InFlight(transition: transition, after: plan.after)
        if !mutations.contains(.lateBegan) { hub.send(.began(transition, before: plan.before)) }
        // Published after `began`: no refusal naming the transition may be seen before it. Not
        // while a host call is stuck (that answer comes first), nor under the mutant that skips
        // the busy check, nor while a push waits (see ``refuseSecondPush(of:group:)``).
        if stuckHost == nil, !waiting.holdsPushes, !mutations.contains(.noBusyCheck) { gate.publish(transition) }
        return Admission(id: id, plan: plan, waited: waited, admittedAt: clock.elapsed())
    }

    /// Tells the animation in flight to finish now (or not to start, if its animator was not called yet).
    private func preemptInFlight() {
        inFlight?.preempted = true
        inFlight?.race?.cut(.preempted)
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
