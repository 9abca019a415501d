/// Plans a request against a snapshot: a pure function, the only place transitions are decided.
///
/// It never touches an actor, a host or a clock, so every rule here is tested synchronously.
package enum TransitionPlanner {
    /// Whether `request` asks for what `snapshot` shows already: a navigation whose target the
    /// root window shows, with no app window above the root to close, while unlocked (a locked
    /// app's navigation waits for the unlock, or is refused, as ``plan(_:in:nextWindowID:ignoresUnmanagedWindows:)``
    /// says). There is nothing to do then: the machine does not admit it, and the navigation
    /// answers nil. O(windows + the target's size).
    package static func showsAlready(_ request: TransitionRequest, in snapshot: NavigationSnapshot) -> Bool {
        PathTrace.enter()
        guard case .navigate(_, let target) = request, snapshot.lockWindow == nil else { return false }
        let covers = snapshot.covers
        for window in snapshot.windowList where window.level != .root && !covers.reserves(window.level) { return false }
        // Mutant: compared by the top screen alone.
        if planted(.alreadyThereByTopScreen) {
            return snapshot.windowList.first { $0.level == .root }?.content.topScreen == target.topScreen
        }
        // The target as the plan would show it; ``plan(_:in:nextWindowID:ignoresUnmanagedWindows:)``
        // works it out again on the state it plans against. Both are cheap unless a tab is kept.
        let root = snapshot.windowList.first { $0.level == .root }?.content
        return root == KeptTabs.target(target, keeping: root)
    }

    /// Plans `request` against `snapshot`.
    ///
    /// A navigation `snapshot` shows already (``showsAlready(_:in:)``) plans as a change of
    /// nothing; the machine asks first, and never admits one.
    ///
    /// - Parameters:
    ///   - nextWindowID: the id a new window takes; advanced by one per window the plan creates.
    /// - Returns: the plan, whose `after` has `version + 1`; windows above an up cover hidden
    ///   (``LifecycleCovers``); the key window set to the top-most visible window; and unmanaged
    ///   windows' key status cleared unless `ignoresUnmanagedWindows`.
    /// - Throws: a ``TransitionError`` saying what does not fit; nothing is changed.
    package static func plan(
        _ request: TransitionRequest, in snapshot: NavigationSnapshot,
        nextWindowID: inout WindowID,
        ignoresUnmanagedWindows: Bool = false
    ) throws(TransitionError) -> TransitionPlan {
        PathTrace.enter()
        let covers = snapshot.covers
        // The next state's changing parts, built as locals and boxed once at the end (see
        // ``NavigationSnapshot/Fields``): a whole copy of the fields retained each of its arrays,
        // twice (`consume` of such a local is refused on this toolchain).
        var windows = snapshot.windowList
        var unmanaged = snapshot.unmanagedWindows
        var applicationState = snapshot.applicationState
        var created: [ManagedWindow] = []
        var destroyed: [ManagedWindow] = []
        guard nextWindowID.rawValue <= UInt64.max - WindowID.headroom else { throw .invalid(.windowIDsExhausted) }
        var next = nextWindowID
        var contentChange: ContentChange?
        var contentWindow: WindowID?
        func make(_ screen: Screen, at level: WindowLevel) -> ManagedWindow { make(.screen(screen), at: level) }
        func make(_ content: WindowContent, at level: WindowLevel) -> ManagedWindow {
            defer { next = next.next }
            return ManagedWindow(id: next, level: level, content: content)
        }
        func isCover(_ window: ManagedWindow) -> Bool { covers.reserves(window.level) }
        // Cover screens' ids are reserved whether or not the cover is up, so a cover never duplicates an app screen.
        func requireUnreserved(_ screen: Screen) throws(TransitionError) {
            guard let cover = covers.cover(showing: screen.id), !planted(.coverScreenIDsUnreserved) else { return }
            throw .invalid(.screenReservedForCover(screen.id, coverLevel: cover.level))
        }

        // A new window's checks, in this order: the level is one it may take, its screens are not
        // a cover's (both permanent: never deferred), the lock does not hide the level (a deferrable
        // refusal), the level is free.
        func requireOpenable(at level: WindowLevel, showing content: WindowContent) throws(TransitionError) {
            if level == .root { throw .invalid(.rootLevelReserved) }
            guard snapshot.configures(level) else { throw .invalid(.unknownLevel(level, known: snapshot.levels)) }
            if covers.reserves(level) { throw .invalid(.levelReserved(level)) }
            if case .screen(let screen) = content {
                try requireUnreserved(screen)
            } else {
                for screen in content.screens { try requireUnreserved(screen) }
            }
            if let lock = snapshot.lockWindow, level > lock.level { throw .refused(.locked(lock: lock)) }
            if let occupant = snapshot.windowInLevelOrder(at: level) { throw .invalid(.levelOccupied(level, by: occupant)) }
        }

        switch request {
        case .push(let screen, let level):
            let content = WindowContent.screen(screen)
            try requireOpenable(at: level, showing: content)
            if let shown = snapshot.window(showing: screen.id) { throw .invalid(.duplicateScreen(screen.id, shownIn: shown)) }
            created = [make(content, at: level)]

        case .show(let content, let level):
            try requireOpenable(at: level, showing: content)
            try requireNew(content, in: snapshot)
            created = [make(content, at: level)]

        case .content(let operation, let level), .userDid(let operation, let level):
            let (index, change) = try planContent(operation, at: level, in: snapshot)
            // Only the content after is captured below: capturing the change copied it whole.
            let after = change.after
            windows[index].content = after
            contentWindow = windows[index].id
            contentChange = change

        case .navigate(_, let target):
            // A link waits for the unlock: it would change what the lock hides.
            if let lock = snapshot.lockWindow { throw .refused(.locked(lock: lock)) }
            destroyed = snapshot.windowList.filter { $0.level != .root && !isCover($0) }
            guard let root = snapshot.windowList.firstIndex(where: { $0.level == .root }) else {
                throw .invalid(.noWindow(at: .root))
            }
            // Planned against the state without the windows it closes, which may show what the route brings.
            var remaining = snapshot
            if !destroyed.isEmpty { remaining.windowList.removeAll { $0.level != .root && !isCover($0) } }
            // The tabs the route does not name keep what they show (``KeptTabs``).
            let kept = KeptTabs.target(target, keeping: snapshot.windowList[root].content)
            let (_, change) = try planContent(.replace(with: kept), at: .root, in: remaining)
            windows[root].content = change.after
            contentWindow = windows[root].id
            contentChange = change

        case .pop(let level):
            if level == .root { throw .invalid(.rootLevelReserved) }
            guard snapshot.configures(level) else { throw .invalid(.unknownLevel(level, known: snapshot.levels)) }
            if let lock = snapshot.lockWindow, level == lock.level { throw .refused(.locked(lock: lock)) }
            if covers.reserves(level) { throw .invalid(.levelReserved(level)) }
            guard let window = snapshot.windowInLevelOrder(at: level) else { throw .invalid(.nothingToPop(level)) }
            destroyed = [window]

        case .popScreen(let id):
            guard let window = snapshot.window(showing: id) else { throw .invalid(.screenNotShown(id)) }
            if window.level == .root { throw .invalid(.screenIsRoot(id)) }
            if window.id == snapshot.lockWindow?.id { throw .refused(.locked(lock: window)) }
            if isCover(window) { throw .invalid(.levelReserved(window.level)) }
            destroyed = [window]

        case .popAll:
            destroyed = snapshot.windowList.filter { $0.level != .root && !isCover($0) }
            if destroyed.isEmpty { throw .invalid(.nothingAboveRoot) }

        case .replaceRoot(let screen):
            try requireUnreserved(screen)
            if let shown = snapshot.window(showing: screen.id), isCover(shown) {
                throw .invalid(.duplicateScreen(screen.id, shownIn: shown))
            }
            destroyed = snapshot.windowList.filter { !isCover($0) }
            created = [make(screen, at: .root)]

        case .setApplicationState(let state):
            applicationState = state
            if let shield = covers.shield {
                let up = snapshot.window(at: shield.level)
                if state != .active, up == nil { created.append(make(shield.screen, at: shield.level)) }
                if state == .active, let up { destroyed.append(up) }
            }
            if let lock = covers.lock, state == .background, snapshot.lockWindow == nil {
                // Mutant: the lock goes up with the next transition (below).
                if !planted(.lockAfterAcknowledgement) { created.append(make(lock.screen, at: lock.level)) }
            }

        case .unlock:
            guard let lock = snapshot.lockWindow else { throw .invalid(.notLocked) }
            // Only a person can unlock, and only an active app has one in front of it.
            if snapshot.applicationState != .active, !planted(.unlockWhileNotActive) {
                throw .invalid(.unlockWhileNotActive(snapshot.applicationState))
            }
            destroyed = [lock]

        case .registerUnmanagedWindow(let window):
            unmanaged.removeAll { $0.id == window.id }
            unmanaged.append(window)
            unmanaged.sort { ($0.zOrder, $0.id) < ($1.zOrder, $1.id) }

        case .unregisterUnmanagedWindow(let id):
            guard snapshot.unmanagedWindows.contains(where: { $0.id == id }) else { throw .invalid(.unknownUnmanagedWindow(id)) }
            unmanaged.removeAll { $0.id == id }
        }

        // Mutant: the lock goes up with the transition after the background acknowledgement.
        if planted(.lockAfterAcknowledgement), let lock = covers.lock, applicationState == .background,
            snapshot.applicationState == .background, snapshot.lockWindow == nil, request != .unlock
        {
            created.append(make(lock.screen, at: lock.level))
        }
        // Only the windows that change are touched: removals and insertions keep the level
        // order, visibility is recomputed only when a cover is configured, and the staying
        // windows whose visibility flips are found in the same pass (no lookups by id).
        if !destroyed.isEmpty || !created.isEmpty {
            // Mutant: a transition that only closes windows leaves them in the state.
            if !(created.isEmpty && planted(.staleWindow)) { windows = windows.merging(removing: destroyed, inserting: created) }
        }
        let firstCreated = nextWindowID
        var revealed: [ManagedWindow] = [], concealed: [ManagedWindow] = []
        if covers.shield != nil || covers.lock != nil {
            var shieldUp = false, lockUp = false
            for window in windows {
                if window.level == covers.shield?.level { shieldUp = true }
                if window.level == covers.lock?.level { lockUp = true }
            }
            var flips: [Int] = []
            for (position, window) in windows.enumerated()
            where covers.hides(window.level, shieldUp: shieldUp, lockUp: lockUp) != window.isHidden {
                flips.append(position)
            }
            for position in flips {
                windows[position].isHidden.toggle()
                let window = windows[position]
                if window.id < firstCreated {
                    window.isHidden ? concealed.append(window) : revealed.append(window)
                } else if let index = created.firstIndex(where: { $0.id == window.id }) {
                    // A created window as committed: a cover hides it.
                    created[index] = window
                }
            }
        }
        // The created windows bottom to top (each as committed: only a cover changes one, above).
        if created.count > 1 { created.sort { $0.level < $1.level } }

        nextWindowID = next
        let keyWindow = windows.last { !$0.isHidden }?.id
        if !ignoresUnmanagedWindows, keyWindow != nil, unmanaged.contains(where: \.isKey) {
            for index in unmanaged.indices where unmanaged[index].isKey {
                unmanaged[index].isKey = false
            }
        }
        let after = NavigationSnapshot(
            fields: .init(
                version: snapshot.version + 1, levels: snapshot.levels, windows: windows,
                keyWindow: keyWindow, unmanagedWindows: unmanaged,
                applicationState: applicationState, covers: covers))
        return TransitionPlan(
            request: request, before: snapshot, after: after, created: created, destroyed: destroyed,
            revealed: revealed, concealed: concealed, contentChange: contentChange,
            contentWindow: contentWindow)
    }
}
