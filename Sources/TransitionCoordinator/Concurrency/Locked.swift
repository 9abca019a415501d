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
/// on Linux: it waits with futex calls TSan does not intercept, so TSan reported false races on
/// state that was correctly protected. `pthread_mutex_lock`/`unlock` are intercepted, so TSan
/// sees every hand-over of the value from one thread to the next, and still reports real races.
/// (swift-nio's `NIOLock`/`NIOLockedValueBox` exist for the same reason.)
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
package final class Locked<Value> {
    /// The mutex, allocated once in `init` and freed once in `deinit`, so its address never moves
    /// (a `pthread_mutex_t` must not be moved or copied once initialised).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// The protected value, in the same allocation as the mutex; only ``withLock(_:)`` touches it,
    /// and only with `mutex` held.
    ///
    /// Memory the lock owns rather than a stored `var`: the mutex already makes every access
    /// exclusive, and a stored property of a class pays a dynamic exclusivity check (a runtime call
    /// reading thread-local storage) on each access (a transition made four of them here).
    private let value: UnsafeMutablePointer<Value>

    /// A lock holding `value`.
    ///
    /// Stops the process if the mutex cannot be initialised (see ``withLock(_:)`` for why that is a
    /// precondition, not an error).
    /// - Parameter spinsFirst: with glibc, spin briefly before sleeping when the lock is taken
    ///   (glibc's adaptive mutex), for a lock many threads take for a few nanoseconds each, where
    ///   sleeping and waking costs far more than the wait. Such a lock does not detect a reentrant
    ///   call: it hangs instead of stopping the process, so its bodies must be obviously flat.
    package init(_ value: Value, spinsFirst: Bool = false) {
        // One allocation: the mutex, then the value at the next offset its alignment allows.
        let layout = Self.layout
        let memory = UnsafeMutableRawPointer.allocate(byteCount: layout.size, alignment: layout.alignment)
        mutex = memory.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        self.value = (memory + layout.valueOffset).bindMemory(to: Value.self, capacity: 1)
        self.value.initialize(to: value)
        var attributes = pthread_mutexattr_t()
        // These calls fail only for invalid arguments or exhausted memory: nothing a caller could
        // recover from, so a failure stops the process rather than leave an unusable lock behind.
        precondition(pthread_mutexattr_init(&attributes) == 0, "pthread_mutexattr_init failed")
        // Error-checking: a reentrant lock returns EDEADLK (and traps below) instead of hanging.
        #if canImport(Glibc)
        let type = spinsFirst ? Int32(PTHREAD_MUTEX_ADAPTIVE_NP) : Int32(PTHREAD_MUTEX_ERRORCHECK)
        #else
        let type = Int32(PTHREAD_MUTEX_ERRORCHECK)
        #endif
        precondition(pthread_mutexattr_settype(&attributes, type) == 0, "pthread_mutexattr_settype failed")
        precondition(pthread_mutex_init(mutex, &attributes) == 0, "pthread_mutex_init failed")
        precondition(pthread_mutexattr_destroy(&attributes) == 0, "pthread_mutexattr_destroy failed")
    }

    /// Destroys and frees the mutex; runs once, when no other reference to the lock exists, so
    /// nobody can hold or wait for the mutex any more.
    deinit {
        // Fails only if the mutex is still locked or was never initialised: memory corruption or
        // misuse, never a recoverable condition.
        precondition(pthread_mutex_destroy(mutex) == 0, "pthread_mutex_destroy failed")
        value.deinitialize(count: 1)
        mutex.deinitialize(count: 1)
        UnsafeMutableRawPointer(mutex).deallocate()
    }

    /// The shared allocation's size and alignment, and where the value starts in it.
    private static var layout: (size: Int, alignment: Int, valueOffset: Int) {
        let alignment = max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<Value>.alignment)
        let valueAlignment = MemoryLayout<Value>.alignment
        let valueOffset = (MemoryLayout<pthread_mutex_t>.size + valueAlignment - 1) / valueAlignment * valueAlignment
        return (valueOffset + MemoryLayout<Value>.size, alignment, valueOffset)
    }

    /// Runs `body` with exclusive access to the value, holding the lock, and returns what it returns.
    ///
    /// The lock is released when `body` returns or throws; the error is rethrown as is. `body`
    /// must not call `withLock` on this lock again (it is not reentrant: the process stops), must
    /// not block waiting for another thread that needs this lock, and cannot await.
    ///
    /// A failing `pthread_mutex_lock` or `pthread_mutex_unlock` stops the process: they fail only
    /// for a reentrant call (EDEADLK), unlocking a mutex this thread does not hold (EPERM) or a
    /// corrupted mutex (EINVAL), that is memory corruption or misuse, never a condition the caller
    /// could recover from, and going on would break the mutual exclusion the value relies on.
    package func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        precondition(pthread_mutex_lock(mutex) == 0, "pthread_mutex_lock failed (a reentrant withLock?)")
        defer { precondition(pthread_mutex_unlock(mutex) == 0, "pthread_mutex_unlock failed") }
        return try body(&value.pointee)
    }
}

// Why this is safe, since the compiler cannot check it for a class holding raw pointers to mutable memory:
// - The value (`value.pointee`) is only accessed in `withLock`, between `pthread_mutex_lock` and
//   `pthread_mutex_unlock` on `mutex`, so accesses from different threads never overlap and each
//   happens after the previous one (the mutex orders them and publishes their writes).
// - No two accesses overlap on one thread either, which is what the dynamic exclusivity check
//   of a stored `var` would have enforced: the only access is the `inout` handed to `body`, and
//   a second one would need a reentrant `withLock`, which never reaches it (the error-checking
//   mutex stops the process; the adaptive one, for flat bodies only, would hang first).
// - `mutex` and `value` are `let`s into one allocation made and initialised in `init` before
//   `self` can be shared, and deinitialised and freed once in `deinit`, which runs only when no
//   other reference exists, so no thread can be using them then. Between the two the mutex is
//   only passed to pthread_mutex_lock/unlock, which are safe to call from any thread.
// - `Value: Sendable` is required, so a value put in on one thread may be taken out on another.
extension Locked: @unchecked Sendable where Value: Sendable {}
