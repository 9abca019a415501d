import Examples
import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// CFANavigationWindow's PIN window, run headless: on the fake UIKit, as the UIKit example's
/// scene delegate drives it, and on the SwiftUI example's model.
@Suite("Example: a PIN window over the app on background")
struct PINLockTests {
    /// An animator that finishes at once.
    static let finish = CallbackAnimator { _, done in done() }

    @Test("on the fake UIKit: the PIN window goes up over home in the background, and comes down only once the app is active")
    @MainActor
    func onFakeUIKit() async throws {
        let host = FakeWindowHost()
        let lock = try PINLock(host: host)
        await lock.coordinator.start()
        #expect(names(try await shown(by: host, of: lock.coordinator)) == ["home"])
        #expect(try await shown(at: .medium, by: host, of: lock.coordinator) == nil)

        try await lock.didEnterBackground()
        #expect(try await shown(at: .medium, by: host, of: lock.coordinator) == .destination(PINLock.Destination.pin))
        #expect(names(try await shown(by: host, of: lock.coordinator)) == ["home"], "home stays under the lock")
        #expect(await lock.isLocked)

        await #expect(throws: TransitionError.invalid(.unlockWhileNotActive(.background))) {
            try await lock.pinEntered(animator: Self.finish)
        }
        try await lock.didBecomeActive()
        #expect(await lock.isLocked, "coming back does not unlock")

        let unlocked = try await lock.pinEntered(animator: Self.finish)
        #expect(unlocked.animation.animatorWasCalled)
        #expect(try await shown(at: .medium, by: host, of: lock.coordinator) == nil)
        #expect(host.controllers.windows.count == 1, "the PIN window's controllers were released")
        #expect(!(await lock.isLocked))
    }

    @Test("on the model: the key window's model shows the PIN while locked, then home again")
    @MainActor
    func onModel() async throws {
        let lock = try PINLock()
        let model = NavigationModel(coordinator: lock.coordinator, scope: .keyWindow)
        await model.refresh()
        #expect(model.state.content == PINLock.home)

        try await lock.didEnterBackground()
        await model.refresh()
        #expect(model.state.content == .destination(PINLock.Destination.pin))
        #expect(model.state.level == .medium)

        try await lock.didBecomeActive()
        try await lock.pinEntered()
        await model.refresh()
        #expect(model.state.content == PINLock.home)
    }
}
