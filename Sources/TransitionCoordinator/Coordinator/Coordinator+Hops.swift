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
        guard unhopWaits[screen]?.container == container || isCurrent(screen, in: container) else {
            throw .container(.leftBeforeUnhop(screen, hop: container), in: nil)
        }
        let wait = stay(of: screen, in: container)
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
        guard let window = snapshot.windows.first(where: { $0.content.holds(container) }),
              let node = window.content.find(container) else {
            throw .container(.unknownContainer(container), in: nil)
        }
        guard case .hop(let hop) = node.base else {
            throw .container(.wrongKind(container, expected: .hop, actual: ContainerPlanner.kind(of: node)), in: window)
        }
        guard hop.current.shows(screen) else { throw .container(.notCurrent(screen, hop: container), in: window) }
        let wait = stay(of: screen, in: container)
        do throws(ContainerError) {
            try wait.unhop(with: value)
        } catch {
            throw .container(error, in: window)
        }
    }

    /// The stay of `screen` in hop container `container`: the one kept, or a new one (the caller
    /// checked that the screen is the container's current child).
    private func stay(of screen: ScreenID, in container: ContainerID) -> UnhopWait {
        if let wait = unhopWaits[screen], wait.container == container { return wait }
        let wait = UnhopWait(screen: screen, container: container)
        unhopWaits[screen] = wait
        return wait
    }

    /// Whether `screen` is the current child of hop container `container` in the committed state.
    private func isCurrent(_ screen: ScreenID, in container: ContainerID) -> Bool {
        snapshot.windows.contains { window in
            guard case .hop(let hop)? = window.content.find(container)?.base else { return false }
            return hop.current.shows(screen)
        }
    }

    /// Ends the stays of the screens `record` removed: their waiting flows are told they left.
    func endStays(_ record: TransitionRecord) {
        for event in record.screenEvents where event.kind == .didRemove {
            unhopWaits.removeValue(forKey: event.screen.id)?.end()
        }
    }
}
