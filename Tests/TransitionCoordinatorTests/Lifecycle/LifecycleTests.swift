import TestSupport
import Testing
import TransitionCoordinator

/// Background and foreground while transitions animate: the privacy shield, the lock screen and
/// the promise that nothing but the shield is ever on top of the lock.
@Suite("Lifecycle: shield and lock")
struct LifecycleTests {
    static let banner = WindowLevel("banner", rawValue: 2_500)
    static let shieldScreen = Screen("shield")
    static let pinScreen = Screen("pin")
    static let bannerScreen = Screen("banner")

    /// Built-in levels plus `banner` between the lock (`medium`) and the shield (`high`).
    static func configuration(shield: Bool = true, lock: Bool = true, deferredLimit: Int = 32) throws -> CoordinatorConfiguration
    {
        try CoordinatorConfiguration(
            levels: WindowLevel.builtIn + [banner],
            shield: shield ? LifecycleCover(screen: shieldScreen, level: .high) : nil,
            lock: lock ? LifecycleCover(screen: pinScreen, level: .medium) : nil,
            deferredLimit: deferredLimit)
    }

    @Test("going inactive puts the shield up unanimated, top-most and key")
    func inactiveRaisesShield() async throws {
        let fixture = await Fixture(configuration: try Self.configuration())
        let record = try await fixture.coordinator.setApplicationState(.inactive)

        let shield = try #require(record.after.shieldWindow)
        #expect(shield.content == .screen(Self.shieldScreen))
        #expect(record.after.topMostVisibleWindow == shield)
        #expect(record.after.keyWindow == shield.id)
        #expect(record.animation == .skipped(.notAnimatable))
        #expect(await fixture.calls == [.create(shield), .show(shield.id), .makeKey(shield.id, resigning: [])])
    }

    @Test("background during an animated push: the push completes underneath and the lock ends on top and key")
    func backgroundDuringPush() async throws {
        let fixture = await Fixture(configuration: try Self.configuration(shield: false))
        let animator = GatedAnimator()
        let push = Task {
            await attempt { try await fixture.coordinator.openWindow(Screens.tutorial, at: .low, animator: animator) }
        }
        await animator.started()

        let background = try await fixture.coordinator.setApplicationState(.background)

        let pushed = try #require(await push.value.success)
        #expect(pushed.animation == .preempted)
        #expect(background.before == pushed.after)
        let lock = try #require(background.after.lockWindow)
        #expect(background.after.topMostVisibleWindow == lock)
        #expect(background.after.keyWindow == lock.id)
        #expect(background.after.window(at: .low)?.content == .screen(Screens.tutorial))
        #expect(InvariantChecker.check(background.after).isEmpty)
    }

    @Test("with both covers, background puts the lock up beneath the shield, which stays top-most and key")
    func backgroundWithBothCovers() async throws {
        let fixture = await Fixture(configuration: try Self.configuration())
        let record = try await fixture.coordinator.setApplicationState(.background)
        let shield = try #require(record.after.shieldWindow)
        let lock = try #require(record.after.lockWindow)
        #expect(record.after.visibleWindowsTopDown.map(\.id) == [shield.id, lock.id, w(1)])
        #expect(record.after.keyWindow == shield.id)
    }

    @Test("shield, lock, foreground, unlock: windows above the lock are hidden, never destroyed, and shown again")
    func fullCycle() async throws {
        let fixture = await Fixture(configuration: try Self.configuration())
        try await fixture.prepare([.push(Self.bannerScreen, at: Self.banner), .push(Screens.tutorial, at: .low)])
        let banner = try #require(await fixture.snapshot.window(at: Self.banner))

        let inactive = try await fixture.coordinator.setApplicationState(.inactive)
        #expect(inactive.after.window(at: Self.banner)?.isHidden == false)
        #expect(inactive.after.keyWindow == inactive.after.shieldWindow?.id)

        let background = try await fixture.coordinator.setApplicationState(.background)
        let lock = try #require(background.after.lockWindow)
        #expect(background.after.window(at: Self.banner)?.isHidden == true)

        let active = try await fixture.coordinator.setApplicationState(.active)
        #expect(active.after.shieldWindow == nil)
        #expect(active.after.lockWindow == lock)
        #expect(active.after.keyWindow == lock.id)
        #expect(active.after.window(at: Self.banner)?.isHidden == true)

        let animator = GatedAnimator(.returnAtOnce)
        let unlock = try await fixture.coordinator.unlock(animator: animator)
        #expect(unlock.after.lockWindow == nil)
        #expect(unlock.after.window(at: Self.banner) == banner)
        #expect(unlock.after.keyWindow == banner.id)
        #expect(unlock.animation == .ran)
        #expect(animator.contexts.map(\.topFromWindow.id) == [lock.id])
        #expect(animator.contexts.map(\.topToWindow.id) == [banner.id])

        let calls = await fixture.calls
        #expect(!calls.contains(.destroy(banner.id)))
        #expect(calls.filter { $0 == .hide(banner.id) }.count == 1)
        #expect(calls.filter { $0 == .show(banner.id) }.count == 1)
        #expect(InvariantChecker.checkHost(await fixture.host.ledger, against: await fixture.snapshot).isEmpty)
        #expect(InvariantChecker.checkHistory(await fixture.coordinator.history).isEmpty)
    }

    @Test("coming back to active removes the shield but never the lock")
    func activeKeepsLock() async throws {
        let fixture = await Fixture(configuration: try Self.configuration())
        try await fixture.coordinator.setApplicationState(.background)
        let record = try await fixture.coordinator.setApplicationState(.active)
        #expect(record.after.shieldWindow == nil)
        #expect(record.after.isLocked)
        #expect(record.after.keyWindow == record.after.lockWindow?.id)
    }

    static let refusedWhileLocked: [TransitionRequest] = [
        .push(bannerScreen, at: banner),
        .pop(.medium),
        .popScreen("pin"),
    ]

    @Test(
        "while locked, a request that would show something above the lock or remove it is refused as locked",
        arguments: refusedWhileLocked)
    func refusedWhenLocked(request: TransitionRequest) async throws {
        let fixture = await Fixture(configuration: try Self.configuration(shield: false))
        try await fixture.coordinator.setApplicationState(.background)
        let before = await fixture.snapshot
        let lock = try #require(before.lockWindow)

        await #expect(throws: TransitionError.refused(.locked(lock: lock))) { try await fixture.coordinator.perform(request) }
        #expect(await fixture.snapshot == before)
    }

    @Test("while locked, a push below the lock is allowed and stays under it")
    func pushBelowLock() async throws {
        let fixture = await Fixture(configuration: try Self.configuration(shield: false))
        try await fixture.coordinator.setApplicationState(.background)
        let record = try await fixture.coordinator.openWindow(Screens.tutorial, at: .low, animator: GatedAnimator(.returnAtOnce))
        #expect(record.after.keyWindow == record.after.lockWindow?.id)
        #expect(record.animation == .skipped(.applicationNotActive))
    }

    @Test("requests deferred while locked wait, in order, and run after the unlock")
    func deferredRunAfterUnlock() async throws {
        let fixture = await Fixture(configuration: try Self.configuration(shield: false))
        var probe = EventProbe(fixture.coordinator)
        try await fixture.coordinator.setApplicationState(.background)
        let first = TransitionRequest.push(Self.bannerScreen, at: Self.banner)
        let second = TransitionRequest.push(Screens.shield, at: .high)
        let a = Task { await attempt { try await fixture.coordinator.perform(first, whenLocked: .deferUntilUnlocked) } }
        #expect(await probe.waiting(first) == .deferred)
        let b = Task { await attempt { try await fixture.coordinator.perform(second, whenLocked: .deferUntilUnlocked) } }
        #expect(await probe.waiting(second) == .deferred)
        #expect(await fixture.snapshot.window(at: Self.banner) == nil)

        try await fixture.coordinator.setApplicationState(.active)
        let unlock = try await fixture.coordinator.unlock()
        let ranFirst = try #require(await a.value.success)
        let ranSecond = try #require(await b.value.success)
        #expect([unlock.id, ranFirst.id, ranSecond.id] == [t(3), t(4), t(5)])
        #expect(ranFirst.waited?.description == "deferred #1")
        #expect(ranSecond.waited?.description == "deferred #2")
        #expect(ranFirst.before == unlock.after)
    }

    @Test("the deferred queue is bounded: one more is refused as deferredQueueFull")
    func deferredBounded() async throws {
        let fixture = await Fixture(configuration: try Self.configuration(shield: false, deferredLimit: 1))
        var probe = EventProbe(fixture.coordinator)
        try await fixture.coordinator.setApplicationState(.background)
        let request = TransitionRequest.push(Self.bannerScreen, at: Self.banner)
        let waiting = Task { await attempt { try await fixture.coordinator.perform(request, whenLocked: .deferUntilUnlocked) } }
        await probe.waiting(request)
        await #expect(throws: TransitionError.refused(.deferredQueueFull(limit: 1))) {
            try await fixture.coordinator.openWindow(Screens.shield, at: .high, whenLocked: .deferUntilUnlocked)
        }
        try await fixture.coordinator.setApplicationState(.active)
        try await fixture.coordinator.unlock()
        #expect(await waiting.value.success != nil)
    }

    @Test("a lifecycle event goes ahead of waiting requests, preempting the animation in flight")
    func lifecycleGoesFirst() async throws {
        let fixture = await Fixture(configuration: try Self.configuration())
        var probe = EventProbe(fixture.coordinator)
        let animator = GatedAnimator()
        let push = Task {
            await attempt { try await fixture.coordinator.openWindow(Screens.tutorial, at: .low, animator: animator) }
        }
        await animator.started()
        let queued = TransitionRequest.push(Self.bannerScreen, at: Self.banner)
        let waiter = Task { await attempt { try await fixture.coordinator.perform(queued, policy: .enqueue) } }
        await probe.waiting(queued)

        let inactive = try await fixture.coordinator.setApplicationState(.inactive)

        #expect(await push.value.success?.animation == .preempted)
        #expect(inactive.id == t(2))
        #expect(inactive.waited?.description == "lifecycle #2")
        let banner = try #require(await waiter.value.success)
        #expect(banner.id == t(3))
        #expect(banner.after.keyWindow == banner.after.shieldWindow?.id)
    }

    @Test("an unlock with no lock up is refused as notLocked")
    func unlockWithoutLock() async throws {
        let fixture = await Fixture(configuration: try Self.configuration())
        await #expect(throws: TransitionError.invalid(.notLocked)) { try await fixture.coordinator.unlock() }
    }

    @Test("the covers' levels are reserved: app requests naming them are refused", arguments: [WindowLevel.medium, .high])
    func reservedLevels(level: WindowLevel) async throws {
        let fixture = await Fixture(configuration: try Self.configuration())
        await #expect(throws: TransitionError.invalid(.levelReserved(level))) {
            try await fixture.coordinator.openWindow(Screens.tutorial, at: level)
        }
    }

    @Test("popAll and replaceRoot send the app's windows away but keep the shield and the lock")
    func coversSurviveStackChanges() async throws {
        let fixture = await Fixture(configuration: try Self.configuration())
        try await fixture.coordinator.openWindow(Screens.tutorial, at: .low)
        try await fixture.coordinator.setApplicationState(.background)
        let covers = await fixture.snapshot.windowList.filter { [.medium, .high].contains($0.level) }

        let popAll = try await fixture.coordinator.closeAllWindows()
        #expect(popAll.after.windowList.filter { $0.level != .root } == covers)
        let replaced = try await fixture.coordinator.replaceRoot(with: Screens.login)
        #expect(replaced.after.windowList.filter { $0.level != .root } == covers)
        #expect(replaced.after.rootWindow?.content == .screen(Screens.login))
        #expect(replaced.after.keyWindow == replaced.after.shieldWindow?.id)
    }
}
