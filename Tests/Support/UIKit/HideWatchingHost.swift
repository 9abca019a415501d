import TransitionCoordinator
import TransitionCoordinatorUIKit

/// A container host that says when the coordinator asks it to hide a window, then forwards every
/// call unchanged: a test waits for that call instead of counting yields.
@MainActor
package final class HideWatchingHost: WindowHost {
    package let core: ContainerHost
    /// Called with the window's id as each `hideWindow` arrives, before the host handles it.
    package var onHide: (@MainActor (WindowID) -> Void)?

    package init(_ core: ContainerHost) { self.core = core }

    package func createWindow(_ window: ManagedWindow) async { await core.createWindow(window) }
    package func showWindow(_ id: WindowID) async { await core.showWindow(id) }
    package func hideWindow(_ id: WindowID) async {
        onHide?(id)
        await core.hideWindow(id)
    }
    package func makeKey(_ id: WindowID, resigning unmanaged: [String]) async { await core.makeKey(id, resigning: unmanaged) }
    package func resetAppearance(_ id: WindowID) async { await core.resetAppearance(id) }
    package func destroyWindow(_ id: WindowID) async { await core.destroyWindow(id) }
    package func setContent(_ content: WindowContent, of window: WindowID, animated: Bool) async {
        await core.setContent(content, of: window, animated: animated)
    }
    package func settled(_ id: WindowID) async { await core.settled(id) }
}
