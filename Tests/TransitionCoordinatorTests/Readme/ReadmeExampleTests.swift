import Testing
import TransitionCoordinator

/// The README's examples, compiled and run as a client that only imports the library.
@Suite("README examples")
struct ReadmeExampleTests {
    static let fadeAnimator = CallbackAnimator { _, finish in finish() }

    @Test("the PIN quick start shows the PIN at medium, key, then pops it with the animation skipped in the background")
    func pinQuickStart() async throws {
        let (coordinator, pinUp, record) = try await ReadmeSnippets.quickStart()
        #expect(
            pinUp.description == """
                NavigationSnapshot v2 · app background
                ├─ high(3000)    —
                ├─ medium(2000)  #2 pin [key]
                ├─ low(1000)     —
                └─ root(0)       #1 home
                """)
        #expect(record.animation == .ran)
        #expect(await coordinator.keyWindow?.content == .screen(Screen("home")))
    }

    @Test("typed throws let a caller match a group of errors, or one case of it, directly")
    func typedCatch() async throws {
        let coordinator = await Coordinator(root: Screen("home"))
        try await coordinator.push(Screen("tutorial"), at: .low)
        let message = await ReadmeSnippets.typedCatch(coordinator)
        #expect(message.hasPrefix("invalid: level low(1000) is occupied by window #2"))
    }

    @Test("the lifecycle example puts up the shield, then the lock, and the PIN unlock takes it down")
    func lifecycleExample() async throws {
        let configuration = try CoordinatorConfiguration(
            covers: LifecycleCovers(
                shield: LifecycleCover(screen: Screen("shield"), level: .high),
                lock: LifecycleCover(screen: Screen("pin"), level: .medium)))
        let coordinator = await Coordinator(root: Screen("home"), configuration: configuration)
        _ = try? await coordinator.setApplicationState(.inactive)
        _ = try? await coordinator.setApplicationState(.background)
        #expect(
            await coordinator.snapshot.description == """
                NavigationSnapshot v2 · app background · locked
                ├─ high(3000)    #2 shield [key] (shield)
                ├─ medium(2000)  #3 pin (lock)
                ├─ low(1000)     —
                └─ root(0)       #1 home
                """)
        _ = try? await coordinator.setApplicationState(.active)
        let unlock = try await coordinator.unlock(animator: Self.fadeAnimator, policy: .enqueue)
        #expect(unlock.animation == .ran)
        #expect(await coordinator.snapshot.windows.map(\.level) == [.root])
    }
}
