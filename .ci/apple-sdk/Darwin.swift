// A transcription of the Darwin declarations the package uses (pthread.h and time.h, as Swift
// imports them on Apple platforms), for .ci/apple-check only: no product or target builds it.
// Declarations only.
// On Apple platforms PTHREAD_MUTEX_ERRORCHECK imports as Int32 and the pthread types are structs
// with a zero initializer.

public struct pthread_mutex_t {
    public init() {}
}

public struct pthread_mutexattr_t {
    public init() {}
}

public var PTHREAD_MUTEX_ERRORCHECK: Int32 { 1 }

@discardableResult public func pthread_mutexattr_init(_ attr: UnsafeMutablePointer<pthread_mutexattr_t>) -> Int32 { 0 }
@discardableResult public func pthread_mutexattr_settype(_ attr: UnsafeMutablePointer<pthread_mutexattr_t>, _ type: Int32) -> Int32 { 0 }
@discardableResult public func pthread_mutexattr_destroy(_ attr: UnsafeMutablePointer<pthread_mutexattr_t>) -> Int32 { 0 }
@discardableResult public func pthread_mutex_init(
    _ mutex: UnsafeMutablePointer<pthread_mutex_t>, _ attr: UnsafePointer<pthread_mutexattr_t>?
) -> Int32 { 0 }
@discardableResult public func pthread_mutex_destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { 0 }
@discardableResult public func pthread_mutex_lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { 0 }
@discardableResult public func pthread_mutex_unlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { 0 }

/// time.h: `struct timespec`, its fields `long` (`__darwin_time_t`).
public struct timespec {
    public var tv_sec: Int
    public var tv_nsec: Int
    public init() { tv_sec = 0; tv_nsec = 0 }
    public init(tv_sec: Int, tv_nsec: Int) { self.tv_sec = tv_sec; self.tv_nsec = tv_nsec }
}

/// time.h: `clockid_t`, a C enum, imported as a struct of its raw value.
public struct clockid_t: Equatable, RawRepresentable {
    public var rawValue: UInt32
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// time.h: `CLOCK_REALTIME` (`_CLOCK_REALTIME`).
public var CLOCK_REALTIME: clockid_t { clockid_t(0) }

/// time.h: `clock_gettime`, macOS 10.12, iOS 10, tvOS 10, watchOS 3.
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
@discardableResult public func clock_gettime(_ __clock_id: clockid_t, _ __tp: UnsafeMutablePointer<timespec>!) -> Int32 { 0 }

// Not Darwin's: the toolchain's Synchronization interface was written for Linux, and its Mutex
// inlines this Linux shim (Apple's Mutex uses os_unfair_lock instead). Declared here so that
// interface builds for an Apple target; the package does not use Mutex.
public func _swift_stdlib_gettid() -> UInt32 { 0 }
