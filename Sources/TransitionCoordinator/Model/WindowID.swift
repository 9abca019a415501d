/// The identity of one managed window, unique for the lifetime of a coordinator.
///
/// Identifiers are handed out in increasing order and never reused, so a destroyed window's id
/// can never name a newer window.
public struct WindowID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The number behind the identity.
    public let rawValue: UInt64

    /// Wraps a raw number; the coordinator is the only source of live ids.
    package init(_ rawValue: UInt64) { self.rawValue = rawValue }

    /// Orders ids by creation.
    public static func < (lhs: WindowID, rhs: WindowID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `#` and the number, as `#3`.
    public var description: String { "#\(rawValue)" }

    /// The id that follows this one. A plan makes a handful of windows at most, and the planner
    /// refuses to start within ``headroom`` of the end (``TransitionError/InvalidRequest/windowIDsExhausted``),
    /// so this never passes `UInt64.max`.
    var next: WindowID { WindowID(rawValue + 1) }

    /// How many ids a plan needs left after its first (more than it can make: a window and two covers).
    static let headroom: UInt64 = 16
}
