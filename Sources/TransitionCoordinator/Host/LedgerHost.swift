/// A host actor that keeps a ``HostLedger``: every ``WindowHost`` call becomes one ``HostCall``.
///
/// Conform by providing ``record(_:)``; the protocol requirements come for free.
package protocol LedgerHost: WindowHost, Actor {
    /// Applies one call to the host's state.
    func record(_ call: HostCall)
}

extension LedgerHost {
    /// Records ``HostCall/create(_:)``.
    package func createWindow(_ window: Window) { record(.create(window.id)) }
    /// Records ``HostCall/show(_:)``.
    package func showWindow(_ id: WindowID) { record(.show(id)) }
    /// Records ``HostCall/hide(_:)``.
    package func hideWindow(_ id: WindowID) { record(.hide(id)) }
    /// Records ``HostCall/makeKey(_:resigning:)``.
    package func makeKey(_ id: WindowID, resigning unmanaged: [String]) { record(.makeKey(id, resigning: unmanaged)) }
    /// Records ``HostCall/reset(_:)``.
    package func resetAppearance(_ id: WindowID) { record(.reset(id)) }
    /// Records ``HostCall/destroy(_:)``.
    package func destroyWindow(_ id: WindowID) { record(.destroy(id)) }
    /// Records ``HostCall/createScreen(_:in:)``.
    package func createScreen(_ screen: Screen, in window: WindowID) { record(.createScreen(screen, in: window)) }
    /// Records ``HostCall/setContent(_:)``.
    package func setContent(_ content: WindowContent, of window: WindowID) { record(.setContent(window)) }
    /// Records ``HostCall/destroyScreen(_:in:)``.
    package func destroyScreen(_ screen: Screen, in window: WindowID) { record(.destroyScreen(screen, in: window)) }
}
