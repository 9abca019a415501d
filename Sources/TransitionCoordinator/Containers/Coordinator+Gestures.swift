/// Interactive gestures (a swipe-back, a sheet dragged down): begun, then committed or cancelled,
/// holding the in-flight slot in between as an animation does.
extension Coordinator {
    /// Admits `operation` as a change the user is making now, and holds the slot until the
    /// returned gesture is committed or cancelled.
    ///
    /// While it is held, other requests follow their policy (refused as busy, waiting, ...); a
    /// preempting one waits for the user's finger. A lifecycle event cuts it short as cancelled.
    ///
    /// - Parameters:
    ///   - operation: the change the gesture makes if it is committed (a `.pop` for a swipe-back,
    ///     a `.dismiss` for a sheet dragged down).
    ///   - level: the window it happens in; by default the one holding the container it names.
    ///   - policy: `.reject` (the default: a host disables its gestures while a transition runs,
    ///     and a swipe that starts anyway is refused as busy), or another policy, whose gesture
    ///     begins when its turn comes (`.preempt` first finishes the animation in flight).
    /// - Throws: what a request of ``TransitionRequest/userDid(_:at:)`` throws under `policy`:
    ///   busy, the planner's typed errors (a swipe-back at a stack's root), re-entrant, cancelled.
    ///   Nothing changed then.
    public func beginGesture(
        _ operation: ContainerOperation, at level: WindowLevel? = nil,
        policy: AdmissionPolicy = .reject
    ) async throws(TransitionError) -> InteractiveGesture {
        // Its `began` and its record say `gesture`: the user is making the change now, through the guards.
        // The machine holds an admission from a gesture as a gesture (``TransitionMachine/Phase/gestureHeld(_:)``).
        let request = TransitionRequest.userDid(operation, at: level)
        let arrival = arrive(request, from: .init(source: .gesture), mode: .policy(policy), deferrable: false)
        guard let admission = try await admit(arrival) else { throw alreadyShown(request) }
        return InteractiveGesture(id: admission.id, operation: operation, coordinator: self)
    }

    /// Applies gesture `id` as one transition (never animated: the user moved it) and returns its
    /// record; throws ``TransitionError/Refusal/gestureEnded(_:)`` when it was cancelled or cut short.
    ///
    /// **While it commits.** The gesture becomes a transition in flight in the same step that
    /// decides to commit, before the first await, and the slot stays taken until the commit step: a second
    /// `commit()` or a `cancel()` arriving during the host calls finds no gesture (refused, or
    /// nothing to do), a lifecycle event finds no gesture to cut and waits in its lane as for any
    /// transition, and every other request sees the slot taken. Between `beginGesture` and this
    /// call nothing can commit (the slot is held), so the plan made at begin still fits.
    func commitGesture(_ id: TransitionID) async throws(TransitionError) -> TransitionRecord {
        guard case .apply(let admission) = machine.endGesture(id, committing: true) else { throw .refused(.gestureEnded(id)) }
        // A guard's veto (a form that must not be left) ends the gesture as cancelled: nothing changed.
        return try await run(admission, animator: nil)
    }

    /// Gives gesture `id` up with nothing changed (no record, no callback) and hands the slot
    /// over; nothing when it ended already.
    func cancelGesture(_ id: TransitionID) async {
        switch machine.endGesture(id, committing: false) {
        case .apply(let admission):
            // The ``Mutation/cancelledGestureApplied`` mutant: the cancelled swipe is counted as a pop.
            _ = try? await run(admission, animator: nil)
        case .cancelled(let transition):
            announceCancelled(transition)
            handOver()
        case .ended:
            return
        }
    }
}

extension Coordinator {
    /// Folds in a change the user already made on screen (a back tap, a tab tap, a sheet swiped
    /// away), as one transition of the same serialized history, marked as coming from the user
    /// (``TransitionRequest/userDid(_:at:)``) and never animated; `remove` and the lifecycle
    /// callbacks fire for it. It waits its turn behind a transition in flight, and behind the
    /// lock, so no report is lost.
    ///
    /// - Throws: the planner's typed error when the change no longer fits the committed state
    ///   (the host then shows something the model does not: it should show the model again);
    ///   queue limits; nothing changed then.
    @discardableResult
    public nonisolated(nonsending) func userDid(
        _ operation: ContainerOperation,
        at level: WindowLevel? = nil
    ) async throws(TransitionError) -> TransitionRecord {
        try await perform(.userDid(operation, at: level), policy: .enqueue, whenLocked: .deferUntilUnlocked)
    }
}
