/// An admitted transition: what the ``TransitionMachine`` gave the in-flight slot, carried by the
/// coordinator through the transition's steps (guards, animation, commit) to its record.
///
/// Its id, request and origin are those `began` announced; a waiter gets it from its ticket.
///
/// A class, so that the async frames a waiting request keeps alive hold a reference, not the
/// plan's few hundred bytes (the bench's "resident memory per waiter").
final class Admission: Sendable {
    /// The transition: its id, request and origin, as `began` announced it.
    let transition: InFlightTransition
    /// The transition's id.
    var id: TransitionID { transition.id }
    /// Where it comes from.
    var source: NavigationSource { transition.source }
    /// The link it follows, if any.
    var link: LinkID? { transition.link }
    /// What it does.
    let plan: TransitionPlan
    /// How it waited, if it did.
    let waited: WaitInfo?
    /// When it took the in-flight slot (a waiter's task resumes a little later).
    let admittedAt: Duration

    /// An admission of `plan` as `transition`.
    init(transition: InFlightTransition, plan: TransitionPlan, waited: WaitInfo?, admittedAt: Duration) {
        self.transition = transition
        self.plan = plan
        self.waited = waited
        self.admittedAt = admittedAt
    }
}
