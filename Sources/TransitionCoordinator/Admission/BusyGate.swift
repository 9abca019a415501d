/// The transition a `.reject` request arriving now is refused with, published by the coordinator
/// so that such a request can be refused in its caller's own context, without entering the actor.
///
/// **What it promises.** While it names a transition `T`, the actor would answer a `.reject`
/// request (not re-entrant, not cancelled) with ``TransitionError/Refusal/busy(inFlight:)`` naming `T`:
/// `T` holds the in-flight slot and no host call is stuck (which would answer
/// ``TransitionError/Refusal/hostUnresponsive(_:)`` first). The coordinator publishes `T` in the step
/// that gives it the slot, after its `began` event (unless a push waits in line: a second push of
/// its screen is answered from the queue, which only the actor reads), withdraws it when a push
/// joins the queue or a host call gets stuck, and in the step that commits `T`, before its
/// `ended` event. A `.reject` push of the screen `T` pushes is answered with
/// ``TransitionError/Refusal/screenAlreadyRequested(_:by:)`` instead of busy, as the actor answers it. Empty promises nothing: the
/// request goes to the actor as before.
///
/// **Ordering.** A refusal that anyone can see is announced through ``announce(ifStill:_:)``,
/// under the lock that ``publish(_:)`` takes, so a refusal naming `T` is seen by every subscriber
/// after `T`'s `began` and before its `ended`, exactly as one decided on the actor. With nobody
/// subscribed there is nothing to order, and the caller reads ``published`` alone: the lock is
/// held only for the copy.
final class BusyGate: Sendable {
    /// Taken for a few nanoseconds by every `.reject` request while a transition is in flight; the
    /// bodies below call nothing that could take it again.
    private let state = Locked<InFlightTransition?>(nil)

    /// Publishes the transition now holding the slot (nil: nothing the fast path may answer).
    /// Called only by the coordinator, on its executor.
    func publish(_ transition: InFlightTransition?) {
        PathTrace.enter()
        state.withLock { $0 = transition }
    }

    /// The transition published now, copied out under the lock (nil: none).
    ///
    /// What the caller decides from it needs no lock; only announcing does (see ``announce(ifStill:_:)``).
    var published: InFlightTransition? {
        state.withLock { $0 }
    }

    /// If `expected` is still the published transition, runs `announce` with the lock held and
    /// returns true; false when the gate has moved on (the caller then asks the actor).
    ///
    /// `announce` runs synchronously under the lock: it must not call back into this gate
    /// (``EventHub/send(_:)`` does not).
    func announce(ifStill expected: TransitionID, _ announce: () -> Void) -> Bool {
        state.withLock { published in
            guard published?.id == expected else { return false }
            announce()
            return true
        }
    }
}
