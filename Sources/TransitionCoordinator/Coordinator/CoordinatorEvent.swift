/// Something that happened in a coordinator, as its ``Coordinator/events()`` streams deliver it.
///
/// For each admitted transition `began` comes before its `ended` (or `cancelled`), and no other
/// transition's `began` comes between them (invariant 1, serial).
public enum CoordinatorEvent: Sendable, Hashable {
    /// A transition was admitted and planned; nothing has changed yet.
    case began(InFlightTransition, before: NavigationSnapshot)
    /// A transition committed.
    case ended(TransitionRecord)
    /// A transition that began was given up with nothing changed: a user's interactive gesture
    /// that was cancelled, or cut short by a lifecycle event, or a transition its guards turned
    /// down or redirected (its caller gets ``TransitionError/denied(guard:reason:)`` or
    /// ``TransitionError/redirected(guard:to:)``, and no `rejected` follows). It ends the
    /// transition as `ended` would.
    case cancelled(InFlightTransition)
    /// A request was refused; nothing changed.
    case rejected(TransitionRequest, TransitionError)
    /// A request joined a wait lane (or moved to the deferred one); it ends later with one of
    /// `began` or `rejected`, or with no event when it is a navigation that finds the app where
    /// it leads at its turn: its call returns nil then, as it does with no wait and no event.
    case waiting(TransitionRequest, lane: WaitLane)
    /// This stream fell behind: it was full (``CoordinatorConfiguration/eventBufferSize``
    /// events not yet read), and the `count` events sent meanwhile were dropped from it, here,
    /// between the event before and the event after. Only this subscriber missed them. What the
    /// coordinator shows now is always its ``Coordinator/snapshot``: a subscriber that follows
    /// the state reads it again.
    case missed(Int)
}
