/// Pure checks of DESIGN.md's invariants over values: snapshots, records, a host ledger.
///
/// The coordinator's ``Coordinator/audit()``, the tests and the stress harness all use these;
/// each check returns every violation it finds (an empty array means it holds).
public enum InvariantChecker {
    /// Invariants 3 (levels) and 4 (key) on one snapshot.
    ///
    /// With `ignoresUnmanagedWindows` an unmanaged window may hold key status beside the managed key window.
    public static func check(_ snapshot: NavigationSnapshot, ignoresUnmanagedWindows: Bool = false) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        let roots = snapshot.windows.filter { $0.level == .root }
        if roots.count != 1 { found.append(.init(.levels, "\(roots.count) root windows, expected exactly 1")) }
        if let first = snapshot.windows.first, first.level != .root {
            found.append(.init(.levels, "the bottom window \(first) is not the root"))
        }
        if roots.contains(where: \.isHidden) { found.append(.init(.levels, "the root window is hidden")) }
        for (lower, upper) in zip(snapshot.windows, snapshot.windows.dropFirst()) where !(lower.level < upper.level) {
            found.append(.init(.levels, "\(lower) at \(lower.level) is not below \(upper) at \(upper.level)"))
        }
        for window in snapshot.windows where window.level != .root && !snapshot.levels.contains(window.level) {
            found.append(.init(.levels, "\(window) stands at unconfigured level \(window.level)"))
        }
        let ids = snapshot.windows.map(\.id)
        if Set(ids).count != ids.count { found.append(.init(.levels, "a window id appears twice: \(ids)")) }
        let screens = snapshot.windows.flatMap { $0.content.screens.map(\.id) }
        if Set(screens).count != screens.count { found.append(.init(.levels, "a screen id is shown twice: \(screens)")) }

        let top = snapshot.topMostVisibleWindow
        if snapshot.keyWindow == nil || snapshot.keyWindow != top?.id {
            found.append(.init(.key, "key window \(snapshot.keyWindow.map(\.description) ?? "none") is not the "
                               + "top-most visible window \(top.map(\.description) ?? "none")"))
        }
        if !ignoresUnmanagedWindows {
            for window in snapshot.unmanagedWindows where window.isKey {
                found.append(.init(.key, "unmanaged window \(window.id) is key beside managed \(snapshot.keyWindow.map(\.description) ?? "none")"))
            }
        }
        return found
    }

    /// Invariants 6 (atomic) and 11 (skip rules) on one record, and 3 and 4 on its `after`.
    ///
    /// Atomic: replanning the record's request against its `before` must give exactly its `after`
    /// (same version step, same windows, same key), so nothing half-applied or extra was committed.
    public static func check(_ record: TransitionRecord, ignoresUnmanagedWindows: Bool = false) -> [InvariantViolation] {
        var found = check(record.after, ignoresUnmanagedWindows: ignoresUnmanagedWindows)
        let before = Set(record.before.windows.map(\.id))
        var next = record.after.windows.map(\.id).first { !before.contains($0) } ?? WindowID(0)
        do {
            let plan = try TransitionPlanner.plan(record.request, in: record.before, nextWindowID: &next,
                                                  ignoresUnmanagedWindows: ignoresUnmanagedWindows)
            if plan.after != record.after {
                found.append(.init(.atomic, "\(record.id) committed\n\(record.after)\nbut '\(record.request)' on v\(record.before.version) gives\n\(plan.after)"))
            }
            let expected = plan.skipReason(hasAnimator: record.hadAnimator)
            switch (expected, record.animation) {
            case (let reason?, .skipped(let actual)) where reason == actual: break
            case (nil, let outcome) where outcome.animatorWasCalled: break
            default:
                found.append(.init(.skipRules, "\(record.id) animation \(record.animation), expected "
                                   + (expected.map { "skipped (\($0))" } ?? "the animator to be called")))
            }
        } catch {
            found.append(.init(.atomic, "\(record.id) committed '\(record.request)', which its before-state refuses: \(error)"))
        }
        return found
    }

    /// Invariants 1 (serial) and 2 (chain) between two consecutive records.
    public static func checkSequence(_ previous: TransitionRecord, _ next: TransitionRecord) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        if next.before != previous.after {
            found.append(.init(.chain, "\(next.id) started from v\(next.before.version), not from \(previous.id)'s after v\(previous.after.version)"))
        }
        if next.id <= previous.id || next.startedAt < previous.endedAt {
            found.append(.init(.serial, "\(next.id) (started \(next.startedAt)) overlaps \(previous.id) (ended \(previous.endedAt))"))
        }
        return found
    }

    /// Invariants 1 and 2 over a whole history, in order.
    public static func checkHistory(_ records: [TransitionRecord]) -> [InvariantViolation] {
        zip(records, records.dropFirst()).flatMap { checkSequence($0, $1) }
    }

    /// Invariant 5 (host balance): the host's ledger agrees with the committed snapshot.
    ///
    /// Created = live + destroyed, nothing destroyed twice or touched when dead, the live windows are
    /// exactly the snapshot's, the visible ones exactly its unhidden ones, and the key window matches.
    public static func checkHost(_ ledger: HostLedger, against snapshot: NavigationSnapshot) -> [InvariantViolation] {
        var found = ledger.anomalies.map { InvariantViolation(.hostBalance, $0) }
        if ledger.created.count != ledger.live.count + ledger.destroyed.count {
            found.append(.init(.hostBalance, "created \(ledger.created.count) ≠ live \(ledger.live.count) + destroyed \(ledger.destroyed.count)"))
        }
        let modelled = Set(snapshot.windows.map(\.id))
        if ledger.live != modelled {
            found.append(.init(.hostBalance, "host has live \(ledger.live.sorted()), model has \(modelled.sorted())"))
        }
        let shown = Set(snapshot.windows.filter { !$0.isHidden }.map(\.id))
        if ledger.visible != shown {
            found.append(.init(.hostBalance, "host shows \(ledger.visible.sorted()), model shows \(shown.sorted())"))
        }
        if ledger.key != snapshot.keyWindow {
            found.append(.init(.hostBalance, "host key \(ledger.key.map(\.description) ?? "none"), model key \(snapshot.keyWindow.map(\.description) ?? "none")"))
        }
        return found
    }
}
