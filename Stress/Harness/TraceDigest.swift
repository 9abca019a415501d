import TransitionCoordinator

/// A 64-bit FNV-1a digest of a trace, our own so it is the same in every process
/// (`Hasher` is seeded per process).
public struct TraceDigest: Sendable, Hashable, CustomStringConvertible {
    /// The digest so far.
    public internal(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// An empty digest.
    public init() {}

    /// Folds `text` in.
    public mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        value ^= 0xFF
        value = value &* 0x0000_0100_0000_01B3
    }

    /// Folds an event in, by the records' and errors' descriptions.
    public mutating func add(_ event: CoordinatorEvent) {
        switch event {
        case .began(let transition, let before): add("began \(transition) v\(before.version)")
        case .ended(let record): add("ended \(record) at \(record.startedAt)-\(record.endedAt)\n\(record.after)")
        case .rejected(let request, let error): add("rejected \(request): \(error)")
        case .waiting(let request, let lane): add("waiting \(request) in \(lane)")
        case .cancelled(let transition): add("cancelled \(transition)")
        case .missed(let count): add("missed \(count)")
        }
    }

    /// The digest as 16 hex digits.
    public var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
