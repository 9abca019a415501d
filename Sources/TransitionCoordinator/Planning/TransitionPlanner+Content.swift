/// The planner's part for content: which window a content request changes, and the checks that
/// span windows (a screen or container id is unique across them, cover screens are reserved).
extension TransitionPlanner {
    /// The window `operation` changes (its index in `snapshot.windows`) and the change, or the
    /// typed error that says what does not fit; nothing is changed either way.
    static func planContent(
        _ operation: ContainerOperation, at level: WindowLevel?,
        in snapshot: NavigationSnapshot
    ) throws(TransitionError) -> (index: Int, change: ContentChange) {
        PathTrace.enter()
        let index = try windowIndex(for: operation, at: level, in: snapshot)
        let window = snapshot.windowList[index]
        let covers = snapshot.covers
        if covers.reserves(window.level) { throw .invalid(.levelReserved(window.level)) }
        // The lock hides what stands above it; changing that waits for the unlock (or is refused).
        if let lock = snapshot.lockWindow, window.level > lock.level { throw .refused(.locked(lock: lock)) }
        let change: ContentChange
        do {
            change = try ContainerPlanner.plan(operation, in: window.content)
        } catch {
            throw .container(error, in: window)
        }
        // By index, reading each arrived screen's id alone (a screen copied is three retains).
        for index in change.arrived.indices {
            let screen = change.arrived[index].id
            if let cover = covers.cover(showing: screen) {
                throw .invalid(.screenReservedForCover(screen, coverLevel: cover.level))
            }
            if let other = snapshot.windowList.first(where: { $0.id != window.id && $0.content.shows(screen) }) {
                throw .invalid(.duplicateScreen(screen, shownIn: other))
            }
        }
        // Only a tree coming in (a modal, a hop's child, a whole target) can bring containers,
        // and only another window can hold one already.
        switch operation {
        case .present, .hop, .replace: if snapshot.windowList.count == 1 { return (index, change) }
        default: return (index, change)
        }
        let held = Set(window.content.containers)
        for id in change.after.containers where !held.contains(id) {
            if let other = snapshot.windowList.first(where: { $0.id != window.id && $0.content.holds(id) }) {
                throw .container(.duplicateContainer(id), in: other)
            }
        }
        return (index, change)
    }

    /// Checks that `content` may open in a new window: it keeps invariant 8 on its own, and none
    /// of its screens or containers is shown already (cover screens are checked before).
    static func requireNew(_ content: WindowContent, in snapshot: NavigationSnapshot) throws(TransitionError) {
        let problems = ContentInvariants.check(content, in: "the new window")
        if !problems.isEmpty { throw .container(.invalidContent(problems.map(\.detail)), in: nil) }
        for screen in content.screens {
            if let shown = snapshot.window(showing: screen.id) { throw .invalid(.duplicateScreen(screen.id, shownIn: shown)) }
        }
        for id in content.containers {
            if let other = snapshot.windowList.first(where: { $0.content.holds(id) }) {
                throw .container(.duplicateContainer(id), in: other)
            }
        }
    }

    /// The index of the window a content request changes: the one at `level` when given, else
    /// the one holding what the operation names; a whole-tree replacement without a level
    /// changes the root window.
    private static func windowIndex(
        for operation: ContainerOperation, at level: WindowLevel?,
        in snapshot: NavigationSnapshot
    ) throws(TransitionError) -> Int {
        PathTrace.enter()
        if let level {
            guard level == .root || snapshot.levels.contains(level) else {
                throw .invalid(.unknownLevel(level, known: snapshot.levels))
            }
            guard let index = snapshot.windowList.firstIndex(where: { $0.level == level }) else {
                throw .invalid(.noWindow(at: level))
            }
            return index
        }
        /// The error for a node no window shows: a modal the user swiped away that no window
        /// shows any more was dismissed or replaced; anything else is unknown.
        func notShown(_ unknown: ContainerError) -> TransitionError {
            if case .dismissModal(let modal) = operation { return .container(.notPresented(modal), in: nil) }
            return .container(unknown, in: nil)
        }
        switch operation.node {
        case .container(let id):
            guard let index = snapshot.windowList.firstIndex(where: { $0.content.holds(id) }) else {
                throw notShown(.unknownContainer(id))
            }
            return index
        case .screen(let id):
            guard let index = snapshot.windowList.firstIndex(where: { $0.content.shows(id) }) else {
                throw notShown(.unknownNode(.screen(id)))
            }
            return index
        case nil:
            guard let index = snapshot.windowList.firstIndex(where: { $0.level == .root }) else {
                throw .invalid(.noWindow(at: .root))
            }
            return index
        }
    }
}
