/// The coordinator's decisions as a value: which request takes the in-flight slot, which waits and
/// where, which is refused and why, who gets the slot when it is freed, what a gesture's end does
/// and which hop stays (see ``HopHandle``) a departure ends. Each event is a `mutating` call that
/// returns the actions to carry out; the ``Coordinator`` actor only carries them out (sends events,
/// resumes waiters, cuts an animation). No call suspends, reads a clock or a task-local (the time
/// of an admission is handed in), so every decision is tested synchronously, without tasks
/// (`TransitionMachineTests`).
///
/// Its state is a ``Phase``: idle, a transition in flight, or a gesture held; the slot and the
/// gesture cannot disagree, because they are one value.
///
/// What the machine cannot see is handed to the event that needs it: whether the request comes
/// from inside the transition in flight, whether its task is cancelled, and the host's stuck call.
///
/// The waiters' tickets are shared objects (a cancellation ends one from any thread, under its
/// lock), so a decision reads each ticket's state as it stands at the event; a ticket the machine
/// hands back in an action is claimed already (it can no longer be cancelled), and resuming it is
/// the actor's.
struct TransitionMachine {
    /// How a request asks to be admitted.
    enum Mode {
        /// Under an admission policy.
        case policy(AdmissionPolicy)
        /// Application state changes: preempt, and wait ahead of everything else, never refused for room.
        case lifecycle
    }

    /// Who holds the in-flight slot, if anyone.
    enum Phase {
        /// Nothing is in flight: the next request is admitted at once.
        case idle
        /// A transition holds the slot, from its admission to its commit.
        case inFlight(Slot)
        /// An admitted gesture holds the slot until the user's finger lifts: committed (it then
        /// runs as ``inFlight(_:)``), given up, or cut short by a lifecycle event.
        case gestureHeld(Slot)
    }

    /// The committed state.
    private(set) var snapshot: NavigationSnapshot
    /// Who holds the slot.
    private(set) var phase: Phase = .idle
    /// The transition holding the slot, if any (in flight, or a gesture held).
    var slot: Slot? {
        switch phase {
        case .idle: nil
        case .inFlight(let slot), .gestureHeld(let slot): slot
        }
    }
    /// The admitted gesture holding the slot, until it is committed or given up.
    var gesture: Admission? {
        if case .gestureHeld(let slot) = phase { slot.admission } else { nil }
    }
    /// The requests waiting for the slot.
    private(set) var waiting = WaitQueue()
    /// The id the next new window takes.
    private(set) var nextWindowID: WindowID
    /// How many transitions were ever admitted (the last one's id).
    private(set) var admitted: UInt64 = 0
    /// The most requests that ever waited at once in the queued and preempt lanes.
    private(set) var peakWaiting = 0
    /// The most requests that ever waited at once in the deferred lane.
    private(set) var peakDeferred = 0
    /// The hop stays (see ``HopHandle``) that a flow waits on or that unhopped.
    var stays = HopStays()
    /// While requests wait: each screen removed by anything but its own stack's `setStack` (its
    /// `remove` fired), with the newest arrival's sequence then (a waiter that arrived at or
    /// before it was asked before the removal). Empty while nobody waits.
    private(set) var userRemovals: [ScreenID: UInt64] = [:]
    let configuration: CoordinatorConfiguration
    /// Whether the coordinator has guards: then a transition from a guarded source is not sure
    /// to commit until they let it through (``guardsPassed()``).
    let hasGuards: Bool

    /// A machine whose committed state is `snapshot`, idle, with nobody waiting.
    init(
        snapshot: NavigationSnapshot, nextWindowID: WindowID, configuration: CoordinatorConfiguration,
        hasGuards: Bool = false
    ) {
        self.snapshot = snapshot
        self.nextWindowID = nextWindowID
        self.configuration = configuration
        self.hasGuards = hasGuards
    }

    // MARK: - Arrival

    /// A request arrives under `mode`: admit it (planned against the committed state), put it in
    /// line (and say so), or refuse it (thrown). `effects` collects what the actor carries out
    /// first, whatever the decision, a refusal included. `origin` is where the request comes from
    /// (the source its request implies when nil); a waiter keeps it.
    mutating func arrive(
        _ request: TransitionRequest, from origin: Origin? = nil, mode: Mode, deferrable: Bool,
        _ circumstances: Circumstances, _ effects: inout Effects
    ) throws(TransitionError) -> Decision {
        PathTrace.enter()
        let origin = origin ?? Origin(source: .implied(by: request))
        if let slot, circumstances.reentrant { throw .refused(.reentrant(inFlight: slot.transition)) }
        if let setup = circumstances.insideSetup { throw .refused(.reentrant(inFlight: setup)) }
        if circumstances.cancelled { throw .refused(.cancelled(request)) }
        if case .policy = mode, let fault = circumstances.hostFault { throw .refused(.hostUnresponsive(fault)) }
        if planted(.noBusyCheck), case .policy(.reject) = mode, slot != nil, case .success(let (plan, next)?) = plan(request) {
            return .admit(occupy(plan, from: origin, nextWindowID: next, waited: nil, at: circumstances.now))
        }
        var group: String?
        if case .policy(.coalesce(let name)) = mode { group = name }
        // A push of a screen in flight or waiting (a double tap) is refused under every policy; a
        // waiting member of the request's own coalescing group does not count (it is superseded).
        if let screen = request.pushedScreen {
            if let slot, slot.transition.request.pushedScreen == screen {
                throw .refused(.screenAlreadyRequested(screen, by: slot.transition.request))
            }
            if let earlier = waiting.waitingPush(of: screen, outside: group) {
                throw .refused(.screenAlreadyRequested(screen, by: earlier))
            }
        }
        // A lifecycle event cuts a held gesture short as cancelled, and runs now, ahead of every waiter.
        if case .lifecycle = mode, gesture != nil { effects.cancelledGesture = cutGesture() }
        guard let current = slot else {
            // Idle means no eligible waiter (the hand-over runs before the slot goes idle), but
            // members of the request's coalescing group may wait deferred until the unlock: a
            // member that runs now, or finds the app where it asks, is the group's newest and
            // supersedes them, as it would have had it waited.
            // Mutant: only a member that waits supersedes.
            switch plan(request) {
            case .success(let planned):
                if let group, !planted(.coalesceOnlyWhenWaiting) { supersede(group, by: request, &effects) }
                guard let (plan, next) = planned else { return .alreadyThere }
                return .admit(occupy(plan, from: origin, nextWindowID: next, waited: nil, at: circumstances.now))
            case .failure(.refused(.locked)) where deferrable:
                return .wait(
                    try enqueue(request, from: origin, lane: .deferred, group: group, deferrable: true, &effects),
                    cancellable: true)
            case .failure(let error):
                throw error
            }
        }
        switch mode {
        case .lifecycle:
            preemptInFlight(&effects)
            return .wait(
                try enqueue(
                    request, from: origin, lane: .lifecycle, group: nil, deferrable: deferrable, hasActed: true, &effects),
                cancellable: false)
        case .policy(.reject):
            throw .refused(.busy(inFlight: current.transition))
        case .policy(.enqueue), .policy(.coalesce):
            return .wait(
                try enqueue(request, from: origin, lane: .queued, group: group, deferrable: deferrable, &effects),
                cancellable: true)
        case .policy(.preempt):
            // Mutant: cut first, then find out whether there is room and whether the request fits.
            if planted(.preemptBeforeAdmission) { preemptInFlight(&effects) }
            try requireRoom(in: .preempt, group: nil)
            // Only the request that cuts the animation must be sure to run next; later ones just wait.
            if current.preempted {
                return .wait(
                    try enqueue(request, from: origin, lane: .preempt, group: nil, deferrable: deferrable, &effects),
                    cancellable: true)
            }
            // A navigation to where the transition in flight leads has nothing to do once that
            // transition is sure to commit: it must not cut the animation it would never follow.
            if current.vetted || planted(.alreadyThereBeforeGuards), TransitionPlanner.showsAlready(request, in: current.after) {
                return .alreadyThere
            }
            // While a guard may still refuse the transition in flight, or the user cancel the
            // gesture it is, the state it would commit may never come: no request is sure to run
            // next on it. The request waits for its end without cutting it, cancellable, and is
            // planned when its turn comes, as every waiter is (a navigation to where the transition
            // leads is then already there, or runs).
            // Nor is a request sure to run next behind an earlier preempting request still waiting
            // (it came while the guards decided): that one runs first, and may change what this
            // one finds.
            // Mutants: planned against the state the transition would commit, and held to running;
            // the earlier waiter not counted, so this one cuts and may be refused after all.
            if !current.vetted && !planted(.preemptPlansOnUnvetted)
                || waiting.count(in: .preempt) > 0 && !planted(.preemptCutsBehindWaiter)
            {
                return .wait(
                    try enqueue(request, from: origin, lane: .preempt, group: nil, deferrable: deferrable, &effects),
                    cancellable: true)
            }
            var scratch = nextWindowID
            do {
                // Planned as it will run: a `setStack` without what the transition in flight removes.
                _ = try TransitionPlanner.plan(
                    pruned(request, behind: current.plan), in: current.after, nextWindowID: &scratch,
                    ignoresUnmanagedWindows: configuration.ignoresUnmanagedWindows)
            } catch {
                guard case .refused(.locked) = error, deferrable else { throw error }
                return .wait(
                    try enqueue(request, from: origin, lane: .deferred, group: nil, deferrable: true, &effects),
                    cancellable: true)
            }
            preemptInFlight(&effects)
            return .wait(
                try enqueue(
                    request, from: origin, lane: .preempt, group: nil, deferrable: deferrable,
                    // Mutant: the cut forgotten at hand-over, where a stuck host refuses it after all.
                    hasActed: !planted(.preemptRefusedAfterCut), &effects),
                cancellable: false)
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
            if waiting.count(in: .preempt) + waiting.count(in: .queued) - replaced >= configuration.queueLimit {
                if planted(.unboundedQueue) { return }
                throw .refused(.queueFull(limit: configuration.queueLimit))
            }
        case .deferred:
            let replaced = group.map { waiting.count(of: $0, in: .deferred) } ?? 0
            if waiting.count(in: .deferred) - replaced >= configuration.deferredLimit {
                throw .refused(.deferredQueueFull(limit: configuration.deferredLimit))
            }
        }
    }

    /// Puts the request in line, superseding its coalescing group (those waiters are claimed and
    /// listed in `effects`); never suspends.
    private mutating func enqueue(
        _ request: TransitionRequest, from origin: Origin, lane: WaitLane, group: String?,
        deferrable: Bool, hasActed: Bool = false,
        _ effects: inout Effects
    ) throws(TransitionError) -> AdmissionTicket {
        try requireRoom(in: lane, group: group)
        if let group { supersede(group, by: request, &effects) }
        let ticket = waiting.append(request, from: origin, lane: lane, group: group, deferrable: deferrable, hasActed: hasActed)
            .ticket
        // A push waits: the answer to a second push depends on the queue, which only the actor reads.
        if request.pushedScreen != nil { effects.withdrawsGate = true }
        peakWaiting = max(peakWaiting, waiting.count(in: .preempt) + waiting.count(in: .queued))
        peakDeferred = max(peakDeferred, waiting.count(in: .deferred))
        effects.waitsIn = lane
        return ticket
    }

    /// Takes the waiting members of coalescing group `group` out of line, in whichever lane they
    /// wait (queued, or deferred until the unlock), superseded by `request`: they are claimed and
    /// listed in `effects`, to be refused. Never suspends.
    private mutating func supersede(_ group: String, by request: TransitionRequest, _ effects: inout Effects) {
        let lanes: Set<WaitLane> = planted(.coalesceQueuedLaneOnly) ? [.queued] : [.queued, .deferred]
        for entry in waiting.removeGroup(group, from: lanes) where entry.ticket.claim() {
            effects.superseded.append(entry.ticket)
        }
        if !effects.superseded.isEmpty { effects.superseding = .refused(.superseded(group: group, by: request)) }
    }

    /// Marks the transition in flight as preempted and asks for its animation to be cut.
    private mutating func preemptInFlight(_ effects: inout Effects) {
        guard slot != nil else { return }
        changeSlot { $0.preempted = true }
        effects.cutsInFlight = true
    }

    // MARK: - Planning and the slot

    /// Plans against the committed snapshot; returns the plan and the next window id to keep, or
    /// nil when the snapshot shows what the request asks for already (``TransitionPlanner/showsAlready(_:in:)``).
    func plan(_ request: TransitionRequest) -> Result<(TransitionPlan, WindowID)?, TransitionError> {
        PathTrace.enter()
        if TransitionPlanner.showsAlready(request, in: snapshot) { return .success(nil) }
        var next = nextWindowID
        do throws(TransitionError) {
            let plan = try TransitionPlanner.plan(
                request, in: snapshot, nextWindowID: &next,
                ignoresUnmanagedWindows: configuration.ignoresUnmanagedWindows)
            return .success((plan, next))
        } catch {
            return .failure(error)
        }
    }

    /// Gives the slot to `plan`, admitted at `now`: in flight, or held as a gesture when it comes
    /// from one (``NavigationSource/gesture``).
    mutating func occupy(
        _ plan: TransitionPlan, from origin: Origin, nextWindowID next: WindowID, waited: WaitInfo?,
        at now: Duration
    ) -> Admission {
        PathTrace.enter()
        nextWindowID = next
        admitted += 1
        let transition = InFlightTransition(
            id: TransitionID(admitted), request: plan.request, source: origin.source,
            link: origin.link)
        let admission = Admission(transition: transition, plan: plan, waited: waited, admittedAt: now)
        // Sure to commit once its guards let it through; a held gesture never is, until the user
        // lets go (a cancel changes nothing). Mutant: a gesture is sure to commit from its start.
        let cancellable = origin.source == .gesture && !planted(.heldGestureSureToCommit)
        let slot = Slot(admission: admission, vetted: !cancellable && !(hasGuards && origin.source.isGuarded))
        phase = origin.source == .gesture ? .gestureHeld(slot) : .inFlight(slot)
        return admission
    }

    /// The guards let the transition holding the slot through: it is sure to commit.
    mutating func guardsPassed() {
        changeSlot { $0.vetted = true }
    }

    /// The transition in flight's animator starts in `race`; answers whether a preemption came
    /// first (the actor then cuts the race at once).
    mutating func animationBegan(in race: AnimationRace) -> Bool {
        changeSlot { $0.race = race }
        return slot?.preempted == true
    }

    /// The transition in flight's animator is done: its race is no longer cut from outside.
    mutating func animationEnded() {
        changeSlot { $0.race = nil }
    }

    /// Changes the slot's holder in place, in whichever phase holds it. Every caller acts for the
    /// transition holding the slot (its guards, its animation, a preemption of it), so an idle
    /// machine here is a broken serialization: a debug build stops, naming the invariant. A
    /// release build changes nothing and goes on, so that the checks that watch invariant 1 (the
    /// stress harness's, ``Coordinator/audit()``) report the overlap with its history: a harness
    /// hunting a planted serialization bug reaches this state in seed after seed, and a stop here
    /// would end the hunt instead of counting the seeds that catch it.
    private mutating func changeSlot(_ change: (inout Slot) -> Void) {
        switch phase {
        case .idle:
            assertionFailure(
                "invariant 1 (serial): a change to the transition in flight came with no transition holding the slot")
        case .inFlight(var slot):
            change(&slot)
            phase = .inFlight(slot)
        case .gestureHeld(var slot):
            change(&slot)
            phase = .gestureHeld(slot)
        }
    }

    /// Whether the transition in flight may be published on the coordinator's busy gate (so a
    /// `.reject` request is refused without entering the actor): not while a host call is stuck
    /// (that answer comes first), nor while a push waits (only the actor reads the queue).
    func publishesOnGate(hostStuck: Bool) -> Bool {
        PathTrace.enter()
        return slot != nil && !hostStuck && !waiting.holdsPushes && !planted(.noBusyCheck)
    }

    /// The transition in flight committed `after`: it becomes the committed state. The slot stays
    /// taken until ``release()``.
    mutating func commit(_ after: NavigationSnapshot) {
        PathTrace.enter()
        snapshot = after
    }

    /// Notes the screens `plan` removes other than through their own stack's `setStack` (those
    /// whose ``StackItem/remove`` fires), for the `setStack`s waiting now (see ``pruned(_:arrivedAt:)``);
    /// forgets them all once nobody waits. Linear in the plan's departures; nothing to do while
    /// nobody waits.
    mutating func noteRemovals(_ plan: TransitionPlan) {
        PathTrace.enter()
        guard waiting.storageCount > 0 else {
            if !userRemovals.isEmpty { userRemovals = [:] }
            return
        }
        if case .content(.setStack, _) = plan.request { return }
        let departed = plan.departedScreens
        if departed.isEmpty { return }
        let now = waiting.newestSequence
        for screen in departed { userRemovals[screen.id] = now }
    }

    /// `request` as a waiter that arrived at `sequence` runs it: a `setStack` drops the screens
    /// removed since it was asked (their `remove` fired: the owner's state says they are gone)
    /// that its stack does not hold now. Every other request, and a list with none of them, as asked.
    func pruned(_ request: TransitionRequest, arrivedAt sequence: UInt64) -> TransitionRequest {
        guard !userRemovals.isEmpty else { return request }
        return pruned(request, in: snapshot) { userRemovals[$0.id].map { $0 >= sequence } ?? false }
    }

    /// `request`, arriving now, as it will run once `inFlight` commits: a `setStack` drops the
    /// screens `inFlight` removes (their `remove` fires as it commits, after the list was asked;
    /// ``noteRemovals(_:)`` notes them then). A preempting request is planned so before it cuts
    /// the animation, so that the list that cuts is the list that runs.
    func pruned(_ request: TransitionRequest, behind inFlight: TransitionPlan) -> TransitionRequest {
        guard case .content(.setStack, _) = request else { return request }
        if case .content(.setStack, _) = inFlight.request { return request }
        let departed = Set(inFlight.departedScreens.map(\.id))
        guard !departed.isEmpty else { return request }
        return pruned(request, in: inFlight.after) { departed.contains($0.id) }
    }

    /// `request` with the screens `removed` says were removed left out of a `setStack`'s list,
    /// unless its stack holds them again in `state`; every other request as it is.
    private func pruned(
        _ request: TransitionRequest, in state: NavigationSnapshot,
        removed: (Screen) -> Bool
    ) -> TransitionRequest {
        guard case .content(.setStack(let id, let items), let level) = request, items.contains(where: removed),
            !planted(.staleStackApplied)
        else {
            return request
        }
        var held: [Screen] = []
        for window in state.windowList {
            if case .stack(let stack)? = window.content.find(id)?.base {
                held = stack.items
                break
            }
        }
        let kept = items.filter { screen in !removed(screen) || held.contains { $0.id == screen.id } }
        return .content(.setStack(id, kept), at: level)
    }

    // MARK: - Hand-over
    /// One step of a hand-over: what the actor does for one waiter.
    enum HandOver {
        /// Answer the (claimed) waiter with this refusal; then ask for the next step.
        case refuse(AdmissionTicket, TransitionError)
        /// The waiter met the lock and went (back) to the deferred lane, keeping its place:
        /// announce it `waiting` there; then ask for the next step.
        case deferred(TransitionRequest)
        /// The (claimed) waiter takes the slot: hand it the admission. The hand-over is done.
        case admit(AdmissionTicket, Admission)
        /// The (claimed) waiter asks for what the state shows already: answer it with nothing to
        /// do (no refusal); then ask for the next step.
        case alreadyThere(AdmissionTicket)
    }

    /// The transition in flight ended (committed, or a gesture given up): the slot is free. Call
    /// ``handOver(hostFault:)`` until it returns nil or an admission, in the same synchronous
    /// step, so no arriving request slips in before the waiter the slot goes to.
    mutating func release() {
        PathTrace.enter()
        phase = .idle
    }

    /// The next step of the hand-over, or nil when nobody eligible waits (the slot stays free).
    ///
    /// Waiters are served lifecycle first, then preempting, deferred (only while unlocked) and
    /// queued, first-in first-out within a lane; a cancelled one is skipped. A waiter whose plan no
    /// longer fits is refused with the planning error; while a host call is stuck (`hostFault`),
    /// every waiter but one that has acted (a lifecycle event, a preempting request that cut the
    /// animation short) is refused with ``TransitionError/Refusal/hostUnresponsive(_:)``.
    /// A deferrable waiter that meets the lock goes (back) to the deferred lane while it has room.
    /// An admission is stamped `now`.
    mutating func handOver(hostFault: HostFault?, now: Duration = .zero) -> HandOver? {
        guard case .idle = phase else { return nil }
        while let entry = waiting.popNext(deferredAllowed: !snapshot.isLocked) {
            let ticket = entry.ticket
            guard ticket.isLive else { continue }
            if !ticket.hasActed, let hostFault {
                if ticket.claim() { return .refuse(ticket, .refused(.hostUnresponsive(hostFault))) }
                continue
            }
            let planned = plan(pruned(ticket.request, arrivedAt: entry.sequence))
            if case .failure(.refused(.locked)) = planned, ticket.deferrable {
                let full = waiting.count(in: .deferred) >= configuration.deferredLimit && !planted(.unboundedDeferred)
                if full {
                    if ticket.claim() { return .refuse(ticket, .refused(.deferredQueueFull(limit: configuration.deferredLimit))) }
                    continue
                }
                // A ticket cancelled since it was popped is not put back (nobody waits on it).
                guard waiting.reinsert(entry, lane: .deferred) else { continue }
                peakDeferred = max(peakDeferred, waiting.count(in: .deferred))
                return .deferred(ticket.request)
            }
            guard ticket.claim() else { continue }
            switch planned {
            case .success(nil):
                return .alreadyThere(ticket)
            case .success(let (plan, next)?):
                let waited = WaitInfo(
                    lane: entry.lane, sequence: entry.sequence, group: ticket.group,
                    newestArrival: waiting.newestSequence)
                return .admit(ticket, occupy(plan, from: ticket.origin, nextWindowID: next, waited: waited, at: now))
            case .failure(let error):
                return .refuse(ticket, error)
            }
        }
        return nil
    }

    // MARK: - Gestures

    /// What ending a gesture decided.
    enum GestureEnd {
        /// Carry the gesture's admission out (commit it); the slot stays taken until then.
        case apply(Admission)
        /// Given up: announce it `cancelled`, withdraw the busy gate, and hand the slot over.
        case cancelled(InFlightTransition)
        /// The gesture ended already (cancelled, cut short, or committed): nothing to do.
        case ended
    }

    /// The user lifted the finger past the point of no return (`commit`) or gave up.
    ///
    /// Committing turns the held gesture into a transition in flight in this step (the slot stays
    /// taken until the commit step), so a second end finds nothing to do. Cancelling frees the
    /// slot with nothing changed.
    mutating func endGesture(_ id: TransitionID, committing: Bool) -> GestureEnd {
        guard case .gestureHeld(let slot) = phase, slot.transition.id == id else { return .ended }
        // Under the mutant, the cancelled swipe is counted as a pop.
        let applies = committing || planted(.cancelledGestureApplied)
        if applies {
            phase = .inFlight(slot)
            return .apply(slot.admission)
        }
        guard let cancelled = cutGesture() else {
            preconditionFailure("invariant 1 (serial): the gesture held at the start of this step is gone from the slot")
        }
        return .cancelled(cancelled)
    }

    /// Ends the gesture held unapplied and frees the slot (the caller hands it over, or a
    /// lifecycle event takes it); returns the transition given up.
    mutating func cutGesture() -> InFlightTransition? {
        guard case .gestureHeld(let slot) = phase else { return nil }
        phase = .idle
        return slot.transition
    }
}
