/// One call the coordinator makes to its host, with what the call needs (the window to create).
///
/// Commands are values, so a phase of host calls is planned purely (``HostView/catchUp(to:)``,
/// the coordinator's phases) and then sent in order: to a ``SynchronousWindowHost`` inline, to
/// any other ``WindowHost`` through its async methods under the host timeout.
public enum HostCommand: Sendable, Hashable {
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
    /// ``WindowHost/setContent(_:of:)``.
    case setContent(WindowContent, of: WindowID)
    /// ``WindowHost/destroyScreen(_:in:)``.
    case destroyScreen(Screen, in: WindowID)

    /// The call as a ``HostCall`` names it (the window reduced to its id, the content to its window).
    package var call: HostCall {
        switch self {
        case .create(let window): .create(window.id)
        case .show(let id): .show(id)
        case .hide(let id): .hide(id)
        case .makeKey(let id, let resigning): .makeKey(id, resigning: resigning)
        case .reset(let id): .reset(id)
        case .destroy(let id): .destroy(id)
        case .createScreen(let screen, let window): .createScreen(screen, in: window)
        case .setContent(_, let window): .setContent(window)
        case .destroyScreen(let screen, let window): .destroyScreen(screen, in: window)
        }
    }

    /// Makes the call on `host`.
    func send(to host: any WindowHost) async {
        switch self {
        case .create(let window): await host.createWindow(window)
        case .show(let id): await host.showWindow(id)
        case .hide(let id): await host.hideWindow(id)
        case .makeKey(let id, let resigning): await host.makeKey(id, resigning: resigning)
        case .reset(let id): await host.resetAppearance(id)
        case .destroy(let id): await host.destroyWindow(id)
        case .createScreen(let screen, let window): await host.createScreen(screen, in: window)
        case .setContent(let content, let window): await host.setContent(content, of: window)
        case .destroyScreen(let screen, let window): await host.destroyScreen(screen, in: window)
        }
    }
}
