/// The outcome of planning one request against one snapshot: the target state and its effects.
///
/// A plan is a value computed by ``TransitionPlanner`` without side effects; the coordinator
/// carries it out (host calls, animation, commit).
public struct TransitionPlan: Sendable, Hashable {
    /// The request planned.
    public let request: TransitionRequest
    /// The committed state the plan starts from.
    public let before: NavigationSnapshot
    /// The state to commit; its version is `before.version + 1`.
    public let after: NavigationSnapshot
    /// Windows the host must create (and show) before the animation.
    public let created: [Window]
    /// Windows the host must destroy at commit.
    public let destroyed: [Window]
    /// Staying windows that were hidden before and are visible after (shown before the animation).
    public let revealed: [Window]
    /// Staying windows that were visible before and are hidden after (hidden before the new
    /// windows are shown, so nothing a cover must hide is ever visible above it).
    public let concealed: [Window]

    /// Windows alive both before and after.
    public var staying: [Window] {
        let gone = Set(destroyed.map(\.id))
        return before.windows.filter { !gone.contains($0.id) }.compactMap { after.window($0.id) }
    }

    /// The levels whose window changes (created, destroyed, shown or hidden), each once, bottom to top.
    public var changedLevels: [WindowLevel] {
        var levels: [WindowLevel] = []
        for list in [destroyed, created, revealed, concealed] {
            for window in list where !levels.contains(window.level) { levels.append(window.level) }
        }
        if levels.count > 1 { levels.sort() }
        return levels
    }

    /// Unmanaged windows that held key status (before, or as registered by this request) and no
    /// longer do after: the host is told they resign.
    public var resigningUnmanagedWindows: [String] {
        var candidates = before.unmanagedWindows
        if case .registerUnmanagedWindow(let window) = request { candidates.append(window) }
        var seen = Set<String>()
        return candidates.filter { window in
            window.isKey && after.unmanagedWindows.contains { $0.id == window.id && !$0.isKey } && seen.insert(window.id).inserted
        }.map(\.id)
    }

    /// Whether the top-most visible window differs between before and after.
    public var changesTopWindow: Bool {
        before.topMostVisibleWindow?.id != after.topMostVisibleWindow?.id
    }

    /// Why the animator must not run, or nil when it must (invariant 11 of DESIGN.md).
    ///
    /// Checked in this order: the kind is not animatable, no animator was given, the application
    /// is not active, the top-most visible window does not change.
    public func skipReason(hasAnimator: Bool) -> SkipReason? {
        if !request.kind.isAnimatable { return .notAnimatable }
        if !hasAnimator { return .noAnimator }
        if after.applicationState != .active { return .applicationNotActive }
        if !changesTopWindow { return .topWindowUnchanged }
        return nil
    }
}
