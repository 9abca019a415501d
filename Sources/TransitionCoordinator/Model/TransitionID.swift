/// The identity of one admitted transition, increasing in admission order, never reused.
public struct TransitionID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The number behind the identity.
    public let rawValue: UInt64

    /// Wraps a raw number.
    package init(_ rawValue: UInt64) { self.rawValue = rawValue }

    /// Orders transitions by admission.
    public static func < (lhs: TransitionID, rhs: TransitionID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `T` and the number, as `T12`.
    public var description: String { "T\(rawValue)" }
}
