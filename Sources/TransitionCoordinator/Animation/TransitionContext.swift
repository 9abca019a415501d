/// Everything an animator or a guard needs to know about one transition.
///
/// As CFANavigationWindow's context: the request, the top from- and to-windows, and the windows
/// underneath them before and after; for a change inside a window, the container, the kind of
/// change and the from- and to-screens as well. `topToWindow` is always a managed window. When
/// an animator is called, every managed window named here is live.
///
/// A ``NavigationGuard`` is given the same context, with the same id, before anything of the
/// transition is carried out: the windows it would create are planned, not made yet (and never
/// are if a guard refuses), and the app may not be active. A guard reads where the transition
/// comes from (``source``) and the screens it would show and take away (``arriving``,
/// ``leaving``).
public struct TransitionContext: Sendable {
    /// The transition's identity.
    public let transitionID: TransitionID
    /// What kind of transition this is (the harness's tallies read it; an animator reads ``request``).
    package let kind: TransitionKind
    /// The request being carried out.
    public let request: TransitionRequest
    /// Where it comes from.
    public let source: NavigationSource
    /// The committed state before the transition.
    public let before: NavigationSnapshot
    /// The state the transition commits (for a guard: would commit, if every guard lets it through).
    public let after: NavigationSnapshot
    /// The top-most visible window before the transition.
    public let topFromWindow: ManagedWindow
    /// The top-most visible window after it (always managed; live when an animator is called).
    public let topToWindow: ManagedWindow
    /// The other visible windows before the transition, top-down; unmanaged ones included
    /// unless the coordinator ignores them.
    public let underlyingFromWindows: [AnyWindow]
    /// The other visible windows after the transition, top-down; unmanaged ones included
    /// unless the coordinator ignores them.
    public let underlyingToWindows: [AnyWindow]
    /// Whether the application is active after the transition (always true when an animator is
    /// called; a guard may see false, for a request made while the app is inactive).
    public let isApplicationActive: Bool
    /// For a content transition, the change inside the top window: the container and operation,
    /// the kind of animation (push, pop, select, present, dismiss, hop), the screens that leave
    /// and arrive. Nil for window transitions.
    public let contentChange: ContentChange?

    /// The screen a person sees on top before the transition (the top from-window's top screen).
    public var fromScreen: Screen { topFromWindow.content.topScreen }
    /// The screen on top after it (the top to-window's top screen).
    public var toScreen: Screen { topToWindow.content.topScreen }
    /// The container a content transition's operation names, if it names one (see
    /// ``ContainerOperation/container``: a dismissed modal's own for a `dismissModal`).
    public var container: ContainerID? { contentChange?.operation.container }
    /// The screens the transition shows that were not shown (by id), in window order.
    public var arriving: [Screen] { Self.screens(of: after, notIn: before) }
    /// The screens the transition takes away (by id), in window order.
    public var leaving: [Screen] { Self.screens(of: before, notIn: after) }

    /// The screens of `state`'s windows whose ids `other` does not show.
    private static func screens(of state: NavigationSnapshot, notIn other: NavigationSnapshot) -> [Screen] {
        var kept: Set<ScreenID> = []
        for window in other.windowList { window.content.forEachScreen { kept.insert($0.id) } }
        return state.windowList.flatMap(\.content.screens).filter { !kept.contains($0.id) }
    }

    /// Where a callback-style animator's extra finish calls are noted.
    let ledger: AnimationLedger

    /// The context an animator or a guard would be given for `request` carried out from `state`:
    /// planned as the coordinator plans it, without a coordinator and without changing anything,
    /// so an app's animator or guard can be tested alone.
    ///
    /// `state` is any committed state: ``Coordinator/snapshot``, a record's `before` or `after`,
    /// or one decoded from JSON. Windows the request creates take the ids after the highest in
    /// `state`, as the coordinator's would when no window was ever destroyed. A
    /// ``CallbackAnimator`` given this context counts its extra finish calls in a ledger of the
    /// context's own (no record reads it).
    ///
    /// - Parameters:
    ///   - request: the request whose animation (or guarding) is wanted.
    ///   - state: the committed state it is carried out from.
    ///   - source: where the request comes from (a link, a restoration, a gesture's commit); when
    ///     nil, the one the coordinator gives such a request when its caller names none (a
    ///     `userDid` the user's, an application state change the lifecycle's, else the app's).
    ///   - id: the raw value of the context's ``transitionID`` (1 by default).
    ///   - ignoresUnmanagedWindows: as ``CoordinatorConfiguration/ignoresUnmanagedWindows``.
    /// - Throws: the ``TransitionError`` the coordinator would refuse `request` with in `state`
    ///   (a pop with nothing to pop, an unknown level, a duplicate screen); or
    ///   ``TransitionError/InvalidRequest/noWindow(at:)`` when the state after shows no window.
    public init(
        for request: TransitionRequest, in state: NavigationSnapshot, source: NavigationSource? = nil,
        id: UInt64 = 1, ignoresUnmanagedWindows: Bool = false
    ) throws(TransitionError) {
        var next = (state.windowList.map(\.id).max() ?? WindowID(1)).next
        let plan = try TransitionPlanner.plan(
            request, in: state, nextWindowID: &next,
            ignoresUnmanagedWindows: ignoresUnmanagedWindows)
        guard
            let context = TransitionContext(
                id: TransitionID(id), plan: plan, source: source ?? .implied(by: request),
                includesUnmanaged: !ignoresUnmanagedWindows, ledger: AnimationLedger())
        else {
            throw .invalid(.noWindow(at: .root))
        }
        self = context
    }

    /// The context for `plan` from `source`, or nil when either top window is missing.
    init?(
        id: TransitionID, plan: TransitionPlan, source: NavigationSource, includesUnmanaged: Bool,
        ledger: AnimationLedger
    ) {
        guard let from = plan.before.topMostVisibleWindow, let to = plan.after.topMostVisibleWindow else { return nil }
        /// The visible windows other than the top one, top-down by z-order (a managed window by its
        /// level's raw value), unmanaged ones among them unless ignored; a tie puts the managed first.
        func underlying(_ snapshot: NavigationSnapshot, below top: ManagedWindow) -> [AnyWindow] {
            if !includesUnmanaged || snapshot.unmanagedWindows.isEmpty {
                // Managed windows alone are already top-down by level: built in one pass, with no
                // array at all when the top window is the only visible one.
                let windows = snapshot.windowList
                guard windows.count > 1 else { return [] }
                var list: [AnyWindow] = []
                list.reserveCapacity(windows.count - 1)
                for window in windows.reversed() where !window.isHidden && window.id != top.id { list.append(.managed(window)) }
                return list
            }
            var list = snapshot.visibleWindowsTopDown.filter { $0.id != top.id }.map {
                (z: $0.level.rawValue, window: AnyWindow.managed($0))
            }
            if includesUnmanaged { list += snapshot.unmanagedWindows.map { (z: $0.zOrder, window: AnyWindow.unmanaged($0)) } }
            return list.enumerated().sorted { a, b in
                a.element.z != b.element.z ? a.element.z > b.element.z : a.offset < b.offset
            }.map(\.element.window)
        }
        transitionID = id
        kind = plan.request.kind
        request = plan.request
        self.source = source
        before = plan.before
        after = plan.after
        topFromWindow = from
        topToWindow = to
        underlyingFromWindows = underlying(plan.before, below: from)
        underlyingToWindows = underlying(plan.after, below: to)
        isApplicationActive = plan.after.applicationState == .active
        contentChange = plan.contentChange
        self.ledger = ledger
    }
}

/// A window an animator or a guard may see: one the coordinator manages, or one the app registered.
public enum AnyWindow: Sendable, Hashable {
    /// A managed window.
    case managed(ManagedWindow)
    /// An unmanaged window.
    case unmanaged(UnmanagedWindow)
}
