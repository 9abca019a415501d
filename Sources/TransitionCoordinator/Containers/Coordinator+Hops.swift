/// Hop flows: a flow hops to a screen and waits, outside every transition, until that
/// screen unhops; the value it unhops with is what the flow's `hop` returns.
extension Coordinator {
    /// Waits until `screen`, the current child of hop container `container`, unhops with a value of
    /// type `Value`; returns it. Holds no slot: other requests run meanwhile.
    ///
    /// One flow waits on a screen's hop stay (see ``HopHandle``) at a time. The wait ends when the screen unhops, when the
    /// waiting task is cancelled (that task's wait alone: a flow waiting on the same screen waits
    /// on), or when the screen stops being the container's current child: a transition that
    /// removes it, hops the container to another child, or moves the screen elsewhere (into a
    /// stack of the same window, say) ends the wait as it commits, wherever the screen now is.
    ///
    /// - Throws: ``ContainerError/leftBeforeUnhop(_:hop:)`` when it is no longer current (now, or
    ///   before it unhops), ``ContainerError/alreadyUnhopped(_:hop:)`` when its value was taken,
    ///   ``ContainerError/alreadyAwaited(_:hop:)`` when another flow waits for it,
    ///   ``ContainerError/unhopValueMismatch(_:expected:actual:)`` when it unhopped, before this
    ///   flow waited, with a value of another type (kept for a flow that takes it), and
    ///   ``ContainerError/flowCancelled(_:hop:)`` when the waiting task is cancelled (also when it
    ///   was cancelled before it began to wait and no value is kept).
    package func awaitUnhop<Value: Sendable>(
        of screen: ScreenID, in container: ContainerID, as type: Value.Type = Value.self
    ) async throws(TransitionError) -> Value {
        let wait = try machine.stayToAwait(screen, in: container)
        let token = wait.token()
        let expected = UnhopWait.Expected(Value.self)
        // Mutant: the wait's cancellation told as the hop's refusal, though the hop committed.
        let cancelled: TransitionError =
            planted(.flowCancelledAsRefusal)
            ? .refused(.cancelled(.content(.hop(to: .screen(Screen.missing), in: container))))
            : .container(.flowCancelled(screen, hop: container), in: nil)
        let answer = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<UnhopWait.Answer, Never>) in
                wait.await(continuation, token: token, expecting: expected, cancelled: cancelled)
            }
        } onCancel: {
            wait.cancel(token, with: cancelled)
        }
        let value = try answer.get()
        // The stay hands a flow only a value its `Expected` accepts; the cast cannot fail but
        // where a planted bug hands over another, and then the flow is told what it got.
        guard let typed = value as? Value else {
            throw .container(expected.mismatch(value, of: screen), in: nil)
        }
        return typed
    }

    /// Whether a flow waits now for `screen` to unhop: what a scenario waits for before it unhops
    /// with a value the flow does not take.
    package func flowWaits(on screen: ScreenID) -> Bool {
        machine.stays.byScreen[screen]?.isAwaited ?? false
    }

    /// Unhops `screen`, the current child of hop container `container`, with `value`: the flow
    /// waiting for it gets the value (or the next flow that waits does). Not a transition: nothing
    /// on screen changes and no slot is taken.
    ///
    /// - Throws: ``ContainerError/unknownContainer(_:)``, ``ContainerError/wrongKind(_:expected:actual:)``,
    ///   ``ContainerError/notCurrent(_:hop:)`` when `screen` is not its current child,
    ///   ``ContainerError/alreadyUnhopped(_:hop:)`` when this stay unhopped before, and
    ///   ``ContainerError/unhopValueMismatch(_:expected:actual:)`` when the flow waiting for it
    ///   takes a value of another type (the flow waits on; nothing changed).
    func unhop(_ screen: ScreenID, in container: ContainerID, with value: any Sendable) throws(TransitionError) {
        let (wait, window) = try machine.stayToUnhop(screen, in: container)
        do throws(ContainerError) {
            try wait.unhop(with: value)
        } catch {
            throw .container(error, in: window)
        }
    }
}
