/// Pure checks of the invariants (numbered as in <doc:Architecture>) over values: snapshots,
/// records, a host ledger.
///
/// The coordinator's ``Coordinator/audit()``, the tests and the stress harness all use these;
/// each check returns every violation it finds (an empty array means it holds).
package enum InvariantChecker {
    /// Invariants 3 (levels), 4 (key) and 10 (shield and lock) on one snapshot.
    ///
    /// With `ignoresUnmanagedWindows` an unmanaged window may hold key status beside the managed key window.
    package static func check(_ snapshot: NavigationSnapshot, ignoresUnmanagedWindows: Bool = false) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        let roots = snapshot.windowList.filter { $0.level == .root }
        if roots.count != 1 { found.append(.init(.levels, "\(roots.count) root windows, expected exactly 1")) }
        if let first = snapshot.windowList.first, first.level != .root {
            found.append(.init(.levels, "the bottom window \(first) is not the root"))
        }
        if roots.contains(where: \.isHidden) { found.append(.init(.levels, "the root window is hidden")) }
        for (lower, upper) in zip(snapshot.windowList, snapshot.windowList.dropFirst()) where !(lower.level < upper.level) {
            found.append(.init(.levels, "\(lower) at \(lower.level) is not below \(upper) at \(upper.level)"))
        }
        for window in snapshot.windowList where window.level != .root && !snapshot.levels.contains(window.level) {
            found.append(.init(.levels, "\(window) stands at unconfigured level \(window.level)"))
        }
        let ids = snapshot.windowList.map(\.id)
        if Set(ids).count != ids.count { found.append(.init(.levels, "a window id appears twice: \(ids)")) }
        let screens = snapshot.windowList.flatMap { $0.content.screens.map(\.id) }
        if Set(screens).count != screens.count { found.append(.init(.levels, "a screen id is shown twice: \(screens)")) }
        found += ContentInvariants.check(snapshot.windowList.map { (window: "window \($0.id)", content: $0.content) })

        let top = snapshot.topMostVisibleWindow
        if snapshot.keyWindow == nil || snapshot.keyWindow != top?.id {
            found.append(
                .init(
                    .key,
                    "key window \(snapshot.keyWindow.map(\.description) ?? "none") is not the "
                        + "top-most visible window \(top.map(\.description) ?? "none")"))
        }
        if !ignoresUnmanagedWindows {
            for window in snapshot.unmanagedWindows where window.isKey {
                found.append(
                    .init(
                        .key,
                        "unmanaged window \(window.id) is key beside managed \(snapshot.keyWindow.map(\.description) ?? "none")"))
            }
        }
        return found + checkCovers(snapshot)
    }

    /// Invariant 10 on one snapshot: the shield on top and key while up; never in the background
    /// with the lock down (when one is configured); while locked, nothing but the shield visible
    /// above the lock, the lock key when the shield is down, and every window that a cover stands
    /// below hidden (and every other one visible).
    package static func checkCovers(_ snapshot: NavigationSnapshot) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        let top = snapshot.topMostVisibleWindow
        if let shield = snapshot.shieldWindow {
            if top?.id != shield.id || snapshot.keyWindow != shield.id {
                found.append(
                    .init(
                        .shieldAndLock,
                        "the shield \(shield) is up but the top-most visible window is "
                            + "\(top.map(\.description) ?? "none") and the key window \(snapshot.keyWindow.map(\.description) ?? "none")"
                    ))
            }
            if snapshot.applicationState == .active {
                found.append(.init(.shieldAndLock, "the shield \(shield) is up while the app is active"))
            }
        } else if snapshot.covers.shield != nil, snapshot.applicationState != .active {
            found.append(.init(.shieldAndLock, "the app is \(snapshot.applicationState) but the shield is down"))
        }
        if snapshot.covers.lock != nil, snapshot.applicationState == .background, !snapshot.isLocked {
            found.append(.init(.shieldAndLock, "the app is in the background with a lock configured but the lock is down"))
        }
        if let lock = snapshot.lockWindow {
            for window in snapshot.windowList
            where window.level > lock.level && !window.isHidden && window.id != snapshot.shieldWindow?.id {
                found.append(.init(.shieldAndLock, "\(window) is visible above the lock \(lock)"))
            }
            if snapshot.shieldWindow == nil, snapshot.keyWindow != lock.id {
                found.append(
                    .init(
                        .shieldAndLock,
                        "the lock \(lock) is up without the shield but the key window is "
                            + "\(snapshot.keyWindow.map(\.description) ?? "none")"))
            }
        }
        for window in snapshot.windowList where window.isHidden != snapshot.covers.hides(window, in: snapshot) {
            found.append(
                .init(
                    .shieldAndLock,
                    "\(window) is " + (window.isHidden ? "hidden with no cover below it" : "visible above an up cover")))
        }
        return found
    }

    /// Invariant 10 across one record: only an unlock removes the lock, and only while the app is
    /// active; lifecycle events destroy nothing but the shield.
    package static func checkCoverTransition(_ record: TransitionRecord) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        let before = record.before, after = record.after
        if let lock = before.lockWindow, after.window(lock.id) == nil {
            if record.request != .unlock {
                found.append(
                    .init(.shieldAndLock, "\(record.id) '\(record.request)' removed the lock \(lock); only an unlock may"))
            } else if before.applicationState != .active {
                found.append(
                    .init(
                        .shieldAndLock,
                        "\(record.id) removed the lock \(lock) while the app was \(before.applicationState); "
                            + "only a person can unlock, in an active app"))
            }
        }
        if case .setApplicationState = record.request {
            let kept = Set(after.windowList.map(\.id))
            for window in before.windowList where !kept.contains(window.id) && window.id != before.shieldWindow?.id {
                found.append(
                    .init(.shieldAndLock, "\(record.id) lifecycle event destroyed \(window); windows are hidden, never destroyed")
                )
            }
        }
        return found
    }

    /// Invariants 6 (atomic), 10 across the record, and 11 (skip rules) on one record, and 3, 4 and 10 on its `after`.
    ///
    /// Skip rules: the animator was called exactly when the plan says it must be, unless the
    /// animation was ended from outside before it could start (``AnimationOutcome/endedBeforeStart``)
    /// or the host did not take the calls before it (``TransitionRecord/hostFault``).
    ///
    /// Atomic: replanning the record's request against its `before` must give exactly its `after`
    /// (same version step, same windows, same key), so nothing half-applied or extra was committed.
    package static func check(_ record: TransitionRecord, ignoresUnmanagedWindows: Bool = false) -> [InvariantViolation] {
        var found =
            check(record.after, ignoresUnmanagedWindows: ignoresUnmanagedWindows) + checkCoverTransition(record)
            + ContentInvariants.checkDismiss(record)
        let before = Set(record.before.windowList.map(\.id))
        // New windows take consecutive ids from the smallest one the record shows.
        var next = record.after.windowList.map(\.id).filter { !before.contains($0) }.min() ?? WindowID(0)
        do {
            let plan = try TransitionPlanner.plan(
                record.request, in: record.before, nextWindowID: &next,
                ignoresUnmanagedWindows: ignoresUnmanagedWindows)
            if plan.after != record.after {
                found.append(
                    .init(
                        .atomic,
                        "\(record.id) committed\n\(record.after)\nbut '\(record.request)' on v\(record.before.version) gives\n\(plan.after)"
                    ))
            }
            var expected = plan.skipReason(hasAnimator: record.hadAnimator)
            // A host that did not take the windows' calls before the animation leaves nothing to
            // animate: a call of this transition's stuck before it, or an earlier one's still stuck
            // (then no call was made at all).
            if expected == nil, let fault = record.hostFault, fault.transition != record.id || fault.phase != .afterAnimation {
                expected = .hostUnresponsive
            }
            switch (expected, record.animation) {
            case (let reason?, .skipped(let actual)) where reason == actual: break
            case (nil, let outcome) where outcome.animatorWasCalled || outcome.endedBeforeStart: break
            default:
                found.append(
                    .init(
                        .skipRules,
                        "\(record.id) animation \(record.animation), expected "
                            + (expected.map { "skipped (\($0))" } ?? "the animator to be called")))
            }
            if let change = plan.contentChange, let wrong = checkKind(change, of: record.id) { found.append(wrong) }
        } catch {
            found.append(.init(.atomic, "\(record.id) committed '\(record.request)', which its before-state refuses: \(error)"))
        }
        // An animation's end is noted exactly when an animator was called.
        if (record.animationEndedAt != nil) != record.animation.animatorWasCalled {
            found.append(
                .init(
                    .skipRules,
                    "\(record.id) animation \(record.animation) notes "
                        + (record.animationEndedAt.map { "an end at \($0)" } ?? "no end")))
        }
        return found
    }

    /// Invariant 11: the animator is told `change` as the two trees say it
    /// (``ContentAnimation/between(_:_:)``), whichever call made it; nil when it is.
    package static func checkKind(_ change: ContentChange, of transition: TransitionID) -> InvariantViolation? {
        let kind = ContentAnimation.between(change.before, change.after)
        guard change.animation != kind else { return nil }
        return .init(
            .skipRules,
            "\(transition) tells its animator \(change.animation) for '\(change.operation)', which the trees call \(kind)")
    }

    /// Invariants 1 (serial) and 2 (chain) between two consecutive records.
    package static func checkSequence(_ previous: TransitionRecord, _ next: TransitionRecord) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        if next.before != previous.after {
            found.append(
                .init(
                    .chain,
                    "\(next.id) started from v\(next.before.version), not from \(previous.id)'s after v\(previous.after.version)")
            )
        }
        if next.id <= previous.id || next.startedAt < previous.endedAt {
            found.append(
                .init(.serial, "\(next.id) (started \(next.startedAt)) overlaps \(previous.id) (ended \(previous.endedAt))"))
        }
        return found
    }

    /// Invariants 1 and 2 over a whole history, in order.
    package static func checkHistory(_ records: [TransitionRecord]) -> [InvariantViolation] {
        zip(records, records.dropFirst()).flatMap { checkSequence($0, $1) }
    }

    /// Invariant 5, the app's unmanaged windows: once the host is caught up, it was told each
    /// resign the committed transitions of `history` (every one since the coordinator was made)
    /// made, exactly as often: a window the app registered as key resigns at the host as its
    /// registration commits, even one that committed while the host was stuck.
    package static func checkResigns(_ ledger: HostLedger, history: [TransitionRecord]) -> [InvariantViolation] {
        var expected: [String: Int] = [:]
        for record in history {
            for id in TransitionPlan.resigningUnmanagedWindows(record.request, from: record.before, to: record.after) {
                expected[id, default: 0] += 1
            }
        }
        guard ledger.resignedUnmanaged != expected else { return [] }
        return Set(expected.keys).union(ledger.resignedUnmanaged.keys).sorted().compactMap { id in
            let told = ledger.resignedUnmanaged[id] ?? 0, made = expected[id] ?? 0
            guard told != made else { return nil }
            return InvariantViolation(
                .hostBalance,
                "the host was told \(told) times that unmanaged window \(id) resigns key; the history made it \(made)")
        }
    }

    /// Invariant 5 (host balance): the host's ledger agrees with the committed snapshot.
    ///
    /// Created = live + destroyed (counts of calls), nothing created or destroyed twice or touched
    /// when dead (every anomaly the ledger counted; those it keeps no description of as one
    /// violation), the live windows are exactly the snapshot's, the visible ones exactly its unhidden
    /// ones, and the key window matches. Screens likewise: created = live + destroyed, and each
    /// live window holds exactly the screens of its content in the snapshot.
    package static func checkHost(_ ledger: HostLedger, against snapshot: NavigationSnapshot) -> [InvariantViolation] {
        var found = ledger.anomalies.map { InvariantViolation(.hostBalance, $0) }
        if ledger.anomalyCount > ledger.anomalies.count {
            found.append(.init(.hostBalance, "\(ledger.anomalyCount - ledger.anomalies.count) more anomalies, not described"))
        }
        if ledger.createdCount != ledger.live.count + ledger.destroyedCount {
            found.append(
                .init(
                    .hostBalance,
                    "created \(ledger.createdCount) ≠ live \(ledger.live.count) + destroyed \(ledger.destroyedCount)"))
        }
        let modelled = Set(snapshot.windowList.map(\.id))
        if ledger.live != modelled {
            found.append(.init(.hostBalance, "host has live \(ledger.live.sorted()), model has \(modelled.sorted())"))
        }
        let shown = Set(snapshot.windowList.filter { !$0.isHidden }.map(\.id))
        if ledger.visible != shown {
            found.append(.init(.hostBalance, "host shows \(ledger.visible.sorted()), model shows \(shown.sorted())"))
        }
        if ledger.key != snapshot.keyWindow {
            found.append(
                .init(
                    .hostBalance,
                    "host key \(ledger.key.map(\.description) ?? "none"), model key \(snapshot.keyWindow.map(\.description) ?? "none")"
                ))
        }
        // Screens: each live window holds exactly its content's screens, and every screen created
        // was destroyed exactly once or is live.
        let liveScreens = ledger.screens.values.reduce(0) { $0 + $1.count }
        if ledger.screenCreatedCount != liveScreens + ledger.screenDestroyedCount {
            found.append(
                .init(
                    .hostBalance,
                    "screens created \(ledger.screenCreatedCount) ≠ live \(liveScreens) + destroyed \(ledger.screenDestroyedCount)"
                ))
        }
        for window in snapshot.windowList {
            // A window the host does not hold is already reported above, with the live windows.
            guard let held = ledger.screens[window.id] else { continue }
            let modelled = Set(window.content.screens)
            if held != modelled {
                func list(_ screens: Set<Screen>) -> String {
                    "[" + screens.map(\.description).sorted().joined(separator: ", ") + "]"
                }
                found.append(.init(.hostBalance, "host has screens \(list(held)) in \(window.id), model has \(list(modelled))"))
            }
        }
        return found
    }
}
