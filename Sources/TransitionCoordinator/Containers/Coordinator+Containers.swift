/// Content trees: a root window holding containers, windows opened with containers, and handles
/// that reach a container by id.
extension Coordinator {
    /// A coordinator whose root window shows `root`: a screen, or a tree of containers.
    ///
    /// The same as the screen's async initializer (`await Coordinator(root: Screen(…))`) otherwise.
    /// - Throws: ``TransitionError/container(_:in:)`` with ``ContainerError/invalidContent(_:)``
    ///   when `root` breaks invariant 8 (a screen or container id twice, a selection out of range).
    public init(
        root: WindowContent, configuration: CoordinatorConfiguration = .standard,
        host: (any WindowHost)? = nil, clock: some Clock<Duration> = ContinuousClock(),
        executor: (any SerialExecutor)? = nil, taskExecutor: (any TaskExecutor)? = nil,
        screens: ScreenRegistry = ScreenRegistry(), guards: [NavigationGuard] = []
    ) async throws(TransitionError) {
        let problems = ContentInvariants.check(root, in: "the root window")
        if !problems.isEmpty { throw .container(.invalidContent(problems.map(\.detail)), in: nil) }
        await self.init(
            rootContent: root, configuration: configuration, host: host, clock: clock, executor: executor,
            taskExecutor: taskExecutor, screens: screens, guards: guards)
    }

    /// A coordinator whose root window shows `root`, made synchronously: the host is called by
    /// ``start()`` or the first transition, as for the synchronous initializer that takes a ``Screen``.
    ///
    /// - Throws: ``TransitionError/container(_:in:)`` with ``ContainerError/invalidContent(_:)``
    ///   when `root` breaks invariant 8.
    public init(
        root: WindowContent, configuration: CoordinatorConfiguration = .standard,
        host: (any WindowHost)? = nil, clock: some Clock<Duration> = ContinuousClock(),
        executor: (any SerialExecutor)? = nil, taskExecutor: (any TaskExecutor)? = nil,
        screens: ScreenRegistry = ScreenRegistry(), guards: [NavigationGuard] = []
    ) throws(TransitionError) {
        let problems = ContentInvariants.check(root, in: "the root window")
        if !problems.isEmpty { throw .container(.invalidContent(problems.map(\.detail)), in: nil) }
        self.init(
            rootContent: root, configuration: configuration, host: host, clock: clock, executor: executor,
            taskExecutor: taskExecutor, screens: screens, guards: guards, synchronously: ())
    }

    /// The navigation stack `id`, wherever it is shown (checked at each call, not now).
    public nonisolated func stack(_ id: ContainerID) -> StackHandle { StackHandle(id: id, coordinator: self) }
    /// The tabs `id`, wherever they are shown (checked at each call, not now).
    public nonisolated func tabs(_ id: ContainerID) -> TabsHandle { TabsHandle(id: id, coordinator: self) }
    /// The hop container `id`, wherever it is shown (checked at each call, not now).
    public nonisolated func hop(_ id: ContainerID) -> HopHandle { HopHandle(id: id, coordinator: self) }
    /// A flow over the hop container `id`: hops that wait for their screen to unhop.
    public nonisolated func flow(_ id: ContainerID) -> HopFlow { HopFlow(id: id, coordinator: self) }

    /// Opens a new window at `level` showing `content` (a screen or a tree of containers): the
    /// request ``TransitionRequest/show(_:at:)``. See ``perform(_:animator:policy:whenLocked:)``.
    @discardableResult
    public nonisolated(nonsending) func openWindow(
        _ content: WindowContent, at level: WindowLevel, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await perform(.show(content, at: level), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Changes one window's content as `operation` says, as one transition (see
    /// ``TransitionRequest/content(_:at:)`` for which window). The handles call this.
    @discardableResult
    public nonisolated(nonsending) func change(
        _ operation: ContainerOperation, at level: WindowLevel? = nil,
        animator: (any Animator)? = nil, policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await perform(.content(operation, at: level), animator: animator, policy: policy, whenLocked: whenLocked)
    }
}
