#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that is only ever read or changed while holding a `pthread_mutex_t`.
///
/// This takes the place of `Synchronization.Mutex` because ThreadSanitizer cannot see that lock
/// on Linux: it waits with futex calls the sanitizer does not intercept, so it reports false races
/// on state that is correctly protected, and CI's sanitizer step would fail by chance.
/// `pthread_mutex_lock` and `pthread_mutex_unlock` are intercepted, so the sanitizer sees every
/// hand-over of the value from one thread to the next, and still reports real races. (swift-nio's
/// `NIOLockedValueBox` exists for the same reason.)
///
/// Guarantees:
/// - The value is reachable only through ``withLock(_:)``: every read and write of it happens
///   between the lock and the unlock of this instance's mutex, so no two threads ever touch it at
///   the same time, and each `withLock` sees every change made by the ones before it.
/// - It is not reentrant. Calling ``withLock(_:)`` on the same instance from inside its body is a
///   programming error: the mutex is error-checking, so it stops the process instead of hanging.
/// - The body runs synchronously with the lock held. It must not await (it cannot: it is not
///   `async`), must not block on other work that needs this lock, and must not call back into
///   this lock, directly or through code it calls (a continuation it resumes, a callback it runs).
///   Keep it short; do such work after ``withLock(_:)`` returns, with what the body returned.
/// - A lock is `Sendable` when its value is: a value put in on one thread may be taken out on another.
package final class Locked<Value> {
    /// The mutex, allocated once in `init` and freed once in `deinit`, so its address never moves
    /// (a `pthread_mutex_t` must not be moved or copied once initialised).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// The protected value; only ``withLock(_:)`` touches it, and only with `mutex` held.
    private var value: Value

    /// A lock holding `value`.
    ///
    /// Stops the process if the mutex cannot be initialised: the calls fail only for invalid
    /// arguments or exhausted memory, nothing a caller could recover from.
    package init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        precondition(pthread_mutexattr_init(&attributes) == 0, "pthread_mutexattr_init failed")
        // Error-checking: a reentrant lock returns EDEADLK (and traps below) instead of hanging.
        precondition(
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK)) == 0,
            "pthread_mutexattr_settype failed")
        precondition(pthread_mutex_init(mutex, &attributes) == 0, "pthread_mutex_init failed")
        precondition(pthread_mutexattr_destroy(&attributes) == 0, "pthread_mutexattr_destroy failed")
    }

    /// Destroys and frees the mutex; runs once, when no other reference to the lock exists, so
    /// nobody can hold or wait for the mutex any more.
    deinit {
        precondition(pthread_mutex_destroy(mutex) == 0, "pthread_mutex_destroy failed")
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value, holding the lock, and returns what it returns.
    ///
    /// The lock is released when `body` returns or throws; the error is rethrown as is. `body`
    /// must not call `withLock` on this lock again (it is not reentrant: the process stops), must
    /// not block waiting for another thread that needs this lock, and cannot await.
    ///
    /// A failing `pthread_mutex_lock` or `pthread_mutex_unlock` stops the process: they fail only
    /// for a reentrant call (EDEADLK), unlocking a mutex this thread does not hold (EPERM) or a
    /// corrupted mutex (EINVAL), that is misuse or memory corruption, and going on would break the
    /// mutual exclusion the value relies on.
    package func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        precondition(pthread_mutex_lock(mutex) == 0, "pthread_mutex_lock failed (a reentrant withLock?)")
        defer { precondition(pthread_mutex_unlock(mutex) == 0, "pthread_mutex_unlock failed") }
        return try body(&value)
    }
}

// Why this is safe, since the compiler cannot check a class with a mutable stored property:
// - `value` is only accessed in `withLock`, between `pthread_mutex_lock` and `pthread_mutex_unlock`
//   on `mutex`, so accesses from different threads never overlap and each happens after the
//   previous one (the mutex orders them and publishes their writes).
// - `mutex` is a `let`, allocated and initialised in `init` before `self` can be shared, and
//   destroyed and freed once in `deinit`, which runs only when no other reference exists; between
//   the two it is only passed to pthread_mutex_lock/unlock, which are safe to call from any thread.
// - `Value: Sendable` is required, so a value put in on one thread may be taken out on another.
// Needed rather than `Synchronization.Mutex` so that ThreadSanitizer sees the lock (see above).
extension Locked: @unchecked Sendable where Value: Sendable {}
