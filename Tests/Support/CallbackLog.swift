import TransitionCoordinator

/// What screens' callbacks were called, in order, as `didAdd mail` lines: the tests' witness.
package final class CallbackLog: Sendable {
    private let lines = Locked<[String]>([])

    /// An empty log.
    package init() {}

    /// The lines so far.
    package var calls: [String] { lines.withLock { $0 } }

    /// Appends `line`.
    package func note(_ line: String) { lines.withLock { $0.append(line) } }

    /// Forgets what was noted.
    package func clear() { lines.withLock { $0.removeAll() } }

    /// An item showing `screen` whose every callback notes its name and the screen's id.
    package func item(_ screen: Screen) -> StackItem {
        let id = screen.id
        return StackItem(screen, remove: { self.note("remove \(id)") }, didAdd: { self.note("didAdd \(id)") },
                         didRemove: { self.note("didRemove \(id)") }, didShow: { self.note("didShow \(id)") },
                         didHide: { self.note("didHide \(id)") })
    }

    /// How many times `line` was noted.
    package func count(_ line: String) -> Int { calls.filter { $0 == line }.count }
}
