import Testing
import TransitionCoordinator

/// What screens' callbacks were called, in order, as `didAdd mail` lines: the tests' witness.
///
/// Give a push `item(_:)` instead of a bare screen: every callback of that screen then notes a
/// line here, in the order the coordinator calls them (which `ScreenEvent` documents). Safe
/// from any thread.
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

    /// An item showing `screen` whose every callback notes its name and the screen's id. With
    /// `remove`, the item's owner writes the departure back as an app's item does: it runs, on
    /// the main actor, right after `remove <id>` is noted.
    public func item(_ screen: some Hashable & Codable & Sendable, remove: (@MainActor @Sendable () -> Void)? = nil) -> StackItem
    {
        let id = ScreenID(of: screen)
        return StackItem(
            screen,
            remove: {
                self.note("remove \(id)")
                remove?()
            }, didAdd: { self.note("didAdd \(id)") },
            didRemove: { self.note("didRemove \(id)") }, didShow: { self.note("didShow \(id)") },
            didHide: { self.note("didHide \(id)") })
    }

    /// How many times `line` was noted.
    public func count(_ line: String) -> Int { calls.filter { $0 == line }.count }

    /// Records an issue, with a line-by-line diff, unless `calls` equal `expected`; then forgets
    /// them when `clearing` (the default), so the next expectation reads the next step alone.
    ///
    /// - Returns: whether the lines matched.
    @discardableResult
    public func expectCalls(
        _ expected: [String], clearing: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let actual = lines.withLock { lines in
            defer { if clearing { lines.removeAll() } }
            return lines
        }
        guard let diff = LineDiff(expected: expected, actual: actual) else { return true }
        Issue.record("the screens' callbacks differ from those expected:\n\(diff)", sourceLocation: sourceLocation)
        return false
    }
}
