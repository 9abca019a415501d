import TransitionCoordinator

/// A host for adversarial tests: keeps a ``HostLedger`` and every call in order, and runs a hook
/// the test sets before each call counts as returned (so a call can block on a gate, or ask a
/// coordinator for a transition, for as long as the test wants).
///
/// A call is applied to the ledger only once its hook returns, as a real host's call has taken
/// effect only once it returns. ``note(_:)`` lets an animator or a test put a marker into the
/// order of calls.
package actor HookedHost: CommandHost {
    /// One entry of the host's log: a call that returned, or a marker.
    package enum Entry: Sendable, Hashable, CustomStringConvertible {
        case call(HostCommand)
        case note(String)

        package var description: String {
            switch self {
            case .call(let call): "\(call)"
            case .note(let text): "note \(text)"
            }
        }
    }

    package typealias Hook = @Sendable (HostCommand) async -> Void

    /// The windows as this host sees them (calls that returned).
    package private(set) var ledger = HostLedger()
    /// Calls that returned and notes, in order.
    package private(set) var log: [Entry] = []
    private var hook: Hook?

    /// A host with no windows, no calls and no hook.
    package init() {}

    /// The calls that returned, in order.
    package var calls: [HostCommand] {
        log.compactMap { if case .call(let call) = $0 { call } else { nil } }
    }

    /// Runs `hook` at the start of every later call (nil: none).
    package func setHook(_ hook: Hook?) { self.hook = hook }

    /// Puts a marker into the log.
    package func note(_ text: String) { log.append(.note(text)) }

    /// The ids among `ids` that are not live at this host.
    package func dead(among ids: [WindowID]) -> [WindowID] { ids.filter { !ledger.live.contains($0) } }

    /// Runs the hook, then logs the call and applies it to the ledger.
    package func perform(_ call: HostCommand) async {
        if let hook { await hook(call) }
        log.append(.call(call))
        ledger.apply(call)
    }
}
