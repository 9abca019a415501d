/// A discrete z-level at which at most one managed window stands.
///
/// Levels are ordered by `rawValue`: a higher value stands above a lower one. ``root`` (raw value 0)
/// is reserved for the root window; ``low``, ``medium`` and ``high`` are built in, and an app may
/// declare any number of custom levels between or above them in ``CoordinatorConfiguration``.
/// Two levels are equal when both their raw value and their name are equal.
///
/// Names are kept once per process in a table (a level holds the name's number), so a
/// level is as cheap to copy and compare as two integers.
public struct WindowLevel: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The z-order of the level: higher stands above lower. Only ``root`` may use 0.
    public let rawValue: Int
    /// The name's number in the process's table of level names (``LevelNames``): a level is two
    /// integers, so copying one (in every window a snapshot copies), comparing or hashing one
    /// touches no string.
    private let nameNumber: Int

    /// A name for logs, snapshots and errors.
    public var name: String { LevelNames.shared.name(nameNumber) }

    /// Declares a level; give it a positive raw value unless it is ``root``.
    public init(_ name: String, rawValue: Int) {
        self.rawValue = rawValue
        self.nameNumber = LevelNames.shared.number(for: name)
    }

    /// Decodes `rawValue` and `name`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(String.self, forKey: .name), rawValue: try container.decode(Int.self, forKey: .rawValue))
    }

    /// Encodes `rawValue` and `name`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rawValue, forKey: .rawValue)
        try container.encode(name, forKey: .name)
    }

    private enum CodingKeys: String, CodingKey { case rawValue, name }

    /// The root window's level, below every other level.
    public static let root = WindowLevel("root", rawValue: 0)
    /// The built-in low level (tutorials, masks, loading screens).
    public static let low = WindowLevel("low", rawValue: 1_000)
    /// The built-in medium level (a PIN or lock screen).
    public static let medium = WindowLevel("medium", rawValue: 2_000)
    /// The built-in high level (a privacy shield, alerts above everything).
    public static let high = WindowLevel("high", rawValue: 3_000)
    /// The built-in levels above the root, bottom to top.
    public static let builtIn: [WindowLevel] = [.low, .medium, .high]

    /// Orders levels bottom to top by raw value.
    public static func < (lhs: WindowLevel, rhs: WindowLevel) -> Bool {
        if lhs.rawValue != rhs.rawValue { return lhs.rawValue < rhs.rawValue }
        return lhs.nameNumber != rhs.nameNumber && lhs.name < rhs.name
    }

    /// Hashes the raw value alone (levels equal in name and raw value hash alike): looking a
    /// level up, as the commit does for each level it hands over, hashes no string.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    /// The level's name and raw value, as `medium(2000)`.
    public var description: String { "\(name)(\(rawValue))" }
}
