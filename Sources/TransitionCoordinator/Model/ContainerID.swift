/// The stable identity of a container (a navigation stack, tabs, a hop container), chosen by the
/// app as screen ids are; unique among everything a coordinator shows.
///
/// Its text is hashed once, when the id is made, as a ``ScreenID``'s is; ids are equal when their
/// texts are.
public struct ContainerID: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The text and its hash.
    private let text: HashedText
    /// The identity as written.
    public var rawValue: String { text.text }

    /// A container id.
    public init(_ rawValue: String) { text = HashedText(rawValue) }

    /// A container id written as a literal: `"inbox"`.
    public init(stringLiteral value: String) { self.init(value) }

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
