import Synchronization
import TransitionCoordinator

/// The harness's window host: keeps a ``HostLedger`` like ``RecordingHost``, injects stuck calls,
/// and checks the windows as a person would see them after every single call.
///
/// - **Stuck calls** (fault `stuckHost`): a call waits 1.5 to 3 host timeouts on the run's clock
///   before it takes effect and returns, so the coordinator must give up on it, go on without the
///   host, and catch it up once it returns.
/// - **The shield at every step** (invariant 10): while the shield's window is visible, no window
///   above its level may be; a host renders between calls, so an order that shows the shield before
///   hiding what it must hide shows that window above the shield for a moment.
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
    private let shieldLevel: WindowLevel?
    private let environment: StressEnvironment
    private let live = Mutex<Set<WindowID>>([])

    /// A host on the run's executor; `stuckRate` percent of calls get stuck.
    init(environment: StressEnvironment, seed: UInt64, stuckRate: Int, hostTimeout: Duration, shieldLevel: WindowLevel?) {
        self.environment = environment
        rng = SplitMix64(seed: seed).split(0x4057)
        self.stuckRate = stuckRate
        self.hostTimeout = hostTimeout
        self.shieldLevel = shieldLevel
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
        if stuckRate > 0, rng.chance(stuckRate) {
            stuckCalls += 1
            let stall = hostTimeout * (1.5 + 1.5 * (Double(rng.below(1_000)) / 1_000))
            try? await environment.sleep(stall)
        }
        outstanding -= 1
        ledger.apply(call)
        let current = ledger.live
        live.withLock { $0 = current }
        if case .destroy(let id) = call { levels[id] = nil }
        checkShield(after: call)
    }

    /// Invariant 10 at one host step: nothing visible above a visible shield.
    private func checkShield(after call: HostCall) {
        guard let shieldLevel else { return }
        let shields = ledger.visible.filter { levels[$0] == shieldLevel }
        guard !shields.isEmpty else { return }
        for id in ledger.visible.sorted() {
            if let level = levels[id], level > shieldLevel {
                violations.append(.init(.shieldAndLock, "after host call '\(call)', \(id) at \(level) was visible above the shield"))
            }
        }
    }
}

/// The actor whose default executor a harness host borrows when the run injects none.
private actor HostHome {}
