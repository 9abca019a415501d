/// One call the coordinator makes to its host, with what the call needs (the window to create,
/// the content to show): the list of host calls, written once.
///
/// The coordinator plans each phase of host calls as commands, purely (`HostView.catchUp(to:)`,
/// the coordinator's phases), then sends them in order: to a synchronous host (the default one) through
/// its `apply(_:)`, to any other ``WindowHost`` through the method each command names (see
/// `send(to:)`), under the host timeout. The same values are what the library's own hosts keep:
/// `HostLedger` applies them, the testing product's `TestHost` records them, and a ``HostFault``
/// names the one that did not return.
///
/// ``WindowHost`` restates the list as nine methods, the form an app implements; this one stays
/// inside the package (a record, the testing host and the harness name calls by it).
//
// Two translations join the two forms, and the compiler checks both: `send(to:)` (a command to
// its method) switches over every case, and `CommandHost` (a method to its command) gives a
// conforming host every `WindowHost` method. A new call is a case here, a method on
// `WindowHost`, an arm in `send(to:)`, a forwarder in `CommandHost` and one in `TestHost`.
package enum HostCommand: Sendable, Hashable, Codable, CustomStringConvertible {
    /// ``WindowHost/createWindow(_:)``.
    case create(ManagedWindow)
    /// ``WindowHost/showWindow(_:)``.
    case show(WindowID)
    /// ``WindowHost/hideWindow(_:)``.
    case hide(WindowID)
    /// ``WindowHost/makeKey(_:resigning:)``.
    case makeKey(WindowID, resigning: [String])
    /// ``WindowHost/resetAppearance(_:)``.
    case reset(WindowID)
    /// ``WindowHost/destroyWindow(_:)``.
    case destroy(WindowID)
    /// ``WindowHost/createScreen(_:in:)``.
    case createScreen(Screen, in: WindowID)
    /// ``WindowHost/setContent(_:of:animated:)``.
    case setContent(WindowContent, of: WindowID, animated: Bool)
    /// ``WindowHost/destroyScreen(_:in:)``.
    case destroyScreen(Screen, in: WindowID)

    /// The call by its window's id, as `create #2` or `set content of #1` (a created window's
    /// content and a new content are left out: they are in the snapshot).
    package var description: String {
        switch self {
        case .create(let window): "create \(window.id)"
        case .show(let id): "show \(id)"
        case .hide(let id): "hide \(id)"
        case .makeKey(let id, let resigning):
            "makeKey \(id)" + (resigning.isEmpty ? "" : " resigning \(resigning.joined(separator: ","))")
        case .reset(let id): "reset \(id)"
        case .destroy(let id): "destroy \(id)"
        case .createScreen(let screen, let window): "create screen \(screen) in \(window)"
        case .setContent(_, let window, let animated): "set content of \(window)" + (animated ? " animated" : "")
        case .destroyScreen(let screen, let window): "destroy screen \(screen) in \(window)"
        }
    }

    /// Makes the call on `host`: the command's ``WindowHost`` method, awaited from where the
    /// caller runs (so a call from the host's own actor needs no hop).
    nonisolated(nonsending) func send(to host: any WindowHost) async {
        switch self {
        case .create(let window): await host.createWindow(window)
        case .show(let id): await host.showWindow(id)
        case .hide(let id): await host.hideWindow(id)
        case .makeKey(let id, let resigning): await host.makeKey(id, resigning: resigning)
        case .reset(let id): await host.resetAppearance(id)
        case .destroy(let id): await host.destroyWindow(id)
        case .createScreen(let screen, let window): await host.createScreen(screen, in: window)
        case .setContent(let content, let window, let animated): await host.setContent(content, of: window, animated: animated)
        case .destroyScreen(let screen, let window): await host.destroyScreen(screen, in: window)
        }
    }
}
