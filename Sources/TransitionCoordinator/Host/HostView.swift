/// What the host has been told so far: its live, visible and key windows, and each live window's
/// content and screens. A pure value.
///
/// When a host call gets stuck, the coordinator goes on without the host; once the call returns,
/// the view of what the host did is compared with the committed snapshot and the difference is
/// sent as one catch-up phase. Only built on those paths, never per transition.
struct HostView: Sendable, Hashable {
    var live: Set<WindowID>
    var visible: Set<WindowID>
    var key: WindowID?
    /// Each live window's content as last set (at creation or by `setContent`).
    var contents: [WindowID: WindowContent] = [:]
    /// Each live window's screens as created (with the window, or one by one).
    var screens: [WindowID: Set<Screen>] = [:]
    /// The live windows whose appearance reset the host missed (a stuck phase's calls never
    /// sent): an animator's changes stay on them until one is sent.
    var unreset: Set<WindowID> = []
    /// The app's unmanaged windows that resigned key in the model but whose resign the host
    /// missed (a stuck phase's `makeKey` never sent, or a transition committed to the model
    /// alone): the host's next `makeKey` names them.
    var owedResigns: Set<String> = []

    /// A host that has been told nothing yet.
    static let empty = HostView(live: [], visible: [], key: nil)

    init(live: Set<WindowID>, visible: Set<WindowID>, key: WindowID?) {
        self.live = live
        self.visible = visible
        self.key = key
    }

    /// The host's state after every call of the transitions that led to `snapshot` returned.
    init(_ snapshot: NavigationSnapshot) {
        live = Set(snapshot.windowList.map(\.id))
        visible = Set(snapshot.windowList.filter { !$0.isHidden }.map(\.id))
        key = snapshot.keyWindow
        for window in snapshot.windowList {
            contents[window.id] = window.content
            screens[window.id] = Set(window.content.screens)
        }
    }

    /// The view after `command` returned.
    mutating func apply(_ command: HostCommand) {
        switch command {
        case .create(let window):
            live.insert(window.id)
            contents[window.id] = window.content
            screens[window.id] = Set(window.content.screens)
        case .show(let id): visible.insert(id)
        case .hide(let id): visible.remove(id)
        case .makeKey(let id, let resigning):
            key = id
            owedResigns.subtract(resigning)
        case .reset(let id): unreset.remove(id)
        case .destroy(let id):
            live.remove(id)
            visible.remove(id)
            unreset.remove(id)
            contents[id] = nil
            screens[id] = nil
            if key == id { key = nil }
        case .createScreen(let screen, let window): screens[window, default: []].insert(screen)
        case .setContent(let content, let window, _): contents[window] = content
        case .destroyScreen(let screen, let window): screens[window]?.remove(screen)
        }
    }

    /// The view after `commands` returned, in order.
    func applying(_ commands: some Sequence<HostCommand>) -> HostView {
        var view = self
        for command in commands { view.apply(command) }
        return view
    }

    /// The view after the first `returned` of a stuck phase's `commands` returned: the rest
    /// were never sent, and the resets among them are owed.
    func applying(_ commands: [HostCommand], returned: Int) -> HostView {
        var view = applying(commands.prefix(returned))
        for command in commands.dropFirst(returned) {
            switch command {
            case .reset(let id) where view.live.contains(id):
                // Mutant: a reset the host missed is forgotten.
                if !planted(.missedResetForgotten) { view.unreset.insert(id) }
            case .makeKey(_, let resigning):
                view.owedResigns.formUnion(resigning)
            default:
                break
            }
        }
        return view
    }

    /// The calls that bring a host in this state to `snapshot`, in the order ``WindowHost``
    /// documents: hides first, of the windows the snapshot hides and of the visible ones it no
    /// longer has (a cover the catch-up puts up must find nothing above it visible: the host
    /// missed the transitions that hid or removed those windows), then creates and shows bottom
    /// to top, then the screens that arrived in staying windows and their content, then the
    /// resets the host missed (of windows shown in the snapshot, so an animator's changes do not
    /// stay), then the key with the resigns the host missed (of the unmanaged windows still
    /// registered, none of them key in the snapshot), then the screens that left staying windows,
    /// then destroys (a key window is never destroyed before its successor is key). Empty when
    /// the host is up to date.
    func catchUp(to snapshot: NavigationSnapshot) -> [HostCommand] {
        var commands: [HostCommand] = []
        let kept = Set(snapshot.windowList.map(\.id))
        for id in visible.subtracting(kept).sorted() { commands.append(.hide(id)) }
        for window in snapshot.windowList where window.isHidden && visible.contains(window.id) {
            commands.append(.hide(window.id))
        }
        for window in snapshot.windowList where !live.contains(window.id) {
            commands.append(.create(window))
            if !window.isHidden { commands.append(.show(window.id)) }
        }
        for window in snapshot.windowList where !window.isHidden && live.contains(window.id) && !visible.contains(window.id) {
            commands.append(.show(window.id))
        }
        var departed: [HostCommand] = []
        // A window whose content the view never learnt (made by the memberwise init) is taken as current.
        // A stuck phase may have set the content and left departed screens alive: screens and
        // content are compared each on its own.
        for window in snapshot.windowList where live.contains(window.id) {
            guard let content = contents[window.id], let had = screens[window.id] else { continue }
            let has = window.content.screens
            let staying = Set(has)
            guard content != window.content || had != staying else { continue }
            for screen in has where !had.contains(screen) { commands.append(.createScreen(screen, in: window.id)) }
            if content != window.content { commands.append(.setContent(window.content, of: window.id, animated: false)) }
            for screen in had.sorted(by: { ($0.id.rawValue, $0.description) < ($1.id.rawValue, $1.description) })
            where !staying.contains(screen) {
                departed.append(.destroyScreen(screen, in: window.id))
            }
        }
        for window in snapshot.windowList where !window.isHidden && unreset.contains(window.id) {
            commands.append(.reset(window.id))
        }
        let resigning = snapshot.unmanagedWindows.filter { !$0.isKey && owedResigns.contains($0.id) }.map(\.id).sorted()
        if let target = snapshot.keyWindow, target != key || !resigning.isEmpty {
            commands.append(.makeKey(target, resigning: resigning))
        }
        commands += departed
        for id in live.subtracting(kept).sorted() { commands.append(.destroy(id)) }
        return commands
    }
}
