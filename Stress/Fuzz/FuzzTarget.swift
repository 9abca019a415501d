import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every libFuzzer target does with one input: runs its check (``FuzzChecks``, the same as
/// `stress fuzz`) to the end, blocking this thread on a semaphore while the coordinator's tasks
/// run on the pool, and aborts with what broke, so libFuzzer keeps the input.
enum FuzzTarget {
    /// The check's answer, handed from its task to the blocked thread.
    final class Answer: Sendable {
        let value = Mutex<String?>(nil)
    }

    static func run(_ target: FuzzChecks.Target, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let answer = Answer()
        let done = DispatchSemaphore(value: 0)
        Task {
            let failure = await FuzzChecks.check(target, bytes)
            answer.value.withLock { $0 = failure }
            done.signal()
        }
        done.wait()
        if let failure = answer.value.withLock({ $0 }) {
            print("fuzz \(target.rawValue): a promise broke: \(failure)")
            fflush(nil)
            abort()
        }
        return 0
    }
}
