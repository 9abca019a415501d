import TestSupport
import Testing
import TransitionCoordinator

/// Unmanaged windows: by default they resign key and are shown to animators; ignored, they are left alone.
@Suite("Unmanaged windows")
struct UnmanagedWindowTests {
    static let alert = UnmanagedWindow(id: "alert", zOrder: 2_500, isKey: true)
    static let ignoring = try! CoordinatorConfiguration(ignoresUnmanagedWindows: true)

    @Test("by default a registered key unmanaged window loses key status in the snapshot")
    func defaultModeClearsKeyInSnapshot() async throws {
        let fixture = await Fixture()
        let record = try await fixture.coordinator.registerUnmanagedWindow(Self.alert)
        #expect(record.after.unmanagedWindows == [UnmanagedWindow(id: "alert", zOrder: 2_500, isKey: false)])
        #expect(record.after.keyWindow == w(1))
        #expect(InvariantChecker.check(record.after) == [])
    }

    @Test("by default the host is told that a key unmanaged window resigns when it is registered")
    func defaultModeTellsHostToResign() async throws {
        let fixture = await Fixture()
        let record = try await fixture.coordinator.registerUnmanagedWindow(Self.alert)
        // The snapshot says 'alert' is no longer key, so the host must have made the managed key window key again.
        #expect(record.after.unmanagedWindows.first?.isKey == false)
        #expect(await fixture.calls == [.makeKey(w(1), resigning: ["alert"])])
    }

    @Test(
        "by default, across its registration and the next push, the host is told exactly once that a key unmanaged window resigns"
    )
    func defaultModeResignsOnNextKeyChange() async throws {
        let fixture = await Fixture()
        try await fixture.coordinator.registerUnmanagedWindow(Self.alert)
        let record = try await fixture.coordinator.openWindow(Screens.pin, at: .medium)

        #expect(record.after.unmanagedWindows.first?.isKey == false)
        #expect(await fixture.host.ledger.resignedUnmanaged == ["alert": 1])
    }

    @Test("by default an unmanaged window is listed to the animator as unmanaged, before and after")
    func defaultModeListsUnmanaged() async throws {
        let fixture = await Fixture()
        try await fixture.prepare([.registerUnmanagedWindow(Self.alert)])
        let animator = GatedAnimator(.returnAtOnce)
        try await fixture.coordinator.openWindow(Screens.pin, at: .medium, animator: animator)

        let context = try #require(animator.contexts.first)
        let listed = AnyWindow.unmanaged(UnmanagedWindow(id: "alert", zOrder: 2_500, isKey: false))
        let root = AnyWindow.managed(ManagedWindow(id: w(1), level: .root, content: .screen(Screens.home)))
        #expect(Set(context.underlyingFromWindows) == [listed])
        #expect(context.underlyingFromWindows.count == 1)
        #expect(Set(context.underlyingToWindows) == [root, listed])
        #expect(context.underlyingToWindows.count == 2)
    }

    @Test("the underlying windows are top-down by z-order, unmanaged ones among the managed ones")
    func underlyingWindowsTopDownByZOrder() async throws {
        let fixture = await Fixture()
        let below = UnmanagedWindow(id: "badge", zOrder: 500)
        try await fixture.prepare([.registerUnmanagedWindow(below), .push(Screens.tutorial, at: .low)])
        let animator = GatedAnimator(.returnAtOnce)
        try await fixture.coordinator.openWindow(Screens.pin, at: .medium, animator: animator)

        let context = try #require(animator.contexts.first)
        // badge@500 stands above root(0) and below low(1000).
        #expect(context.underlyingToWindows.map(\.label) == ["#2", "badge", "#1"])
        #expect(context.underlyingFromWindows.map(\.label) == ["badge", "#1"])
    }

    @Test("ignoring unmanaged windows, a key unmanaged window keeps key and is not listed to the animator")
    func ignoringModeLeavesThemAlone() async throws {
        let fixture = await Fixture(configuration: Self.ignoring)
        try await fixture.coordinator.registerUnmanagedWindow(Self.alert)
        #expect(await fixture.snapshot.unmanagedWindows == [Self.alert])
        #expect(await fixture.calls == [])

        let animator = GatedAnimator(.returnAtOnce)
        let record = try await fixture.coordinator.openWindow(Screens.pin, at: .medium, animator: animator)

        #expect(record.after.unmanagedWindows == [Self.alert])
        #expect(await fixture.calls.log == ["create #2", "show #2", "reset #1", "reset #2", "makeKey #2"])
        let context = try #require(animator.contexts.first)
        #expect(context.underlyingFromWindows == [])
        #expect(context.underlyingToWindows == [.managed(ManagedWindow(id: w(1), level: .root, content: .screen(Screens.home)))])
        #expect(InvariantChecker.check(record.after, ignoresUnmanagedWindows: true) == [])
        #expect(await fixture.coordinator.audit() == [])
    }

    @Test("registering the same id again replaces the window, and unregistering removes it")
    func registerUpdateUnregister() async throws {
        let fixture = await Fixture(configuration: Self.ignoring)
        try await fixture.coordinator.registerUnmanagedWindow(UnmanagedWindow(id: "alert", zOrder: 2_500))
        try await fixture.coordinator.registerUnmanagedWindow(UnmanagedWindow(id: "debug", zOrder: 100))
        let moved = try await fixture.coordinator.registerUnmanagedWindow(UnmanagedWindow(id: "alert", zOrder: 50, isKey: true))
        #expect(
            moved.after.unmanagedWindows == [
                UnmanagedWindow(id: "alert", zOrder: 50, isKey: true),
                UnmanagedWindow(id: "debug", zOrder: 100),
            ])
        let removed = try await fixture.coordinator.unregisterUnmanagedWindow(id: "alert")
        #expect(removed.after.unmanagedWindows == [UnmanagedWindow(id: "debug", zOrder: 100)])
        #expect(removed.animation == .skipped(.notAnimatable))
        #expect(await fixture.calls == [])
    }
}
