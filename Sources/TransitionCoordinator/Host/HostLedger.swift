/// The headless model of a host's windows: what was created, what lives, what is visible and key.
///
/// A pure value that applies ``HostCommand``s and notes every call that makes no sense (a window
/// created or destroyed twice, shown before it was created or after it was destroyed) as an
/// anomaly, so balance checks are plain comparisons (invariant 5, host balance, of the
/// Architecture article).
///
/// - Bounded: memory and the cost of ``apply(_:)`` depend on the live windows, not on how many
///   windows were ever created. The ids ever created and ever destroyed are kept as ranges
///   (window ids increase and are never reused, so these are a few ranges with gaps only at the
///   live windows); resets are kept for live windows only; resignations per unmanaged id; and the
///   descriptions of the first ``anomalyLimit`` anomalies beside an exact ``anomalyCount``.
/// - Exact: every anomaly is still detected, for ids created or destroyed any time ago and for ids
///   that arrive in any order (the ranges then just grow in number).
package struct HostLedger: Sendable, Hashable {
    /// How many anomaly descriptions ``anomalies`` keeps: the first ones, since later anomalies
    /// usually follow from the first.
    package static let anomalyLimit = 32

    /// How many `create` calls were applied, duplicates included.
    ///
    /// Every `create` counts, as every `destroy` counts in ``destroyedCount``, so a balanced host
    /// has `createdCount == live.count + destroyedCount` and a window created or destroyed twice
    /// breaks that equation (besides being an anomaly).
    package private(set) var createdCount = 0
    /// How many `destroy` calls were applied, duplicates and calls on windows that were not live
    /// included.
    package private(set) var destroyedCount = 0
    /// Windows created and not destroyed.
    package private(set) var live: Set<WindowID> = []
    /// Live windows currently shown; always a subset of ``live`` (showing a window that is not
    /// live is an anomaly and shows nothing).
    package private(set) var visible: Set<WindowID> = []
    /// The window last made key; nil before any `makeKey` and once that window is destroyed.
    ///
    /// It names a window that is not live only after an anomaly (a `makeKey` on such a window).
    package private(set) var key: WindowID?
    /// How many appearance resets each live window received; a window's entry goes when it is
    /// destroyed, and windows never reset have none.
    package private(set) var resets: [WindowID: Int] = [:]
    /// How many `reset` calls were applied in all, on live windows or not.
    package private(set) var resetCount = 0
    /// How many times the host was told that each unmanaged window resigns key status, by the
    /// unmanaged window's id.
    ///
    /// Bounded by the unmanaged ids the app ever registers, not by the number of calls.
    package private(set) var resignedUnmanaged: [String: Int] = [:]
    /// The first ``anomalyLimit`` calls that made no sense, described, in order.
    ///
    /// ``anomalyCount`` says how many there were in all.
    package private(set) var anomalies: [String] = []
    /// How many calls made no sense in all (one call can count twice, as `destroy` of a window
    /// destroyed before is both a second destruction and a call on a window that is not live).
    package private(set) var anomalyCount = 0

    /// Each live window's screens: those its content held when it was created, plus those created in it since, less those destroyed. A
    /// window's entry goes when it is destroyed, its screens with it.
    package var screens: [WindowID: Set<Screen>] {
        var all = screenSets
        for (window, screen) in singleScreens { all[window] = [screen] }
        return all
    }

    /// The live screens of windows that hold exactly the one screen they were created with (no
    /// set is allocated on the window hot path).
    private var singleScreens: [WindowID: Screen] = [:]
    /// The live screens of every other live window, each set changed in place: one screen created
    /// or destroyed costs O(1), however many the window holds.
    private var screenSets: [WindowID: Set<Screen>] = [:]

    /// How many screens were created: with their windows, and by `createScreen` calls.
    package private(set) var screenCreatedCount = 0
    /// How many screens were destroyed: by `destroyScreen` calls, and with their windows.
    package private(set) var screenDestroyedCount = 0
    /// How many `setContent` calls each live window received.
    package private(set) var contentUpdates: [WindowID: Int] = [:]

    /// Every id a `create` named.
    private var createdIDs = WindowIDRanges()
    /// Every id a `destroy` named.
    private var destroyedIDs = WindowIDRanges()

    /// An empty ledger.
    package init() {}

    /// Whether a `create` call ever named `id`. O(log r) for the r ranges the ledger keeps.
    package func wasCreated(_ id: WindowID) -> Bool { createdIDs.contains(id) }

    /// Whether a `destroy` call ever named `id` (whether or not it was live then). O(log r) for
    /// the r ranges the ledger keeps.
    package func wasDestroyed(_ id: WindowID) -> Bool { destroyedIDs.contains(id) }

    /// How many ranges hold the created and destroyed ids: what the ledger's memory grows with
    /// beside its live windows.
    var rangeCount: Int { createdIDs.rangeCount + destroyedIDs.rangeCount }

    /// Applies one call, noting a created window's screens as created with it. Costs O(log r)
    /// for the ranges plus, for `makeKey`, the unmanaged ids it names, and for `create`, the
    /// window's screens.
    package mutating func apply(_ call: HostCommand) {
        switch call {
        case .create(let window):
            if !createdIDs.insert(window.id) { note("\(window.id) created twice") }
            createdCount += 1
            live.insert(window.id)
            noteScreens(of: window)
        case .show(let id):
            if requireLive(id, call) { visible.insert(id) }
        case .hide(let id):
            requireLive(id, call)
            visible.remove(id)
        case .makeKey(let id, let resigning):
            requireLive(id, call)
            key = id
            for unmanaged in resigning { resignedUnmanaged[unmanaged, default: 0] += 1 }
        case .reset(let id):
            resetCount += 1
            if requireLive(id, call) { resets[id, default: 0] += 1 }
        case .destroy(let id):
            if !destroyedIDs.insert(id) { note("\(id) destroyed twice") }
            requireLive(id, call)
            destroyedCount += 1
            live.remove(id)
            visible.remove(id)
            resets[id] = nil
            if key == id { key = nil }
            if singleScreens.removeValue(forKey: id) != nil { screenDestroyedCount += 1 }
            screenDestroyedCount += screenSets.removeValue(forKey: id)?.count ?? 0
            contentUpdates[id] = nil
        case .createScreen(let screen, let window):
            screenCreatedCount += 1
            if requireLive(window, call) {
                unfoldSingle(window)
                if !screenSets[window, default: []].insert(screen).inserted {
                    note("screen \(screen) created twice in \(window)")
                }
            }
        case .setContent(_, let window, _):
            if requireLive(window, call) { contentUpdates[window, default: 0] += 1 }
        case .destroyScreen(let screen, let window):
            screenDestroyedCount += 1
            if requireLive(window, call) {
                unfoldSingle(window)
                if screenSets[window, default: []].remove(screen) == nil {
                    note("screen \(screen) destroyed in \(window) while not live there")
                }
            }
        }
    }

    /// Notes the screens of a created window's content as created with it.
    private mutating func noteScreens(of window: ManagedWindow) {
        if case .screen(let screen) = window.content {
            singleScreens[window.id] = screen
            screenCreatedCount += 1
        } else {
            var set = Set<Screen>()
            window.content.forEachScreen { set.insert($0) }
            screenCreatedCount += set.count
            screenSets[window.id] = set
        }
    }

    /// Moves `window`'s single screen, if it has one, into a set of its own (before one is
    /// created or destroyed there).
    private mutating func unfoldSingle(_ window: WindowID) {
        if let single = singleScreens.removeValue(forKey: window) { screenSets[window] = [single] }
    }

    /// Notes an anomaly unless `id` is live; returns whether it is.
    @discardableResult
    private mutating func requireLive(_ id: WindowID, _ call: HostCommand) -> Bool {
        if live.contains(id) { return true }
        note("'\(call)' on a window that is not live")
        return false
    }

    /// Counts an anomaly and keeps its description while fewer than ``anomalyLimit`` are kept.
    private mutating func note(_ anomaly: @autoclosure () -> String) {
        anomalyCount += 1
        if anomalies.count < Self.anomalyLimit { anomalies.append(anomaly()) }
    }
}
