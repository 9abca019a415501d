/// A host for tests: keeps every call in order, beside the same ``HostLedger`` as ``InMemoryHost``.
package actor RecordingHost: CommandHost {
    /// Every call received, in order.
    package private(set) var calls: [HostCommand] = []
    /// The windows as the host sees them.
    package private(set) var ledger = HostLedger()

    private let executor: ExecutorChoice

    /// An empty host, running on `executor` when given (a harness's seeded scheduler), else on its own.
    package init(executor: (any SerialExecutor)? = nil) {
        self.executor = ExecutorChoice(injected: executor, home: ExecutorHome())
    }

    /// The executor the host runs on.
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.unownedExecutor }

    /// Appends the call and applies it to the ledger.
    package func perform(_ command: HostCommand) {
        calls.append(command)
        ledger.apply(command)
    }

    /// Forgets the calls recorded so far (the ledger stays), so a test can look at one transition's calls.
    package func clearCalls() { calls.removeAll() }
}
