/// An empty actor whose default serial executor other actors borrow.
///
/// An actor cannot fall back to "its own default executor" once it declares `unownedExecutor`,
/// so the coordinator and its level actors all run on one home's executor unless a caller
/// injects a serial executor. Sharing one executor also makes coordinator-to-level calls hop-free.
actor ExecutorHome {}

/// Where a coordinator's actors run: an injected serial executor, or a shared home's default one.
struct ExecutorChoice: Sendable {
    let injected: (any SerialExecutor)?
    let home: ExecutorHome

    var unownedExecutor: UnownedSerialExecutor {
        injected?.asUnownedSerialExecutor() ?? home.unownedExecutor
    }
}
