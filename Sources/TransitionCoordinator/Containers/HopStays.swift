/// The decisions of hop flows as a value: which stay a flow waits on or an unhop resolves, and
/// which stays a committed transition ends.
///
/// A stay is a hop stay, as ``HopHandle`` defines it: one visit of a screen as the current child of a
/// hop container. The stays themselves (``UnhopWait``) resolve their waiters; this only finds,
/// creates and forgets them, synchronously.
struct HopStays {
    /// The stays that a flow waits on or that unhopped, by screen id (ids are unique across windows).
    private(set) var byScreen: [ScreenID: UnhopWait] = [:]

    /// Whether no stay is kept (the commit step then skips looking for departures).
    var isEmpty: Bool { byScreen.isEmpty }

    /// The stay a flow waits on for `screen` in hop container `container`: the one kept, or a new
    /// one when `screen` is that container's current child in `snapshot`.
    ///
    /// - Throws: ``ContainerError/leftBeforeUnhop(_:hop:)`` when no stay is kept and the screen is
    ///   not current (it was hopped away, or its window went, before the flow began to wait).
    mutating func toAwait(
        _ screen: ScreenID, in container: ContainerID,
        of snapshot: NavigationSnapshot
    ) throws(TransitionError) -> UnhopWait {
        if let wait = byScreen[screen], wait.container == container { return wait }
        guard Self.isCurrent(screen, in: container, of: snapshot) else {
            throw .container(.leftBeforeUnhop(screen, hop: container), in: nil)
        }
        return keep(screen, in: container)
    }

    /// The stay an unhop of `screen` in `container` resolves, and the window it is in.
    ///
    /// - Throws: ``ContainerError/unknownContainer(_:)``, ``ContainerError/wrongKind(_:expected:actual:)``
    ///   and ``ContainerError/notCurrent(_:hop:)`` when `screen` is not the container's current child.
    mutating func toUnhop(
        _ screen: ScreenID, in container: ContainerID,
        of snapshot: NavigationSnapshot
    ) throws(TransitionError) -> (UnhopWait, ManagedWindow) {
        guard let window = snapshot.windowList.first(where: { $0.content.holds(container) }),
            let node = window.content.find(container)
        else {
            throw .container(.unknownContainer(container), in: nil)
        }
        guard case .hop(let hop) = node.base else {
            throw .container(.wrongKind(container, expected: .hop, actual: ContainerPlanner.kind(of: node)), in: window)
        }
        guard Self.isChild(screen, of: hop) else { throw .container(.notCurrent(screen, hop: container), in: window) }
        if let wait = byScreen[screen], wait.container == container { return (wait, window) }
        return (keep(screen, in: container), window)
    }

    /// Forgets the stays that `record` ended and hands them back: the actor tells their waiting
    /// flows they left (``UnhopWait/end()``). A stay ends when the record removed its screen, or
    /// when its screen is no longer the current child of its hop container in `record.after`
    /// (hopped away from, or moved elsewhere: into a stack of the same window, say, where no
    /// departure is seen). Only the stays kept are looked up, each once in the new state.
    mutating func departures(in record: TransitionRecord) -> [UnhopWait] {
        var ended = removals(in: record)
        // A hop to the screen already current begins a new stay (a flow that hops to the sign-in
        // screen again after a failed attempt): an ended one is forgotten, so the next flow waits
        // afresh and the screen can unhop again. A stay that is pending or awaited is the new
        // visit's own (a flow hops, then waits), and stays.
        if case .content(let operation, _) = record.request, case .hop(let content, let container) = operation,
            case .screen(let screen) = content, let kept = byScreen[screen.id], kept.container == container, kept.isDone,
            !planted(.hopAgainKeepsEndedStay)
        {
            byScreen[screen.id] = nil
        }
        guard !byScreen.isEmpty else { return ended }
        let moved = byScreen.compactMap { screen, wait in
            Self.isCurrent(screen, in: wait.container, of: record.after) ? nil : screen
        }
        // In screen order, so that the flows are told in the same order in every process.
        for screen in moved.sorted(by: { $0.rawValue < $1.rawValue }) {
            if let wait = byScreen.removeValue(forKey: screen) { ended.append(wait) }
        }
        return ended
    }

    /// Forgets the stays whose screen `record` removed and hands them back.
    mutating func removals(in record: TransitionRecord) -> [UnhopWait] {
        record.screenEvents.compactMap { event in
            event.kind == .didRemove ? byScreen.removeValue(forKey: event.screen.id) : nil
        }
    }

    /// A new stay of `screen` in `container`, kept (replacing a stay in another container).
    private mutating func keep(_ screen: ScreenID, in container: ContainerID) -> UnhopWait {
        let wait = UnhopWait(screen: screen, container: container)
        byScreen[screen] = wait
        return wait
    }

    /// Whether `screen` is the current child of hop container `container` in `snapshot`.
    static func isCurrent(_ screen: ScreenID, in container: ContainerID, of snapshot: NavigationSnapshot) -> Bool {
        snapshot.windowList.contains { window in
            guard case .hop(let hop)? = window.content.find(container)?.base else { return false }
            return isChild(screen, of: hop)
        }
    }

    /// Whether `screen` is `hop`'s current child itself (with whatever it presents), not a screen
    /// inside it: one pushed on a stack the hop shows, presented over its child, or moved into a
    /// stack there is no longer the child it hopped to.
    static func isChild(_ screen: ScreenID, of hop: HopContainer) -> Bool {
        // Mutant: any screen the current child shows counts as the child.
        if planted(.hopChildAnywhereInside) { return hop.current.shows(screen) }
        guard case .screen(let child) = hop.current.base else { return false }
        return child.id == screen
    }
}

extension TransitionMachine {
    /// ``HopStays/toAwait(_:in:of:)`` against the committed state.
    mutating func stayToAwait(_ screen: ScreenID, in container: ContainerID) throws(TransitionError) -> UnhopWait {
        try stays.toAwait(screen, in: container, of: snapshot)
    }

    /// ``HopStays/toUnhop(_:in:of:)`` against the committed state.
    mutating func stayToUnhop(_ screen: ScreenID, in container: ContainerID) throws(TransitionError) -> (UnhopWait, ManagedWindow)
    {
        try stays.toUnhop(screen, in: container, of: snapshot)
    }
}
