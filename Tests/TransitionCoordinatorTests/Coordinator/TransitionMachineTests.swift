import Testing

@testable import TransitionCoordinator

/// The coordinator's decisions, driven event by event without a task or an actor: each call is
/// an event, and what it returns is every action the coordinator carries out.
@Suite("Transition machine")
struct TransitionMachineTests {
    typealias Machine = TransitionMachine

    static let a = Screen("a"), b = Screen("b"), c = Screen("c"), d = Screen("d")
    static let lockCover = LifecycleCover(screen: Screen("lock"), level: .medium)

    /// A machine whose root window shows `root`, with the built-in levels.
    static func machine(
        root: WindowContent = .screen(Screen("home")), queueLimit: Int = 32, lock: Bool = false, guards: Bool = false
    ) throws -> Machine {
        let configuration = try CoordinatorConfiguration(
            lock: lock ? lockCover : nil,
            queueLimit: queueLimit)
        let window = ManagedWindow(id: WindowID(1), level: .root, content: root)
        let snapshot = NavigationSnapshot(
            version: 0, levels: configuration.levels, windows: [window],
            keyWindow: window.id, covers: configuration.covers)
        return Machine(snapshot: snapshot, nextWindowID: WindowID(2), configuration: configuration, hasGuards: guards)
    }

    static let idle = Machine.Circumstances()
    static let fault = HostFault(
        call: .show(WindowID(1)), transition: TransitionID(1),
        phase: .beforeAnimation, since: .zero)

    /// An arrival's decision (a refusal as `.refuse`, as the coordinator's step reads it) and
    /// the effects ``TransitionMachine/arrive(_:from:mode:deferrable:_:_:)`` collected.
    typealias Arrival = (decision: Machine.Decision, effects: Machine.Effects)

    /// The admission of an arrival, or nil (recording the decision otherwise).
    static func grant(_ arrival: Arrival) -> Admission? {
        if case .admit(let grant) = arrival.decision { return grant }
        Issue.record("expected an admission, got \(arrival.decision)")
        return nil
    }

    /// The ticket of a wait and its effects, or nil.
    static func wait(_ arrival: Arrival) -> (AdmissionTicket, cancellable: Bool, Machine.Effects)? {
        if case .wait(let ticket, let cancellable) = arrival.decision { return (ticket, cancellable, arrival.effects) }
        Issue.record("expected a wait, got \(arrival.decision)")
        return nil
    }

    /// The refusal of an arrival, or nil.
    static func refusal(_ arrival: Arrival) -> TransitionError? {
        if case .refuse(let error) = arrival.decision { return error }
        return nil
    }

    /// Commits the transition holding the slot as `grant` planned it, frees the slot and runs the
    /// hand-over to its end: its steps as words (`admit push b at low`, `refuse push c at low:
    /// levelOccupied`, `defer …`), and the grant of the waiter that took the slot, if one did.
    static func finish(
        _ grant: Admission, in machine: inout Machine,
        hostFault: HostFault? = nil
    ) -> (steps: [String], next: Admission?) {
        machine.commit(grant.plan.after)
        machine.release()
        var steps: [String] = []
        while let step = machine.handOver(hostFault: hostFault) {
            switch step {
            case .refuse(let ticket, let error):
                steps.append("refuse \(words(ticket.request)): \(error.code)")
                ticket.deliver(.failure(error))
            case .deferred(let request):
                steps.append("defer \(words(request))")
            case .alreadyThere(let ticket):
                steps.append("already there \(words(ticket.request))")
                ticket.deliver(.success(nil))
            case .admit(let ticket, let next):
                steps.append("admit \(words(ticket.request))")
                ticket.deliver(.success(next))
                return (steps, next)
            }
        }
        return (steps, nil)
    }

    /// A request in a step's words: `push b` for a push, else as it describes itself.
    static func words(_ request: TransitionRequest) -> String {
        if case .push(let screen, _) = request { "push \(screen.name)" } else { "\(request)" }
    }

    /// Admits `request` on an idle machine (recording an issue otherwise).
    static func admit(
        _ request: TransitionRequest, in machine: inout Machine, mode: Machine.Mode = .policy(.reject)
    ) throws -> Admission {
        try #require(grant(machine.arrival(request, mode: mode, deferrable: false, idle)))
    }

    /// Admits `request` from a gesture on an idle machine: it holds the slot as a gesture.
    static func admitGesture(_ request: TransitionRequest, in machine: inout Machine) throws -> Admission {
        try #require(
            grant(machine.arrival(request, from: .init(source: .gesture), mode: .policy(.reject), deferrable: false, idle)))
    }

    /// Puts `request` in line under `mode` (recording an issue otherwise).
    @discardableResult
    static func enqueue(
        _ request: TransitionRequest, in machine: inout Machine, mode: Machine.Mode = .policy(.enqueue),
        deferrable: Bool = false
    ) throws -> (AdmissionTicket, cancellable: Bool, Machine.Effects) {
        try #require(wait(machine.arrival(request, mode: mode, deferrable: deferrable, idle)))
    }

    // MARK: - Arrival

    @Test("an idle machine admits a request at once, takes the slot and publishes it on the busy gate")
    func idleAdmits() throws {
        var machine = try Self.machine()
        let grant = try #require(
            Self.grant(machine.arrival(.push(Self.a, at: .low), mode: .policy(.reject), deferrable: false, Self.idle)))
        #expect(grant.id == TransitionID(1) && machine.publishesOnGate(hostStuck: false) && grant.waited == nil)
        #expect(machine.slot?.transition.id == grant.id)
        #expect(machine.snapshot.window(at: .low) == nil, "nothing is committed before the commit event")
    }

    @Test("a waiter keeps where it comes from: its grant names the source and link it arrived with")
    func waiterKeepsItsOrigin() throws {
        var machine = try Self.machine()
        let first = try Self.admit(.push(Self.a, at: .low), in: &machine)
        #expect(first.transition.source == .app && first.transition.link == nil, "a request's implied source")
        let origin = Machine.Origin(source: .link, link: LinkID(7))
        _ = try #require(
            Self.wait(
                machine.arrival(
                    .push(Self.b, at: .medium), from: origin, mode: .policy(.enqueue),
                    deferrable: false, Self.idle)))
        machine.commit(first.plan.after)
        machine.release()
        guard case .admit(_, let next)? = machine.handOver(hostFault: nil) else {
            Issue.record("no hand-over")
            return
        }
        #expect(
            next.transition
                == InFlightTransition(id: next.id, request: .push(Self.b, at: .medium), source: .link, link: LinkID(7)))
        #expect(machine.slot?.transition == next.transition, "the slot, and so a busy refusal, names it with its origin")
    }

    @Test("a navigation to what the root shows already, with nothing above it, is nothing to do: not admitted, not refused")
    func navigationAlreadyThere() throws {
        var machine = try Self.machine(root: .screen(Self.a))
        let there = TransitionRequest.navigate(Route([.push(RouteTarget("a"))]), target: .screen(Self.a))
        guard case .alreadyThere = machine.arrival(there, mode: .policy(.reject), deferrable: false, Self.idle).decision else {
            Issue.record("expected nothing to do")
            return
        }
        #expect(machine.slot == nil && machine.admitted == 0 && machine.snapshot.version == 0)
    }

    @Test(
        "a waiting navigation that finds the app where it leads at its turn is answered with nothing to do, and the next waiter goes"
    )
    func waitingNavigationAlreadyThere() throws {
        var machine = try Self.machine(root: .screen(Self.a))
        let first = try Self.admit(.content(.replace(with: .screen(Self.b)), at: .root), in: &machine)
        let there = TransitionRequest.navigate(Route([.push(RouteTarget("b"))]), target: .screen(Self.b))
        let (ticket, _, _) = try Self.enqueue(there, in: &machine)
        _ = try Self.enqueue(.push(Self.c, at: .low), in: &machine)
        let (steps, next) = Self.finish(first, in: &machine)
        #expect(steps == ["already there \(there)", "admit push c"])
        #expect(next?.plan.request == .push(Self.c, at: .low))
        #expect(try ticket.outcome().get() == nil)
    }

    @Test("a request that does not fit the state is refused with the planner's error and takes no slot")
    func misfitRefused() throws {
        var machine = try Self.machine()
        #expect(
            Self.refusal(machine.arrival(.pop(.low), mode: .policy(.enqueue), deferrable: false, Self.idle))
                == .invalid(.nothingToPop(.low)))
        #expect(machine.slot == nil && machine.admitted == 0)
    }

    @Test("a .reject request while a transition holds the slot is refused as busy, naming it")
    func busy() throws {
        var machine = try Self.machine()
        let first = try #require(
            Self.grant(machine.arrival(.push(Self.a, at: .low), mode: .policy(.reject), deferrable: false, Self.idle)))
        let held = InFlightTransition(id: first.id, request: .push(Self.a, at: .low))
        #expect(
            Self.refusal(machine.arrival(.push(Self.b, at: .medium), mode: .policy(.reject), deferrable: false, Self.idle))
                == .refused(.busy(inFlight: held)))
    }

    @Test(
        "a request from inside the transition in flight is refused as re-entrant under every policy",
        arguments: [
            Machine.Mode.policy(.reject), .policy(.enqueue), .policy(.preempt), .policy(.coalesce(group: "g")), .lifecycle,
        ])
    func reentrant(mode: Machine.Mode) throws {
        var machine = try Self.machine()
        let first = try #require(
            Self.grant(machine.arrival(.push(Self.a, at: .low), mode: .policy(.reject), deferrable: false, Self.idle)))
        let request: TransitionRequest =
            if case .lifecycle = mode { .setApplicationState(.inactive) } else { .push(Self.b, at: .medium) }
        let decision = machine.arrival(request, mode: mode, deferrable: false, Machine.Circumstances(reentrant: true))
        #expect(
            Self.refusal(decision)
                == .refused(.reentrant(inFlight: InFlightTransition(id: first.id, request: .push(Self.a, at: .low)))))
        #expect(
            machine.waiting.count(in: .queued) + machine.waiting.count(in: .lifecycle) == 0 && machine.slot?.preempted == false)
    }

    @Test("a caller cancelled before it arrives is refused as cancelled, whatever the state")
    func cancelled() throws {
        var machine = try Self.machine()
        let request = TransitionRequest.push(Self.a, at: .low)
        #expect(
            Self.refusal(
                machine.arrival(request, mode: .policy(.enqueue), deferrable: false, Machine.Circumstances(cancelled: true)))
                == .refused(.cancelled(request)))
        #expect(machine.slot == nil)
    }

    @Test("while a host call is stuck a request is refused as host unresponsive; a lifecycle event is admitted, unpublished")
    func stuckHost() throws {
        var machine = try Self.machine()
        let stuck = Machine.Circumstances(hostFault: Self.fault)
        #expect(
            Self.refusal(machine.arrival(.push(Self.a, at: .low), mode: .policy(.enqueue), deferrable: false, stuck))
                == .refused(.hostUnresponsive(Self.fault)))
        let lifecycle = try #require(
            Self.grant(machine.arrival(.setApplicationState(.inactive), mode: .lifecycle, deferrable: false, stuck)))
        #expect(
            lifecycle.id == TransitionID(1) && !machine.publishesOnGate(hostStuck: true),
            "the busy gate must not answer while only the actor knows the host is stuck")
    }

    // MARK: - Waiting and the hand-over

    @Test(".enqueue requests wait in the queued lane, announced, and the hand-over admits them first-in first-out")
    func fifo() throws {
        var machine = try Self.machine()
        var grant = try #require(
            Self.grant(machine.arrival(.push(Self.a, at: .low), mode: .policy(.reject), deferrable: false, Self.idle)))
        for screen in [Self.b, Self.c] {
            let (_, cancellable, effects) = try Self.enqueue(.push(screen, at: .medium), in: &machine)
            #expect(cancellable && effects.waitsIn == .queued && !effects.cutsInFlight)
            #expect(effects.withdrawsGate, "a waiting push withdraws the gate: only the actor can answer a second push")
            #expect(!machine.publishesOnGate(hostStuck: false), "nor is the next transition published while a push waits")
        }
        var finished = Self.finish(grant, in: &machine)
        #expect(finished.steps == ["admit push b"])
        grant = try #require(finished.next)
        #expect(grant.waited?.lane == .queued && grant.waited?.sequence == 1)
        finished = Self.finish(grant, in: &machine)
        #expect(
            finished.steps == ["refuse push c: levelOccupied"],
            "c's plan no longer fits (b holds the level): refused, and the slot stays free")
        #expect(machine.slot == nil)
    }

    @Test(
        "a lifecycle event cuts the animation in flight, waits (kept when cancelled), and is handed the slot ahead of queued waiters"
    )
    func lifecycleFirst() throws {
        var machine = try Self.machine()
        let grant = try Self.admit(.push(Self.a, at: .low), in: &machine)
        try Self.enqueue(.push(Self.b, at: .medium), in: &machine)
        let (_, cancellable, effects) = try Self.enqueue(.setApplicationState(.inactive), in: &machine, mode: .lifecycle)
        #expect(!cancellable && effects.cutsInFlight && effects.waitsIn == .lifecycle)
        #expect(machine.slot?.preempted == true)
        #expect(Self.finish(grant, in: &machine).steps == ["admit set application state inactive"])
    }

    @Test(
        "the first .preempt request cuts the animation and keeps its place when cancelled; a second one waits behind it without cutting"
    )
    func preemptOnce() throws {
        var machine = try Self.machine()
        let grant = try Self.admit(.push(Self.a, at: .low), in: &machine)
        let first = try Self.enqueue(.push(Self.b, at: .medium), in: &machine, mode: .policy(.preempt))
        #expect(!first.cancellable && first.2.cutsInFlight && first.2.waitsIn == .preempt)
        let second = try Self.enqueue(.push(Self.c, at: .high), in: &machine, mode: .policy(.preempt))
        #expect(second.cancellable && !second.2.cutsInFlight)
        #expect(Self.finish(grant, in: &machine).steps == ["admit push b"])
    }

    @Test("a .preempt navigation to where the transition in flight leads is nothing to do, and the animation is not cut")
    func preemptAlreadyThere() throws {
        var machine = try Self.machine(root: .screen(Self.a))
        let there = WindowContent.screen(Self.b)
        _ = try Self.admit(.navigate(Route([.push(RouteTarget("b"))]), target: there), in: &machine)
        let again = TransitionRequest.navigate(Route([.push(RouteTarget("b"))]), target: there)
        guard case .alreadyThere = machine.arrival(again, mode: .policy(.preempt), deferrable: false, Self.idle).decision else {
            Issue.record("expected nothing to do")
            return
        }
        #expect(machine.slot?.preempted == false && machine.waiting.count(in: .preempt) == 0)
    }

    @Test(
        "a .preempt navigation to where a transition not yet through its guards leads waits without cutting it: already there once it commits, admitted if its guards refuse it"
    )
    func preemptWaitsForGuards() throws {
        let there = WindowContent.screen(Self.b), route = Route([.push(RouteTarget("b"))])
        for refused in [false, true] {
            var machine = try Self.machine(root: .screen(Self.a), guards: true)
            let grant = try Self.admit(.navigate(route, target: there), in: &machine)
            let (_, cancellable, effects) = try Self.enqueue(
                .navigate(route, target: there), in: &machine, mode: .policy(.preempt))
            #expect(cancellable && !effects.cutsInFlight && effects.waitsIn == .preempt && machine.slot?.preempted == false)
            if refused {
                // The guards refused it: the slot is handed on with nothing committed, and the waiter runs.
                machine.release()
                guard case .admit(let ticket, _)? = machine.handOver(hostFault: nil) else {
                    Issue.record("the waiting navigation was not admitted after the refusal")
                    continue
                }
                #expect(ticket.request == .navigate(route, target: there))
            } else {
                machine.guardsPassed()
                let late = machine.arrival(.navigate(route, target: there), mode: .policy(.preempt), deferrable: false, Self.idle)
                guard case .alreadyThere = late.decision else {
                    Issue.record("once through its guards, a navigation to where it leads is not already there: \(late.decision)")
                    continue
                }
                let steps = Self.finish(grant, in: &machine).steps
                #expect(steps == ["already there \(TransitionRequest.navigate(route, target: there))"])
            }
        }
    }

    @Test("a .preempt request that would not fit after the transition in flight is refused, and the animation is not cut")
    func preemptMisfit() throws {
        var machine = try Self.machine()
        _ = try Self.admit(.push(Self.a, at: .low), in: &machine)
        let decision = machine.arrival(.push(Self.b, at: .low), mode: .policy(.preempt), deferrable: false, Self.idle)
        #expect(Self.refusal(decision) == .invalid(.levelOccupied(.low, by: try #require(machine.slot?.after.window(at: .low)))))
        #expect(machine.slot?.preempted == false && machine.waiting.count(in: .preempt) == 0)
    }

    @Test("a coalescing request supersedes its group's waiter: claimed, listed with the refusal, and its room reused")
    func coalesce() throws {
        var machine = try Self.machine(queueLimit: 1)
        let grant = try Self.admit(.push(Self.a, at: .low), in: &machine)
        let (old, _, _) = try Self.enqueue(.push(Self.b, at: .medium), in: &machine, mode: .policy(.coalesce(group: "g")))
        let newer = TransitionRequest.push(Self.c, at: .medium)
        let (_, _, effects) = try Self.enqueue(newer, in: &machine, mode: .policy(.coalesce(group: "g")))
        #expect(effects.superseded.count == 1 && effects.superseded.first === old)
        #expect(effects.superseding == .refused(.superseded(group: "g", by: newer)))
        #expect(!old.isLive, "claimed in the deciding step: a cancellation can no longer end it")
        #expect(Self.finish(grant, in: &machine).steps == ["admit push c"])
    }

    @Test(
        "a second push of a screen in flight, or waiting, is refused as already requested under every policy",
        arguments: [Machine.Mode.policy(.reject), .policy(.enqueue), .policy(.preempt), .policy(.coalesce(group: "other"))])
    func doubleTap(mode: Machine.Mode) throws {
        var machine = try Self.machine()
        let inFlight = TransitionRequest.push(Self.a, at: .low), waiting = TransitionRequest.push(Self.b, at: .medium)
        _ = try Self.admit(inFlight, in: &machine)
        try Self.enqueue(waiting, in: &machine)
        #expect(
            Self.refusal(machine.arrival(.push(Self.a, at: .high), mode: mode, deferrable: false, Self.idle))
                == .refused(.screenAlreadyRequested(Self.a.id, by: inFlight)))
        #expect(
            Self.refusal(machine.arrival(.push(Self.b, at: .high), mode: mode, deferrable: false, Self.idle))
                == .refused(.screenAlreadyRequested(Self.b.id, by: waiting)))
    }

    @Test("the request past the queue limit is refused as queue full; a cancelled waiter frees its room at once")
    func queueLimit() throws {
        var machine = try Self.machine(queueLimit: 1)
        _ = try Self.admit(.push(Self.a, at: .low), in: &machine)
        let (ticket, _, _) = try Self.enqueue(.push(Self.b, at: .medium), in: &machine)
        #expect(
            Self.refusal(machine.arrival(.push(Self.c, at: .high), mode: .policy(.enqueue), deferrable: false, Self.idle))
                == .refused(.queueFull(limit: 1)))
        ticket.cancel()
        try Self.enqueue(.push(Self.c, at: .high), in: &machine)
    }

    @Test("a waiter cancelled before the hand-over is skipped, and the slot goes to the next one")
    func cancelledSkipped() throws {
        var machine = try Self.machine()
        let grant = try Self.admit(.push(Self.a, at: .low), in: &machine)
        let (ticket, _, _) = try Self.enqueue(.push(Self.b, at: .medium), in: &machine)
        try Self.enqueue(.push(Self.c, at: .high), in: &machine)
        ticket.cancel()
        #expect(Self.finish(grant, in: &machine).steps == ["admit push c"])
    }

    @Test("while a host call is stuck the hand-over refuses every waiter but a lifecycle event, which takes the slot unpublished")
    func stuckHandOver() throws {
        var machine = try Self.machine()
        let grant = try Self.admit(.push(Self.a, at: .low), in: &machine)
        try Self.enqueue(.push(Self.b, at: .medium), in: &machine)
        try Self.enqueue(.setApplicationState(.inactive), in: &machine, mode: .lifecycle)
        try Self.enqueue(.push(Self.c, at: .high), in: &machine)
        var finished = Self.finish(grant, in: &machine, hostFault: Self.fault)
        #expect(finished.steps == ["admit set application state inactive"])
        #expect(finished.next != nil && !machine.publishesOnGate(hostStuck: true))
        finished = Self.finish(try #require(finished.next), in: &machine, hostFault: Self.fault)
        #expect(finished.steps == ["refuse push b: hostUnresponsive", "refuse push c: hostUnresponsive"])
    }

    @Test("a deferrable request that meets the lock waits deferred, is put back while locked, and runs after the unlock")
    func deferredThroughLock() throws {
        var machine = try Self.machine(lock: true)
        var grant = try Self.admit(.setApplicationState(.background), in: &machine, mode: .lifecycle)
        _ = Self.finish(grant, in: &machine)
        #expect(machine.snapshot.isLocked)
        let push = TransitionRequest.push(Self.a, at: .high)
        #expect(
            Self.refusal(machine.arrival(push, mode: .policy(.enqueue), deferrable: false, Self.idle)) != nil,
            "not deferrable: refused at the lock")
        let (_, _, effects) = try Self.enqueue(push, in: &machine, deferrable: true)
        #expect(effects.waitsIn == .deferred)
        grant = try Self.admit(.setApplicationState(.active), in: &machine, mode: .lifecycle)
        #expect(Self.finish(grant, in: &machine).steps.isEmpty, "still locked: the deferred lane is not served")
        grant = try Self.admit(.unlock, in: &machine)
        let finished = Self.finish(grant, in: &machine)
        #expect(finished.steps == ["admit push a"])
        #expect(finished.next?.waited?.lane == .deferred)
    }

    // MARK: - Gestures

    @Test("a lifecycle event cuts a gesture short as cancelled and takes the slot at once, ahead of every waiter")
    func lifecycleCutsGesture() throws {
        var machine = try Self.machine(root: .stack(StackContainer(id: "s", root: Self.a, pushed: [Self.b])))
        let swipe = TransitionRequest.userDid(.pop("s"), at: nil)
        let grant = try Self.admitGesture(swipe, in: &machine)
        try Self.enqueue(.push(Self.c, at: .low), in: &machine)
        guard
            case (.admit(let event), let effects) = machine.arrival(
                .setApplicationState(.inactive), mode: .lifecycle,
                deferrable: false, Self.idle)
        else {
            Issue.record("the lifecycle event should take the slot at once")
            return
        }
        #expect(effects.cancelledGesture == grant.transition && grant.source == .gesture)
        #expect(event.id == TransitionID(2) && machine.gesture == nil)
        guard case .ended = machine.endGesture(grant.id, committing: true) else {
            Issue.record("a gesture cut short cannot be committed")
            return
        }
    }

    @Test("a committed gesture is applied once; cancelling one frees the slot for the next waiter", arguments: [true, false])
    func gestureEnds(committing: Bool) throws {
        var machine = try Self.machine(root: .stack(StackContainer(id: "s", root: Self.a, pushed: [Self.b])))
        let grant = try Self.admitGesture(.userDid(.pop("s"), at: nil), in: &machine)
        try Self.enqueue(.push(Self.c, at: .low), in: &machine)
        switch machine.endGesture(grant.id, committing: committing) {
        case .apply(let admission):
            #expect(
                committing && admission.id == grant.id && machine.slot?.transition.id == grant.id,
                "the slot stays taken until the commit step")
        case .cancelled(let transition):
            #expect(!committing && transition.id == grant.id && machine.slot == nil)
            machine.release()
            guard case .admit(_, let next)? = machine.handOver(hostFault: nil) else {
                Issue.record("the waiter should get the slot")
                return
            }
            #expect(next.plan.request == .push(Self.c, at: .low))
        case .ended:
            Issue.record("the gesture had not ended")
        }
        guard case .ended = machine.endGesture(grant.id, committing: true) else {
            Issue.record("a gesture ends once")
            return
        }
    }

    @Test(
        "an admission from a gesture holds the slot as a gesture; any other holds it in flight; committing turns the gesture in flight"
    )
    func gesturePhase() throws {
        var machine = try Self.machine(root: .stack(StackContainer(id: "s", root: Self.a, pushed: [Self.b])))
        guard case .idle = machine.phase else {
            Issue.record("a new machine is idle")
            return
        }
        let swipe = try Self.admitGesture(.userDid(.pop("s"), at: nil), in: &machine)
        guard case .gestureHeld(let held) = machine.phase, held.transition == swipe.transition else {
            Issue.record("an admission from a gesture is held as one, got \(machine.phase)")
            return
        }
        guard case .apply = machine.endGesture(swipe.id, committing: true), case .inFlight(let slot) = machine.phase,
            slot.transition == swipe.transition, machine.gesture == nil
        else {
            Issue.record("a committed gesture is a transition in flight, got \(machine.phase)")
            return
        }
        machine.commit(swipe.plan.after)
        machine.release()
        _ = try Self.admit(.push(Self.c, at: .low), in: &machine)
        guard case .inFlight = machine.phase else {
            Issue.record("a push is in flight, got \(machine.phase)")
            return
        }
        #expect(machine.gesture == nil)
    }

    // MARK: - Hop stays

    @Test("hop stays: a flow waits on the current child's stay, an unhop finds the same stay, and a departure ends it")
    func hopStays() throws {
        let launch = WindowContent.hop(HopContainer(id: "launch", showing: .screen(Self.a)))
        var machine = try Self.machine(root: launch)
        let awaited = try machine.stayToAwait(Self.a.id, in: "launch")
        let (unhopped, window) = try machine.stayToUnhop(Self.a.id, in: "launch")
        #expect(awaited === unhopped && window.level == .root)
        #expect(throws: TransitionError.container(.leftBeforeUnhop(Self.b.id, hop: "launch"), in: nil)) {
            try machine.stayToAwait(Self.b.id, in: "launch")
        }
        let grant = try Self.admit(.content(.hop(to: .screen(Self.b), in: "launch")), in: &machine)
        _ = Self.finish(grant, in: &machine)
        let record = TransitionRecord(
            id: grant.id, request: grant.plan.request, before: grant.plan.before,
            after: grant.plan.after, hadAnimator: false, animation: .skipped(.noAnimator),
            extraFinishCalls: 0, startedAt: .zero, endedAt: .zero)
        #expect(machine.stays.departures(in: record).map(\.screen) == [Self.a.id])
        #expect(machine.stays.isEmpty)
    }

    @Test(
        "hop stays: a stay whose screen a replace moves out of its hop container, though still in the window, ends as it commits")
    func movedStayEnds() throws {
        func tree(hopShowing current: Screen, stack: [Screen]) -> WindowContent {
            .tabs(
                TabBar(
                    id: "t", .hop(HopContainer(id: "launch", showing: .screen(current))),
                    .stack(StackContainer(id: "s", root: stack[0], pushed: Array(stack.dropFirst())))))
        }
        var machine = try Self.machine(root: tree(hopShowing: Self.a, stack: [Self.b]))
        _ = try machine.stayToAwait(Self.a.id, in: "launch")
        let grant = try Self.admit(
            .content(.replace(with: tree(hopShowing: Self.c, stack: [Self.b, Self.a])), at: .root), in: &machine)
        _ = Self.finish(grant, in: &machine)
        let record = TransitionRecord(
            id: grant.id, request: grant.plan.request, before: grant.plan.before,
            after: grant.plan.after, hadAnimator: false, animation: .skipped(.noAnimator),
            extraFinishCalls: 0, startedAt: .zero, endedAt: .zero)
        #expect(!record.screenEvents.contains { $0.kind == .didRemove && $0.screen == Self.a }, "no departure is seen")
        var ignoring = machine.stays
        #expect(ignoring.removals(in: record).isEmpty, "counting removals alone (the movedScreenIgnored mutant) keeps the stay")
        #expect(machine.stays.departures(in: record).map(\.screen) == [Self.a.id])
        #expect(machine.stays.isEmpty)
    }

    @Test("an unhop is refused for an unknown container, a container that is not a hop, and a screen that is not current")
    func unhopRefusals() throws {
        let root = WindowContent.stack(StackContainer(id: "s", root: Self.a))
        var machine = try Self.machine(root: root)
        #expect(throws: TransitionError.container(.unknownContainer("nope"), in: nil)) {
            try machine.stayToUnhop(Self.a.id, in: "nope")
        }
        let window = try #require(machine.snapshot.window(at: .root))
        #expect(throws: TransitionError.container(.wrongKind("s", expected: .hop, actual: .stack), in: window)) {
            try machine.stayToUnhop(Self.a.id, in: "s")
        }
        machine = try Self.machine(root: .hop(HopContainer(id: "launch", showing: .screen(Self.a))))
        let hopWindow = try #require(machine.snapshot.window(at: .root))
        #expect(throws: TransitionError.container(.notCurrent(Self.b.id, hop: "launch"), in: hopWindow)) {
            try machine.stayToUnhop(Self.b.id, in: "launch")
        }
        #expect(machine.stays.isEmpty, "a refused unhop keeps no stay")
    }

    /// Whether this build stops on a failed assertion (a debug build).
    static let assertionsStop: Bool = {
        #if DEBUG
        true
        #else
        false
        #endif
    }()

    @Test(
        "a change to the transition in flight on an idle machine stops a debug build, naming invariant 1",
        .enabled(if: assertionsStop))
    func slotChangeWhileIdleTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var machine = try TransitionMachineTests.machine()
            machine.guardsPassed()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("invariant 1 (serial)"), "the trap names the invariant: \(message)")
        // The same change with a transition holding the slot goes through.
        await #expect(processExitsWith: .success) {
            var machine = try TransitionMachineTests.machine()
            _ = try TransitionMachineTests.admit(.push(TransitionMachineTests.a, at: .low), in: &machine)
            machine.guardsPassed()
        }
    }
}

extension TransitionMachine {
    /// `request`'s arrival as one value: the decision, or the refusal it throws, and the effects.
    mutating func arrival(
        _ request: TransitionRequest, from origin: Origin? = nil, mode: Mode, deferrable: Bool,
        _ circumstances: Circumstances
    ) -> TransitionMachineTests.Arrival {
        var effects = Effects()
        do throws(TransitionError) {
            let decision = try arrive(request, from: origin, mode: mode, deferrable: deferrable, circumstances, &effects)
            return (decision, effects)
        } catch {
            return (.refuse(error), effects)
        }
    }
}
