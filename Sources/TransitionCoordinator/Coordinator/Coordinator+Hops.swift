/// Hop flows (seed 002): a flow hops to a screen and waits, outside every transition, until that
/// screen unhops; the value it unhops with is what the flow's `hop` returns.
extension Coordinator {
    /// Waits until `screen`, the current child of hop container `container`, unhops; returns its
    /// value. Holds no slot: other requests run meanwhile.
    ///
    /// - Throws: ``ContainerError/leftBeforeUnhop(_:hop:)`` when it is no longer current (now, or
    ///   before it unhops), ``ContainerError/alreadyUnhopped(_:hop:)`` when its value was taken,
    ///   ``ContainerError/alreadyAwaited(_:hop:)`` when another flow waits for it, and
    ///   ``TransitionError/cancelled(_:)`` naming `request` when the waiting task is cancelled.
    package func awaitUnhop(of screen: ScreenID, in container: ContainerID,
                    request: TransitionRequest) async throws(TransitionError) -> any Sendable {
        let wait = try machine.stayToAwait(screen, in: container)
        let answer = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<UnhopWait.Answer, Never>) in
                wait.await(continuation, cancelled: .cancelled(request))
            }
        } onCancel: {
            wait.cancel(with: .cancelled(request))
        }
        return try answer.get()
    }

    /// Unhops `screen`, the current child of hop container `container`, with `value`: the flow
    /// waiting for it gets the value (or the next flow that waits does). Not a transition: nothing
    /// on screen changes and no slot is taken.
    ///
    /// - Throws: ``ContainerError/unknownContainer(_:)``, ``ContainerError/wrongKind(_:expected:actual:)``,
    ///   ``ContainerError/notCurrent(_:hop:)`` when `screen` is not its current child, and
    ///   ``ContainerError/alreadyUnhopped(_:hop:)`` when this stay unhopped before.
    func unhop(_ screen: ScreenID, in container: ContainerID, with value: any Sendable) throws(TransitionError) {
        let (wait, window) = try machine.stayToUnhop(screen, in: container)
        do throws(ContainerError) {
            try wait.unhop(with: value)
        } catch {
            throw .container(error, in: window)
        }
    }
}
