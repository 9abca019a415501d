import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// An app's own flows, written as a client writes them: the public API and the testing product
/// only, every step stated exhaustively.
@Suite("An app's flows, stated step by step")
struct ClientFlowTests {
    @Test("shield and lock go up in the background; a show asked meanwhile waits, deferred, and runs after the unlock")
    func deferredShowAfterUnlock() async throws {
        let top = WindowLevel("top", rawValue: 4_000)
        let configuration = try CoordinatorConfiguration(
            levels: WindowLevel.builtIn + [top],
            shield: LifecycleCover(screen: Screen("shield"), level: top),
            lock: LifecycleCover(screen: Screen("pin"), level: .medium))
        let store = try await NavigationTestStore(root: .screen(Screen("home")), configuration: configuration)
        let coordinator = store.coordinator
        await store.step("to the background") {
            try await coordinator.system.background()
        } expect: {
            $0.state = ["root(0): home", "medium(2000): pin", "top(4000): shield", "app: background"]
            $0.records = [
                "set application state inactive: skipped (not animatable), from lifecycle",
                "set application state background: skipped (not animatable), from lifecycle",
            ]
            $0.events = [
                "began set application state inactive", "ended set application state inactive (skipped (not animatable))",
                "began set application state background",
                "ended set application state background (skipped (not animatable))",
            ]
        }
        var deferred: Task<TransitionRecord, any Error>?
        await store.step("a toast asked while locked waits") {
            var events = EventProbe(coordinator)
            deferred = Task {
                try await coordinator.openWindow(Screen("toast"), at: .high, whenLocked: .deferUntilUnlocked)
            }
            await events.waiting(.push(Screen("toast"), at: .high))
        } expect: {
            $0.events = ["waiting push toast at high(3000) (deferred)"]
        }
        await store.step("back, and unlocked") {
            try await coordinator.system.foreground()
            return try await deferred?.value
        } expect: {
            $0.state = ["root(0): home", "high(3000): toast"]
            $0.records = [
                "set application state inactive: skipped (not animatable), from lifecycle",
                "set application state active: skipped (not animatable), from lifecycle",
                "unlock: skipped (no animator)",
                "push toast at high(3000): skipped (no animator)",
            ]
            $0.events = [
                "began set application state inactive", "ended set application state inactive (skipped (not animatable))",
                "began set application state active", "ended set application state active (skipped (not animatable))",
                "began unlock", "ended unlock (skipped (no animator))",
                "began push toast at high(3000)", "ended push toast at high(3000) (skipped (no animator))",
            ]
        }
        await store.finish()
    }
}
