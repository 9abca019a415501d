import TestSupport
import Testing
import TransitionCoordinator

/// The host receives its calls in the documented order: create and show before the animation,
/// reset only after an animator ran, makeKey before destroy, each outgoing window destroyed once.
@Suite("Host call order")
struct HostCallOrderTests {
    @Test("creating a coordinator creates, shows and keys the root window")
    func creation() async throws {
        let host = TestHost()
        let coordinator = await Coordinator(root: Screens.home, host: host, clock: TestClock())
        #expect(await host.calls.log == ["create #1", "show #1", "makeKey #1"])
        #expect(InvariantChecker.checkHost(await host.ledger, against: await coordinator.snapshot) == [])
    }

    /// A synchronous host that writes down what it is told.
    final class SynchronousLog: SynchronousWindowHost {
        let calls = Box<[HostCommand]>([])
        func apply(_ command: HostCommand) { calls.mutate { $0.append(command) } }
    }

    /// Made in a synchronous function, as a scene delegate makes one.
    static func madeSynchronously(host: any WindowHost) -> Coordinator {
        Coordinator(root: Screens.home, host: host, clock: TestClock())
    }

    @Test("a coordinator made synchronously calls the host only when started, and once however often it is started")
    func synchronousStart() async throws {
        let host = TestHost()
        let coordinator = Self.madeSynchronously(host: host)
        #expect(await host.calls.isEmpty, "nothing asked of the host yet")
        #expect(await coordinator.snapshot.rootWindow?.content == .screen(Screens.home))
        async let first: Void = coordinator.start()
        async let second: Void = coordinator.start()
        _ = await (first, second)
        await coordinator.start()
        #expect(await host.calls.log == ["create #1", "show #1", "makeKey #1"])
        #expect(InvariantChecker.checkHost(await host.ledger, against: await coordinator.snapshot) == [])
    }

    @Test(
        "a coordinator made synchronously and never started has the host set up by its first transition, before that transition's calls",
        arguments: [false, true])
    func synchronousFirstTransition(synchronousHost: Bool) async throws {
        let recording = TestHost(), log = SynchronousLog()
        let coordinator = Self.madeSynchronously(host: synchronousHost ? log : recording)
        try await coordinator.openWindow(Screens.pin, at: .medium)
        let calls = synchronousHost ? log.calls.value.log : await recording.calls.log
        #expect(calls == ["create #1", "show #1", "makeKey #1", "create #2", "show #2", "makeKey #2"])
        await coordinator.start()
        let after = synchronousHost ? log.calls.value.count : await recording.calls.count
        #expect(after == 6, "started already: nothing more")
    }

    @Test("an animated push: create, show, then reset every visible window bottom-up, then makeKey")
    func animatedPush() async throws {
        let fixture = await Fixture()
        try await fixture.coordinator.openWindow(Screens.pin, at: .medium, animator: GatedAnimator(.returnAtOnce))
        #expect(await fixture.calls.log == ["create #2", "show #2", "reset #1", "reset #2", "makeKey #2"])
    }

    @Test("a push without an animator: create, show, makeKey, and no reset")
    func plainPush() async throws {
        let fixture = await Fixture()
        try await fixture.coordinator.openWindow(Screens.pin, at: .medium)
        #expect(await fixture.calls.log == ["create #2", "show #2", "makeKey #2"])
    }

    @Test("a push below the top window creates and shows it but leaves the key alone")
    func pushBelowTop() async throws {
        let fixture = await Fixture()
        try await fixture.prepare([.push(Screens.pin, at: .medium)])
        try await fixture.coordinator.openWindow(Screens.tutorial, at: .low, animator: GatedAnimator(.returnAtOnce))
        #expect(await fixture.calls.log == ["create #3", "show #3"])
    }

    @Test("an animated pop: reset the staying windows, makeKey the new top, then destroy the popped window")
    func animatedPop() async throws {
        let fixture = await Fixture()
        try await fixture.prepare([.push(Screens.tutorial, at: .low), .push(Screens.pin, at: .medium)])
        try await fixture.coordinator.closeWindow(at: .medium, animator: GatedAnimator(.returnAtOnce))
        #expect(await fixture.calls == [.reset(w(1)), .reset(w(2)), .makeKey(w(2), resigning: []), .destroy(w(3))])
    }

    @Test("a pop of a window under the top window only destroys it")
    func popUnderTop() async throws {
        let fixture = await Fixture()
        try await fixture.prepare([.push(Screens.tutorial, at: .low), .push(Screens.pin, at: .medium)])
        try await fixture.coordinator.closeWindow(at: .low, animator: GatedAnimator(.returnAtOnce))
        #expect(await fixture.calls == [.destroy(w(2))])
    }

    @Test(
        "an animated replaceRoot over a stack: new root created and shown before the animation, then reset, makeKey, destroy each old window once"
    )
    func animatedReplaceRoot() async throws {
        let fixture = await Fixture()
        try await fixture.prepare([.push(Screens.tutorial, at: .low), .push(Screens.pin, at: .medium)])
        let animator = GatedAnimator()
        let caller = Task { await attempt { try await fixture.coordinator.replaceRoot(with: Screens.login, animator: animator) } }
        await animator.started()
        #expect(await fixture.calls.log == ["create #4", "show #4"])

        animator.open()
        let record = try #require(await caller.value.success)
        #expect(record.animation == .ran)
        #expect(
            await fixture.calls.log == [
                "create #4", "show #4", "reset #4", "makeKey #4", "destroy #1", "destroy #2", "destroy #3",
            ])
        let ledger = await fixture.host.ledger
        #expect(ledger.destroyedCount == 3)
        #expect([w(1), w(2), w(3)].allSatisfy(ledger.wasDestroyed) && !ledger.wasDestroyed(w(4)))
        #expect(ledger.live == [w(4)])
        #expect(ledger.key == w(4))
        #expect(InvariantChecker.checkHost(ledger, against: await fixture.snapshot) == [])
    }

    @Test("a skipped replaceRoot (app in background) makes no reset call")
    func skippedReplaceRoot() async throws {
        let fixture = await Fixture()
        try await fixture.prepare([.push(Screens.pin, at: .medium), .setApplicationState(.background)])
        let record = try await fixture.coordinator.replaceRoot(with: Screens.login, animator: GatedAnimator(.returnAtOnce))
        #expect(record.animation == .skipped(.applicationNotActive))
        #expect(await fixture.calls.log == ["create #3", "show #3", "makeKey #3", "destroy #1", "destroy #2"])
    }

    @Test("popAll: makeKey the root, then destroy every window above it bottom-up")
    func popAll() async throws {
        let fixture = await Fixture()
        try await fixture.prepare([
            .push(Screens.tutorial, at: .low), .push(Screens.pin, at: .medium),
            .push(Screens.shield, at: .high),
        ])
        try await fixture.coordinator.closeAllWindows()
        #expect(await fixture.calls == [.makeKey(w(1), resigning: []), .destroy(w(2)), .destroy(w(3)), .destroy(w(4))])
    }

    @Test("after a mixed sequence the host created = live + destroyed, each window destroyed once, and agrees with the snapshot")
    func balanceAfterSequence() async throws {
        let fixture = await Fixture()
        let animated = GatedAnimator(.returnAtOnce)
        try await fixture.coordinator.openWindow(Screens.tutorial, at: .low, animator: animated)
        try await fixture.coordinator.openWindow(Screens.pin, at: .medium, animator: animated)
        try await fixture.coordinator.closeWindow(at: .low)
        try await fixture.coordinator.openWindow(
            Screens.shield, at: .high, animator: GatedAnimator(.throwAtOnce(AnimationBroke.onPurpose)))
        try await fixture.coordinator.replaceRoot(with: Screens.login, animator: animated)
        try await fixture.coordinator.openWindow(Screens.tutorial, at: .low)
        try await fixture.coordinator.closeAllWindows(animator: animated)

        let ledger = await fixture.host.ledger
        let snapshot = await fixture.snapshot
        #expect(InvariantChecker.checkHost(ledger, against: snapshot) == [])
        #expect(ledger.createdCount == 6 && (1...6).map(w).allSatisfy(ledger.wasCreated) && !ledger.wasCreated(w(7)))
        #expect(ledger.destroyedCount == 5)
        #expect((1...6).map(w).filter(ledger.wasDestroyed) == [w(1), w(2), w(3), w(4), w(6)])
        #expect(ledger.live == [w(5)])
        #expect(ledger.anomalies == [])
        #expect(snapshot.windowList.map(\.id) == [w(5)])
    }
}
