import Testing
import TransitionCoordinator

/// A window host for tests: records every call in order as readable lines (`create #2`,
/// `show #2`, `makeKey #2`), keeps the windows as the calls left them, and runs a hook the test
/// sets before each call counts as returned (so a call can wait at a ``Gate``, or ask the
/// coordinator for a transition, for as long as the test wants).
///
/// An actor: its calls are applied one at a time, in the order the coordinator sends them. A
/// call is recorded and applied only once its hook returns, as a real host's call has taken
/// effect only once it returns. `note(_:)` puts a marker into the order of calls (from an
/// animator, say). `expectCalls(_:sourceLocation:)` compares the lines with what a test states
/// and records one issue with a line-by-line diff when they differ.
public actor TestHost: WindowHost {
    /// One entry of the host's log: a call that returned, or a marker.
    package enum Entry: Sendable, Hashable, CustomStringConvertible {
        /// A host call that returned.
        case call(HostCommand)
        /// A marker put in by ``TestHost/note(_:)``.
        case note(String)

        /// The call as a line (`show #2`), or `note <text>`.
        package var description: String {
            switch self {
            case .call(let call): "\(call)"
            case .note(let text): "note \(text)"
            }
        }
    }

    /// The windows as this host sees them (calls that returned).
    package private(set) var ledger = HostLedger()
    /// Calls that returned and notes, in order.
    package private(set) var log: [Entry] = []
    private var hook: (@Sendable (HostCommand) async -> Void)?

    /// A host with no windows, no calls and no hook.
    public init() {}

    /// The calls that returned, in order, as values (the package's own tests compare them).
    package var calls: [HostCommand] {
        log.compactMap { if case .call(let call) = $0 { call } else { nil } }
    }

    /// The log as lines: `create #2`, `show #2`, `note animating`.
    public var lines: [String] { log.map(\.description) }

    /// The windows created and not destroyed, by id.
    public var liveWindows: Set<WindowID> { ledger.live }

    /// The windows shown and not hidden or destroyed, by id.
    public var visibleWindows: Set<WindowID> { ledger.visible }

    /// The key window, if any.
    public var keyWindow: WindowID? { ledger.key }

    /// Runs `hook` at the start of every later call, given the call as its line (`create #2`,
    /// `show #2`, as ``lines`` writes it; nil: no hook). The call returns once `hook` does: a
    /// hook that waits at a ``Gate`` holds the coordinator's host call there, as a host that is
    /// stuck would.
    public func setHook(_ hook: (@Sendable (_ line: String) async -> Void)?) {
        guard let hook else {
            self.hook = nil
            return
        }
        self.hook = { @Sendable call in await hook(call.description) }
    }

    /// ``setHook(_:)`` given each call as a value (the package's own tests match on it).
    package func setCommandHook(_ hook: (@Sendable (HostCommand) async -> Void)?) { self.hook = hook }

    /// Puts a marker into the log.
    public func note(_ text: String) { log.append(.note(text)) }

    /// Forgets the log (the windows stay as they are), so a test reads one step's calls.
    public func clearLog() { log.removeAll() }

    /// The ids among `ids` that are not live at this host.
    public func dead(among ids: [WindowID]) -> [WindowID] { ids.filter { !ledger.live.contains($0) } }

    /// Records `window`'s creation.
    public func createWindow(_ window: ManagedWindow) async { await perform(.create(window)) }
    /// Records `id` shown.
    public func showWindow(_ id: WindowID) async { await perform(.show(id)) }
    /// Records `id` hidden.
    public func hideWindow(_ id: WindowID) async { await perform(.hide(id)) }
    /// Records `id` made key, and the unmanaged windows `unmanaged` made to resign.
    public func makeKey(_ id: WindowID, resigning unmanaged: [String]) async { await perform(.makeKey(id, resigning: unmanaged)) }
    /// Records `id`'s appearance reset.
    public func resetAppearance(_ id: WindowID) async { await perform(.reset(id)) }
    /// Records `id` destroyed.
    public func destroyWindow(_ id: WindowID) async { await perform(.destroy(id)) }
    /// Records `screen` created in `window`.
    public func createScreen(_ screen: Screen, in window: WindowID) async { await perform(.createScreen(screen, in: window)) }
    /// Records `window`'s content set to `content`.
    public func setContent(_ content: WindowContent, of window: WindowID, animated: Bool) async {
        await perform(.setContent(content, of: window, animated: animated))
    }
    /// Records `screen` destroyed in `window`.
    public func destroyScreen(_ screen: Screen, in window: WindowID) async { await perform(.destroyScreen(screen, in: window)) }

    /// Runs the hook, then logs the call and applies it to the ledger.
    package func perform(_ call: HostCommand) async {
        if let hook { await hook(call) }
        log.append(.call(call))
        ledger.apply(call)
    }

    /// Records an issue, with a line-by-line diff, unless `lines` equal `expected`; then clears
    /// the log when `clearing` (the default), so the next expectation reads the next step alone.
    ///
    /// - Returns: whether the lines matched.
    @discardableResult
    public func expectCalls(
        _ expected: [String], clearing: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let actual = lines
        if clearing { log.removeAll() }
        guard let diff = LineDiff(expected: expected, actual: actual) else { return true }
        Issue.record("the host's calls differ from those expected:\n\(diff)", sourceLocation: sourceLocation)
        return false
    }
}
