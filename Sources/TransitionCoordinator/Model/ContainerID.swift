/// The stable identity of a container (a navigation stack, tabs, a hop container), chosen by the
/// app as screen ids are; unique among everything a coordinator shows.
public struct ContainerID: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The identity as written.
    public let rawValue: String

    /// A container id.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A container id written as a literal: `"inbox"`.
    public init(stringLiteral value: String) { self.init(value) }

    /// Encodes as the bare string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes as the bare string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw value.
    public var description: String { rawValue }
}
