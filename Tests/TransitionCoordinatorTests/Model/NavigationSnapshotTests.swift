import Foundation
import Testing
import TransitionCoordinator

/// The snapshot value: its queries and its tree description.
@Suite("Navigation snapshot")
struct NavigationSnapshotTests {
    static let root = ManagedWindow(id: WindowID(1), level: .root, content: .screen(Screens.home))
    static let tutorial = ManagedWindow(id: WindowID(2), level: .low, content: .screen(Screens.tutorial))
    static let pin = ManagedWindow(id: WindowID(3), level: .medium, content: .screen(Screens.pin))

    @Test("an app reads and sets the windows as an array, bottom to top, the list the snapshot keeps")
    func windowsAsAnArray() {
        var snapshot = NavigationSnapshot(
            version: 3, levels: WindowLevel.builtIn, windows: [Self.root, Self.tutorial], keyWindow: WindowID(2))
        #expect(snapshot.windows == [Self.root, Self.tutorial])
        #expect(snapshot.windows == Array(snapshot.windowList))
        snapshot.windows.append(Self.pin)
        #expect(snapshot.windowList.map(\.id) == [WindowID(1), WindowID(2), WindowID(3)])
        #expect(snapshot.window(at: .medium) == Self.pin)
    }

    @Test("the description prints levels top-down and marks the key window")
    func descriptionTree() {
        let snapshot = NavigationSnapshot(
            version: 3, levels: WindowLevel.builtIn,
            windows: [Self.root, Self.tutorial, Self.pin], keyWindow: WindowID(3))
        #expect(
            snapshot.description == """
                NavigationSnapshot v3 · app active
                ├─ high(3000)    —
                ├─ medium(2000)  #3 pin [key]
                ├─ low(1000)     #2 tutorial
                └─ root(0)       #1 home
                """)
    }

    @Test("the description of a live coordinator's snapshot shows its committed state")
    func descriptionOfLiveSnapshot() async throws {
        let fixture = await Fixture()
        try await fixture.coordinator.openWindow(Screen("item", id: "item-7", parameters: ["id": "7", "a": "b"]), at: .low)
        try await fixture.coordinator.registerUnmanagedWindow(UnmanagedWindow(id: "alert", zOrder: 2_500))
        try await fixture.coordinator.setApplicationState(.inactive)
        #expect(
            await fixture.snapshot.description == """
                NavigationSnapshot v3 · app inactive
                ├─ high(3000)    —
                ├─ medium(2000)  —
                ├─ low(1000)     #2 item[item-7](a=b,id=7) [key]
                └─ root(0)       #1 home
                unmanaged: alert@2500
                """)
    }

    @Test("the description marks hidden windows and pads to the widest custom level name")
    func descriptionWithCustomLevelsAndHiddenWindow() {
        let overlay = WindowLevel("overlay-top", rawValue: 9_000)
        let hidden = ManagedWindow(id: WindowID(4), level: overlay, content: .screen(Screens.shield), isHidden: true)
        let snapshot = NavigationSnapshot(
            version: 1, levels: [.low, overlay], windows: [Self.root, Self.tutorial, hidden],
            keyWindow: WindowID(2),
            unmanagedWindows: [UnmanagedWindow(id: "a", zOrder: 5, isKey: true)],
            applicationState: .background)
        #expect(
            snapshot.description == """
                NavigationSnapshot v1 · app background
                ├─ overlay-top(9000)  #4 shield (hidden)
                ├─ low(1000)          #2 tutorial [key]
                └─ root(0)            #1 home
                unmanaged: a@5 [key]
                """)
    }

    @Test("the description of a locked state says so and marks the shield, the lock and the hidden windows")
    func descriptionWhenLocked() async throws {
        let covers = LifecycleCovers(
            shield: LifecycleCover(screen: Screens.shield, level: .high),
            lock: LifecycleCover(screen: Screen("lock"), level: .low))
        let fixture = await Fixture(configuration: try CoordinatorConfiguration(shield: covers.shield, lock: covers.lock))
        try await fixture.coordinator.openWindow(Screens.pin, at: .medium)
        try await fixture.coordinator.setApplicationState(.background)
        #expect(
            await fixture.snapshot.description == """
                NavigationSnapshot v2 · app background · locked
                ├─ high(3000)    #3 shield [key] (shield)
                ├─ medium(2000)  #2 pin (hidden)
                ├─ low(1000)     #4 lock (lock)
                └─ root(0)       #1 home
                """)
    }

    @Test("the top-most visible window skips hidden windows, and the visible list is top-down")
    func visibleWindows() {
        let hiddenPin = ManagedWindow(id: WindowID(3), level: .medium, content: .screen(Screens.pin), isHidden: true)
        let snapshot = NavigationSnapshot(
            version: 0, levels: WindowLevel.builtIn,
            windows: [Self.root, Self.tutorial, hiddenPin], keyWindow: WindowID(2))
        #expect(snapshot.topMostVisibleWindow == Self.tutorial)
        #expect(snapshot.visibleWindowsTopDown == [Self.tutorial, Self.root])
        #expect(snapshot.rootWindow == Self.root)
    }

    @Test("the lookups find windows by level, id and shown screen, and list the free levels")
    func lookups() {
        let snapshot = NavigationSnapshot(
            version: 0, levels: WindowLevel.builtIn,
            windows: [Self.root, Self.pin], keyWindow: WindowID(3))
        #expect(snapshot.window(at: .medium) == Self.pin)
        #expect(snapshot.window(at: .low) == nil)
        #expect(snapshot.window(WindowID(1)) == Self.root)
        #expect(snapshot.window(WindowID(2)) == nil)
        #expect(snapshot.window(showing: "pin") == Self.pin)
        #expect(snapshot.window(showing: "tutorial") == nil)
        #expect(snapshot.freeLevels == [.low, .high])
    }

    @Test(
        "a screen's description shows its id only when it differs from its name, and parameters sorted by key",
        arguments: [
            (Screen("home"), "home"),
            (Screen("item", id: "item-7"), "item[item-7]"),
            (Screen("item", parameters: ["z": "1", "a": "2"]), "item(a=2,z=1)"),
            (Screen("item", id: "i", parameters: ["k": "v"]), "item[i](k=v)"),
        ])
    func screenDescription(screen: Screen, expected: String) {
        #expect(screen.description == expected)
    }

    @Test("levels order by raw value, and equal only when name and raw value both match")
    func levelOrder() {
        #expect(WindowLevel.root < .low)
        #expect(WindowLevel.low < .medium)
        #expect(WindowLevel.medium < .high)
        #expect(WindowLevel("low", rawValue: 1_000) == .low)
        #expect(WindowLevel("other", rawValue: 1_000) != .low)
        #expect(WindowLevel.medium.description == "medium(2000)")
    }
}

/// The snapshot shares its storage between copies (copy on write): a copy changed is a new value.
@Suite("Navigation snapshot storage")
struct NavigationSnapshotStorageTests {
    @Test("changing a copy leaves the original as it was, field by field")
    func copyOnWrite() throws {
        let original = NavigationSnapshot(
            version: 1, levels: WindowLevel.builtIn, windows: [NavigationSnapshotTests.root],
            keyWindow: WindowID(1))
        var copy = original
        #expect(copy == original)
        copy.version = 2
        copy.windowList.append(NavigationSnapshotTests.tutorial)
        copy.windowList[0].isHidden = true
        copy.keyWindow = WindowID(2)
        copy.applicationState = .background
        #expect(original.version == 1 && original.windowList == [NavigationSnapshotTests.root])
        #expect(original.keyWindow == WindowID(1) && original.applicationState == .active)
        #expect(copy.windowList.map(\.id) == [WindowID(1), WindowID(2)] && copy.windowList[0].isHidden)
        #expect(copy != original)
    }

    @Test("a change made through a snapshot's property before the access throws is kept, as in a stored property")
    func changeBeforeAThrowIsKept() {
        struct Stop: Error {}
        func appendThenThrow(_ windows: inout WindowList) throws {
            windows.append(NavigationSnapshotTests.tutorial)
            throw Stop()
        }
        var snapshot = NavigationSnapshot(
            version: 1, levels: WindowLevel.builtIn, windows: [NavigationSnapshotTests.root],
            keyWindow: WindowID(1))
        #expect(throws: Stop.self) { try appendThenThrow(&snapshot.windowList) }
        #expect(snapshot.windowList.map(\.id) == [WindowID(1), WindowID(2)])
    }

    @Test("a snapshot and a record encode their fields under their properties' names and decode to equal values")
    func codable() throws {
        let snapshot = NavigationSnapshot(
            version: 4, levels: WindowLevel.builtIn,
            windows: [NavigationSnapshotTests.root, NavigationSnapshotTests.pin], keyWindow: WindowID(3))
        let record = TransitionRecord(
            id: TransitionID(4), request: .pop(.medium), before: snapshot, after: snapshot,
            hadAnimator: false, animation: .skipped(.noAnimator), extraFinishCalls: 0,
            startedAt: .seconds(1), endedAt: .seconds(2))
        let encoder = JSONEncoder()
        let snapshotJSON = try encoder.encode(snapshot), recordJSON = try encoder.encode(record)
        #expect(try JSONDecoder().decode(NavigationSnapshot.self, from: snapshotJSON) == snapshot)
        #expect(try JSONDecoder().decode(TransitionRecord.self, from: recordJSON) == record)
        let keys = try #require(try JSONSerialization.jsonObject(with: recordJSON) as? [String: Any]).keys
        #expect(Set(keys).isSuperset(of: ["id", "request", "before", "after", "animation", "startedAt", "endedAt"]))
        let snapshotKeys = try #require(try JSONSerialization.jsonObject(with: snapshotJSON) as? [String: Any]).keys
        #expect(
            Set(snapshotKeys) == ["version", "levels", "windows", "keyWindow", "unmanagedWindows", "applicationState", "covers"])
    }

    @Test("a record's wait and host fault, each stored behind one reference, encode their fields under their properties' names")
    func waitAndFaultCodable() throws {
        let snapshot = NavigationSnapshot(
            version: 4, levels: WindowLevel.builtIn, windows: [NavigationSnapshotTests.root],
            keyWindow: WindowID(1))
        let fault = HostFault(
            call: .show(WindowID(2)), transition: TransitionID(4), phase: .beforeAnimation,
            since: .seconds(3), phaseBegan: .seconds(1))
        let waited = WaitInfo(lane: .queued, sequence: 7, group: "search", newestArrival: 9)
        let record = TransitionRecord(
            id: TransitionID(4), request: .pop(.medium), before: snapshot, after: snapshot,
            hadAnimator: false, animation: .skipped(.noAnimator), extraFinishCalls: 0,
            startedAt: .seconds(1), endedAt: .seconds(4), waited: waited, hostFault: fault)
        let json = try JSONEncoder().encode(record)
        let decoded = try JSONDecoder().decode(TransitionRecord.self, from: json)
        #expect(decoded == record && decoded.waited == waited && decoded.hostFault == fault)
        #expect(
            decoded.waited?.group == "search" && decoded.waited?.newestArrival == 9
                && decoded.hostFault?.phaseBegan == .seconds(1))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let waitKeys = try #require(object["waited"] as? [String: Any]).keys
        #expect(Set(waitKeys) == ["lane", "sequence", "group", "newestArrival"])
        let faultObject = try #require(object["hostFault"] as? [String: Any])
        #expect(Set(faultObject.keys) == ["call", "transition", "phase", "since", "phaseBegan"])
        #expect(
            WaitInfo(lane: .queued, sequence: 7) != waited
                && HostFault(
                    call: fault.call, transition: TransitionID(5),
                    phase: .beforeAnimation, since: .seconds(3)) != fault
        )
    }
}
