/// Where a screen stands, and waiting for one to arrive: what a screen asks instead of reading
/// the tree (a launch flow's screen before it reports that it is done, a sign-in screen that
/// shows differently in the launch flow and in a redirect's sheet).
extension Coordinator {
    /// Where the screen `id` (a ``ScreenID``, or the app's destination value) stands in the committed state: the level of its window, the
    /// containers holding it, outermost first (a launch flow's hop container, a tab bar, its
    /// stack), and the modal it stands in (that modal's node: its container, or its screen), nil
    /// in the window's own content. Nil when no window shows it.
    public func place(
        of id: some Hashable & Codable & Sendable
    ) -> (level: WindowLevel, containers: [ContainerID], modal: WindowContent.NodeID?)? {
        Self.place(of: ScreenID(of: id), in: snapshot)
    }

    /// Waits until the committed state shows the screen `id` (a ``ScreenID``, or the app's destination value), and gives its place
    /// (``place(of:)``) as the commit that showed it left it: at once when it is shown now.
    ///
    /// A screen can be on screen before the transition that shows it commits (UIKit calls its
    /// `viewDidAppear` while the hop or push animates), and the coordinator answers every request
    /// from the committed state: a screen that reports from there first awaits its arrival.
    ///
    /// Nil when it never comes: it is not shown while no transition is in flight or waiting (the
    /// request that would show it was refused or cancelled, even one deferred while locked, or it
    /// came and left again), or the calling task is cancelled. Subscribes to the events before it reads the state, so no commit falls
    /// between.
    public func arrival(
        of destination: some Hashable & Codable & Sendable
    ) async -> (level: WindowLevel, containers: [ContainerID], modal: WindowContent.NodeID?)? {
        let id = ScreenID(of: destination)
        let events = self.events()
        if let place = Self.place(of: id, in: snapshot) { return place }
        if isIdle { return nil }
        for await event in events {
            if case .ended(let record) = event, let place = Self.place(of: id, in: record.after) { return place }
            if let place = Self.place(of: id, in: snapshot) { return place }
            if isIdle { return nil }
        }
        return nil
    }

    /// Whether no transition is in flight or held by a gesture, and no live request waits: a
    /// cancelled one the queue keeps until its lane is served (the deferred lane, until the
    /// unlock) will never show anything.
    private var isIdle: Bool {
        // Mutant: a cancelled waiter counted as one that may still show the screen.
        machine.slot == nil && (planted(.arrivalAwaitsDeadWaiters) ? machine.waiting.isEmpty : !machine.waiting.hasLiveWaiter)
    }

    /// Where the screen `id` stands in `snapshot` (see ``place(of:)``).
    static func place(
        of id: ScreenID, in snapshot: NavigationSnapshot
    ) -> (level: WindowLevel, containers: [ContainerID], modal: WindowContent.NodeID?)? {
        for window in snapshot.windowList {
            var containers: [ContainerID] = []
            var modal: WindowContent.NodeID?
            if find(id, in: window.content, containers: &containers, modal: &modal) {
                return (window.level, containers, modal)
            }
        }
        return nil
    }

    /// Whether `node` holds the screen `id`; if so, `containers` and `modal` say where.
    private static func find(
        _ id: ScreenID, in node: WindowContent, containers: inout [ContainerID], modal: inout WindowContent.NodeID?
    ) -> Bool {
        switch node {
        case .screen(let screen):
            return screen.id == id
        case .stack(let stack):
            guard stack.items.contains(where: { $0.id == id }) else { return false }
            containers.append(stack.id)
            return true
        case .tabs(let bar):
            containers.append(bar.id)
            for tab in bar.tabs where find(id, in: tab, containers: &containers, modal: &modal) { return true }
            containers.removeLast()
            return false
        case .hop(let hop):
            containers.append(hop.id)
            if find(id, in: hop.current, containers: &containers, modal: &modal) { return true }
            containers.removeLast()
            return false
        case .presenting(let base, let presented):
            if find(id, in: base, containers: &containers, modal: &modal) { return true }
            let outer = (containers, modal)
            modal = presented.nodeID
            if find(id, in: presented, containers: &containers, modal: &modal) { return true }
            (containers, modal) = outer
            return false
        }
    }
}
