import Synchronization

/// A value that is only ever read or changed while holding a lock (a `Synchronization.Mutex`).
///
/// A class around the mutex, so that the types sharing a value (actors, tasks, callbacks) hold one
/// reference to it, where a `Mutex`, which cannot be copied, would have to be stored in place.
///
/// Guarantees:
/// - The value is reachable only through ``withLock(_:)``: every read and write of it happens
///   between the lock and the unlock of this instance's mutex, so no two threads ever touch it at
///   the same time, and each `withLock` sees every change made by the ones before it.
/// - It is not reentrant. Calling ``withLock(_:)`` on the same instance from inside its body is a
///   programming error: the mutex detects it and stops the process instead of hanging.
/// - The body runs synchronously with the lock held. It must not await (it cannot: it is not
///   `async`), must not block on other work that needs this lock, and must not call back into
///   this lock, directly or through code it calls (a continuation it resumes, a callback it runs).
///   Keep it short; do such work after ``withLock(_:)`` returns, with what the body returned.
/// - A lock is `Sendable` when its value is: a value put in on one thread may be taken out on another.
package final class Locked<Value> {
    /// The mutex and the value it guards.
    private let mutex: Mutex<Value>

    /// A lock holding `value`.
    package init(_ value: sending Value) { mutex = Mutex(value) }

    /// Runs `body` with exclusive access to the value, holding the lock, and returns what it returns.
    ///
    /// The lock is released when `body` returns or throws; the error is rethrown as is. `body`
    /// must not call `withLock` on this lock again (it is not reentrant: the process stops), must
    /// not block waiting for another thread that needs this lock, and cannot await.
    package func withLock<R, E: Error>(_ body: (inout sending Value) throws(E) -> sending R) throws(E) -> sending R {
        try mutex.withLock(body)
    }
}

extension Locked: Sendable where Value: Sendable {}
