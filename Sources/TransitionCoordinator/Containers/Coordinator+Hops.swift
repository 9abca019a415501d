/// Hop flows: a flow hops to a screen and waits, outside every transition, until that
/// screen unhops; the value it unhops with is what the flow's `hop` returns.
extension Coordinator {
    /// Waits until `screen`, the current child of hop container `container`, unhops; returns its
    /// value. Holds no slot: other requests run meanwhile.
    ///
    /// One flow waits on a screen's hop stay (see ``HopHandle``) at a time. The wait ends when the screen unhops, when the
    /// waiting task is cancelled (that task's wait alone: a flow waiting on the same screen waits
    /// on), or when the screen stops being the container's current child: a transition that
    /// removes it, hops the container to another child, or moves the screen elsewhere (into a
    /// stack of the same window, say) ends the wait as it commits, wherever the screen now is.
    ///
    /// - Throws: ``ContainerError/leftBeforeUnhop(_:hop:)`` when it is no longer current (now, or
    ///   before it unhops), ``ContainerError/alreadyUnhopped(_:hop:)`` when its value was taken,
    ///   ``ContainerError/alreadyAwaited(_:hop:)`` when another flow waits for it, and
    ///   ``TransitionError/Refusal/cancelled(_:)`` naming `request` when the waiting task is cancelled
    ///   (also when it was cancelled before it began to wait and no value is kept).
    package func awaitUnhop(
        of screen: ScreenID, in container: ContainerID,
        request: TransitionRequest
    ) async throws(TransitionError) -> any Sendable {
        let wait = try machine.stayToAwait(screen, in: container)
        let token = wait.token()
        let answer = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<UnhopWait.Answer, Never>) in
                wait.await(continuation, token: token, cancelled: .refused(.cancelled(request)))
            }
        } onCancel: {
            wait.cancel(token, with: .refused(.cancelled(request)))
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
