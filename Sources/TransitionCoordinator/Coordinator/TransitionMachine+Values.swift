/// The values a ``TransitionMachine`` event takes and hands back: the slot it holds, what an
/// arrival observed outside the machine, and the decision with its effects for the actor to
/// carry out.
extension TransitionMachine {
    /// The transition holding the in-flight slot.
    struct Slot {
        /// What was admitted: its id, request, origin and plan.
        let admission: Admission
        /// Its id and request.
        var transition: InFlightTransition { admission.transition }
        /// What it does (a preempting request is planned against it, and behind its removals).
        var plan: TransitionPlan { admission.plan }
        /// The state it commits.
        var after: NavigationSnapshot { admission.plan.after }
        /// A preempting request or lifecycle event asked its animation to finish now.
        var preempted = false
        /// Sure to commit: no guard is asked about it, or its guards let it through (until then
        /// a guard may still refuse it, and its after-state never comes). Never a held gesture's:
        /// the user may still cancel it.
        var vetted: Bool
        /// The race its animator runs in, while it runs: what the actor cuts short when a
        /// preemption or a lifecycle event asks (the machine decides; the race is the effect's handle).
        var race: AnimationRace?
    }

    /// What a request's arrival observed outside the machine.
    struct Circumstances {
        /// It comes from inside the transition in flight (its re-entrancy chain names it).
        var reentrant = false
        /// The host's first calls (``Coordinator/start()``), when it comes from inside one of
        /// them: every transition waits for those calls, so it would wait on itself.
        var insideSetup: InFlightTransition?
        /// Its task is cancelled.
        var cancelled = false
        /// The host call that is stuck, if one is and has not returned.
        var hostFault: HostFault?
        /// The time now, which an admission is stamped with.
        var now: Duration = .zero
    }

    /// The side effects of a decision, carried out by the actor in this order.
    struct Effects {
        /// A gesture holding the slot was cut short: announce it `cancelled` (the slot is free).
        var cancelledGesture: InFlightTransition?
        /// Tell the animation in flight to finish now.
        var cutsInFlight = false
        /// Withdraw the busy gate's answer (only the actor can answer now).
        var withdrawsGate = false
        /// Waiters this request superseded, claimed: each is answered with ``superseding``.
        var superseded: [AdmissionTicket] = []
        /// The refusal the superseded waiters get.
        var superseding: TransitionError?
        /// The request went in line in this lane: announce `waiting`.
        var waitsIn: WaitLane?
    }

    /// What the arrival of a request decided: the one value its outcome is wrapped in, up to the
    /// public call (the arrival fills in its ``Effects`` beside it, for the actor to carry out
    /// first). Small, so the frame of a request that waits keeps little of it.
    enum Decision {
        /// Admitted now: the slot is taken.
        case admit(Admission)
        /// In line (enqueued in this step); the caller waits on the ticket for the hand-over. One
        /// that is not `cancellable` has acted already (a lifecycle event, a preempting request
        /// that cut the animation short) and keeps its place when its task is cancelled.
        case wait(AdmissionTicket, cancellable: Bool)
        /// Nothing to do: the committed state shows what the request asks for already (a
        /// navigation to where the app is). Not a refusal: no `rejected`; the request answers nil.
        case alreadyThere
        /// Refused, with nothing changed but the effects (a gesture cut short by a lifecycle
        /// event that then did not fit): announce `rejected` and throw. The machine's arrival
        /// throws the refusal; the actor's step holds it as this case.
        case refuse(TransitionError)
    }

    /// Where a request comes from, as its ``InFlightTransition`` and record say: kept with a
    /// waiter's ticket so `began` says it too.
    struct Origin: Sendable, Hashable {
        /// The source.
        var source: NavigationSource
        /// The link it follows, if any.
        var link: LinkID?
    }
}
