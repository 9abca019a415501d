/// The values a ``TransitionMachine`` event takes and hands back: the slot it holds, what an
/// admission grants, what an arrival observed outside the machine, and the decision with its
/// effects for the actor to carry out.
extension TransitionMachine {
    /// The transition holding the in-flight slot.
    struct Slot {
        /// Its id and request.
        let transition: InFlightTransition
        /// What it does (a preempting request is planned against it, and behind its removals).
        let plan: TransitionPlan
        /// The state it commits.
        var after: NavigationSnapshot { plan.after }
        /// A preempting request or lifecycle event asked its animation to finish now.
        var preempted = false
    }

    /// What an admitted request gets: its id and plan, and how it waited. The actor stamps the time.
    struct Grant {
        /// The transition: its id, request and origin.
        let transition: InFlightTransition
        /// The transition's id.
        var id: TransitionID { transition.id }
        /// What it does.
        let plan: TransitionPlan
        /// How it waited, if it did.
        let waited: WaitInfo?
        /// Whether the actor publishes it on the busy gate, after its `began` (see ``BusyGate``).
        let publishes: Bool
    }

    /// What a request's arrival observed outside the machine.
    struct Circumstances {
        /// It comes from inside the transition in flight (its re-entrancy chain names it).
        var reentrant = false
        /// Its task is cancelled.
        var cancelled = false
        /// The host call that is stuck, if one is and has not returned.
        var hostFault: HostFault?
    }

    /// The side effects of a decision, carried out by the actor in this order.
    struct Effects {
        /// A gesture holding the slot was cut short: withdraw the busy gate and announce it
        /// `cancelled` (the slot is free).
        var cancelledGesture: InFlightTransition? { cutGesture?.transition }
        /// The gesture's admission (a reference: a decision is copied several times per arrival).
        var cutGesture: Admission?
        /// Tell the animation in flight to finish now.
        var cutsInFlight = false
        /// Waiters this request superseded, claimed: each is answered with ``superseding``.
        var superseded: [AdmissionTicket] = []
        /// The refusal the superseded waiters get.
        var superseding: TransitionError?
        /// Withdraw the busy gate's answer (only the actor can answer now).
        var withdrawsGate = false
        /// The request went in line in this lane: announce `waiting`.
        var waitsIn: WaitLane?
    }

    /// What the arrival of a request decided.
    enum Decision {
        /// Admitted now: the slot is taken.
        case admit(Grant, Effects)
        /// In line (enqueued in this step); the caller waits on the ticket for the hand-over. A
        /// pinned one has acted already and is not withdrawn by cancellation.
        case wait(AdmissionTicket, pinned: Bool, Effects)
        /// Refused, with nothing changed but the effects (a gesture cut short by a lifecycle
        /// event that then did not fit): announce `rejected` and throw.
        case refuse(TransitionError, Effects)
        #if TC_MUTANTS
        /// The ``Mutation/staleRead`` mutant's path: read, await, plan against what was read.
        case staleRead
        #endif
    }
}
