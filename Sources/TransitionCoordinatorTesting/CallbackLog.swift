import Testing
import TransitionCoordinator

/// What screens' callbacks were called, in order, as `didAdd mail` lines: the tests' witness.
///
/// Give a push `item(_:)` instead of a bare screen: every callback of that screen then notes a
/// line here, in the order the coordinator calls them (which `ScreenEvent` documents). Safe
/// from any thread.
public final class CallbackLog: Sendable {
    private struct State {
        var lines: [String] = []
        /// Every line ever noted, the cleared ones too.
        var noted = 0
    }

    private let state = Locked(State())

    /// An empty log.
    public init() {}

    /// The lines so far.
    public var calls: [String] { state.withLock { $0.lines } }

    /// Appends `line`.
    public func note(_ line: String) {
        state.withLock { state in
            state.lines.append(line)
            state.noted += 1
        }
    }

    /// Forgets what was noted.
    public func clear() { state.withLock { $0.lines.removeAll() } }

    /// How many lines were ever noted, the cleared ones too: a mark for ``lines(since:)``.
    var linesNoted: Int { state.withLock { $0.noted } }

    /// The lines noted after `mark` (a ``linesNoted`` read before) that are still kept, and the
    /// mark after them: a test's ``clear()`` between the two forgets only the lines it cleared.
    func lines(since mark: Int) -> (lines: [String], mark: Int) {
        state.withLock { state in
            (Array(state.lines.suffix(min(state.noted - mark, state.lines.count))), state.noted)
        }
    }

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
        let actual = state.withLock { state in
            defer { if clearing { state.lines.removeAll() } }
            return state.lines
        }
        guard let diff = LineDiff(expected: expected, actual: actual) else { return true }
        Issue.record("the screens' callbacks differ from those expected:\n\(diff)", sourceLocation: sourceLocation)
        return false
    }
}
