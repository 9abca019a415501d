/// The transition a `.reject` request arriving now is refused with, published by the coordinator
/// so that such a request can be refused in its caller's own context, without entering the actor.
///
/// **What it promises.** While it names a transition `T`, the actor would answer a `.reject`
/// request (not re-entrant, not cancelled) with ``TransitionError/busy(inFlight:)`` naming `T`:
/// `T` holds the in-flight slot and no host call is stuck (which would answer
/// ``TransitionError/hostUnresponsive(_:)`` first). The coordinator publishes `T` in the step
/// that gives it the slot, after its `began` event, and withdraws it when a host call gets stuck
/// and in the step that commits `T`, before its `ended` event. Empty promises nothing: the
/// request goes to the actor as before.
///
/// **Ordering.** ``refuse(_:)`` announces the refusal while holding the lock that
/// ``publish(_:)`` takes, so a refusal naming `T` is seen by every subscriber after `T`'s
/// `began` and before its `ended`, exactly as one decided on the actor.
final class BusyGate: Sendable {
    /// Taken for a few nanoseconds by every `.reject` request while a transition is in flight, so
    /// it spins before it sleeps; the bodies below call nothing that could take it again.
    private let state = Locked<InFlightTransition?>(nil, spinsFirst: true)

    /// Publishes the transition now holding the slot (nil: nothing the fast path may answer).
    /// Called only by the coordinator, on its executor.
    func publish(_ transition: InFlightTransition?) {
        state.withLock { $0 = transition }
    }

    /// If a transition is published and `refusal` returns an error for it, returns that error
    /// after running `announce` with it, both with the lock held; nil otherwise.
    ///
    /// `refusal` and `announce` run synchronously under the lock: they must not call back into
    /// this gate (``EventHub/send(_:)`` does not).
    func refuse(_ refusal: (InFlightTransition) -> TransitionError?,
                announce: (TransitionError) -> Void) -> TransitionError? {
        state.withLock { published in
            guard let transition = published, let error = refusal(transition) else { return nil }
            announce(error)
            return error
        }
    }
}
