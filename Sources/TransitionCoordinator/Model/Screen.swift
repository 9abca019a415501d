/// The stable identity of a screen, chosen by the app (it survives re-creation and restoration).
///
/// Its text is hashed once, when the id is made: the sets and dictionaries that hold ids (the
/// checks of every new content tree, a reconciler's controllers) then hash one word per id, and
/// two ids with different hashes are told apart without comparing their text. Ids are equal
/// when their texts are.
public struct ScreenID: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The text and its hash.
    private let text: HashedText
    /// The identifier text.
    public var rawValue: String { text.text }

    /// Wraps an identifier.
    public init(_ rawValue: String) { text = HashedText(rawValue) }

    /// Lets a string literal name a screen id.
    public init(stringLiteral value: String) { self.init(value) }

    private enum CodingKeys: String, CodingKey { case rawValue }

    /// Decodes `{"rawValue": text}`.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .rawValue))
    }

    /// Encodes as `{"rawValue": text}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rawValue, forKey: .rawValue)
    }

    /// The identifier text.
    public var description: String { rawValue }
}

/// One screen as a value: what to show, not how it is drawn.
///
/// A host turns a screen into a real view controller (or view) by its ``name`` and ``parameters``;
/// the ``id`` is the stable identity by which requests and diffs find it again.
public struct Screen: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The stable identity; unique among everything a coordinator shows.
    public var id: ScreenID
    /// What kind of screen this is (`pin`, `home`, `login`).
    public var name: String
    /// String parameters, as a deep link's `(k=v)` would carry them.
    public var parameters: [String: String]

    /// A screen named `name`; its id defaults to the name.
    public init(_ name: String, id: ScreenID? = nil, parameters: [String: String] = [:]) {
        self.name = name
        self.id = id ?? ScreenID(name)
        self.parameters = parameters
    }

    /// Screens are equal when id, name and parameters are. Parameters are compared only when
    /// either screen has some (comparing two empty dictionaries still retained both: a stack's
    /// push or pop compares the screens both states share).
    public static func == (lhs: Screen, rhs: Screen) -> Bool {
        guard lhs.id == rhs.id, lhs.name == rhs.name else { return false }
        if lhs.parameters.isEmpty { return rhs.parameters.isEmpty }
        return lhs.parameters == rhs.parameters
    }

    /// Hashes the id alone: equal screens have equal ids, and ids are unique among what a
    /// coordinator shows, so the id tells screens apart where they are hashed (a reconciler's
    /// controllers, say) without walking each screen's parameters.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// `name`, the id when it differs, and the parameters sorted by key: `item[item-7](id=7)`; a
    /// screen whose id is its name and parameters as a route writes them (one made from a
    /// destination value) prints as its id alone: `mail(id=42)`.
    public var description: String {
        if !parameters.isEmpty {
            var written = RouteTextMatch(id.rawValue)
            RouteTarget(name, parameters).write(to: &written)
            if written.matches { return id.rawValue }
        }
        var text = name
        if id.rawValue != name { text += "[\(id)]" }
        if !parameters.isEmpty {
            text += "(" + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + ")"
        }
        return text
    }
}
