import TransitionCoordinator

/// A host for adversarial tests: keeps a ``HostLedger`` and every call in order, and runs a hook
/// the test sets before each call counts as returned (so a call can block on a gate, or ask a
/// coordinator for a transition, for as long as the test wants).
///
/// A call is applied to the ledger only once its hook returns, as a real host's call has taken
/// effect only once it returns. ``note(_:)`` lets an animator or a test put a marker into the
/// order of calls.
actor HookedHost: WindowHost {
    /// One entry of the host's log: a call that returned, or a marker.
    enum Entry: Sendable, Hashable, CustomStringConvertible {
        case call(HostCall)
        case note(String)

        var description: String {
            switch self {
            case .call(let call): "\(call)"
            case .note(let text): "note \(text)"
            }
        }
    }

    typealias Hook = @Sendable (HostCall) async -> Void

    /// The windows as this host sees them (calls that returned).
    private(set) var ledger = HostLedger()
    /// Calls that returned and notes, in order.
    private(set) var log: [Entry] = []
    private var hook: Hook?

    init() {}

    /// The calls that returned, in order.
    var calls: [HostCall] {
        log.compactMap { if case .call(let call) = $0 { call } else { nil } }
    }

    /// Runs `hook` at the start of every later call (nil: none).
    func setHook(_ hook: Hook?) { self.hook = hook }

    /// Puts a marker into the log.
    func note(_ text: String) { log.append(.note(text)) }

    /// The ids among `ids` that are not live at this host.
    func dead(among ids: [WindowID]) -> [WindowID] { ids.filter { !ledger.live.contains($0) } }

    private func handle(_ call: HostCall) async {
        if let hook { await hook(call) }
        log.append(.call(call))
        ledger.apply(call)
    }

    func createWindow(_ window: Window) async { await handle(.create(window.id)) }
    func showWindow(_ id: WindowID) async { await handle(.show(id)) }
    func hideWindow(_ id: WindowID) async { await handle(.hide(id)) }
    func makeKey(_ id: WindowID, resigning unmanaged: [String]) async { await handle(.makeKey(id, resigning: unmanaged)) }
    func resetAppearance(_ id: WindowID) async { await handle(.reset(id)) }
    func destroyWindow(_ id: WindowID) async { await handle(.destroy(id)) }
}

extension Box {
    /// Changes the value under the lock and returns what `body` returns.
    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        var result: Result?
        mutate { result = body(&$0) }
        return result!
    }
}

extension TransitionContext {
    /// Every managed window the context names: the top ones and the underlying ones, before and after.
    var managedWindowIDs: [WindowID] {
        let underlying = (underlyingFromWindows + underlyingToWindows).compactMap { window -> WindowID? in
            if case .managed(let managed) = window { return managed.id }
            return nil
        }
        var seen = Set<WindowID>()
        return ([topFromWindow.id, topToWindow.id] + underlying).filter { seen.insert($0).inserted }
    }
}
