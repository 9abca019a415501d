import Testing

@testable import TransitionCoordinator

/// The planner is a pure function: a request against a snapshot gives a plan or a typed error.
@Suite("Transition planner")
struct TransitionPlannerTests {
    static let root = ManagedWindow(id: WindowID(1), level: .root, content: .screen(Screens.home))
    static let tutorial = ManagedWindow(id: WindowID(2), level: .low, content: .screen(Screens.tutorial))
    static let pin = ManagedWindow(id: WindowID(3), level: .medium, content: .screen(Screens.pin))
    static let hiddenPin = ManagedWindow(id: WindowID(3), level: .medium, content: .screen(Screens.pin), isHidden: true)
    static let lockCovers = LifecycleCovers(lock: LifecycleCover(screen: Screen("lock"), level: .low))
    static let lock = ManagedWindow(id: WindowID(2), level: .low, content: .screen(Screen("lock")))

    static func snapshot(_ windows: [ManagedWindow], key: UInt64, version: UInt64 = 4) -> NavigationSnapshot {
        NavigationSnapshot(version: version, levels: WindowLevel.builtIn, windows: windows, keyWindow: WindowID(key))
    }

    /// Root only.
    static let rootOnly = snapshot([root], key: 1)
    /// Root, low, medium (key).
    static let stacked = snapshot([root, tutorial, pin], key: 3)
    /// Root and medium.
    static let rootAndPin = snapshot([root, pin], key: 3)
    /// Root, the lock at low (key), medium hidden above the lock.
    static let locked = NavigationSnapshot(
        version: 4, levels: WindowLevel.builtIn, windows: [root, lock, hiddenPin],
        keyWindow: WindowID(2), applicationState: .background, covers: lockCovers)

    enum Expected: Sendable {
        case plan(after: [ManagedWindow], created: [WindowID], destroyed: [WindowID], key: WindowID?)
        case error(TransitionError)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let snapshot: NavigationSnapshot
        let request: TransitionRequest
        let expected: Expected
        var testDescription: String { name }
    }

    static func window(_ id: UInt64, _ level: WindowLevel, _ screen: Screen) -> ManagedWindow {
        ManagedWindow(id: WindowID(id), level: level, content: .screen(screen))
    }

    static let cases: [Case] = [
        Case(
            name: "a push onto the root adds a window at the level and makes it key",
            snapshot: rootOnly, request: .push(Screens.pin, at: .medium),
            expected: .plan(
                after: [root, window(4, .medium, Screens.pin)], created: [WindowID(4)], destroyed: [], key: WindowID(4))),
        Case(
            name: "a push above a stack adds the new top",
            snapshot: stacked, request: .push(Screens.shield, at: .high),
            expected: .plan(
                after: [root, tutorial, pin, window(4, .high, Screens.shield)], created: [WindowID(4)],
                destroyed: [], key: WindowID(4))),
        Case(
            name: "a push below the top slots in by level and leaves the key on the top",
            snapshot: rootAndPin, request: .push(Screens.tutorial, at: .low),
            expected: .plan(
                after: [root, window(4, .low, Screens.tutorial), pin], created: [WindowID(4)],
                destroyed: [], key: WindowID(3))),
        Case(
            name: "a pop of the top hands the key to the window below",
            snapshot: stacked, request: .pop(.medium),
            expected: .plan(after: [root, tutorial], created: [], destroyed: [WindowID(3)], key: WindowID(2))),
        Case(
            name: "a pop under the top keeps the key",
            snapshot: stacked, request: .pop(.low),
            expected: .plan(after: [root, pin], created: [], destroyed: [WindowID(2)], key: WindowID(3))),
        Case(
            name: "a pop by screen removes the window showing it",
            snapshot: stacked, request: .popScreen("tutorial"),
            expected: .plan(after: [root, pin], created: [], destroyed: [WindowID(2)], key: WindowID(3))),
        Case(
            name: "popAll removes every window above the root, bottom-up",
            snapshot: stacked, request: .popAll,
            expected: .plan(after: [root], created: [], destroyed: [WindowID(2), WindowID(3)], key: WindowID(1))),
        Case(
            name: "replaceRoot destroys every window and creates one new root",
            snapshot: stacked, request: .replaceRoot(Screens.login),
            expected: .plan(
                after: [window(4, .root, Screens.login)], created: [WindowID(4)],
                destroyed: [WindowID(1), WindowID(2), WindowID(3)], key: WindowID(4))),
        Case(
            name: "replaceRoot may reuse the old root's screen id",
            snapshot: rootOnly, request: .replaceRoot(Screens.home),
            expected: .plan(
                after: [window(4, .root, Screens.home)], created: [WindowID(4)],
                destroyed: [WindowID(1)], key: WindowID(4))),
        Case(
            name: "the key skips a window hidden above the lock: registering keeps the lock key",
            snapshot: locked, request: .registerUnmanagedWindow(UnmanagedWindow(id: "alert", zOrder: 9)),
            expected: .plan(after: [root, lock, hiddenPin], created: [], destroyed: [], key: WindowID(2))),
        Case(
            name: "a pop of a window hidden above the lock removes it and leaves the lock key",
            snapshot: locked, request: .pop(.medium),
            expected: .plan(after: [root, lock], created: [], destroyed: [WindowID(3)], key: WindowID(2))),
        Case(
            name: "an application state change keeps every window",
            snapshot: stacked, request: .setApplicationState(.background),
            expected: .plan(after: [root, tutorial, pin], created: [], destroyed: [], key: WindowID(3))),
        Case(
            name: "a push at the root is refused", snapshot: stacked, request: .push(Screens.login, at: .root),
            expected: .error(.invalid(.rootLevelReserved))),
        Case(
            name: "a pop at the root is refused", snapshot: stacked, request: .pop(.root),
            expected: .error(.invalid(.rootLevelReserved))),
        Case(
            name: "a push at an unknown level is refused", snapshot: stacked,
            request: .push(Screens.login, at: WindowLevel("x", rawValue: 1_500)),
            expected: .error(.invalid(.unknownLevel(WindowLevel("x", rawValue: 1_500), known: WindowLevel.builtIn)))),
        Case(
            name: "a level with a known raw value but another name is unknown", snapshot: stacked,
            request: .pop(WindowLevel("med", rawValue: 2_000)),
            expected: .error(.invalid(.unknownLevel(WindowLevel("med", rawValue: 2_000), known: WindowLevel.builtIn)))),
        Case(
            name: "a push to an occupied level is refused", snapshot: stacked, request: .push(Screens.login, at: .medium),
            expected: .error(.invalid(.levelOccupied(.medium, by: pin)))),
        Case(
            name: "a push of a shown screen id is refused", snapshot: stacked, request: .push(Screens.pin, at: .high),
            expected: .error(.invalid(.duplicateScreen("pin", shownIn: pin)))),
        Case(
            name: "a push above the lock is refused as locked", snapshot: locked,
            request: .push(Screens.shield, at: .high), expected: .error(.refused(.locked(lock: lock)))),
        Case(
            name: "a pop of the lock's own screen is refused as locked", snapshot: locked,
            request: .popScreen("lock"), expected: .error(.refused(.locked(lock: lock)))),
        Case(
            name: "a pop of a free level is refused", snapshot: rootAndPin, request: .pop(.low),
            expected: .error(.invalid(.nothingToPop(.low)))),
        Case(
            name: "popAll over the root alone is refused", snapshot: rootOnly, request: .popAll,
            expected: .error(.invalid(.nothingAboveRoot))),
        Case(
            name: "a pop of an unshown screen is refused", snapshot: stacked, request: .popScreen("login"),
            expected: .error(.invalid(.screenNotShown("login")))),
        Case(
            name: "a pop of the root's screen is refused", snapshot: stacked, request: .popScreen("home"),
            expected: .error(.invalid(.screenIsRoot("home")))),
        Case(
            name: "unregistering an unknown unmanaged window is refused", snapshot: stacked,
            request: .unregisterUnmanagedWindow(id: "alert"), expected: .error(.invalid(.unknownUnmanagedWindow("alert")))),
    ]

    @Test("a request against a snapshot gives the expected plan or error", arguments: cases)
    func plan(_ planned: Case) throws {
        var next = WindowID(4)
        switch planned.expected {
        case .plan(let after, let created, let destroyed, let key):
            let plan = try TransitionPlanner.plan(planned.request, in: planned.snapshot, nextWindowID: &next)
            #expect(plan.request == planned.request)
            #expect(plan.before == planned.snapshot)
            #expect(Array(plan.after.windowList) == after)
            #expect(plan.created.map(\.id) == created)
            #expect(plan.destroyed.map(\.id) == destroyed)
            #expect(plan.destroyed == planned.snapshot.windowList.filter { destroyed.contains($0.id) })
            #expect(plan.after.keyWindow == key)
            #expect(plan.after.version == planned.snapshot.version + 1)
            #expect(next == WindowID(created.isEmpty ? 4 : 5))
            #expect(InvariantChecker.check(plan.after) == [])
        case .error(let error):
            #expect(throws: error) {
                try TransitionPlanner.plan(planned.request, in: planned.snapshot, nextWindowID: &next)
            }
            #expect(next == WindowID(4))
        }
    }

    @Test("the staying windows are the ones alive before and after, with their after-values")
    func stayingWindows() throws {
        var next = WindowID(4)
        let pop = try TransitionPlanner.plan(.pop(.low), in: Self.stacked, nextWindowID: &next)
        #expect(pop.staying == [Self.root, Self.pin])
        #expect(!pop.changesTopWindow)
        let replace = try TransitionPlanner.plan(.replaceRoot(Screens.login), in: Self.stacked, nextWindowID: &next)
        #expect(replace.staying == [])
        #expect(replace.changesTopWindow)
    }

    @Test("an application state change is recorded in the after-state")
    func applicationState() throws {
        var next = WindowID(4)
        let plan = try TransitionPlanner.plan(.setApplicationState(.inactive), in: Self.stacked, nextWindowID: &next)
        #expect(plan.after.applicationState == .inactive)
        #expect(plan.before.applicationState == .active)
    }

    @Test("registering unmanaged windows keeps them sorted by z-order, then id")
    func unmanagedSorted() throws {
        var next = WindowID(4)
        var snapshot = Self.rootOnly
        for window in [
            UnmanagedWindow(id: "b", zOrder: 10), UnmanagedWindow(id: "c", zOrder: 5), UnmanagedWindow(id: "a", zOrder: 10),
        ] {
            snapshot = try TransitionPlanner.plan(
                .registerUnmanagedWindow(window), in: snapshot, nextWindowID: &next,
                ignoresUnmanagedWindows: true
            ).after
        }
        #expect(snapshot.unmanagedWindows.map(\.id) == ["c", "a", "b"])
        #expect(next == WindowID(4))
    }

    @Test(
        "unmanaged key status is cleared in default mode and kept when unmanaged windows are ignored",
        arguments: [(false, false), (true, true)])
    func unmanagedKeyStatus(ignores: Bool, staysKey: Bool) throws {
        var next = WindowID(4)
        var snapshot = Self.stacked
        snapshot.unmanagedWindows = [UnmanagedWindow(id: "alert", zOrder: 2_500, isKey: true)]
        let plan = try TransitionPlanner.plan(.pop(.medium), in: snapshot, nextWindowID: &next, ignoresUnmanagedWindows: ignores)
        #expect(plan.after.unmanagedWindows == [UnmanagedWindow(id: "alert", zOrder: 2_500, isKey: staysKey)])
    }

    @Test("planning the same request twice against the same snapshot gives the same plan")
    func deterministic() throws {
        var first = WindowID(4), second = WindowID(4)
        let a = try TransitionPlanner.plan(.push(Screens.shield, at: .high), in: Self.stacked, nextWindowID: &first)
        let b = try TransitionPlanner.plan(.push(Screens.shield, at: .high), in: Self.stacked, nextWindowID: &second)
        #expect(a == b)
        #expect(first == second)
    }

    @Test(
        "a plan names each level whose window changes once, whether it lost, gained or hid a window, with its windows before and after",
        arguments: [
            (TransitionRequest.replaceRoot(Screens.login), [WindowLevel.root, .low, .medium]),
            (.push(Screens.shield, at: .high), [.high]),
            (.pop(.medium), [.medium]),
            (.popAll, [.low, .medium]),
            (.unlock, [.low, .medium]),
        ])
    func changedLevels(_ request: TransitionRequest, _ levels: [WindowLevel]) throws {
        var next = WindowID(4)
        // An unlock, in an active app, destroys the lock and shows the window it hid.
        var unlockable = Self.locked
        unlockable.applicationState = .active
        let plan = try TransitionPlanner.plan(request, in: request == .unlock ? unlockable : Self.stacked, nextWindowID: &next)
        if request == .unlock { #expect(plan.revealed.map(\.level) == [.medium]) }
        #expect(plan.changedLevels == levels)
        var visited: [WindowLevel] = []
        plan.forEachChangedLevel { level, before, after in
            visited.append(level)
            // The windows it names, read from its lists, are the ones its two states hold there.
            #expect(before == plan.before.window(at: level)?.id, "before, at \(level)")
            #expect(after == plan.after.window(at: level), "after, at \(level)")
        }
        #expect(visited.sorted() == levels)
    }
}
