/// The single writer of navigation state: admits, serializes and commits every transition.
///
/// **Serialization.** At most one transition is in flight per coordinator. A request that arrives
/// while one is in flight is refused with ``TransitionError/busy(inFlight:)``; one made from inside
/// the transition in flight (its animator, a task the animator started, a host call) with
/// ``TransitionError/reentrant(inFlight:)`` at once, so nothing ever waits on itself.
///
/// **Atomicity.** A call that throws changed nothing. A call that returns committed exactly the
/// planned state; its ``TransitionRecord`` says what the animation did. ``snapshot`` and every event
/// only ever show committed states.
///
/// **Every `await` is a door.** While a transition awaits its host or animator, other requests
/// enter the actor; they see the in-flight slot, which is set at admission (before the first
/// await) and cleared at commit (after the last), so no state read before a door is stale after it.
///
/// **Cancellation.** A caller cancelled before admission gets ``TransitionError/cancelled(_:)``
/// and nothing changes. Once admitted, a transition always completes; cancelling its caller only
/// cuts the animation short (``AnimationOutcome/cutShort(_:)``).
///
/// **Injection.** Time comes from the given `Clock`, the actors' jobs run on the given serial
/// executor and the animator's and timer's tasks prefer the given task executor; the library
/// itself never sleeps, reads the wall clock or uses Dispatch.
public actor Coordinator {
    /// The validated configuration.
    public nonisolated let configuration: CoordinatorConfiguration

    private let host: any WindowHost
    private let clock: CoordinatorClock
    private let executor: ExecutorChoice
    private let taskExecutor: (any TaskExecutor)?
    private let hub: EventHub
    private let levelActors: [WindowLevel: LevelActor]

    /// The committed state (a cache of what the level actors own; ``audit()`` compares them).
    public private(set) var snapshot: NavigationSnapshot
    /// The newest records, oldest first, at most ``CoordinatorConfiguration/historyLimit``.
    public private(set) var history: [TransitionRecord] = []

    private struct InFlight {
        let transition: InFlightTransition
        /// Set while the animator runs, so the animation can be cut short from outside.
        var gate: OneShot<AnimationRunner.End>?
    }

    private var inFlight: InFlight?
    private var nextWindowID = WindowID(1)
    private var admitted: UInt64 = 0
    private var ownershipFaults: [InvariantViolation] = []

    /// The executor the coordinator and its level actors run on.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.unownedExecutor }

    /// Creates a coordinator whose root window shows `root`, and has the host create and key it.
    ///
    /// - Parameters:
    ///   - configuration: levels, timeout and bounds (``CoordinatorConfiguration/standard`` by default).
    ///   - host: turns the model into real windows; a headless ``InMemoryHost`` by default.
    ///   - clock: the source of time for timeouts and record times; the continuous clock by default.
    ///   - executor: a serial executor for the coordinator and every level actor (a harness's
    ///     seeded scheduler, say); the default actor executor when nil.
    ///   - taskExecutor: the executor the animator's and the timeout's tasks prefer; none when nil.
    public init(root: Screen, configuration: CoordinatorConfiguration = .standard,
                host: any WindowHost = InMemoryHost(), clock: some Clock<Duration> = ContinuousClock(),
                executor: (any SerialExecutor)? = nil, taskExecutor: (any TaskExecutor)? = nil) async {
        let choice = ExecutorChoice(injected: executor, home: ExecutorHome())
        let rootWindow = Window(id: nextWindowID, level: .root, content: .screen(root))
        self.configuration = configuration
        self.host = host
        self.clock = CoordinatorClock(clock)
        self.executor = choice
        self.taskExecutor = taskExecutor
        self.hub = EventHub(bufferSize: configuration.eventBufferSize)
        var actors = [WindowLevel.root: LevelActor(level: .root, window: rootWindow, executor: choice)]
        for level in configuration.levels { actors[level] = LevelActor(level: level, window: nil, executor: choice) }
        self.levelActors = actors
        self.snapshot = NavigationSnapshot(version: 0, levels: configuration.levels, windows: [rootWindow],
                                           keyWindow: rootWindow.id)
        nextWindowID = rootWindow.id.next
        await host.createWindow(rootWindow)
        await host.showWindow(rootWindow.id)
        await host.makeKey(rootWindow.id, resigning: [])
    }

    // MARK: - Requests

    /// Carries out `request`, animated by `animator` when the skip rules allow.
    ///
    /// - Returns: the record of the committed transition.
    /// - Throws: ``TransitionError`` when the request was refused (busy, re-entrant, cancelled
    ///   before admission, or not fitting the state); nothing changed then.
    @discardableResult
    public func perform(_ request: TransitionRequest, animator: (any Animator)? = nil) async throws(TransitionError) -> TransitionRecord {
        let admission: (id: TransitionID, plan: TransitionPlan)
        do throws(TransitionError) {
            admission = try admit(request)
        } catch {
            hub.send(.rejected(request, error))
            throw error
        }
        return await carryOut(admission.plan, id: admission.id, animator: animator)
    }

    /// Shows `screen` in a new window at `level`. See ``perform(_:animator:)``.
    @discardableResult
    public func push(_ screen: Screen, at level: WindowLevel, animator: (any Animator)? = nil) async throws(TransitionError) -> TransitionRecord {
        try await perform(.push(screen, at: level), animator: animator)
    }

    /// Removes the window at `level`. See ``perform(_:animator:)``.
    @discardableResult
    public func pop(_ level: WindowLevel, animator: (any Animator)? = nil) async throws(TransitionError) -> TransitionRecord {
        try await perform(.pop(level), animator: animator)
    }

    /// Removes the window showing the screen `id`. See ``perform(_:animator:)``.
    @discardableResult
    public func pop(screen id: ScreenID, animator: (any Animator)? = nil) async throws(TransitionError) -> TransitionRecord {
        try await perform(.popScreen(id), animator: animator)
    }

    /// Removes every window above the root. See ``perform(_:animator:)``.
    @discardableResult
    public func popAll(animator: (any Animator)? = nil) async throws(TransitionError) -> TransitionRecord {
        try await perform(.popAll, animator: animator)
    }

    /// Replaces the root window and its whole stack with one new root window. See ``perform(_:animator:)``.
    @discardableResult
    public func replaceRoot(with screen: Screen, animator: (any Animator)? = nil) async throws(TransitionError) -> TransitionRecord {
        try await perform(.replaceRoot(screen), animator: animator)
    }

    /// Records the application state, serialized with transitions. See ``perform(_:animator:)``.
    @discardableResult
    public func setApplicationState(_ state: ApplicationState) async throws(TransitionError) -> TransitionRecord {
        try await perform(.setApplicationState(state))
    }

    /// Registers or updates an unmanaged window, serialized with transitions. See ``perform(_:animator:)``.
    @discardableResult
    public func registerUnmanagedWindow(_ window: UnmanagedWindow) async throws(TransitionError) -> TransitionRecord {
        try await perform(.registerUnmanagedWindow(window))
    }

    /// Forgets an unmanaged window, serialized with transitions. See ``perform(_:animator:)``.
    @discardableResult
    public func unregisterUnmanagedWindow(id: String) async throws(TransitionError) -> TransitionRecord {
        try await perform(.unregisterUnmanagedWindow(id: id))
    }

    // MARK: - Reads

    /// The window at `level`, or nil when the level is free.
    ///
    /// - Throws: ``TransitionError/unknownLevel(_:known:)`` for a level the coordinator was not configured with.
    public func window(at level: WindowLevel) throws(TransitionError) -> Window? {
        guard level == .root || configuration.levels.contains(level) else {
            throw .unknownLevel(level, known: configuration.levels)
        }
        return snapshot.window(at: level)
    }

    /// The key window.
    public var keyWindow: Window? { snapshot.keyWindow.flatMap { snapshot.window($0) } }

    /// The top-most visible window.
    public var topMostVisibleWindow: Window? { snapshot.topMostVisibleWindow }

    /// The transition in flight, if any.
    public var inFlightTransition: InFlightTransition? { inFlight?.transition }

    /// A new subscriber's stream of events, with its own buffer of
    /// ``CoordinatorConfiguration/eventBufferSize`` (the newest are kept when it falls behind).
    public nonisolated func events() -> AsyncStream<CoordinatorEvent> { hub.subscribe() }

    /// How many events were dropped from subscribers' full buffers.
    public nonisolated var droppedEventCount: Int { hub.droppedCount }

    /// Checks the invariants the coordinator can see: 3 and 4 on ``snapshot``, 1 and 2 over
    /// ``history``, and, when no transition is in flight, that every level actor owns exactly the
    /// window the snapshot shows there. Returns the violations found (none when all hold).
    public func audit() async -> [InvariantViolation] {
        var found = InvariantChecker.check(snapshot, ignoresUnmanagedWindows: configuration.ignoresUnmanagedWindows)
        found += InvariantChecker.checkHistory(history)
        found += ownershipFaults
        guard inFlight == nil else { return found }
        let admittedBefore = admitted
        for level in [WindowLevel.root] + configuration.levels {
            guard let owner = levelActors[level] else {
                found.append(.init(.levels, "no actor owns level \(level)"))
                continue
            }
            let owned = await owner.window
            // A transition admitted during that await may be mid-commit: stop comparing.
            guard admitted == admittedBefore else { break }
            if owned != snapshot.window(at: level) {
                found.append(.init(.levels, "level \(level)'s actor owns \(owned.map(\.description) ?? "nothing"), "
                                   + "the snapshot shows \(snapshot.window(at: level).map(\.description) ?? "nothing")"))
            }
        }
        return found
    }

    // MARK: - The transition lifecycle

    /// Step 1 and 2: admit and plan, synchronously (no await, so no other request interleaves).
    private func admit(_ request: TransitionRequest) throws(TransitionError) -> (id: TransitionID, plan: TransitionPlan) {
        if let inFlight, TransitionScope.chain.contains(marker(inFlight.transition.id)) {
            throw .reentrant(inFlight: inFlight.transition)
        }
        if Task.isCancelled { throw .cancelled(request) }
        if let inFlight { throw .busy(inFlight: inFlight.transition) }
        var next = nextWindowID
        let plan = try TransitionPlanner.plan(request, in: snapshot, nextWindowID: &next,
                                              ignoresUnmanagedWindows: configuration.ignoresUnmanagedWindows)
        nextWindowID = next
        admitted += 1
        let id = TransitionID(admitted)
        inFlight = InFlight(transition: InFlightTransition(id: id, request: request))
        return (id, plan)
    }

    /// Steps 3 to 6: prepare, animate, commit, release. Never throws: an admitted transition completes.
    private func carryOut(_ plan: TransitionPlan, id: TransitionID, animator: (any Animator)?) async -> TransitionRecord {
        let startedAt = clock.elapsed()
        let chain = TransitionScope.chain + [marker(id)]
        hub.send(.began(InFlightTransition(id: id, request: plan.request), before: plan.before))
        let (outcome, extraFinishCalls) = await TransitionScope.$chain.withValue(chain) {
            await execute(plan, id: id, animator: animator, chain: chain)
        }
        let record = TransitionRecord(id: id, request: plan.request, before: plan.before, after: plan.after,
                                      hadAnimator: animator != nil, animation: outcome,
                                      extraFinishCalls: extraFinishCalls, startedAt: startedAt, endedAt: clock.elapsed())
        snapshot = plan.after
        history.append(record)
        if history.count > configuration.historyLimit { history.removeFirst(history.count - configuration.historyLimit) }
        inFlight = nil
        hub.send(.ended(record))
        return record
    }

    /// The host calls and the animation, in the order ``WindowHost`` documents.
    private func execute(_ plan: TransitionPlan, id: TransitionID, animator: (any Animator)?,
                         chain: [TransitionScope.Marker]) async -> (AnimationOutcome, Int) {
        for window in plan.created {
            await host.createWindow(window)
            if !window.isHidden { await host.showWindow(window.id) }
        }

        let ledger = AnimationLedger()
        var outcome = AnimationOutcome.skipped(plan.skipReason(hasAnimator: animator != nil) ?? .topWindowUnchanged)
        if plan.skipReason(hasAnimator: animator != nil) == nil, let animator,
           let context = TransitionContext(id: id, plan: plan, includesUnmanaged: !configuration.ignoresUnmanagedWindows,
                                           ledger: ledger) {
            let gate = OneShot<AnimationRunner.End>()
            inFlight?.gate = gate
            outcome = await AnimationRunner.run(animator, context: context, gate: gate,
                                                timeout: configuration.animationTimeout, clock: clock,
                                                taskExecutor: taskExecutor, chain: chain)
            inFlight?.gate = nil
        }

        for level in [WindowLevel.root] + configuration.levels {
            let old = plan.before.window(at: level), new = plan.after.window(at: level)
            guard old != new else { continue }
            if await levelActors[level]?.replace(expecting: old?.id, with: new) != true {
                ownershipFaults.append(.init(.levels, "\(id) could not hand level \(level) from \(old.map(\.description) ?? "nothing") to \(new.map(\.description) ?? "nothing")"))
            }
        }
        if outcome.animatorWasCalled {
            for window in plan.after.windows where !window.isHidden { await host.resetAppearance(window.id) }
        }
        let resigning = plan.before.unmanagedWindows.filter { window in
            window.isKey && plan.after.unmanagedWindows.contains { $0.id == window.id && !$0.isKey }
        }.map(\.id)
        if let key = plan.after.keyWindow, key != plan.before.keyWindow || !resigning.isEmpty {
            await host.makeKey(key, resigning: resigning)
        }
        for window in plan.destroyed { await host.destroyWindow(window.id) }
        return (outcome, ledger.extraFinishCalls)
    }

    private func marker(_ id: TransitionID) -> TransitionScope.Marker {
        TransitionScope.Marker(coordinator: ObjectIdentifier(self), transition: id)
    }
}
