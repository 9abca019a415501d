/// Steps 1, 2 and 6 of a transition: admit, plan, and hand the slot over at release.
///
/// Everything from a request's arrival up to its wait is synchronous on the actor, so no other
/// request interleaves with a decision; a waiting request is admitted by ``release()``.
extension Coordinator {
    /// Admits `request` (now, or once its turn comes) and carries it out; refusals are announced
    /// (`rejected`) and thrown.
    ///
    /// The decision is synchronous and the ticket is in line before this awaits its turn, so a
    /// suspension before the wait begins cannot lose a hand-over (the ticket keeps it). Keeping the
    /// decision and the announcement out of this async function keeps the frame a waiting task
    /// holds small.
    func submit(_ request: TransitionRequest, animator: (any Animator)?, mode: Mode,
                whenLocked: LockedBehavior) async throws(TransitionError) -> TransitionRecord {
        let admission: Admission
        do throws(TransitionError) {
            switch try decide(request, mode: mode, deferrable: whenLocked == .deferUntilUnlocked) {
            case .admitted(let admitted): admission = admitted
            case .wait(let ticket, let pinned): admission = try await awaitTurn(ticket, pinned: pinned)
            case .staleRead: admission = try await staleAdmission(request)
            }
        } catch {
            announceRejection(request, error)
            throw error
        }
        return await carryOut(admission, animator: animator)
    }

    /// The busy refusal of a `.reject` request, decided and announced in the caller's context
    /// without entering the actor, when ``gate`` publishes the transition in flight; nil sends the
    /// request to the actor (nothing published, or the request is re-entrant or cancelled, which
    /// the actor answers as it always does). See ``BusyGate`` for why the answer is the actor's.
    nonisolated func refuseIfBusy(_ request: TransitionRequest) -> TransitionError? {
        // Read before the lock, to hold it for as short as can be; neither depends on the gate.
        if Task.isCancelled { return nil }
        let chain = TransitionScope.chain
        let identity = markerIdentity
        return gate.refuse { inFlight in
            if !chain.isEmpty, chain.contains(where: { $0.names(identity, inFlight.id) }) { return nil }
            return .busy(inFlight: inFlight)
        } announce: { error in
            hub.send(.rejected(request, error))
        }
    }

    /// Says that `request` was refused.
    @inline(never)
    private func announceRejection(_ request: TransitionRequest, _ error: TransitionError) {
        hub.send(.rejected(request, error))
    }

    /// What admission decided, in one synchronous step on the actor.
    private enum Decision {
        /// Admitted now: the slot is taken.
        case admitted(Admission)
        /// In line already (enqueued in the deciding step); wait for the hand-over.
        case wait(AdmissionTicket, pinned: Bool)
        /// The ``Mutation/staleRead`` mutant's path: read, await, plan against what was read.
        case staleRead
    }

    /// The ``Mutation/staleRead`` mutant: read, await, then plan against what was read (no re-check of the slot).
    @inline(never)
    private func staleAdmission(_ request: TransitionRequest) async throws(TransitionError) -> Admission {
        let stale = snapshot
        await Task.yield()
        var next = nextWindowID
        let plan = try TransitionPlanner.plan(request, in: stale, nextWindowID: &next,
                                              ignoresUnmanagedWindows: configuration.ignoresUnmanagedWindows)
        return occupy(plan, nextWindowID: next, waited: nil)
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

    /// Suspends until ``release()`` admits the ticket's request, a coalescing request supersedes
    /// it, or its task is cancelled (then it leaves the line; nothing changed). A `pinned` request
    /// (a lifecycle event, a preempting request that cut the animation short) has already acted and
    /// is not withdrawn by cancellation.
    ///
    /// Callers queue with ``enqueue(_:lane:group:deferrable:)`` in the argument, so the request is
    /// in line in the same synchronous step as the decision to queue it: even the call of an
    /// `async` function may suspend before its body runs (a simulated run found that door), and
    /// the slot could be freed then with nobody in line to take it.
    private func awaitTurn(_ ticket: AdmissionTicket, pinned: Bool = false) async throws(TransitionError) -> Admission {
        // The suspended frames hold no outcome: it is read from the ticket after the wait.
        await withTaskCancellationHandler {
            await ticket.wait()
        } onCancel: {
            if !pinned { ticket.cancel() }
        }
        return try ticket.outcome().get()
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
        // the busy check.
        if stuckHost == nil, !mutations.contains(.noBusyCheck) { gate.publish(transition) }
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
