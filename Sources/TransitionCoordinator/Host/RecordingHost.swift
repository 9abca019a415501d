/// A host for tests: keeps every call in order, beside the same ``HostLedger`` as ``InMemoryHost``.
package actor RecordingHost: LedgerHost {
    /// Every call received, in order.
    package private(set) var calls: [HostCall] = []
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
    package func record(_ call: HostCall) {
        calls.append(call)
        ledger.apply(call)
    }

    /// Records ``HostCall/create(_:)``; the ledger notes the screens of the window's content.
    package func createWindow(_ window: Window) {
        calls.append(.create(window.id))
        ledger.apply(command: .create(window))
    }

    /// Forgets the calls recorded so far (the ledger stays), so a test can look at one transition's calls.
    package func clearCalls() { calls.removeAll() }
}
