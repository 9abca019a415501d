import TransitionCoordinator

extension NavigationSnapshot {
    /// The state as lines a test can state in advance: one per window, bottom to top, as
    /// `root(0): stack inbox [list, mail]` (`(hidden)` when hidden), then `app: background`
    /// when the app is not active. Versions and window ids are left out.
    public var lines: [String] {
        var lines = windowList.map { window in "\(window.level): \(window.content)" + (window.isHidden ? " (hidden)" : "") }
        if applicationState != .active { lines.append("app: \(applicationState)") }
        return lines
    }
}

extension TransitionRecord {
    /// The record as one line a test can state in advance: `push mail onto inbox: ran`, with
    /// `, from link` (its source, when not the app) and `, finished 2 times` where it applies.
    /// Ids, versions and times are left out.
    public var line: String {
        var text = "\(request): \(animation)"
        if source != .app { text += ", from \(source.rawValue)" }
        if extraFinishCalls > 0 { text += ", finished \(extraFinishCalls + 1) times" }
        return text
    }
}

extension LinkInbox.Ended {
    /// The link's end as one line a test can state in advance: `^/home/vault: navigated`,
    /// `^/home/vault: refused.busy` (its route's path and its outcome's code).
    public var line: String { "\(route.path): \(outcome.code)" }
}
