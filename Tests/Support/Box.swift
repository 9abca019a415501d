import TransitionCoordinator

/// A value shared between a test and the tasks it starts, read and changed under a lock.
package final class Box<Value: Sendable>: Sendable {
    private let storage: Locked<Value>

    /// A box holding `value`.
    package init(_ value: Value) { storage = Locked(value) }

    /// The value now.
    package var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    /// Changes the value under the lock.
    package func mutate(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }

    /// Changes the value under the lock and returns what `body` returns.
    package func update<Result>(_ body: (inout Value) -> Result) -> Result { storage.withLock { body(&$0) } }
}
