/// The stable identity of a container (a navigation stack, tabs, a hop container), chosen by the
/// app as screen ids are; unique among everything a coordinator shows.
///
/// Its text is hashed once, when the id is made, as a ``ScreenID``'s is.
public struct ContainerID: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The identity as written.
    public let rawValue: String
    /// `rawValue`'s hash in this process (never encoded).
    private let textHash: Int

    /// A container id.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        textHash = rawValue.hashValue
    }

    /// A container id written as a literal: `"inbox"`.
    public init(stringLiteral value: String) { self.init(value) }

    /// Ids are equal when their texts are.
    public static func == (lhs: ContainerID, rhs: ContainerID) -> Bool {
        lhs.textHash == rhs.textHash && lhs.rawValue == rhs.rawValue
    }

    /// Hashes the text's hash, taken when the id was made.
    public func hash(into hasher: inout Hasher) { hasher.combine(textHash) }

    /// Encodes as the bare string.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes as the bare string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw value.
    public var description: String { rawValue }
}
