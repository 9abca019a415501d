/// The single writer of navigation state: admits, serializes and commits every transition.
///
/// **Serialization.** At most one transition is in flight per coordinator. A request that arrives
/// while one is in flight follows its ``AdmissionPolicy``: refused with
/// ``TransitionError/busy(inFlight:)`` (the default), or waiting in a bounded lane until the slot
/// is handed to it; application state changes always go first (see ``setApplicationState(_:)``).
/// A request made from inside the transition in flight (its animator, a task the animator started,
/// a host call) is refused with ``TransitionError/reentrant(inFlight:)`` at once, under every
/// policy, so nothing ever waits on itself.
///
/// **Atomicity.** A call that throws changed nothing. A call that returns committed exactly the
/// planned state; its ``TransitionRecord`` says what the animation did. ``snapshot`` and every event
/// only ever show committed states.
///
/// **Every `await` is a door.** While a transition awaits its host or animator, other requests
/// enter the actor; they see the in-flight slot, which is set at admission (before the first
/// await) and cleared at commit (after the last), so no state read before a door is stale after it.
/// When the slot is freed it is handed to the next waiter in the same synchronous step, so no
/// arriving request slips in between; waiters hold tickets whose state lives under a lock, so a
/// hand-over, a supersession and a cancellation resolve each ticket exactly once, in any order.
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
        /// A preempting request or lifecycle event asked the animation to finish now.
        var preempted = false
    }

    /// How a request asks to be admitted.
    private enum Mode {
        case policy(AdmissionPolicy)
        /// Application state changes: preempt, and wait ahead of everything else, never refused for room.
        case lifecycle
    }

    private var inFlight: InFlight?
    private var waiting = WaitQueue<AdmissionTicket>()
    private var nextWindowID = WindowID(1)
    private var admitted: UInt64 = 0
    private var ownershipFaults: [InvariantViolation] = []
    private var peakWaiting = 0
    /// Deliberate bugs switched on by the harness (always empty through the public initializer).
    private let mutations: Set<Mutation>

    /// The executor the coordinator and its level actors run on.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.unownedExecutor }

    /// Creates a coordinator whose root window shows `root`, and has the host create and key it.
    ///
    /// - Parameters:
    ///   - configuration: levels, timeout and bounds (``CoordinatorConfiguration/standard`` by default).
    ///   - host: turns the model into real windows; a headless ``InMemoryHost`` on `executor` by default.
    ///   - clock: the source of time for timeouts and record times; the continuous clock by default.
    ///   - executor: a serial executor for the coordinator and every level actor (a harness's
    ///     seeded scheduler, say); the default actor executor when nil.
    ///   - taskExecutor: the executor the animator's and the timeout's tasks prefer; none when nil.
    public init(root: Screen, configuration: CoordinatorConfiguration = .standard,
                host: (any WindowHost)? = nil, clock: some Clock<Duration> = ContinuousClock(),
                executor: (any SerialExecutor)? = nil, taskExecutor: (any TaskExecutor)? = nil) async {
        await self.init(root: root, configuration: configuration, host: host, clock: clock, executor: executor,
                        taskExecutor: taskExecutor, mutations: [])
    }

    /// The initializer the harness uses to switch deliberate bugs on; see ``Mutation``.
    package init(root: Screen, configuration: CoordinatorConfiguration = .standard,
                 host: (any WindowHost)? = nil, clock: some Clock<Duration> = ContinuousClock(),
                 executor: (any SerialExecutor)? = nil, taskExecutor: (any TaskExecutor)? = nil,
                 mutations: Set<Mutation>) async {
        self.mutations = mutations
        let choice = ExecutorChoice(injected: executor, home: ExecutorHome())
        let rootWindow = Window(id: nextWindowID, level: .root, content: .screen(root))
        self.configuration = configuration
        let host = host ?? InMemoryHost(executor: executor)
        self.host = host
        self.clock = CoordinatorClock(clock)
        self.executor = choice
        self.taskExecutor = taskExecutor
        self.hub = EventHub(bufferSize: configuration.eventBufferSize)
        var actors = [WindowLevel.root: LevelActor(level: .root, window: rootWindow, executor: choice)]
        for level in configuration.levels { actors[level] = LevelActor(level: level, window: nil, executor: choice) }
        self.levelActors = actors
        self.snapshot = NavigationSnapshot(version: 0, levels: configuration.levels, windows: [rootWindow],
                                           keyWindow: rootWindow.id, covers: configuration.covers)
        nextWindowID = rootWindow.id.next
        await host.createWindow(rootWindow)
        await host.showWindow(rootWindow.id)
        await host.makeKey(rootWindow.id, resigning: [])
    }

    // MARK: - Requests

    /// Carries out `request`, animated by `animator` when the skip rules allow.
    ///
    /// - Parameters:
    ///   - policy: what to do when another transition is in flight (``AdmissionPolicy``); an
    ///     application state change ignores it and behaves as ``setApplicationState(_:)`` says.
    ///   - whenLocked: what to do when the request would show something above the lock screen.
    /// - Returns: the record of the committed transition.
    /// - Throws: ``TransitionError`` when the request was refused (busy, re-entrant, cancelled
    ///   before admission, queue full, superseded, locked, or not fitting the state); nothing
    ///   changed then.
    @discardableResult
    public func perform(_ request: TransitionRequest, animator: (any Animator)? = nil,
                        policy: AdmissionPolicy = .reject,
                        whenLocked: LockedBehavior = .refuse) async throws(TransitionError) -> TransitionRecord {
        // Application state changes always go through the lifecycle lane, whichever way they are asked for.
        let mode: Mode = request.kind == .applicationState ? .lifecycle : .policy(policy)
        return try await submit(request, animator: animator, mode: mode, whenLocked: whenLocked)
    }

    /// Shows `screen` in a new window at `level`. See ``perform(_:animator:policy:whenLocked:)``.
    @discardableResult
    public func push(_ screen: Screen, at level: WindowLevel, animator: (any Animator)? = nil,
                     policy: AdmissionPolicy = .reject,
                     whenLocked: LockedBehavior = .refuse) async throws(TransitionError) -> TransitionRecord {
        try await perform(.push(screen, at: level), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Removes the window at `level`. See ``perform(_:animator:policy:whenLocked:)``.
    @discardableResult
    public func pop(_ level: WindowLevel, animator: (any Animator)? = nil,
                    policy: AdmissionPolicy = .reject) async throws(TransitionError) -> TransitionRecord {
        try await perform(.pop(level), animator: animator, policy: policy)
    }

    /// Removes the window showing the screen `id`. See ``perform(_:animator:policy:whenLocked:)``.
    @discardableResult
    public func pop(screen id: ScreenID, animator: (any Animator)? = nil,
                    policy: AdmissionPolicy = .reject) async throws(TransitionError) -> TransitionRecord {
        try await perform(.popScreen(id), animator: animator, policy: policy)
    }

    /// Removes every window above the root (the shield and lock stay). See ``perform(_:animator:policy:whenLocked:)``.
    @discardableResult
    public func popAll(animator: (any Animator)? = nil,
                       policy: AdmissionPolicy = .reject) async throws(TransitionError) -> TransitionRecord {
        try await perform(.popAll, animator: animator, policy: policy)
    }

    /// Replaces the root window and its whole stack with one new root window (the shield and lock
    /// stay). See ``perform(_:animator:policy:whenLocked:)``.
    @discardableResult
    public func replaceRoot(with screen: Screen, animator: (any Animator)? = nil,
                            policy: AdmissionPolicy = .reject) async throws(TransitionError) -> TransitionRecord {
        try await perform(.replaceRoot(screen), animator: animator, policy: policy)
    }

    /// Records the application state, putting the shield and the lock up (or the shield down) as
    /// the configured ``LifecycleCovers`` say. Never animated.
    ///
    /// Lifecycle events take precedence: if a transition is in flight its animation is told to
    /// finish now, and this event runs as soon as that transition commits, ahead of every waiting
    /// request (other lifecycle events excepted, which keep their order). It is never refused for
    /// room. When it returns, the state is committed: after `.inactive` the shield is the
    /// top-most, key window; after `.background` the lock is up beneath it.
    ///
    /// - Throws: only ``TransitionError/reentrant(inFlight:)`` (called from inside a transition)
    ///   or ``TransitionError/cancelled(_:)`` (the caller was cancelled before admission).
    @discardableResult
    public func setApplicationState(_ state: ApplicationState) async throws(TransitionError) -> TransitionRecord {
        try await submit(.setApplicationState(state), animator: nil, mode: .lifecycle, whenLocked: .refuse)
    }

    /// Removes the lock screen (animated when the app is active) and shows again the windows it hid;
    /// then requests deferred while locked run, in order.
    ///
    /// - Throws: ``TransitionError/notLocked`` when no lock is up; the policy's errors when busy.
    @discardableResult
    public func unlock(animator: (any Animator)? = nil,
                       policy: AdmissionPolicy = .reject) async throws(TransitionError) -> TransitionRecord {
        try await perform(.unlock, animator: animator, policy: policy)
    }

    /// Registers or updates an unmanaged window, serialized with transitions. See ``perform(_:animator:policy:whenLocked:)``.
    @discardableResult
    public func registerUnmanagedWindow(_ window: UnmanagedWindow,
                                        policy: AdmissionPolicy = .reject) async throws(TransitionError) -> TransitionRecord {
        try await perform(.registerUnmanagedWindow(window), policy: policy)
    }

    /// Forgets an unmanaged window, serialized with transitions. See ``perform(_:animator:policy:whenLocked:)``.
    @discardableResult
    public func unregisterUnmanagedWindow(id: String,
                                          policy: AdmissionPolicy = .reject) async throws(TransitionError) -> TransitionRecord {
        try await perform(.unregisterUnmanagedWindow(id: id), policy: policy)
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

    /// The most requests that ever waited at once in the queued and preempt lanes (bounded by
    /// ``CoordinatorConfiguration/queueLimit``).
    public var peakQueueDepth: Int { peakWaiting }

    /// The requests waiting, in the order they will be served (lanes first, then arrival).
    public var waitingRequests: [TransitionRequest] {
        waiting.entries.filter { $0.ticket.isLive }
            .sorted { ($0.lane, $0.sequence) < ($1.lane, $1.sequence) }.map(\.request)
    }

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

    private func submit(_ request: TransitionRequest, animator: (any Animator)?, mode: Mode,
                        whenLocked: LockedBehavior) async throws(TransitionError) -> TransitionRecord {
        let admission: Admission
        do throws(TransitionError) {
            admission = try await admit(request, mode: mode, deferrable: whenLocked == .deferUntilUnlocked)
        } catch {
            hub.send(.rejected(request, error))
            throw error
        }
        return await carryOut(admission, animator: animator)
    }

    /// Steps 1 and 2: admit and plan. Everything up to the wait is synchronous, so no other
    /// request interleaves with a decision; a waiting request is admitted by ``release()``.
    private func admit(_ request: TransitionRequest, mode: Mode, deferrable: Bool) async throws(TransitionError) -> Admission {
        if let inFlight, TransitionScope.chain.contains(marker(inFlight.transition.id)) {
            throw .reentrant(inFlight: inFlight.transition)
        }
        if Task.isCancelled { throw .cancelled(request) }
        if mutations.contains(.staleRead), inFlight == nil {
            // Mutant: read, await, then plan against what was read (no re-check of the slot).
            let stale = snapshot
            await Task.yield()
            var next = nextWindowID
            let plan = try TransitionPlanner.plan(request, in: stale, nextWindowID: &next,
                                                  ignoresUnmanagedWindows: configuration.ignoresUnmanagedWindows)
            return occupy(plan, nextWindowID: next, waited: nil)
        }
        if mutations.contains(.noBusyCheck), case .policy(.reject) = mode, inFlight != nil {
            if case .success(let (plan, next)) = plan(request) { return occupy(plan, nextWindowID: next, waited: nil) }
        }
        guard let current = inFlight else {
            // Idle means no eligible waiter (release() hands the slot over before going idle).
            switch plan(request) {
            case .success(let (plan, next)):
                return occupy(plan, nextWindowID: next, waited: nil)
            case .failure(.locked) where deferrable:
                return try await wait(request, lane: .deferred, group: nil, deferrable: true)
            case .failure(let error):
                throw error
            }
        }
        switch mode {
        case .lifecycle:
            preemptInFlight()
            return try await wait(request, lane: .lifecycle, group: nil, deferrable: deferrable)
        case .policy(.reject):
            throw .busy(inFlight: current.transition)
        case .policy(.enqueue):
            return try await wait(request, lane: .queued, group: nil, deferrable: deferrable)
        case .policy(.coalesce(let group)):
            return try await wait(request, lane: .queued, group: group, deferrable: deferrable)
        case .policy(.preempt):
            preemptInFlight()
            return try await wait(request, lane: .preempt, group: nil, deferrable: deferrable)
        }
    }

    /// Queues the request in `lane` and suspends until ``release()`` admits it, a coalescing
    /// request supersedes it, or its task is cancelled (then it leaves the line; nothing changed).
    private func wait(_ request: TransitionRequest, lane: WaitLane, group: String?,
                      deferrable: Bool) async throws(TransitionError) -> Admission {
        waiting.purge { !$0.isLive }
        let replaced = group.map { group in waiting.entries.filter { $0.group == group && $0.lane == .queued } } ?? []
        switch lane {
        case .lifecycle:
            break
        case .preempt, .queued:
            if waiting.count(in: [.preempt, .queued]) - replaced.count >= configuration.queueLimit,
               !mutations.contains(.unboundedQueue) {
                throw .queueFull(limit: configuration.queueLimit)
            }
        case .deferred:
            if waiting.count(in: [.deferred]) >= configuration.deferredLimit {
                throw .deferredQueueFull(limit: configuration.deferredLimit)
            }
        }
        if let group {
            for entry in waiting.removeGroup(group) where entry.ticket.claim() {
                entry.ticket.deliver(.failure(.superseded(group: group, by: request)))
            }
        }
        let ticket = AdmissionTicket(request: request)
        waiting.append(request, lane: lane, group: group, deferrable: deferrable, ticket: ticket)
        peakWaiting = max(peakWaiting, waiting.count(in: [.preempt, .queued]))
        hub.send(.waiting(request, lane: lane))
        let outcome = await withTaskCancellationHandler {
            await ticket.wait()
        } onCancel: {
            ticket.cancel()
        }
        return try outcome.get()
    }

    /// Step 6: frees the slot and hands it to the next eligible waiter, in the same synchronous
    /// step, so no arriving request can slip in between. Waiters whose plan no longer fits are
    /// answered with the planning error; deferrable ones that hit the lock go (back) to the
    /// deferred lane, keeping their place.
    private func release() {
        inFlight = nil
        while let entry = waiting.popNext(deferredAllowed: !snapshot.isLocked) {
            guard entry.ticket.isLive else { continue }
            let planned = plan(entry.request)
            if case .failure(.locked) = planned, entry.deferrable {
                waiting.reinsert(entry, lane: .deferred)
                hub.send(.waiting(entry.request, lane: .deferred))
                continue
            }
            guard entry.ticket.claim() else { continue }
            switch planned {
            case .success(let (plan, next)):
                let waited = WaitInfo(lane: entry.lane, sequence: entry.sequence)
                entry.ticket.deliver(.success(occupy(plan, nextWindowID: next, waited: waited)))
                return
            case .failure(let error):
                entry.ticket.deliver(.failure(error))
            }
        }
    }

    /// Plans against the committed snapshot; returns the plan and the next window id to keep.
    private func plan(_ request: TransitionRequest) -> Result<(TransitionPlan, WindowID), TransitionError> {
        var next = nextWindowID
        return Result { () throws(TransitionError) in
            let plan = try TransitionPlanner.plan(request, in: snapshot, nextWindowID: &next,
                                                  ignoresUnmanagedWindows: configuration.ignoresUnmanagedWindows,
                                                  mutations: mutations)
            return (plan, next)
        }
    }

    /// Takes the in-flight slot for an admitted plan.
    private func occupy(_ plan: TransitionPlan, nextWindowID next: WindowID, waited: WaitInfo?) -> Admission {
        nextWindowID = next
        admitted += 1
        let id = TransitionID(admitted)
        inFlight = InFlight(transition: InFlightTransition(id: id, request: plan.request))
        return Admission(id: id, plan: plan, waited: waited, admittedAt: clock.elapsed())
    }

    /// Tells the animation in flight to finish now (or not to linger once it starts).
    private func preemptInFlight() {
        inFlight?.preempted = true
        inFlight?.gate?.resolve(.cutShort(.preempted))
    }

    /// Steps 3 to 6: prepare, animate, commit, release. Never throws: an admitted transition completes.
    private func carryOut(_ admission: Admission, animator: (any Animator)?) async -> TransitionRecord {
        let (id, plan) = (admission.id, admission.plan)
        let startedAt = admission.admittedAt
        let chain = TransitionScope.chain + [marker(id)]
        hub.send(.began(InFlightTransition(id: id, request: plan.request), before: plan.before))
        let (outcome, extraFinishCalls) = await TransitionScope.$chain.withValue(chain) {
            await execute(plan, id: id, animator: animator, chain: chain)
        }
        let record = TransitionRecord(id: id, request: plan.request, before: plan.before, after: plan.after,
                                      hadAnimator: animator != nil, animation: outcome,
                                      extraFinishCalls: extraFinishCalls, startedAt: startedAt, endedAt: clock.elapsed(),
                                      waited: admission.waited)
        snapshot = plan.after
        history.append(record)
        if history.count > configuration.historyLimit { history.removeFirst(history.count - configuration.historyLimit) }
        hub.send(.ended(record))
        release()
        return record
    }

    /// The host calls and the animation, in the order ``WindowHost`` documents.
    private func execute(_ plan: TransitionPlan, id: TransitionID, animator: (any Animator)?,
                         chain: [TransitionScope.Marker]) async -> (AnimationOutcome, Int) {
        for window in plan.created {
            await host.createWindow(window)
            if !window.isHidden { await host.showWindow(window.id) }
        }
        for window in plan.revealed { await host.showWindow(window.id) }

        let ledger = AnimationLedger(dropsExtraFinishes: mutations.contains(.noOneShotFinish))
        var outcome = AnimationOutcome.skipped(plan.skipReason(hasAnimator: animator != nil) ?? .topWindowUnchanged)
        if plan.skipReason(hasAnimator: animator != nil) == nil, let animator,
           let context = TransitionContext(id: id, plan: plan, includesUnmanaged: !configuration.ignoresUnmanagedWindows,
                                           ledger: ledger) {
            let gate = OneShot<AnimationRunner.End>()
            inFlight?.gate = gate
            if inFlight?.preempted == true { gate.resolve(.cutShort(.preempted)) }
            outcome = await AnimationRunner.run(animator, context: context, gate: gate,
                                                timeout: mutations.contains(.noTimeout) ? nil : configuration.animationTimeout,
                                                clock: clock,
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
        for window in plan.concealed { await host.hideWindow(window.id) }
        let resigning = plan.resigningUnmanagedWindows
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
