/// The coordinator's whole state as one value: every window, the key window, the app state.
///
/// A snapshot is only ever taken between transitions, so it never shows a half-applied one.
/// ``description`` prints it as a tree, levels top-down, the key window marked.
public struct NavigationSnapshot: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Increases by one with every committed transition; the chain check relies on it.
    public var version: UInt64
    /// The levels the coordinator was configured with above the root, bottom to top.
    public var levels: [WindowLevel]
    /// Managed windows ordered bottom to top; the first is the root window.
    public var windows: [Window]
    /// The key window, the top-most visible managed window.
    public var keyWindow: WindowID?
    /// Windows the app registered but the coordinator does not manage.
    public var unmanagedWindows: [UnmanagedWindow]
    /// The application state the coordinator last committed.
    public var applicationState: ApplicationState
    /// The shield and lock screen the coordinator was configured with (their levels are reserved).
    public var covers: LifecycleCovers

    /// Builds a snapshot; the coordinator makes the live ones.
    public init(version: UInt64, levels: [WindowLevel], windows: [Window], keyWindow: WindowID?,
                unmanagedWindows: [UnmanagedWindow] = [], applicationState: ApplicationState = .active,
                covers: LifecycleCovers = .none) {
        self.version = version
        self.levels = levels
        self.windows = windows
        self.keyWindow = keyWindow
        self.unmanagedWindows = unmanagedWindows
        self.applicationState = applicationState
        self.covers = covers
    }

    /// The root window (the one at ``WindowLevel/root``).
    public var rootWindow: Window? { windows.first { $0.level == .root } }

    /// The window at `level`, if any.
    public func window(at level: WindowLevel) -> Window? { windows.first { $0.level == level } }

    /// The window with `id`, if it is live.
    public func window(_ id: WindowID) -> Window? { windows.first { $0.id == id } }

    /// The window whose content shows the screen `id`, if any.
    public func window(showing id: ScreenID) -> Window? {
        windows.first { window in window.content.screens.contains { $0.id == id } }
    }

    /// The top-most window that is not hidden: the one a person sees.
    public var topMostVisibleWindow: Window? { windows.last { !$0.isHidden } }

    /// Visible windows, top to bottom.
    public var visibleWindowsTopDown: [Window] { windows.reversed().filter { !$0.isHidden } }

    /// The levels above the root that hold no window.
    public var freeLevels: [WindowLevel] { levels.filter { window(at: $0) == nil } }

    /// The snapshot as a tree a person reads at a glance, levels top-down, the key window marked.
    ///
    ///     NavigationSnapshot v3 · app active
    ///     ├─ high(3000)    —
    ///     ├─ medium(2000)  #3 pin [key]
    ///     ├─ low(1000)     #2 tutorial
    ///     └─ root(0)       #1 home
    public var description: String {
        var lines = ["NavigationSnapshot v\(version) · app \(applicationState)" + (isLocked ? " · locked" : "")]
        let all = ([WindowLevel.root] + levels).sorted().reversed()
        let width = all.map { $0.description.count }.max() ?? 0
        for (index, level) in all.enumerated() {
            let branch = index == all.count - 1 ? "└─ " : "├─ "
            let label = level.description + String(repeating: " ", count: width + 2 - level.description.count)
            var cell = "—"
            if let window = window(at: level) {
                cell = window.description + (window.id == keyWindow ? " [key]" : "")
                if level == covers.shield?.level { cell += " (shield)" }
                if level == covers.lock?.level { cell += " (lock)" }
            }
            lines.append(branch + label + cell)
        }
        if !unmanagedWindows.isEmpty {
            lines.append("unmanaged: " + unmanagedWindows.map(\.description).joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
