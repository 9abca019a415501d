/// The default host: headless, in memory, keeping only the ledger of its windows (`HostLedger`).
///
/// Used when a coordinator is created without a host (on Linux, in tests, in the harness). It is
/// a ``SynchronousWindowHost``: the coordinator applies its calls inline, and its `ledger` (package access) is read
/// without a hop. What it keeps is bounded by the live windows, however many came and went.
package final class InMemoryHost: SynchronousWindowHost {
    private let state = Locked(HostLedger())

    /// An empty host.
    package init() {}

    /// The windows as the host sees them.
    package var ledger: HostLedger { state.withLock { $0 } }

    /// Applies a call to the ledger.
    package func apply(_ command: HostCommand) {
        PathTrace.enter()
        state.withLock { $0.apply(command) }
    }
}
