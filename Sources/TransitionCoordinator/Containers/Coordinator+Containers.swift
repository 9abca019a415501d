/// Content trees: a root window holding containers, windows opened with containers, and handles
/// that reach a container by id.
extension Coordinator {
    /// A coordinator whose root window shows `root`: a screen, or a tree of containers.
    ///
    /// The same as the screen's async initializer (`await Coordinator(root: Screen(…))`) otherwise.
    /// - Throws: ``TransitionError/container(_:in:)`` with ``ContainerError/invalidContent(_:)``
    ///   when `root` breaks invariant 8 (a screen or container id twice, a selection out of range),
    ///   and ``TransitionError/InvalidRequest/screenReservedForCover(_:coverLevel:)`` when it shows
    ///   a screen with the shield's or the lock's id.
    public init(
        root: WindowContent, configuration: CoordinatorConfiguration = .standard,
        host: (any WindowHost)? = nil, clock: some Clock<Duration> = ContinuousClock(),
        executor: (any SerialExecutor)? = nil, taskExecutor: (any TaskExecutor)? = nil,
        screens: ScreenRegistry = ScreenRegistry(), guards: [NavigationGuard] = []
    ) async throws(TransitionError) {
        try Self.requireValidRoot(root, configuration)
        await self.init(
            rootContent: root, configuration: configuration, host: host, clock: clock, executor: executor,
            taskExecutor: taskExecutor, screens: screens, guards: guards)
    }

    /// A coordinator whose root window shows `root`, made synchronously: the host is called by
    /// ``start()`` or the first transition, as for the synchronous initializer that takes a ``Screen``.
    ///
    /// - Throws: as the async initializer that takes content.
    public init(
        root: WindowContent, configuration: CoordinatorConfiguration = .standard,
        host: (any WindowHost)? = nil, clock: some Clock<Duration> = ContinuousClock(),
        executor: (any SerialExecutor)? = nil, taskExecutor: (any TaskExecutor)? = nil,
        screens: ScreenRegistry = ScreenRegistry(), guards: [NavigationGuard] = []
    ) throws(TransitionError) {
        try Self.requireValidRoot(root, configuration)
        self.init(
            rootContent: root, configuration: configuration, host: host, clock: clock, executor: executor,
            taskExecutor: taskExecutor, screens: screens, guards: guards, synchronously: ())
    }

    /// Throws unless `root` keeps invariant 8 and shows no screen with a cover's id (a cover
    /// never duplicates an app screen: its id is reserved).
    static func requireValidRoot(_ root: WindowContent, _ configuration: CoordinatorConfiguration) throws(TransitionError) {
        let problems = ContentInvariants.check(root, in: "the root window")
        if !problems.isEmpty { throw .container(.invalidContent(problems.map(\.detail)), in: nil) }
        if let (id, level) = coverScreen(in: root, configuration.covers) {
            throw .invalid(.screenReservedForCover(id, coverLevel: level))
        }
    }

    /// The first screen of `root` whose id a cover of `covers` shows, with that cover's level.
    static func coverScreen(in root: WindowContent, _ covers: LifecycleCovers) -> (ScreenID, WindowLevel)? {
        // Mutant: the covers' screen ids are not reserved (here, as for requests).
        if covers.shield == nil && covers.lock == nil || planted(.coverScreenIDsUnreserved) { return nil }
        var found: (ScreenID, WindowLevel)?
        root.forEachScreenID { id in
            if found == nil, let cover = covers.cover(showing: id) { found = (id, cover.level) }
        }
        return found
    }

    /// The navigation stack `id`, wherever it is shown (checked at each call, not now).
    public nonisolated func stack(_ id: ContainerID) -> StackHandle { StackHandle(id: id, coordinator: self) }
    /// The tabs `id`, wherever they are shown (checked at each call, not now).
    public nonisolated func tabs(_ id: ContainerID) -> TabsHandle { TabsHandle(id: id, coordinator: self) }
    /// The hop container `id`, wherever it is shown (checked at each call, not now): its hops, and
    /// the flows that hop and wait for their screen to unhop.
    public nonisolated func hop(_ id: ContainerID) -> HopHandle { HopHandle(id: id, coordinator: self) }

    /// Opens a new window at `level` showing `content` (a screen or a tree of containers): the
    /// request ``TransitionRequest/show(_:at:)``. See ``Coordinator``'s request methods.
    @discardableResult
    public nonisolated(nonsending) func openWindow(
        _ content: WindowContent, at level: WindowLevel, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await perform(.show(content, at: level), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Presents `modal` (a screen or a tree of containers) over `presenter`: a container, or a
    /// screen (a screen in a stack presents through its stack), in the window that shows it.
    ///
    /// Throws ``ContainerError/alreadyPresenting(_:modal:)`` when the presenter presents one
    /// already (present from that modal instead), and ``ContainerError/unknownNode(_:)`` (a
    /// screen) or ``ContainerError/unknownContainer(_:)`` (a container) when no window shows it.
    /// See ``openWindow(_:at:animator:policy:whenLocked:)-(WindowContent,_,_,_,_)`` for what
    /// every request guarantees.
    @discardableResult
    public nonisolated(nonsending) func present(
        _ modal: WindowContent, from presenter: WindowContent.NodeID, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject, whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await change(.present(modal, from: presenter), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Presents the screen `destination` stands for (a ``Screen``, or a value of the app's
    /// destination type) alone over `presenter`, as ``present(_:from:animator:policy:whenLocked:)-(WindowContent,_,_,_,_)`` does.
    @discardableResult
    public nonisolated(nonsending) func present(
        _ destination: some Hashable & Codable & Sendable, from presenter: WindowContent.NodeID,
        animator: (any Animator)? = nil, policy: AdmissionPolicy = .reject, whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await present(
            WindowContent.of(destination), from: presenter, animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Dismisses what `presenter` presents, with everything presented above it and every
    /// container inside it, in one transition. Throws ``ContainerError/nothingPresented(_:)``
    /// when it presents nothing.
    @discardableResult
    public nonisolated(nonsending) func dismiss(
        presentedBy presenter: WindowContent.NodeID, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject, whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await change(.dismiss(presenter), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Dismisses the modal `modal` (its container, or its screen; a screen of a modal stack
    /// stands for the stack), with everything presented above it, from whatever presents it now.
    /// Throws ``ContainerError/notPresented(_:)`` when it is not presented: a request that waited
    /// its turn behind one that dismissed the sheet, or put another in its place, dismisses
    /// nothing the caller did not mean.
    @discardableResult
    public nonisolated(nonsending) func dismiss(
        _ modal: WindowContent.NodeID, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject, whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await change(.dismissModal(modal), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Makes the window at `level` (the root window when nil) show `content`, planned against
    /// the tree it shows now as one change, animated once: what stays keeps its controllers.
    /// Throws ``ContainerError/invalidContent(_:)`` when `content` breaks invariant 8 (an id
    /// twice, a selection out of range), and ``TransitionError/InvalidRequest/duplicateScreen(_:shownIn:)``
    /// or ``ContainerError/duplicateContainer(_:)`` when it shows what another window shows.
    @discardableResult
    public nonisolated(nonsending) func replaceContent(
        with content: WindowContent, at level: WindowLevel? = nil, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject, whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await change(.replace(with: content), at: level, animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Changes one window's content as `operation` says, as one transition (see
    /// ``TransitionRequest/content(_:at:)`` for which window): what the handles and the methods
    /// above call, and the harness and tests with any operation.
    @usableFromInline @discardableResult
    package nonisolated(nonsending) func change(
        _ operation: ContainerOperation, at level: WindowLevel? = nil,
        animator: (any Animator)? = nil, policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await perform(.content(operation, at: level), animator: animator, policy: policy, whenLocked: whenLocked)
    }
}
