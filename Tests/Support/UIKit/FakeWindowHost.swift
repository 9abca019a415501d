import TransitionCoordinator
import TransitionCoordinatorUIKit

/// The UIKit host's twin on the fake UIKit: one fake per window, its content driven by
/// ``WindowControllers`` as the UIKit host drives real containers. Each content change is
/// applied before `setContent` returns (the fake has no animations to wait for).
@MainActor
package final class FakeWindowHost: WindowHost {
    package let controllers = WindowControllers()
    package private(set) var kits: [WindowID: FakeUIKit] = [:]
    /// Every list of operations applied, by window, in order.
    package private(set) var applied: [(WindowID, [Reconciler.Operation])] = []

    package init() {
        controllers.didApply = { [unowned self] window, operations in applied.append((window, operations)) }
    }

    package func createWindow(_ window: ManagedWindow) async {
        let kit = FakeUIKit()
        kits[window.id] = kit
        await controllers.create(window, in: kit, factory: kit)
    }

    package func showWindow(_ id: WindowID) async {}
    package func hideWindow(_ id: WindowID) async {}
    package func makeKey(_ id: WindowID, resigning unmanaged: [String]) async {}
    package func resetAppearance(_ id: WindowID) async {}

    package func destroyWindow(_ id: WindowID) async {
        await controllers.destroy(id)
    }

    package func setContent(_ content: WindowContent, of window: WindowID, animated: Bool) async {
        await controllers.show(content, in: window, animated: animated)
        await controllers.settled(window)
    }

    /// Throws the first rule any window's fake saw broken, or a list an applier refused.
    package func throwIfBroken() throws {
        for kit in kits.values { try kit.throwIfViolated() }
        if let refusal = controllers.lastRefusal { throw refusal.error }
    }
}
