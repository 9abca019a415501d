// A transcription of the Darwin declarations the package uses (pthread.h, as Swift imports it on
// Apple platforms), for .ci/apple-check only: no product or target builds it. Declarations only.
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

// Not Darwin's: the toolchain's Synchronization interface was written for Linux, and its Mutex
// inlines this Linux shim (Apple's Mutex uses os_unfair_lock instead). Declared here so that
// interface builds for an Apple target; the package does not use Mutex.
public func _swift_stdlib_gettid() -> UInt32 { 0 }
