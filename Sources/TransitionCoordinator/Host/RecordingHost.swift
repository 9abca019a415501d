/// A host for tests: keeps every call in order, beside the same ``HostLedger`` as ``InMemoryHost``.
public actor RecordingHost: CommandHost {
    /// Every call received, in order.
    public private(set) var calls: [HostCall] = []
    /// The windows as the host sees them.
    public private(set) var ledger = HostLedger()

    private let executor: ExecutorChoice

    /// An empty host, running on `executor` when given (a harness's seeded scheduler), else on its own.
    public init(executor: (any SerialExecutor)? = nil) {
        self.executor = ExecutorChoice(injected: executor, home: ExecutorHome())
    }

    /// The executor the host runs on.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.unownedExecutor }

    /// Appends the call (as a ``HostCall``) and applies it to the ledger; a created window's
    /// screens are noted as created with it.
    public func perform(_ command: HostCommand) {
        calls.append(command.call)
        ledger.apply(command: command)
    }

    /// Forgets the calls recorded so far (the ledger stays), so a test can look at one transition's calls.
    public func clearCalls() { calls.removeAll() }
}
