/// One call the coordinator makes to its host, with what the call needs (the window to create).
///
/// Commands are values, so a phase of host calls is planned purely (``HostView/catchUp(to:)``,
/// the coordinator's phases) and then sent in order: to a ``SynchronousWindowHost`` inline, to
/// any other ``WindowHost`` through its async methods under the host timeout.
public enum HostCommand: Sendable, Hashable {
    /// ``WindowHost/createWindow(_:)``.
    case create(Window)
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

    /// The call as a ``HostCall`` names it (the window reduced to its id).
    public var call: HostCall {
        switch self {
        case .create(let window): .create(window.id)
        case .show(let id): .show(id)
        case .hide(let id): .hide(id)
        case .makeKey(let id, let resigning): .makeKey(id, resigning: resigning)
        case .reset(let id): .reset(id)
        case .destroy(let id): .destroy(id)
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
        }
    }
}

/// What the host has been told so far: its live, visible and key windows. A pure value.
///
/// When a host call gets stuck, the coordinator goes on without the host; once the call returns,
/// the view of what the host did is compared with the committed snapshot and the difference is
/// sent as one catch-up phase.
struct HostView: Sendable, Hashable {
    var live: Set<WindowID>
    var visible: Set<WindowID>
    var key: WindowID?

    /// A host that has been told nothing yet.
    static let empty = HostView(live: [], visible: [], key: nil)

    init(live: Set<WindowID>, visible: Set<WindowID>, key: WindowID?) {
        self.live = live
        self.visible = visible
        self.key = key
    }

    /// The host's state after every call of the transitions that led to `snapshot` returned.
    init(_ snapshot: NavigationSnapshot) {
        live = Set(snapshot.windows.map(\.id))
        visible = Set(snapshot.windows.filter { !$0.isHidden }.map(\.id))
        key = snapshot.keyWindow
    }

    /// The view after `command` returned.
    mutating func apply(_ command: HostCommand) {
        switch command {
        case .create(let window): live.insert(window.id)
        case .show(let id): visible.insert(id)
        case .hide(let id): visible.remove(id)
        case .makeKey(let id, _): key = id
        case .reset: break
        case .destroy(let id):
            live.remove(id)
            visible.remove(id)
            if key == id { key = nil }
        }
    }

    /// The view after `commands` returned, in order.
    func applying(_ commands: some Sequence<HostCommand>) -> HostView {
        var view = self
        for command in commands { view.apply(command) }
        return view
    }

    /// The calls that bring a host in this state to `snapshot`, in the order ``WindowHost``
    /// documents: hides first, of the windows the snapshot hides and of the visible ones it no
    /// longer has (a cover the catch-up puts up must find nothing above it visible: the host
    /// missed the transitions that hid or removed those windows), then creates and shows bottom
    /// to top, then the key, then destroys (a key window is never destroyed before its successor
    /// is key). Empty when the host is up to date.
    func catchUp(to snapshot: NavigationSnapshot) -> [HostCommand] {
        var commands: [HostCommand] = []
        let kept = Set(snapshot.windows.map(\.id))
        for id in visible.subtracting(kept).sorted() { commands.append(.hide(id)) }
        for window in snapshot.windows where window.isHidden && visible.contains(window.id) {
            commands.append(.hide(window.id))
        }
        for window in snapshot.windows where !live.contains(window.id) {
            commands.append(.create(window))
            if !window.isHidden { commands.append(.show(window.id)) }
        }
        for window in snapshot.windows where !window.isHidden && live.contains(window.id) && !visible.contains(window.id) {
            commands.append(.show(window.id))
        }
        if let target = snapshot.keyWindow, target != key { commands.append(.makeKey(target, resigning: [])) }
        for id in live.subtracting(kept).sorted() { commands.append(.destroy(id)) }
        return commands
    }
}
