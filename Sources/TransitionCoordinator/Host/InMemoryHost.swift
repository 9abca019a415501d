/// The default host: headless, in memory, keeping only the ``HostLedger`` of its windows.
///
/// Used when a coordinator is created without a host (on Linux, in tests, in the harness).
public actor InMemoryHost: LedgerHost {
    /// The windows as the host sees them.
    public private(set) var ledger = HostLedger()

    private let executor: ExecutorChoice

    /// An empty host, running on `executor` when given (a harness's seeded scheduler), else on its own.
    public init(executor: (any SerialExecutor)? = nil) {
        self.executor = ExecutorChoice(injected: executor, home: ExecutorHome())
    }

    /// The executor the host runs on.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.unownedExecutor }

    /// Applies a call to the ledger.
    public func record(_ call: HostCall) { ledger.apply(call) }
}
