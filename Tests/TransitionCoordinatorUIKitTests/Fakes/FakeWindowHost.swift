import TransitionCoordinator
import TransitionCoordinatorUIKit

/// The UIKit host's twin on the fake UIKit: one fake per window, its content driven by
/// ``WindowControllers`` as the UIKit host drives real containers. Each content change is
/// applied before `setContent` returns (the fake has no animations to wait for).
@MainActor
final class FakeWindowHost: WindowHost {
    let controllers = WindowControllers()
    private(set) var kits: [WindowID: FakeUIKit] = [:]
    /// Every list of operations applied, by window, in order.
    private(set) var applied: [(WindowID, [Reconciler.Operation])] = []

    init() {
        controllers.didApply = { [unowned self] window, operations in applied.append((window, operations)) }
    }

    func createWindow(_ window: ManagedWindow) async {
        let kit = FakeUIKit()
        kits[window.id] = kit
        await controllers.create(window, in: kit, factory: kit)
    }

    func showWindow(_ id: WindowID) async {}
    func hideWindow(_ id: WindowID) async {}
    func makeKey(_ id: WindowID, resigning unmanaged: [String]) async {}
    func resetAppearance(_ id: WindowID) async {}

    func destroyWindow(_ id: WindowID) async {
        await controllers.destroy(id)
    }

    func setContent(_ content: WindowContent, of window: WindowID) async {
        await controllers.show(content, in: window, animated: false)
        await controllers.settled(window)
    }

    /// Throws the first rule any window's fake saw broken, or a list an applier refused.
    func throwIfBroken() throws {
        for kit in kits.values { try kit.throwIfViolated() }
        if let refusal = controllers.lastRefusal { throw refusal.error }
    }
}
