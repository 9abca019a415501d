import Testing
import TransitionCoordinator

/// Invariants 3 (levels) and 4 (key) on one snapshot: each deliberately broken state is caught.
@Suite("Snapshot invariants")
struct SnapshotInvariantTests {
    static let root = ManagedWindow(id: WindowID(1), level: .root, content: .screen(Screens.home))
    static let tutorial = ManagedWindow(id: WindowID(2), level: .low, content: .screen(Screens.tutorial))
    static let pin = ManagedWindow(id: WindowID(3), level: .medium, content: .screen(Screens.pin))

    static func snapshot(_ windows: [ManagedWindow], key: WindowID?, unmanaged: [UnmanagedWindow] = []) -> NavigationSnapshot {
        NavigationSnapshot(version: 1, levels: WindowLevel.builtIn, windows: windows, keyWindow: key, unmanagedWindows: unmanaged)
    }

    @Test("a valid snapshot has no violations")
    func valid() {
        #expect(InvariantChecker.check(Self.snapshot([Self.root, Self.tutorial, Self.pin], key: WindowID(3))) == [])
    }

    @Test("two root windows break the levels invariant")
    func twoRoots() {
        let second = ManagedWindow(id: WindowID(2), level: .root, content: .screen(Screens.login))
        let found = InvariantChecker.check(Self.snapshot([Self.root, second], key: WindowID(2)))
        #expect(found.map(\.invariant) == [.levels, .levels])
        #expect(found.first == InvariantViolation(.levels, "2 root windows, expected exactly 1"))
    }

    @Test("no root window breaks the levels invariant")
    func noRoot() {
        let found = InvariantChecker.check(Self.snapshot([Self.tutorial], key: WindowID(2)))
        #expect(
            found == [
                InvariantViolation(.levels, "0 root windows, expected exactly 1"),
                InvariantViolation(.levels, "the bottom window #2 tutorial is not the root"),
            ])
    }

    @Test("windows out of level order break the levels invariant")
    func unorderedLevels() {
        let found = InvariantChecker.check(Self.snapshot([Self.root, Self.pin, Self.tutorial], key: WindowID(2)))
        #expect(found == [InvariantViolation(.levels, "#3 pin at medium(2000) is not below #2 tutorial at low(1000)")])
    }

    @Test("two windows at one level break the levels invariant")
    func twoWindowsAtOneLevel() {
        let other = ManagedWindow(id: WindowID(4), level: .low, content: .screen(Screens.login))
        let found = InvariantChecker.check(Self.snapshot([Self.root, Self.tutorial, other], key: WindowID(4)))
        #expect(found.map(\.invariant) == [.levels])
    }

    @Test("a window at an unconfigured level breaks the levels invariant")
    func unconfiguredLevel() {
        let stray = ManagedWindow(id: WindowID(4), level: WindowLevel("stray", rawValue: 1_500), content: .screen(Screens.login))
        let found = InvariantChecker.check(Self.snapshot([Self.root, stray], key: WindowID(4)))
        #expect(found == [InvariantViolation(.levels, "#4 login stands at unconfigured level stray(1500)")])
    }

    @Test("a hidden root window breaks the levels invariant (and, with no cover below it, invariant 10)")
    func hiddenRoot() {
        let hidden = ManagedWindow(id: WindowID(1), level: .root, content: .screen(Screens.home), isHidden: true)
        let found = InvariantChecker.check(Self.snapshot([hidden, Self.tutorial], key: WindowID(2)))
        #expect(
            found == [
                InvariantViolation(.levels, "the root window is hidden"),
                InvariantViolation(.shieldAndLock, "#1 home (hidden) is hidden with no cover below it"),
            ])
    }

    @Test("a window id that appears twice breaks the levels invariant")
    func windowIDTwice() {
        let twin = ManagedWindow(id: WindowID(2), level: .medium, content: .screen(Screens.pin))
        let found = InvariantChecker.check(Self.snapshot([Self.root, Self.tutorial, twin], key: WindowID(2)))
        #expect(found == [InvariantViolation(.levels, "a window id appears twice: [#1, #2, #2]")])
    }

    @Test("a screen shown twice breaks the levels invariant")
    func screenShownTwice() {
        let again = ManagedWindow(id: WindowID(4), level: .high, content: .screen(Screens.pin))
        let found = InvariantChecker.check(Self.snapshot([Self.root, Self.pin, again], key: WindowID(4)))
        #expect(found.map(\.invariant) == [.levels])
    }

    @Test(
        "a key window that is not the top-most visible one breaks the key invariant",
        arguments: [
            (WindowID(1) as WindowID?, "key window #1 is not the top-most visible window #3 pin"),
            (WindowID(2) as WindowID?, "key window #2 is not the top-most visible window #3 pin"),
            (nil as WindowID?, "key window none is not the top-most visible window #3 pin"),
        ])
    func keyNotTopMost(key: WindowID?, detail: String) {
        let found = InvariantChecker.check(Self.snapshot([Self.root, Self.tutorial, Self.pin], key: key))
        #expect(found == [InvariantViolation(.key, detail)])
    }

    @Test("a key on a window hidden above the lock breaks the key invariant; the key belongs to the top visible one")
    func keyOnHiddenWindow() {
        let covers = LifecycleCovers(lock: LifecycleCover(screen: Screen("lock"), level: .low))
        let lock = ManagedWindow(id: WindowID(2), level: .low, content: .screen(Screen("lock")))
        let hiddenPin = ManagedWindow(id: WindowID(3), level: .medium, content: .screen(Screens.pin), isHidden: true)
        func snapshot(key: UInt64) -> NavigationSnapshot {
            NavigationSnapshot(
                version: 1, levels: WindowLevel.builtIn, windows: [Self.root, lock, hiddenPin],
                keyWindow: WindowID(key), applicationState: .background, covers: covers)
        }
        #expect(InvariantChecker.check(snapshot(key: 3)).map(\.invariant) == [.key, .shieldAndLock])
        #expect(InvariantChecker.check(snapshot(key: 2)) == [])
    }

    @Test("an unmanaged key window breaks the key invariant in default mode, not when unmanaged windows are ignored")
    func unmanagedKey() {
        let snapshot = Self.snapshot(
            [Self.root], key: WindowID(1),
            unmanaged: [UnmanagedWindow(id: "alert", zOrder: 2_500, isKey: true)])
        #expect(InvariantChecker.check(snapshot) == [InvariantViolation(.key, "unmanaged window alert is key beside managed #1")])
        #expect(InvariantChecker.check(snapshot, ignoresUnmanagedWindows: true) == [])
    }
}
