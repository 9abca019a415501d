import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// The README's examples, compiled and run as a client that imports the library and its testing
/// product: each flow stated step by step on a ``NavigationTestStore``.
@Suite("README examples")
struct ReadmeExampleTests {
    static let fadeAnimator = CallbackAnimator { _, finish in finish() }

    @Test("the PIN quick start shows the PIN at medium, key, then pops it with the animation skipped in the background")
    func pinQuickStart() async throws {
        let (coordinator, appDidEnterBackground, userEnteredPIN) = await ReadmeSnippets.quickStart()
        // The snippet's coordinator keeps the continuous clock: a timeout would show in its record.
        let store = await NavigationTestStore(coordinator: coordinator, clock: TestClock())
        await store.step("the app enters the background: the PIN goes up, unanimated") {
            await appDidEnterBackground()
        } expect: {
            $0.state = ["root(0): home", "medium(2000): pin", "app: background"]
            $0.records = [
                "set application state background: skipped (not animatable), from lifecycle",
                "push pin at medium(2000): skipped (no animator)",
            ]
            $0.events = [
                "began set application state background",
                "ended set application state background (skipped (not animatable))",
                "began push pin at medium(2000)",
                "ended push pin at medium(2000) (skipped (no animator))",
            ]
        }
        #expect(
            await coordinator.snapshot.description == """
                NavigationSnapshot v2 · app background
                ├─ high(3000)    —
                ├─ medium(2000)  #2 pin [key]
                ├─ low(1000)     —
                └─ root(0)       #1 home
                """)
        let record = await store.step("the user entered the PIN: active again, the PIN popped, animated") {
            try await userEnteredPIN()
        } expect: {
            $0.state = ["root(0): home"]
            $0.records = ["set application state active: skipped (not animatable), from lifecycle", "pop screen pin: ran"]
            $0.events = [
                "began set application state active",
                "ended set application state active (skipped (not animatable))",
                "began pop screen pin",
                "ended pop screen pin (ran)",
            ]
        }
        #expect(record?.animation == .ran)
        #expect(await coordinator.keyWindow?.content == .screen(Screen("home")))
        await store.finish()
    }

    @Test("typed throws let a caller match a group of errors, or one case of it, directly")
    func typedCatch() async throws {
        let store = try await NavigationTestStore(root: .screen(Screen("home")))
        await store.step("a tutorial at low") {
            try await store.coordinator.openWindow(Screen("tutorial"), at: .low)
        } expect: {
            $0.state = ["root(0): home", "low(1000): tutorial"]
            $0.records = ["push tutorial at low(1000): skipped (no animator)"]
            $0.events = ["began push tutorial at low(1000)", "ended push tutorial at low(1000) (skipped (no animator))"]
        }
        let message = await store.step("a second one at low: the typed catch reads the problem") {
            await ReadmeSnippets.typedCatch(store.coordinator)
        } expect: {
            $0.events = ["rejected push tutorial2 at low(1000): levelOccupied"]
        }
        #expect(message?.hasPrefix("invalid: level low(1000) is occupied by window #2") == true)
        await store.finish()
    }

    @Test("the lifecycle example puts up the shield, then the lock, and the PIN unlock takes it down")
    func lifecycleExample() async throws {
        let configuration = try CoordinatorConfiguration(
            shield: LifecycleCover(screen: Screen("shield"), level: .high),
            lock: LifecycleCover(screen: Screen("pin"), level: .medium))
        let store = try await NavigationTestStore(root: .screen(Screen("home")), configuration: configuration)
        let coordinator = store.coordinator
        await store.step("inactive: the shield goes up") {
            try await coordinator.setApplicationState(.inactive)
        } expect: {
            $0.state = ["root(0): home", "high(3000): shield", "app: inactive"]
            $0.records = ["set application state inactive: skipped (not animatable), from lifecycle"]
            $0.events = [
                "began set application state inactive",
                "ended set application state inactive (skipped (not animatable))",
            ]
        }
        await store.step("background: the lock goes up under the shield") {
            try await coordinator.setApplicationState(.background)
        } expect: {
            $0.state = ["root(0): home", "medium(2000): pin", "high(3000): shield", "app: background"]
            $0.records = ["set application state background: skipped (not animatable), from lifecycle"]
            $0.events = [
                "began set application state background",
                "ended set application state background (skipped (not animatable))",
            ]
        }
        #expect(
            await coordinator.snapshot.description == """
                NavigationSnapshot v2 · app background · locked
                ├─ high(3000)    #2 shield [key] (shield)
                ├─ medium(2000)  #3 pin (lock)
                ├─ low(1000)     —
                └─ root(0)       #1 home
                """)
        await store.step("active: the shield comes down, the lock stays") {
            try await coordinator.setApplicationState(.active)
        } expect: {
            $0.state = ["root(0): home", "medium(2000): pin"]
            $0.records = ["set application state active: skipped (not animatable), from lifecycle"]
            $0.events = ["began set application state active", "ended set application state active (skipped (not animatable))"]
        }
        let unlock = await store.step("the PIN unlocks: only the root is left") {
            try await coordinator.unlock(animator: Self.fadeAnimator, policy: .enqueue)
        } expect: {
            $0.state = ["root(0): home"]
            $0.records = ["unlock: ran"]
            $0.events = ["began unlock", "ended unlock (ran)"]
        }
        #expect(unlock?.animation == .ran)
        #expect(await coordinator.snapshot.windowList.map(\.level) == [.root])
        await store.finish()
    }
}
