/// The coordinator's whole state as one value: every window, the key window, the app state.
///
/// A snapshot is only ever taken between transitions, so it never shows a half-applied one.
/// ``description`` prints it as a tree, levels top-down, the key window marked.
public struct NavigationSnapshot: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The snapshot's values, under one reference (a ``SharedValue``): copying a snapshot (into a
    /// plan, a record, an event) retains one object instead of every array and string in it. The
    /// planner builds the next state as a `Fields` and boxes it once (``init(fields:)``).
    struct Fields: Sendable, Hashable, Codable {
        var version: UInt64
        var levels: [WindowLevel]
        /// Bottom to top, in level order, one window a level (invariant 3) in every snapshot a
        /// coordinator makes.
        var windows: WindowList
        var keyWindow: WindowID?
        var unmanagedWindows: [UnmanagedWindow]
        var applicationState: ApplicationState
        var covers: LifecycleCovers
    }

    /// The box, immutable: a change makes a new one (``fields``), so a box is shared freely.
    private var storage: SharedValue<Fields>

    /// Every value at once, for the properties' setters; a change boxes the changed values anew
    /// (the coordinator changes snapshots only through the planner, which boxes once per plan).
    private var fields: Fields {
        get { storage.value }
        _modify {
            var fields = storage.value
            // Boxed on every exit, so a change made before a throwing access threw is kept, as it
            // would be in a stored property.
            defer { storage = SharedValue(fields) }
            yield &fields
        }
    }

    /// A snapshot of `fields`.
    init(fields: Fields) { storage = SharedValue(fields) }

    /// Increases by one with every committed transition; the chain check relies on it.
    public var version: UInt64 {
        get { storage.value.version }
        _modify { yield &fields.version }
    }
    /// The levels the coordinator was configured with above the root, bottom to top.
    public var levels: [WindowLevel] {
        get { storage.value.levels }
        _modify { yield &fields.levels }
    }
    /// Managed windows ordered bottom to top; the first is the root window.
    ///
    /// An array made when read (read it once, not per window in a loop): the snapshot keeps the
    /// windows in pages that consecutive snapshots share, so a transition copies only the part it
    /// changes.
    public var windows: [ManagedWindow] {
        get { Array(storage.value.windows) }
        set { fields.windows = WindowList(newValue) }
    }
    /// The managed windows as the snapshot keeps them: a ``WindowList``, which consecutive
    /// snapshots share in part, so the coordinator's own reads and changes copy no array.
    package var windowList: WindowList {
        get { storage.value.windows }
        _modify { yield &fields.windows }
    }
    /// The key window, the top-most visible managed window.
    public var keyWindow: WindowID? {
        get { storage.value.keyWindow }
        _modify { yield &fields.keyWindow }
    }
    /// Windows the app registered but the coordinator does not manage.
    public var unmanagedWindows: [UnmanagedWindow] {
        get { storage.value.unmanagedWindows }
        _modify { yield &fields.unmanagedWindows }
    }
    /// The application state the coordinator last committed.
    public var applicationState: ApplicationState {
        get { storage.value.applicationState }
        _modify { yield &fields.applicationState }
    }
    /// The shield and lock screen the coordinator was configured with (their levels are reserved).
    package var covers: LifecycleCovers {
        get { storage.value.covers }
        _modify { yield &fields.covers }
    }

    /// Builds a snapshot; the coordinator makes the live ones.
    package init(
        version: UInt64, levels: [WindowLevel], windows: [ManagedWindow], keyWindow: WindowID?,
        unmanagedWindows: [UnmanagedWindow] = [], applicationState: ApplicationState = .active,
        covers: LifecycleCovers = .none
    ) {
        storage = SharedValue(
            Fields(
                version: version, levels: levels, windows: WindowList(windows), keyWindow: keyWindow,
                unmanagedWindows: unmanagedWindows, applicationState: applicationState, covers: covers))
    }

    /// Decodes the fields a snapshot encodes (the same keys as its properties).
    public init(from decoder: any Decoder) throws { storage = SharedValue(try Fields(from: decoder)) }

    /// Encodes every field under its property's name.
    public func encode(to encoder: any Encoder) throws { try storage.value.encode(to: encoder) }

    /// Snapshots are equal when every field is.
    public static func == (lhs: NavigationSnapshot, rhs: NavigationSnapshot) -> Bool { lhs.storage == rhs.storage }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) { storage.hash(into: &hasher) }

    /// The root window (the one at ``WindowLevel/root``).
    public var rootWindow: ManagedWindow? { windowList.first { $0.level == .root } }

    /// The window at `level`, if any.
    public func window(at level: WindowLevel) -> ManagedWindow? { windowList.first { $0.level == level } }

    /// The window with `id`, if it is live.
    public func window(_ id: WindowID) -> ManagedWindow? { windowList.first { $0.id == id } }

    /// ``window(at:)`` by binary search, for a snapshot whose windows stand in level order, one
    /// per level, as in every snapshot a coordinator makes (invariant 3; the planner and the
    /// commit ask on every transition, over up to every configured level). On a snapshot out of
    /// that order it may miss a window.
    func windowInLevelOrder(at level: WindowLevel) -> ManagedWindow? {
        let windows = storage.value.windows
        let index = Self.firstIndex(notBelow: level, count: windows.count) { windows[$0].level }
        return index < windows.endIndex && windows[index].level == level ? windows[index] : nil
    }

    /// Whether `level` is one of ``levels``, by binary search: a coordinator's levels are sorted
    /// by raw value, which no two share (``CoordinatorConfiguration`` checks it).
    func configures(_ level: WindowLevel) -> Bool {
        let levels = storage.value.levels
        let index = Self.firstIndex(notBelow: level, count: levels.count) { levels[$0] }
        return index < levels.endIndex && levels[index] == level
    }

    /// The first of `count` positions, in raw-value order, whose level (`levelAt`) is not below
    /// `level`'s raw value (`count` when none is): a binary search.
    private static func firstIndex(notBelow level: WindowLevel, count: Int, levelAt: (Int) -> WindowLevel) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if levelAt(middle).rawValue < level.rawValue { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// `windows` (bottom to top) without `destroyed` and with `created` each in its level's place,
    /// built in one pass: a new window stands below the first staying window at its level or above.
    static func merged(
        _ windows: [ManagedWindow], removing destroyed: [ManagedWindow], inserting created: [ManagedWindow]
    ) -> [ManagedWindow] {
        let incoming = created.count > 1 ? created.sorted { $0.level < $1.level } : created
        var result: [ManagedWindow] = []
        result.reserveCapacity(windows.count + incoming.count)
        var next = incoming.startIndex
        // A transition closes few windows, and a snapshot holds one a level: a scan of the closed
        // ones per window is short.
        for window in windows where !destroyed.contains(where: { $0.id == window.id }) {
            while next < incoming.endIndex, !(incoming[next].level > window.level) {
                result.append(incoming[next])
                next += 1
            }
            result.append(window)
        }
        result.append(contentsOf: incoming[next...])
        return result
    }

    /// The window whose content shows the screen `id`, if any.
    public func window(showing id: ScreenID) -> ManagedWindow? { storage.value.windows.first { Self.shows($0.content, id) } }

    /// Whether `content` shows `id`, a lone screen checked without copying it out of its box (a
    /// push scans every window with this).
    private static func shows(_ content: borrowing WindowContent, _ id: ScreenID) -> Bool {
        switch content {
        case .screen(let screen): screen.id == id
        default: (copy content).shows(id)
        }
    }

    /// The top-most window that is not hidden: the one a person sees.
    public var topMostVisibleWindow: ManagedWindow? { windowList.last { !$0.isHidden } }

    /// ``topMostVisibleWindow``'s id.
    var topMostVisibleWindowID: WindowID? { windowList.last { !$0.isHidden }?.id }

    /// Visible windows, top to bottom.
    package var visibleWindowsTopDown: [ManagedWindow] { windowList.filter { !$0.isHidden }.reversed() }

    /// The levels above the root that hold no window.
    package var freeLevels: [WindowLevel] { levels.filter { window(at: $0) == nil } }

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
