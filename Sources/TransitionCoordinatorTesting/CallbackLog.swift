import TransitionCoordinator

/// What screens' callbacks were called, in order, as `didAdd mail` lines: the tests' witness.
public final class CallbackLog: Sendable {
    private let lines = Locked<[String]>([])

    /// An empty log.
    public init() {}

    /// The lines so far.
    public var calls: [String] { lines.withLock { $0 } }

    /// Appends `line`.
    public func note(_ line: String) { lines.withLock { $0.append(line) } }

    /// Forgets what was noted.
    public func clear() { lines.withLock { $0.removeAll() } }

    /// An item showing `screen` whose every callback notes its name and the screen's id.
    public func item(_ screen: Screen) -> StackItem {
        let id = screen.id
        return StackItem(screen, remove: { self.note("remove \(id)") }, didAdd: { self.note("didAdd \(id)") },
                         didRemove: { self.note("didRemove \(id)") }, didShow: { self.note("didShow \(id)") },
                         didHide: { self.note("didHide \(id)") })
    }

    /// How many times `line` was noted.
    public func count(_ line: String) -> Int { calls.filter { $0 == line }.count }
}
