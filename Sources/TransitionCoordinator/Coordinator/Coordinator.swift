/// The single writer of navigation state: admits, serializes and commits every transition.
///
/// **Serialization.** At most one transition is in flight per coordinator: it holds the
/// coordinator's one *slot* from its admission to its commit. A request that arrives while the slot
/// is taken follows its ``AdmissionPolicy``: refused with
/// ``TransitionError/Refusal/busy(inFlight:)`` (the default), or waiting in a bounded lane (a
/// ``WaitLane``) until the slot is handed to it; application state changes always go first (see
/// ``setApplicationState(_:)``). A request made from inside the transition in flight (its animator,
/// a task the animator started, a host call) is refused with
/// ``TransitionError/Refusal/reentrant(inFlight:)`` at once, under every policy, so nothing ever
/// waits on itself.
///
/// **Where a request runs.** The request methods are `nonisolated(nonsending)`: they start in the
/// caller's context and enter the actor once. A `.reject` request that finds a transition in
/// flight is refused there, without entering the actor, from what the coordinator published in
/// the step that gave that transition the slot (its busy gate); the answer and its `rejected`
/// event are the ones the actor would give, ordered between the transition's `began` and `ended`.
///
/// **A request's path.** 1. `submit`: the request enters the actor. 2. `admit`: the
/// `TransitionMachine` decides its arrival and plans it (admitted, waiting on an
/// `AdmissionTicket`, or refused). 3. `run`: the guards are asked. 4. `animate`: the host phases
/// and the animation. 5. `commit`: the ``TransitionRecord``, the snapshot, the `ended` event.
/// 6. `handOver`: the slot goes to the next waiter. The values carried along are the request, its
/// ticket while it waits, the machine's `TransitionMachine.Decision`, and the admitted
/// `TransitionPlan` (in an `Admission`). <doc:Architecture> follows a transition through these
/// steps and lists the invariants by number.
///
/// **Decisions in values.** Every decision (admit, wait in which lane, refuse, hand the slot over,
/// end a gesture, find a hop stay (see ``HopHandle``)) is an event of a `TransitionMachine` value,
/// which returns the actions; the actor gathers what only it sees (the caller's re-entrancy chain
/// and cancellation, the host's stuck call), carries the actions out in the same synchronous step,
/// and does the effects: host calls, the animation, the level and container actors, events.
///
/// **Atomicity.** A call that throws changed nothing. A call that returns committed exactly the
/// planned state; its ``TransitionRecord`` says what the animation did. ``snapshot`` and every event
/// only ever show committed states.
///
/// **Every `await` lets other requests in.** While a transition awaits its host or animator, other
/// requests enter the actor; they see the in-flight slot, which is set at admission (before the
/// first await) and cleared at commit (after the last), so no state read before an `await` is
/// stale after it.
/// When the slot is freed it is handed to the next waiter in the same synchronous step, so no
/// arriving request slips in between; waiters hold tickets whose state lives under a lock, so a
/// hand-over, a supersession and a cancellation resolve each ticket exactly once, in any order.
/// The `began` event of a transition goes out in the step that gives it the slot, so no event
/// naming it (a busy rejection, say) can come before it.
///
/// **Every request method** (``openWindow(_:at:animator:policy:whenLocked:)-(WindowContent,_,_,_,_)``,
/// a handle's `push`, ``present(_:from:animator:policy:whenLocked:)-(WindowContent,_,_,_,_)``,
/// ``navigate(to:animator:policy:whenLocked:)``, and the rest) is one request, one way each, and
/// takes, where they apply, the same trailing parameters: `animator` animates the change when the
/// skip rules let it run (none by default); `policy` says what to do when another transition is
/// in flight (``AdmissionPolicy``, `.reject` by default); `whenLocked`, for a request that can
/// show something above the lock screen, says what to do then (``LockedBehavior``). It returns the record of the
/// committed transition, and throws ``TransitionError`` when the request was refused (busy,
/// re-entrant, cancelled before admission, queue full, superseded, locked, host unresponsive, or
/// not fitting the state): nothing changed then.
///
/// **A bounded host.** The default host, a headless model, is called inline
/// and cannot get stuck. Any other host's phases of calls are each awaited at most
/// ``CoordinatorConfiguration/hostTimeout``, counted from its first call. A call that does not
/// return in time is abandoned: the transition commits to the model without the calls after it
/// and its record names the stuck call (``TransitionRecord/hostFault``). Until that call returns, requests are refused with
/// ``TransitionError/Refusal/hostUnresponsive(_:)`` and lifecycle events commit to the model alone, so a
/// stuck host (one that waits on this coordinator, on another one that waits on this, or on
/// nothing at all) never blocks the shield or hangs a caller. The first transition after the
/// call returns sends the host what it missed before its own calls.
///
/// **Cancellation.** A caller cancelled before admission gets ``TransitionError/Refusal/cancelled(_:)``
/// and nothing changes. Once admitted, a transition always completes; cancelling its caller only
/// cuts the animation short (``AnimationOutcome/callerCancelled``).
///
/// **Injection.** Time comes from the given `Clock`, the actors' jobs run on the given serial
/// executor and the animator's and timer's tasks prefer the given task executor; the library
/// itself never sleeps, reads the wall clock or uses Dispatch.
public actor Coordinator {
    /// The validated configuration.
    public nonisolated let configuration: CoordinatorConfiguration

    let host: HostLink
    let clock: CoordinatorClock
    /// The one timer of every bounded step (animations, phases of calls to an async host).
    let watchdog: Watchdog
    let executor: ExecutorChoice
    let taskExecutor: (any TaskExecutor)?
    let hub: EventHub
    /// What a `.reject` request arriving now is refused with, without entering the actor.
    let gate = BusyGate()
    let levelActors: [WindowLevel: LevelActor]
    /// The owner of each live container, by id (written only in commit steps).
    var containerActors: [ContainerID: ContainerActor] = [:]
    /// The callbacks of the live screens that have any, by screen id (ids are unique across windows).
    var screenCallbacks: [ScreenID: ScreenCallbacks] = [:]
    /// The turn of the newest transition whose callbacks are still being delivered, if any.
    var callbackTurn: CallbackTurn?
    /// This coordinator's number in re-entrancy markers, never reused in the process.
    let identity = TransitionScope.newCoordinatorIdentity()

    /// Every decision: the committed state, the phase (idle, a transition in flight, a gesture
    /// held), the waiters, the hop stays.
    var machine: TransitionMachine
    /// The committed state (a cache of what the level actors own; the package's `audit()` compares them).
    public var snapshot: NavigationSnapshot { machine.snapshot }
    /// The newest records, oldest first, at most ``CoordinatorConfiguration/historyLimit``.
    public var history: [TransitionRecord] { recent.records }
    /// The records behind ``history``, in a ring.
    var recent: HistoryRing

    /// How a request asks to be admitted.
    typealias Mode = TransitionMachine.Mode

    /// A host call that did not return in time, and what is needed to catch the host up once it does.
    struct StuckHost {
        let fault: HostFault
        let progress: HostProgress
        /// What the host had been told before the stuck phase began (and the resigns it missed
        /// since, ``HostView/owedResigns``).
        var base: HostView
        /// The stuck phase's calls.
        let commands: [HostCommand]
    }

    var ownershipFaults: [InvariantViolation] = []
    /// Where the host stands: in step, stuck on a call, or behind once that call returned.
    var hostState = HostState.inStep
    /// Where the host stands against what the coordinator told it.
    enum HostState {
        /// It took every call it was sent.
        case inStep
        /// A call did not return in time (it may have returned since: ``refreshHost()`` looks).
        case stuck(StuckHost)
        /// The stuck call returned: what the host has taken so far. The next transition sends it the rest first.
        case behind(HostView)

        /// Whether a call is stuck.
        var isStuck: Bool { if case .stuck = self { true } else { false } }
    }
    /// Where the host's first calls stand (``start()``); every transition's host calls come after them.
    var hostStart = HostStart.done
    /// Where the host's first calls stand.
    enum HostStart {
        /// Not made yet (a synchronous initializer's coordinator, until ``start()`` or its first transition).
        case pending
        /// Out, with the callers waiting for them.
        case running([CheckedContinuation<Void, Never>])
        /// Made.
        case done
    }
    /// The screens routes may name.
    package nonisolated let screens: ScreenRegistry
    /// The guards every guarded transition passes, in order (see ``NavigationGuard``).
    package nonisolated let guards: [NavigationGuard]
    /// The screens the last route that compiled here made with the route's ids (whether or not
    /// its navigation then ran), which the next one recognizes where they are still shown
    /// (``RouteCompiler/MadeScreens``). Read and replaced only in `navigation(to:)`, which does
    /// not suspend: two navigations' compiles never interleave.
    var madeScreens = RouteCompiler.MadeScreens()
    /// The request a guard redirected last, kept for ``resumeRedirected()``.
    var redirected: Redirected?
    /// The link ``resumeRedirected()`` is resuming, until its inbox answers.
    var resumingLink: Redirected?
    /// How many redirects' navigations were started (the harness expects their events).
    package internal(set) var redirectsStarted = 0
    /// How many of those found the app where they lead already: nil, and no event.
    package internal(set) var redirectsAlreadyThere = 0
    /// How many of those have answered (a record, nil or an error): the rest still wait their turn.
    package internal(set) var redirectsAnswered = 0
    /// The navigation the newest guard redirect started, for ``redirectOutcome()``.
    var redirectNavigation: Task<Result<TransitionRecord?, TransitionError>, Never>?

    /// The executor the coordinator and its level actors run on.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.unownedExecutor }

    /// Creates a coordinator whose root window shows `root`, and has the host create and key it.
    ///
    /// - Parameters:
    ///   - root: the screen the root window shows.
    ///   - configuration: levels, timeout and bounds (``CoordinatorConfiguration/standard`` by default).
    ///   - host: turns the model into real windows; a headless model by default, called inline.
    ///     Any other host's phases run under
    ///     ``CoordinatorConfiguration/hostTimeout``.
    ///   - clock: the source of time for timeouts and record times; the continuous clock by default.
    ///   - executor: a serial executor for the coordinator and every level actor (a harness's
    ///     seeded scheduler, say); the default actor executor when nil.
    ///   - taskExecutor: the executor the animator's and the timeout's tasks prefer; none when nil.
    ///   - screens: the screens routes may name (``navigate(to:animator:policy:whenLocked:)``); none by default.
    ///   - guards: asked, in order, about every guarded transition (``NavigationGuard``); none by default.
    /// - Precondition: `root` is not the shield's or the lock's screen (their ids are reserved:
    ///   a cover never duplicates an app screen). The initializer that takes content throws instead.
    public init(
        root: some Hashable & Codable & Sendable, configuration: CoordinatorConfiguration = .standard,
        host: (any WindowHost)? = nil, clock: some Clock<Duration> = ContinuousClock(),
        executor: (any SerialExecutor)? = nil, taskExecutor: (any TaskExecutor)? = nil,
        screens: ScreenRegistry = ScreenRegistry(), guards: [NavigationGuard] = []
    ) async {
        await self.init(
            rootContent: .screen(Screen(root)), configuration: configuration, host: host, clock: clock,
            executor: executor, taskExecutor: taskExecutor, screens: screens, guards: guards)
    }

    /// Creates a coordinator whose root window shows `root`, synchronously, where an app makes
    /// one: a scene delegate's `scene(_:willConnectTo:options:)`, a SwiftUI `App`'s property.
    ///
    /// Nothing is asked of the host yet. Its first calls (create, show and key the root window)
    /// are made by ``start()``, or by the first transition, whichever comes first; until then the
    /// snapshot shows the root window and the host shows nothing. The parameters are the async
    /// initializer's (`await Coordinator(root:…)`),
    /// which makes those calls before it returns. Inside an async function Swift picks that one:
    /// there, write `await Coordinator(root:…)`.
    /// - Precondition: as the async initializer's.
    public init(
        root: some Hashable & Codable & Sendable, configuration: CoordinatorConfiguration = .standard,
        host: (any WindowHost)? = nil, clock: some Clock<Duration> = ContinuousClock(),
        executor: (any SerialExecutor)? = nil, taskExecutor: (any TaskExecutor)? = nil,
        screens: ScreenRegistry = ScreenRegistry(), guards: [NavigationGuard] = []
    ) {
        self.init(
            rootContent: .screen(Screen(root)), configuration: configuration, host: host, clock: clock,
            executor: executor, taskExecutor: taskExecutor, screens: screens, guards: guards, synchronously: ())
    }

    /// The designated initializer, which the harness uses with any content; `rootContent` must
    /// keep invariant 8 (the public initializers check it).
    package init(
        rootContent: WindowContent, configuration: CoordinatorConfiguration = .standard,
        host: (any WindowHost)? = nil, clock: some Clock<Duration> = ContinuousClock(),
        executor: (any SerialExecutor)? = nil, taskExecutor: (any TaskExecutor)? = nil,
        screens: ScreenRegistry = ScreenRegistry(), guards: [NavigationGuard] = []
    ) async {
        self.init(
            rootContent: rootContent, configuration: configuration, host: host, clock: clock,
            executor: executor, taskExecutor: taskExecutor, screens: screens, guards: guards, synchronously: ())
        await start()
    }

    /// Where every initializer ends: the state, with the host not yet called (``start()``).
    /// `rootContent` must keep invariant 8 (the public initializers check it).
    init(
        rootContent: WindowContent, configuration: CoordinatorConfiguration, host: (any WindowHost)?,
        clock: some Clock<Duration>, executor: (any SerialExecutor)?, taskExecutor: (any TaskExecutor)?,
        screens: ScreenRegistry, guards: [NavigationGuard], synchronously: Void
    ) {
        // One place for every way in: the initializers that take content throw before they get
        // here, so this stops only a root screen with a cover's id (their documented precondition).
        if let (id, level) = Self.coverScreen(in: rootContent, configuration.covers) {
            preconditionFailure(
                "Coordinator(root:): screen id '\(id)' is the cover's at \(level); a cover's screen id is reserved: "
                    + "give the root screen another id")
        }
        self.screens = screens
        self.guards = guards
        let choice = ExecutorChoice(injected: executor, home: ExecutorHome())
        let rootWindow = ManagedWindow(id: WindowID(1), level: .root, content: rootContent)
        self.configuration = configuration
        recent = HistoryRing(limit: configuration.historyLimit)
        self.host = HostLink(host ?? InMemoryHost())
        let clock = CoordinatorClock(clock)
        self.clock = clock
        self.watchdog = Watchdog(
            clock: clock, step: min(configuration.animationTimeout, configuration.hostTimeout, configuration.guardTimeout),
            taskExecutor: taskExecutor)
        self.executor = choice
        self.taskExecutor = taskExecutor
        self.hub = EventHub(bufferSize: configuration.eventBufferSize)
        var actors = [WindowLevel.root: LevelActor(level: .root, window: rootWindow, executor: choice)]
        for level in configuration.levels { actors[level] = LevelActor(level: level, window: nil, executor: choice) }
        self.levelActors = actors
        var owners: [ContainerID: ContainerActor] = [:]
        rootContent.forEachContainer { owners[$0] = ContainerActor(id: $0, node: $1, executor: choice) }
        self.containerActors = owners
        let snapshot = NavigationSnapshot(
            version: 0, levels: configuration.levels, windows: [rootWindow],
            keyWindow: rootWindow.id, covers: configuration.covers)
        self.machine = TransitionMachine(
            snapshot: snapshot, nextWindowID: rootWindow.id.next,
            configuration: configuration, hasGuards: !guards.isEmpty)
        hostStart = .pending
    }

    /// Makes the host's first calls, if they are not made yet: it creates, shows and keys the
    /// windows of the snapshot (the root window). The async initializers call it before they
    /// return; after the synchronous one, call it once the app can show windows, or let the first
    /// transition make the calls.
    ///
    /// Calling it again, or concurrently, waits for the same calls; they are made once. Every
    /// transition's host calls come after them. A host that does not return is bounded by
    /// ``CoordinatorConfiguration/hostTimeout``, as every host phase is: a transition admitted
    /// while the calls were out then commits to the model alone, its record naming the stuck call
    /// (``TransitionRecord/hostFault``, in the phase `setup`), and later requests are refused as
    /// `hostUnresponsive` until it returns. Cancelling the caller does not cancel the calls.
    public func start() async {
        switch hostStart {
        case .done:
            return
        case .running:
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                if case .running(let waiters) = hostStart { hostStart = .running(waiters + [waiter]) } else { waiter.resume() }
            }
        case .pending:
            hostStart = .running([])
            let setup = HostView.empty.catchUp(to: snapshot)
            // While this awaits the host, requests may arrive and be admitted: each one finds the
            // calls running (not `.done`: no synchronous step) and waits here in `start()` before
            // its guards and its own host calls, so the host sees the setup first, and no other
            // time limit is armed while the setup's runs. The setup is planned from the snapshot
            // now, which no transition can have changed: none commits before its step 4 ends.
            // The calls' own link in the re-entrancy chain: a request from one of them would wait
            // for the very calls it is made from, so it is refused as re-entrant.
            let (marker, chain) = TransitionScope.chain.pruned().entering(markerIdentity, Self.setupID)
            _ = await sendPhase(setup, base: { .empty }, phase: .setup, id: Self.setupID, chain: chain)
            marker.end()
            if case .running(let waiters) = hostStart { waiters.forEach { $0.resume() } }
            hostStart = .done
        }
    }

    /// The id the host's first calls go by (in a ``HostFault`` and the re-entrancy chain): no
    /// transition has it, the first one admitted is 1.
    static let setupID = TransitionID(0)

    /// The host's first calls, as a request from inside them is told (refused as re-entrant):
    /// they show the root window.
    var setupTransition: InFlightTransition {
        InFlightTransition(
            id: Self.setupID, request: .show(machine.snapshot.rootWindow?.content ?? .screen(.missing), at: .root),
            source: .app)
    }

    /// Whether the host's first calls are made.
    var hostStarted: Bool {
        if case .done = hostStart { true } else { false }
    }

    deinit { watchdog.close() }

    // MARK: - Requests

    /// Carries out `request`, animated by `animator` when the skip rules allow; `items` are the
    /// callbacks of the screens it names (see ``StackItem``).
    ///
    /// Package-internal: an app makes each request through its method (``openWindow(_:at:animator:policy:whenLocked:)-(WindowContent,_,_,_,_)``,
    /// a handle's `push`, ``navigate(to:animator:policy:whenLocked:)``, and so on), one way each;
    /// the harness and the tests make any request as a value.
    ///
    /// - Parameters:
    ///   - request: what to do, as a value.
    ///   - animator: animates the change when the skip rules let it run; none by default.
    ///   - policy: what to do when another transition is in flight (``AdmissionPolicy``); an
    ///     application state change ignores it and behaves as ``setApplicationState(_:)`` says.
    ///   - whenLocked: what to do when the request would show something above the lock screen.
    ///   - items: the callbacks of the screens the request names; none by default.
    /// - Returns: the record of the committed transition.
    /// - Throws: ``TransitionError`` when the request was refused (busy, re-entrant, cancelled
    ///   before admission, queue full, superseded, locked, host unresponsive, or not fitting the
    ///   state); nothing changed then.
    @usableFromInline @discardableResult
    package nonisolated(nonsending) func perform(
        _ request: TransitionRequest, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse,
        items: [ScreenID: ScreenCallbacks] = [:]
    ) async throws(TransitionError) -> TransitionRecord {
        PathTrace.enter()
        // Application state changes always go through the lifecycle lane, whichever way they are asked for.
        let mode: Mode = request.kind == .applicationState ? .lifecycle : .policy(policy)
        // A `.navigate` made by hand carries a route for the record and the guards: it keeps the rules.
        if case .navigate(let route, _) = request {
            do {
                try route.validate(limits: configuration.routeLimits)
            } catch {
                throw .route(error, route: route)
            }
        }
        if case .policy(.reject) = mode { try refuseIfBusy(request) }
        if let record = try await submit(request, animator: animator, mode: mode, whenLocked: whenLocked, items: items) {
            return record
        }
        throw alreadyShown(request)
    }
}
