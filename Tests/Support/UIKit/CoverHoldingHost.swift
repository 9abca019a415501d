import TransitionCoordinator

/// The fake UIKit host, with two calls a test holds: the first `setContent` until `content`
/// opens, and the first hide or destroy of a window at `coverLevel` (a cover going down) until
/// `down` opens, opening `downReached` first.
@MainActor
package final class CoverHoldingHost: WindowHost {
    package let inner = FakeWindowHost()
    package let coverLevel: WindowLevel
    package var content: Gate?
    package let down = Gate(), downReached = Gate()
    private var covers: Set<WindowID> = []
    private var heldDown = false
    package private(set) var calls: [String] = []

    package init(coverLevel: WindowLevel) { self.coverLevel = coverLevel }

    package func createWindow(_ window: ManagedWindow) async {
        calls.append("create \(window.id) at \(window.level)")
        if window.level == coverLevel { covers.insert(window.id) }
        await inner.createWindow(window)
    }

    package func showWindow(_ id: WindowID) async {
        calls.append("show \(id)")
        await inner.showWindow(id)
    }

    package func hideWindow(_ id: WindowID) async {
        calls.append("hide \(id)")
        await holdCoverDown(id)
        await inner.hideWindow(id)
    }

    package func makeKey(_ id: WindowID, resigning unmanaged: [String]) async { await inner.makeKey(id, resigning: unmanaged) }

    package func resetAppearance(_ id: WindowID) async { await inner.resetAppearance(id) }

    package func destroyWindow(_ id: WindowID) async {
        calls.append("destroy \(id)")
        await holdCoverDown(id)
        await inner.destroyWindow(id)
    }

    package func setContent(_ content: WindowContent, of window: WindowID, animated: Bool) async {
        calls.append("setContent \(window)")
        if let gate = self.content {
            self.content = nil
            await gate.wait()
        }
        await inner.setContent(content, of: window, animated: animated)
    }

    private func holdCoverDown(_ id: WindowID) async {
        guard covers.contains(id), !heldDown else { return }
        heldDown = true
        downReached.open()
        await down.wait()
    }
}
