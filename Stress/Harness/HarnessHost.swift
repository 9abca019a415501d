import TransitionCoordinator

/// The harness's window host: keeps a ``HostLedger`` like ``RecordingHost``, injects stuck calls,
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
public actor HarnessHost: WindowHost {
    /// The windows as the host sees them.
    public private(set) var ledger = HostLedger()
    /// Violations seen at single host calls.
    public private(set) var violations: [InvariantViolation] = []
    /// Calls that were made to wait past the host timeout.
    public private(set) var stuckCalls = 0
    /// Calls in progress (a stuck one waits).
    public private(set) var outstanding = 0

    private var levels: [WindowID: WindowLevel] = [:]
    private var rng: SplitMix64
    private let stuckRate: Int
    private let hostTimeout: Duration
    private let covers: LifecycleCovers
    private let environment: StressEnvironment
    private let live = Locked<Set<WindowID>>([])

    /// A host on the run's executor; `stuckRate` percent of calls get stuck.
    init(environment: StressEnvironment, seed: UInt64, stuckRate: Int, hostTimeout: Duration, covers: LifecycleCovers) {
        self.environment = environment
        rng = SplitMix64(seed: seed).split(0x4057)
        self.stuckRate = stuckRate
        self.hostTimeout = hostTimeout
        self.covers = covers
    }

    /// The executor the host runs on: the run's, when it has one.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        environment.serialExecutor?.asUnownedSerialExecutor() ?? home.unownedExecutor
    }

    private nonisolated let home = HostHome()

    /// The live windows, read without a hop (an animator's first line reads it).
    public nonisolated var liveWindows: Set<WindowID> { live.withLock { $0 } }

    public func createWindow(_ window: Window) async {
        levels[window.id] = window.level
        await take(.create(window.id))
    }
    public func showWindow(_ id: WindowID) async { await take(.show(id)) }
    public func hideWindow(_ id: WindowID) async { await take(.hide(id)) }
    public func makeKey(_ id: WindowID, resigning unmanaged: [String]) async { await take(.makeKey(id, resigning: unmanaged)) }
    public func resetAppearance(_ id: WindowID) async { await take(.reset(id)) }
    public func destroyWindow(_ id: WindowID) async { await take(.destroy(id)) }

    private func take(_ call: HostCall) async {
        outstanding += 1
        if stuckRate > 0, rng.below(1_000) < stuckRate {
            stuckCalls += 1
            let stall = hostTimeout * (1.2 + 0.8 * (Double(rng.below(1_000)) / 1_000))
            try? await environment.sleep(stall)
        }
        outstanding -= 1
        ledger.apply(call)
        let current = ledger.live
        live.withLock { $0 = current }
        if case .destroy(let id) = call { levels[id] = nil }
        if case .show(let id) = call { checkCover(shown: id) }
    }

    /// Invariant 10 at one host step: a cover that is shown hides what it must already.
    private func checkCover(shown id: WindowID) {
        guard let level = levels[id], level == covers.shield?.level || level == covers.lock?.level else { return }
        for other in ledger.visible.sorted() {
            guard let above = levels[other], above > level, above != covers.shield?.level else { continue }
            violations.append(.init(.shieldAndLock, "the cover \(id) at \(level) was shown while \(other) at \(above) "
                               + "was still visible above it"))
        }
    }
}

/// The actor whose default executor a harness host borrows when the run injects none.
private actor HostHome {}
