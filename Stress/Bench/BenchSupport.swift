import TransitionCoordinator

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A host that does nothing, synchronously: the coordinator's own cost, without any host model.
struct NoopHost: SynchronousWindowHost {
    func apply(_ command: HostCommand) {}
}

/// A host that does nothing behind async calls (as a `@MainActor` host would be reached): each
/// phase of calls runs in a task of its own under the host timeout.
struct AsyncNoopHost: WindowHost {
    func createWindow(_ window: ManagedWindow) async {}
    func showWindow(_ id: WindowID) async {}
    func hideWindow(_ id: WindowID) async {}
    func makeKey(_ id: WindowID, resigning unmanaged: [String]) async {}
    func resetAppearance(_ id: WindowID) async {}
    func destroyWindow(_ id: WindowID) async {}
}

/// Resident memory and the allocator's trim, read from the system.
enum Memory {
    /// The resident set size in bytes (Linux: `/proc/self/statm`; 0 where unavailable).
    static func resident() -> Int {
        #if canImport(Glibc)
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 128)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return 0 }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fields = line.split(separator: " ").compactMap { Int($0) }
        guard fields.count >= 2 else { return 0 }
        return fields[1] * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return 0
        #endif
    }

    /// Hands freed heap back to the system (glibc's `malloc_trim`, found at run time), so the
    /// next resident-memory reading counts what is in use, not what was freed earlier.
    static func trim() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        // RTLD_DEFAULT is the null handle on glibc.
        if let symbol = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(symbol, to: Trim.self)(0) }
        #endif
    }
}

/// Nanoseconds in a duration.
func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}
