/// The default host: headless, in memory, keeping only the ``HostLedger`` of its windows.
///
/// Used when a coordinator is created without a host (on Linux, in tests, in the harness).
public actor InMemoryHost: LedgerHost {
    /// The windows as the host sees them.
    public private(set) var ledger = HostLedger()

    /// An empty host.
    public init() {}

    /// Applies a call to the ledger.
    public func record(_ call: HostCall) { ledger.apply(call) }
}
