import Testing
import TransitionCoordinator

/// Invariant 10 fires on deliberately broken states, and holds on real ones.
@Suite("Invariant 10: shield and lock")
struct ShieldAndLockInvariantTests {
    static let banner = WindowLevel("banner", rawValue: 2_500)
    static let covers = LifecycleCovers(
        shield: LifecycleCover(screen: Screen("shield"), level: .high),
        lock: LifecycleCover(screen: Screen("pin"), level: .medium))
    static let root = ManagedWindow(id: w(1), level: .root, content: .screen(Screens.home))
    static let lock = ManagedWindow(id: w(2), level: .medium, content: .screen(Screen("pin")))
    static let shield = ManagedWindow(id: w(3), level: .high, content: .screen(Screen("shield")))

    static func snapshot(_ windows: [ManagedWindow], key: WindowID?, state: ApplicationState = .background) -> NavigationSnapshot
    {
        NavigationSnapshot(
            version: 1, levels: WindowLevel.builtIn + [banner], windows: windows, keyWindow: key,
            applicationState: state, covers: covers)
    }

    @Test("a correct locked, shielded state passes")
    func correctStatePasses() {
        let hidden = ManagedWindow(id: w(4), level: Self.banner, content: .screen(Screen("banner")), isHidden: true)
        #expect(InvariantChecker.check(Self.snapshot([Self.root, Self.lock, hidden, Self.shield], key: w(3))).isEmpty)
    }

    @Test("a window visible above the lock fires")
    func visibleAboveLock() {
        let visible = ManagedWindow(id: w(4), level: Self.banner, content: .screen(Screen("banner")))
        let found = InvariantChecker.checkCovers(Self.snapshot([Self.root, Self.lock, visible], key: w(4), state: .active))
        #expect(found.contains { $0.invariant == .shieldAndLock && $0.detail.contains("visible above the lock") })
    }

    @Test("the lock not key while the shield is down fires")
    func lockNotKey() {
        let found = InvariantChecker.checkCovers(Self.snapshot([Self.root, Self.lock], key: w(1), state: .active))
        #expect(found.contains { $0.detail.contains("key window is #1") })
    }

    @Test("a shield that is not the key window fires")
    func shieldNotKey() {
        let found = InvariantChecker.checkCovers(Self.snapshot([Self.root, Self.lock, Self.shield], key: w(2)))
        #expect(found.contains { $0.detail.contains("the shield") && $0.detail.contains("key window #2") })
    }

    @Test("a shield up while the app is active fires; the same windows in the background pass")
    func shieldWhileActive() {
        let windows = [Self.root, Self.lock, Self.shield]
        #expect(InvariantChecker.checkCovers(Self.snapshot(windows, key: w(3))).isEmpty)
        let found = InvariantChecker.checkCovers(Self.snapshot(windows, key: w(3), state: .active))
        #expect(found.map(\.detail) == ["the shield \(Self.shield) is up while the app is active"])
    }

    @Test("a shield down while the app is not active fires")
    func shieldMissing() {
        let found = InvariantChecker.checkCovers(Self.snapshot([Self.root, Self.lock], key: w(2), state: .inactive))
        #expect(found.contains { $0.detail.contains("the shield is down") })
    }

    @Test("a window hidden with no cover below it fires")
    func hiddenWithoutCover() {
        let hidden = ManagedWindow(id: w(4), level: .low, content: .screen(Screens.tutorial), isHidden: true)
        let found = InvariantChecker.checkCovers(Self.snapshot([Self.root, hidden], key: w(1), state: .active))
        #expect(found.contains { $0.detail.contains("hidden with no cover") })
    }

    @Test("a record that removes the lock other than by unlock fires")
    func lockRemovedByPop() {
        let before = Self.snapshot([Self.root, Self.lock], key: w(2), state: .active)
        var after = Self.snapshot([Self.root], key: w(1), state: .active)
        after.version = 2
        let record = TransitionRecord(
            id: t(1), request: .pop(.medium), before: before, after: after, hadAnimator: false,
            animation: .skipped(.noAnimator), extraFinishCalls: 0, startedAt: .zero, endedAt: .zero)
        #expect(InvariantChecker.checkCoverTransition(record).contains { $0.detail.contains("only an unlock may") })
    }

    @Test("a lifecycle event that destroys an app window fires")
    func lifecycleDestroys() {
        let tutorial = ManagedWindow(id: w(5), level: .low, content: .screen(Screens.tutorial))
        let before = Self.snapshot([Self.root, tutorial], key: w(5), state: .active)
        var after = Self.snapshot([Self.root, Self.shield], key: w(3), state: .inactive)
        after.version = 2
        let record = TransitionRecord(
            id: t(1), request: .setApplicationState(.inactive), before: before, after: after,
            hadAnimator: false, animation: .skipped(.notAnimatable), extraFinishCalls: 0,
            startedAt: .zero, endedAt: .zero)
        #expect(InvariantChecker.checkCoverTransition(record).contains { $0.detail.contains("never destroyed") })
    }
}
