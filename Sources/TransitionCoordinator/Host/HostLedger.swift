/// The headless model of a host's windows: what was created, what lives, what is visible and key.
///
/// A pure value that applies ``HostCall``s and notes every call that makes no sense (a window
/// destroyed twice, shown before it was created) as an anomaly, so balance checks are plain
/// comparisons (invariant 5 of DESIGN.md).
public struct HostLedger: Sendable, Hashable {
    /// Every window ever created, in creation order.
    public private(set) var created: [WindowID] = []
    /// Every window destroyed, in destruction order.
    public private(set) var destroyed: [WindowID] = []
    /// Windows created and not destroyed.
    public private(set) var live: Set<WindowID> = []
    /// Live windows currently shown.
    public private(set) var visible: Set<WindowID> = []
    /// The key window.
    public private(set) var key: WindowID?
    /// How many appearance resets each window received.
    public private(set) var resets: [WindowID: Int] = [:]
    /// Unmanaged windows told to resign key, in order.
    public private(set) var resignedUnmanaged: [String] = []
    /// Calls that make no sense, described.
    public private(set) var anomalies: [String] = []

    /// An empty ledger.
    public init() {}

    /// Applies one call.
    public mutating func apply(_ call: HostCall) {
        switch call {
        case .create(let id):
            if created.contains(id) { anomalies.append("\(id) created twice") }
            created.append(id)
            live.insert(id)
        case .show(let id):
            requireLive(id, call)
            visible.insert(id)
        case .hide(let id):
            requireLive(id, call)
            visible.remove(id)
        case .makeKey(let id, let resigning):
            requireLive(id, call)
            key = id
            resignedUnmanaged += resigning
        case .reset(let id):
            requireLive(id, call)
            resets[id, default: 0] += 1
        case .destroy(let id):
            if destroyed.contains(id) { anomalies.append("\(id) destroyed twice") }
            requireLive(id, call)
            destroyed.append(id)
            live.remove(id)
            visible.remove(id)
            if key == id { key = nil }
        }
    }

    private mutating func requireLive(_ id: WindowID, _ call: HostCall) {
        if !live.contains(id) { anomalies.append("'\(call)' on a window that is not live") }
    }
}
