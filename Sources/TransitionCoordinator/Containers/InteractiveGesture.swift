/// A user's interactive gesture in progress (a swipe-back, a sheet dragged down), holding the
/// coordinator's in-flight slot until it is committed or cancelled.
///
/// Made by ``Coordinator/beginGesture(_:at:policy:)``. Exactly one of ``commit()`` and ``cancel()``
/// takes effect; a lifecycle event may cut it short first, as cancelled. A gesture dropped
/// without either is cancelled, so the slot is never held forever.
public final class InteractiveGesture: Sendable {
    /// The transition the gesture holds the slot as.
    public let id: TransitionID
    /// The change the gesture makes if it is committed.
    public let operation: ContainerOperation
    private let coordinator: Coordinator
    /// Whether ``commit()`` or ``cancel()`` was called (then dropping it asks nothing more).
    private let ended = Locked(false)

    init(id: TransitionID, operation: ContainerOperation, coordinator: Coordinator) {
        self.id = id
        self.operation = operation
        self.coordinator = coordinator
    }

    /// The user finished the gesture: the change is applied as one transition (never animated:
    /// the user moved it), `remove` and the lifecycle callbacks fire once, and its record is
    /// returned (marked ``TransitionRequest/userDid(_:at:)``).
    ///
    /// - Throws: ``TransitionError/Refusal/gestureEnded(_:)`` when the gesture was cancelled or cut short
    ///   by a lifecycle event; nothing changed.
    @discardableResult
    public func commit() async throws(TransitionError) -> TransitionRecord {
        ended.withLock { $0 = true }
        return try await coordinator.commitGesture(id)
    }

    /// The user let go: nothing changes, no callback fires, and the slot goes to the next waiter.
    /// Does nothing when the gesture ended already.
    public func cancel() async {
        ended.withLock { $0 = true }
        await coordinator.cancelGesture(id)
    }

    deinit {
        guard !ended.withLock({ $0 }) else { return }
        let (coordinator, id) = (coordinator, id)
        Task { await coordinator.cancelGesture(id) }
    }
}
