import TransitionCoordinator

/// The harness's window host: keeps a ``HostLedger`` like ``TestHost``, injects stuck calls,
/// and checks the windows as a person would see them after every single call.
///
/// - **Stuck calls** (fault `stuckHost`, per mille of calls): a call waits 1.2 to 2 host timeouts
///   on the run's clock before it takes effect and returns, so the coordinator must give up on it,
///   go on without the host, and catch it up once it returns.
/// - **Covers at every step** (invariant 10): when the shield or the lock is shown, nothing it must
///   hide may still be visible (above the shield nothing; above the lock nothing but the shield).
///   A host renders between calls, so an order that shows a cover before hiding what it must hide
///   shows that window above the cover for a moment. (When the shield comes down, the windows it
///   hid are rightly shown just before it is destroyed: the app is active again by then.)
/// - **Live windows at the animator's call**: ``liveWindows`` is readable without a hop, so an
///   animator checks at its first line that every window of its context is still live.
/// - **Every way in**: when the seed has stuck calls, the coordinator reaches it through its
///   async methods, either as a nonisolated host (each phase's calls in a detached task, as a
///   main-actor host is reached) or through ``onActor`` (each phase started on the host's own
///   actor); when it has none, through ``inline``. All three are under the same checks.
package final class HarnessHost: CommandHost {
    private struct State {
        var ledger = HostLedger()
        var violations: [InvariantViolation] = []
        var stuckCalls = 0
        var outstanding = 0
        var levels: [WindowID: WindowLevel] = [:]
        /// Every content the host was told to show, by window, each distinct one once.
        var contentsShown: [WindowID: Set<WindowContent>] = [:]
        /// How many times each content was set as animated, by window, where it changed what the
        /// window showed.
        var contentsAnimated: [WindowID: [WindowContent: Int]] = [:]
        /// What each live window shows.
        var showing: [WindowID: WindowContent] = [:]
        var rng: SplitMix64
    }

    private let state: Locked<State>
    private let stuckRate: Int
    private let hostTimeout: Duration
    private let covers: LifecycleCovers
    private let environment: StressEnvironment

    /// A host on the run's clock; `stuckRate` per mille of calls get stuck (only through the async
    /// methods: the ``inline`` host never waits).
    init(environment: StressEnvironment, seed: UInt64, stuckRate: Int, hostTimeout: Duration, covers: LifecycleCovers) {
        self.environment = environment
        state = Locked(State(rng: SplitMix64(seed: seed).split(0x4057)))
        self.stuckRate = stuckRate
        self.hostTimeout = hostTimeout
        self.covers = covers
    }

    /// The windows as the host sees them.
    package var ledger: HostLedger { state.withLock { $0.ledger } }

    /// Every content the host was told to show, by window (checked against the committed states).
    public var contentsShown: [WindowID: Set<WindowContent>] { state.withLock { $0.contentsShown } }
    /// How many times each content was set as animated where it changed what its window showed,
    /// by window (checked against the records' animations).
    public var contentsAnimated: [WindowID: [WindowContent: Int]] { state.withLock { $0.contentsAnimated } }
    /// Violations seen at single host calls.
    package var violations: [InvariantViolation] { state.withLock { $0.violations } }
    /// Calls that were made to wait past the host timeout.
    public var stuckCalls: Int { state.withLock { $0.stuckCalls } }
    /// Calls in progress (a stuck one waits).
    public var outstanding: Int { state.withLock { $0.outstanding } }
    /// The live windows, read without a hop (an animator's first line reads it).
    public var liveWindows: Set<WindowID> { state.withLock { $0.ledger.live } }

    /// The same host as a ``SynchronousWindowHost``: the coordinator calls it inline, with the
    /// same checks at every call and no stuck calls (runs whose plan has the fault off use it, so
    /// the swarm covers both ways of reaching a host).
    package var inline: some SynchronousWindowHost { Inline(host: self) }

    private struct Inline: SynchronousWindowHost {
        let host: HarnessHost
        func apply(_ command: HostCommand) { host.takeEffect(command) }
    }

    /// The same host on an actor of its own, as an app's host actor is reached: the coordinator
    /// starts each phase's calls on the actor, so a call that is not made to wait returns at once
    /// and a stuck one waits there.
    public var onActor: some WindowHost { OnActor(host: self) }

    private actor OnActor: WindowHost {
        let host: HarnessHost

        init(host: HarnessHost) { self.host = host }

        func createWindow(_ window: ManagedWindow) async { await take(.create(window)) }
        func showWindow(_ id: WindowID) async { await take(.show(id)) }
        func hideWindow(_ id: WindowID) async { await take(.hide(id)) }
        func makeKey(_ id: WindowID, resigning unmanaged: [String]) async { await take(.makeKey(id, resigning: unmanaged)) }
        func resetAppearance(_ id: WindowID) async { await take(.reset(id)) }
        func destroyWindow(_ id: WindowID) async { await take(.destroy(id)) }
        func createScreen(_ screen: Screen, in window: WindowID) async { await take(.createScreen(screen, in: window)) }
        func setContent(_ content: WindowContent, of window: WindowID, animated: Bool) async {
            await take(.setContent(content, of: window, animated: animated))
        }
        func destroyScreen(_ screen: Screen, in window: WindowID) async { await take(.destroyScreen(screen, in: window)) }

        /// As ``HarnessHost/perform(_:)``, waiting (when it must) on this actor.
        private func take(_ command: HostCommand) async {
            if let stall = host.callBegins() { try? await host.environment.sleep(stall) }
            host.callEnds(command)
        }
    }

    /// Takes one call through the async methods: it may be made to wait past the host timeout,
    /// then takes effect.
    public func perform(_ command: HostCommand) async {
        if let stall = callBegins() { try? await environment.sleep(stall) }
        callEnds(command)
    }

    /// Counts a call in progress; returns how long it must wait, when it is to be stuck.
    private func callBegins() -> Duration? {
        state.withLock { state in
            state.outstanding += 1
            guard stuckRate > 0, state.rng.below(1_000) < stuckRate else { return nil }
            state.stuckCalls += 1
            return hostTimeout * (1.2 + 0.8 * (Double(state.rng.below(1_000)) / 1_000))
        }
    }

    /// Ends a call in progress: it takes effect.
    private func callEnds(_ command: HostCommand) {
        state.withLock { $0.outstanding -= 1 }
        takeEffect(command)
    }

    /// Applies the call and checks the covers at this step.
    private func takeEffect(_ command: HostCommand) {
        state.withLock { state in
            switch command {
            case .create(let window):
                state.levels[window.id] = window.level
                state.showing[window.id] = window.content
            case .setContent(let content, let window, let animated):
                state.contentsShown[window, default: []].insert(content)
                if animated && state.showing[window] != content {
                    state.contentsAnimated[window, default: [:]][content, default: 0] += 1
                }
                state.showing[window] = content
            case .destroy(let id):
                state.showing[id] = nil
            default:
                break
            }
            state.ledger.apply(command)
            if case .destroy(let id) = command { state.levels[id] = nil }
            if case .show(let id) = command { checkCover(shown: id, in: &state) }
        }
    }

    /// Invariant 10 at one host step: a cover that is shown hides what it must already.
    private func checkCover(shown id: WindowID, in state: inout State) {
        guard let level = state.levels[id], level == covers.shield?.level || level == covers.lock?.level else { return }
        for other in state.ledger.visible.sorted() {
            guard let above = state.levels[other], above > level, above != covers.shield?.level else { continue }
            state.violations.append(
                .init(
                    .shieldAndLock,
                    "the cover \(id) at \(level) was shown while \(other) at \(above) "
                        + "was still visible above it"))
        }
    }
}
