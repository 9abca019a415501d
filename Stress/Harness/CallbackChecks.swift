import TransitionCoordinator

/// The harness's screen callbacks: every screen a push or `setStack` names gets an item whose
/// callbacks write to one log, in the order the coordinator calls them, or, for the screens
/// ``CallbackChecks/bareItemScreens(of:)`` names, an item without callbacks.
public final class CallbackTally: Sendable {
    private let calls = Locked<[ScreenID: [String]]>([:])
    private let itemized = Locked<Set<TransitionID>>([])
    private let made = Locked(0)

    public init() {}

    /// Each screen's calls so far, oldest first, as `didAdd`, `remove`…
    public var log: [ScreenID: [String]] { calls.withLock { $0 } }

    /// The transitions whose requests carried items (others, as the lifecycle task's, did not).
    public var transitionsWithItems: Set<TransitionID> { itemized.withLock { $0 } }

    /// Notes that `record`'s request carried the items ``items(for:)`` gave it.
    func committed(_ record: TransitionRecord) {
        if !CallbackChecks.itemScreens(of: record.request).isEmpty { _ = itemized.withLock { $0.insert(record.id) } }
    }

    /// Items with logging callbacks for the screens `request` names (see ``CallbackChecks/itemScreens(of:)``).
    func items(for request: TransitionRequest) -> [ScreenID: ScreenCallbacks] {
        var items: [ScreenID: ScreenCallbacks] = [:]
        // Every other request's items have callbacks called in the commit step, the others'
        // are awaited in the delivery after it (as an app's `@MainActor` ones are): one screen's
        // callbacks come both ways, and the delivery must keep them in order.
        let inline = made.withLock { made in
            made += 1
            return made % 2 == 0
        }
        let bare = CallbackChecks.bareItemScreens(of: request)
        for id in CallbackChecks.itemScreens(of: request) {
            if bare.contains(id) {
                items[id] = ScreenCallbacks()
                continue
            }
            func note(_ call: String) -> @Sendable () -> Void {
                { [calls] in calls.withLock { $0[id, default: []].append(call) } }
            }
            if inline {
                items[id] = .nonisolated(
                    remove: note("remove"), didAdd: note("didAdd"), didRemove: note("didRemove"),
                    didShow: note("didShow"), didHide: note("didHide"))
            } else {
                items[id] = ScreenCallbacks(
                    remove: note("remove"), didAdd: note("didAdd"), didRemove: note("didRemove"),
                    didShow: note("didShow"), didHide: note("didHide"))
            }
        }
        return items
    }
}

/// Invariant 9 over a run: the screen events the records list are balanced, and the callbacks
/// the coordinator called are exactly those the records say. Pure functions.
public enum CallbackChecks {
    /// The screens a request gives callbacks to (the harness's workers give them to every
    /// screen a push or a `setStack` names).
    public static func itemScreens(of request: TransitionRequest) -> [ScreenID] {
        switch request {
        case .push(let screen, _), .content(.push(let screen, _), _): [screen.id]
        case .content(.setStack(_, let screens), _): screens.map(\.id)
        default: []
        }
    }

    /// The screens among ``itemScreens(of:)`` whose items carry no callbacks: every screen of a
    /// `setStack` onto the workload's second stack (a rule a waiting `setStack`'s pruning keeps).
    /// A screen already there, which a push gave callbacks, then has them taken off ("the
    /// newest item's callbacks win"), and is called no more.
    public static func bareItemScreens(of request: TransitionRequest) -> Set<ScreenID> {
        guard case .content(.setStack(let stack, let screens), _) = request, stack == Workload.stackIDs[1] else { return [] }
        return Set(screens.map(\.id))
    }

    /// The records' screen events, replayed from the first record's `before`: each screen is
    /// added when absent and removed when present, shown when present and its window shows
    /// nothing, hidden when shown; and after each record what is present and shown matches its
    /// `after` (every screen of every window; each window's top screen).
    package static func balance(_ history: [TransitionRecord]) -> [InvariantViolation] {
        guard let first = history.first else { return [] }
        var present: [ScreenID: WindowID] = [:], shown: [WindowID: ScreenID] = [:]
        func load(_ snapshot: NavigationSnapshot) {
            present = [:]
            shown = [:]
            for window in snapshot.windowList {
                window.content.forEachScreen { present[$0.id] = window.id }
                shown[window.id] = window.content.topScreen.id
            }
        }
        load(first.before)
        var found: [InvariantViolation] = []
        for record in history {
            for event in record.screenEvents {
                let id = event.screen.id
                var problem: String?
                switch event.kind {
                case .didAdd:
                    if let window = present[id] { problem = "added while in \(window)" } else { present[id] = event.window }
                case .didRemove:
                    if present.removeValue(forKey: id) == nil { problem = "removed while absent" }
                case .didShow:
                    if present[id] != event.window {
                        problem = "shown while not in \(event.window)"
                    } else if let other = shown[event.window] {
                        problem = "shown while \(other) is shown there"
                    } else {
                        shown[event.window] = id
                    }
                case .didHide:
                    if shown[event.window] != id { problem = "hidden while not shown" } else { shown[event.window] = nil }
                }
                if let problem { found.append(.init(.callbacks, "\(record.id) \(event): \(problem)")) }
            }
            var expected: [ScreenID: WindowID] = [:], tops: [WindowID: ScreenID] = [:]
            for window in record.after.windowList {
                window.content.forEachScreen { expected[$0.id] = window.id }
                tops[window.id] = window.content.topScreen.id
            }
            if expected != present || tops != shown {
                found.append(
                    .init(
                        .callbacks,
                        "after \(record.id) the events leave \(present.count) screens present and "
                            + "\(shown.count) shown; the state has \(expected.count) and \(tops.count)"))
                load(record.after)
            }
            if found.count > 20 { break }
        }
        return found
    }

    /// What each screen's callbacks should have been called with, replayed from the records as
    /// ``ScreenCallbacks`` documents (kept from the transition that names the screen while it is
    /// in a window after it, until it leaves; removals first, then the new items' callbacks are
    /// kept, then additions and shows), compared with what `log` says they were.
    /// `itemized` are the transitions whose requests carried items.
    package static func delivered(
        _ history: [TransitionRecord], log: [ScreenID: [String]],
        itemized: Set<TransitionID>
    ) -> [InvariantViolation] {
        var expected: [ScreenID: [String]] = [:]
        var registered = Set<ScreenID>()
        for record in history {
            let events = record.screenEvents
            let leaving = events.prefix { $0.kind == .didHide || $0.kind == .didRemove }
            for event in leaving where registered.contains(event.screen.id) {
                let id = event.screen.id
                expected[id, default: []].append(event.kind.rawValue)
                if event.kind == .didRemove {
                    if !event.byOwner { expected[id, default: []].append("remove") }
                    registered.remove(id)
                }
            }
            if itemized.contains(record.id) {
                let bare = bareItemScreens(of: record.request)
                for id in itemScreens(of: record.request) where record.after.window(showing: id) != nil {
                    if bare.contains(id) { registered.remove(id) } else { registered.insert(id) }
                }
            }
            for event in events.dropFirst(leaving.count) where registered.contains(event.screen.id) {
                expected[event.screen.id, default: []].append(event.kind.rawValue)
            }
        }
        var found: [InvariantViolation] = []
        for id in Set(expected.keys).union(log.keys).sorted(by: { $0.rawValue < $1.rawValue }) {
            let want = expected[id] ?? [], got = log[id] ?? []
            guard want != got else { continue }
            let common = zip(want, got).prefix { $0 == $1 }.count
            found.append(
                .init(
                    .callbacks,
                    "screen \(id)'s callbacks: after \(common) calls as the records say, "
                        + "\(got.dropFirst(common).prefix(3)) were called where \(want.dropFirst(common).prefix(3)) were due"))
        }
        return found
    }

    /// Invariant 11 at the host: a window's content is set as animated exactly when the change
    /// was to be animated (as many times, content by content, as the records say): its animator
    /// was called, the animation ended from outside before the animator could be, or the host
    /// took too long over that very call (the coordinator gave up on it; it lands later). So a
    /// host whose containers animate themselves never animates a change the skip rules exempt,
    /// nor applies at once one an animator awaits.
    package static func hostAnimatedAsRecorded(
        _ animated: [WindowID: [WindowContent: Int]], history: [TransitionRecord]
    ) -> [InvariantViolation] {
        var recorded: [WindowID: [WindowContent: Int]] = [:]
        for record in history {
            let stuckOnAnimatedSet: Bool
            if let fault = record.hostFault, fault.transition == record.id, case .setContent(_, _, animated: true) = fault.call {
                stuckOnAnimatedSet = true
            } else {
                stuckOnAnimatedSet = false
            }
            guard record.animation.animatorWasCalled || record.animation.endedBeforeStart || stuckOnAnimatedSet else { continue }
            for window in record.after.windowList {
                guard let was = record.before.window(window.id), was.content != window.content else { continue }
                recorded[window.id, default: [:]][window.content, default: 0] += 1
            }
        }
        var found: [InvariantViolation] = []
        for window in Set(animated.keys).union(recorded.keys).sorted() {
            let sent = animated[window] ?? [:], due = recorded[window] ?? [:]
            for content in Set(sent.keys).union(due.keys) where sent[content, default: 0] != due[content, default: 0] {
                found.append(
                    .init(
                        .skipRules,
                        "\(window) was told to animate \(content) \(sent[content, default: 0]) times, "
                            + "but the records animate it \(due[content, default: 0]) times"))
            }
        }
        return found
    }

    /// Invariant 6 at the host: every content a window was told to show is one a committed state
    /// gave it (the first record's `before` or any record's `after`), never a state in between.
    package static func hostShownCommitted(
        _ shown: [WindowID: Set<WindowContent>], history: [TransitionRecord]
    ) -> [InvariantViolation] {
        guard let first = history.first else { return [] }
        var committed: [WindowID: Set<WindowContent>] = [:]
        for window in first.before.windowList { committed[window.id, default: []].insert(window.content) }
        for record in history {
            for window in record.after.windowList { committed[window.id, default: []].insert(window.content) }
        }
        var found: [InvariantViolation] = []
        for (window, contents) in shown.sorted(by: { $0.key < $1.key }) {
            for content in contents where committed[window]?.contains(content) != true {
                found.append(
                    .init(
                        .atomic,
                        "the host was told to show \(content) in \(window), which no committed state shows: "
                            + "a change was shown step by step"))
            }
        }
        return found
    }
}
