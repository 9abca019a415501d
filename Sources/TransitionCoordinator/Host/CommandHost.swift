/// A host that takes each ``WindowHost`` call as one ``HostCommand``: the ``WindowHost`` methods
/// come for free, each forwarding its call to ``perform(_:)`` as the command that names it.
///
/// The package's own hosts (the default host, the harness's) are command hosts; an app implements
/// ``WindowHost``, the one public way to write a host. The calls reach
/// ``perform(_:)`` as they would reach the ``WindowHost`` methods, under the same rules (see
/// ``WindowHost``): in the order the coordinator makes them, one at a time, each phase bounded
/// by the host timeout, and a transition asked for from inside a call refused as re-entrant.
package protocol CommandHost: WindowHost {
    /// Carries out one call.
    func perform(_ command: HostCommand) async
}

extension CommandHost {
    /// Forwards to ``perform(_:)``.
    package func createWindow(_ window: ManagedWindow) async { await perform(.create(window)) }
    /// Forwards to ``perform(_:)``.
    package func showWindow(_ id: WindowID) async { await perform(.show(id)) }
    /// Forwards to ``perform(_:)``.
    package func hideWindow(_ id: WindowID) async { await perform(.hide(id)) }
    /// Forwards to ``perform(_:)``.
    package func makeKey(_ id: WindowID, resigning unmanaged: [String]) async {
        await perform(.makeKey(id, resigning: unmanaged))
    }
    /// Forwards to ``perform(_:)``.
    package func resetAppearance(_ id: WindowID) async { await perform(.reset(id)) }
    /// Forwards to ``perform(_:)``.
    package func destroyWindow(_ id: WindowID) async { await perform(.destroy(id)) }
    /// Forwards to ``perform(_:)``.
    package func createScreen(_ screen: Screen, in window: WindowID) async { await perform(.createScreen(screen, in: window)) }
    /// Forwards to ``perform(_:)``.
    package func setContent(_ content: WindowContent, of window: WindowID, animated: Bool) async {
        await perform(.setContent(content, of: window, animated: animated))
    }
    /// Forwards to ``perform(_:)``.
    package func destroyScreen(_ screen: Screen, in window: WindowID) async { await perform(.destroyScreen(screen, in: window)) }
}
