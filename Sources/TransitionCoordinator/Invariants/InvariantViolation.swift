/// The invariants of <doc:Architecture> that a check can name.
package enum Invariant: Int, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// 1: no two transitions overlap in time.
    case serial = 1
    /// 2: each record's `before` equals the previous record's `after`.
    case chain = 2
    /// 3: exactly one root window, at most one window per level, windows ordered by level.
    case levels = 3
    /// 4: exactly one key window, the top-most visible managed window.
    case key = 4
    /// 5: windows created = live + destroyed; each destroyed exactly once; the host matches the model.
    case hostBalance = 5
    /// 6: no snapshot shows a half-applied transition (the record is its request applied to `before`).
    case atomic = 6
    /// 7: every request ends with exactly one outcome, within the animator timeout.
    case answered = 7
    /// 8: a stack has its root; a tab selection is in range; a hop container has one current
    /// child; a node presents at most one modal; screen and container ids are unique.
    case containers = 8
    /// 9: didAdd/didRemove once each time a screen comes into a window and leaves it;
    /// didShow/didHide alternate; one shown screen per window; a screen's callbacks are called as its transitions' records
    /// say, `remove` exactly once per departure its owner did not ask for.
    case callbacks = 9
    /// 10: while up, the shield is top-most and key; while locked, nothing but the shield is visible
    /// above the lock, the lock is key whenever the shield is down, windows above it are hidden,
    /// not destroyed, and only an unlock removes it.
    case shieldAndLock = 10
    /// 11: the animator is called exactly when given, the app is active and the top window changes.
    case skipRules = 11

    /// As `3 (levels)`.
    package var description: String { "\(rawValue) (\(self.name))" }

    private var name: String {
        switch self {
        case .serial: "serial"
        case .chain: "chain"
        case .levels: "levels"
        case .key: "key"
        case .hostBalance: "host balance"
        case .atomic: "atomic"
        case .answered: "answered"
        case .containers: "containers"
        case .callbacks: "callbacks"
        case .shieldAndLock: "shield and lock"
        case .skipRules: "skip rules"
        }
    }
}

/// One broken invariant: which, and what exactly is wrong.
package struct InvariantViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// The invariant broken.
    package let invariant: Invariant
    /// What was seen.
    package let detail: String

    /// Names a violation.
    package init(_ invariant: Invariant, _ detail: String) {
        self.invariant = invariant
        self.detail = detail
    }

    /// As `invariant 4 (key): key window #3 is not the top-most visible window #4`.
    package var description: String { "invariant \(invariant): \(detail)" }
}
