import TransitionCoordinator
import TransitionCoordinatorUIKit

/// The UIKit host on the fake UIKit: a ``ContainerHost`` over a ``FakeKit``, one fake per window.
/// Each content change is applied before `setContent` returns, animated or not.
@MainActor
package final class FakeWindowHost: WindowHost {
    /// The host the UIKit host is: what decides.
    package let core: ContainerHost
    /// The fake UIKit's kit: its windows and the user's actions.
    package let kit: FakeKit
    package var controllers: WindowControllers { core.controllers }
    package private(set) var kits: [WindowID: FakeUIKit] = [:]
    /// Every list of operations applied, by window, in order.
    package private(set) var applied: [(WindowID, [Reconciler.Operation])] = []

    package init(timing: FakeUIKit.Timing = .instant) {
        kit = FakeKit(timing: timing)
        core = ContainerHost(kit: kit)
        kit.host = core
        core.controllers.didApply = { [unowned self] window, operations in applied.append((window, operations)) }
    }

    /// The coordinator the user's actions are reported to.
    package var coordinator: Coordinator? {
        get { core.coordinator }
        set { core.coordinator = newValue }
    }

    package func createWindow(_ window: ManagedWindow) async {
        await core.createWindow(window)
        if let made = controllers.window(window.id) as? FakeUIKit { kits[window.id] = made }
    }

    package func showWindow(_ id: WindowID) async { await core.showWindow(id) }
    package func hideWindow(_ id: WindowID) async { await core.hideWindow(id) }
    package func makeKey(_ id: WindowID, resigning unmanaged: [String]) async { await core.makeKey(id, resigning: unmanaged) }
    package func resetAppearance(_ id: WindowID) async { await core.resetAppearance(id) }
    package func destroyWindow(_ id: WindowID) async { await core.destroyWindow(id) }

    package func setContent(_ content: WindowContent, of window: WindowID, animated: Bool) async {
        await core.setContent(content, of: window, animated: animated)
        await core.settled(window)
    }

    /// Throws the first rule any window's fake saw broken, or a list an applier refused.
    package func throwIfBroken() throws {
        for kit in kits.values { try kit.throwIfViolated() }
        if let refusal = controllers.lastRefusal { throw refusal.error }
    }
}
