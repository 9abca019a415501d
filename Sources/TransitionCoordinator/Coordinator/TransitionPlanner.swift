/// Plans a request against a snapshot: a pure function, the only place transitions are decided.
///
/// It never touches an actor, a host or a clock, so every rule here is tested synchronously.
public enum TransitionPlanner {
    /// Plans `request` against `snapshot`.
    ///
    /// - Parameters:
    ///   - nextWindowID: the id a new window takes; advanced only when the plan creates one.
    /// - Returns: the plan, whose `after` has `version + 1`, the key window set to the top-most
    ///   visible window, and unmanaged windows' key status cleared unless `ignoresUnmanagedWindows`.
    /// - Throws: a ``TransitionError`` saying what does not fit; nothing is changed.
    public static func plan(_ request: TransitionRequest, in snapshot: NavigationSnapshot,
                            nextWindowID: inout WindowID,
                            ignoresUnmanagedWindows: Bool = false) throws(TransitionError) -> TransitionPlan {
        var after = snapshot
        var created: [Window] = []
        var destroyed: [Window] = []

        switch request {
        case .push(let screen, let level):
            if level == .root { throw .rootLevelReserved }
            guard snapshot.levels.contains(level) else { throw .unknownLevel(level, known: snapshot.levels) }
            if let occupant = snapshot.window(at: level) { throw .levelOccupied(level, by: occupant) }
            if let shown = snapshot.window(showing: screen.id) { throw .duplicateScreen(screen.id, shownIn: shown) }
            let window = Window(id: nextWindowID, level: level, content: .screen(screen))
            after.windows.append(window)
            after.windows.sort { $0.level < $1.level }
            created = [window]

        case .pop(let level):
            if level == .root { throw .rootLevelReserved }
            guard snapshot.levels.contains(level) else { throw .unknownLevel(level, known: snapshot.levels) }
            guard let window = snapshot.window(at: level) else { throw .nothingToPop(level) }
            after.windows.removeAll { $0.id == window.id }
            destroyed = [window]

        case .popScreen(let id):
            guard let window = snapshot.window(showing: id) else { throw .screenNotShown(id) }
            if window.level == .root { throw .screenIsRoot(id) }
            after.windows.removeAll { $0.id == window.id }
            destroyed = [window]

        case .popAll:
            destroyed = snapshot.windows.filter { $0.level != .root }
            if destroyed.isEmpty { throw .nothingAboveRoot }
            after.windows.removeAll { $0.level != .root }

        case .replaceRoot(let screen):
            let window = Window(id: nextWindowID, level: .root, content: .screen(screen))
            destroyed = snapshot.windows
            after.windows = [window]
            created = [window]

        case .setApplicationState(let state):
            after.applicationState = state

        case .registerUnmanagedWindow(let window):
            after.unmanagedWindows.removeAll { $0.id == window.id }
            after.unmanagedWindows.append(window)
            after.unmanagedWindows.sort { ($0.zOrder, $0.id) < ($1.zOrder, $1.id) }

        case .unregisterUnmanagedWindow(let id):
            guard snapshot.unmanagedWindows.contains(where: { $0.id == id }) else { throw .unknownUnmanagedWindow(id) }
            after.unmanagedWindows.removeAll { $0.id == id }
        }

        if !created.isEmpty { nextWindowID = nextWindowID.next }
        after.version = snapshot.version + 1
        after.keyWindow = after.topMostVisibleWindow?.id
        if !ignoresUnmanagedWindows, after.keyWindow != nil {
            for index in after.unmanagedWindows.indices { after.unmanagedWindows[index].isKey = false }
        }
        return TransitionPlan(request: request, before: snapshot, after: after, created: created, destroyed: destroyed)
    }
}
