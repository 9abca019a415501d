/// An app's own destinations as screens: any `Hashable & Codable & Sendable` value (an enum
/// with payloads is the common case) is a screen, its name, parameters and id derived from its
/// encoding, with no mapping code in the app.
///
/// ```swift
/// enum Destination: Hashable, Codable, Sendable { case inbox, mail(id: Int), compose(draft: String?) }
/// try await coordinator.stack("inbox").push(Destination.mail(id: 42))   // the screen mail(id=42)
/// ```
///
/// **The rules.** An enum case's name is the screen's name and its payload's fields are its
/// parameters (`mail`, `id=42`; an unlabeled payload's are `_0`, `_1`…; a nil optional is left
/// out). A single value (a `String` raw-value enum, a `String`) is the name alone. Any other
/// value (a struct, an array) takes its type's name, its fields the parameters. A nested value's
/// fields take dotted keys (`draft.subject`; a key's own `.` and `~` are written `~1` and `~0`),
/// an array its count and `key.0`, `key.1`…, and a keyed value with nothing in it (a
/// payload-less case, a struct whose fields are all nil, an empty dictionary) empty text.
///
/// **Identity.** A screen made from a value has the id the route grammar writes for it
/// (`mail(id=42)`, or `inbox` alone): two values that encode alike (for synthesized `Codable`,
/// equal values: a set lists its elements in one order however it was built, and `-0.0` is
/// written as `0.0`) are the same screen, and two that encode differently are two screens. A screen
/// is shown once: pushing a value already shown is refused as a duplicate screen. Values keep
/// their identity through links and restoration (``ScreenRegistry/init(destinations:)`` makes
/// the same screens from routes).
extension Screen {
    /// The screen `destination` stands for, by the rules above: `destination` itself when it is
    /// a `Screen`, a screen of that name when it is a `String`.
    ///
    /// A value whose own `encode(to:)` throws is the screen named for its type with its
    /// description as the parameter `value` (its id written from both, as any screen's): it can
    /// be shown, but never read back.
    ///
    /// Inlinable, as every call that takes a destination: specialized for `Screen` at the
    /// caller, the cast folds away (a generic body left unspecialized across modules would cast
    /// at run time on every call, and an array of screens element by element).
    @inlinable
    public init(_ destination: some Hashable & Codable & Sendable) {
        if let screen = destination as? Screen {
            self = screen
        } else {
            self.init(deriving: destination)
        }
    }

    /// The screen a value other than a `Screen` stands for (see ``init(_:)``).
    @usableFromInline
    init(deriving destination: some Hashable & Codable & Sendable) {
        if let name = destination as? String {
            self.init(name)
        } else if let (name, parameters) = try? DestinationCoding.screen(of: destination) {
            var id = ""
            RouteTarget(name, parameters).write(to: &id)
            self.init(name, id: ScreenID(id), parameters: parameters)
        } else {
            let (name, parameters) = (DestinationCoding.typeName(type(of: destination)), ["value": "\(destination)"])
            var id = ""
            RouteTarget(name, parameters).write(to: &id)
            self.init(name, id: ScreenID(id), parameters: parameters)
        }
    }

    /// The value of `type` this screen stands for, or nil when it stands for none (a screen
    /// shown by another name, or parameters the type does not take).
    ///
    /// For a screen made from a value, `Screen(value).destination(as: D.self) == value` whenever
    /// `D`'s `Codable` conformance round-trips (synthesized conformances do) and the value holds
    /// at most 1,024 array elements in all: a screen's parameters are untrusted (a link, a saved
    /// state), and an array's count is read from them, so a larger count is refused (nil).
    @inlinable
    public func destination<D: Hashable & Codable & Sendable>(as type: D.Type) -> D? {
        if let screen = self as? D { return screen }
        return derived(as: type)
    }

    /// ``destination(as:)`` for a type other than `Screen`.
    @usableFromInline
    func derived<D: Hashable & Codable & Sendable>(as type: D.Type) -> D? {
        if D.self == String.self { return parameters.isEmpty ? name as? D : nil }
        return try? DestinationCoding.decode(type, name: name, parameters: parameters)
    }
}

extension ScreenID {
    /// The id of the screen `destination` stands for (see ``Screen``'s destinations): itself when
    /// it is a `ScreenID`, the id of the screen it is when it is a `Screen`.
    @inlinable
    public init(of destination: some Hashable & Codable & Sendable) {
        if let id = destination as? ScreenID {
            self = id
        } else {
            self = Screen(destination).id
        }
    }
}

extension WindowContent {
    /// The screen `destination` stands for, alone, as content (see ``Screen``'s destinations):
    /// `.hop(HopContainer(id: "launch", showing: .destination(Destination.splash)))`.
    public static func destination(_ destination: some Hashable & Codable & Sendable) -> WindowContent {
        .screen(Screen(destination))
    }

    /// `destination` as content: itself when it is `WindowContent`, else the screen it stands for, alone.
    static func of(_ destination: some Hashable & Codable & Sendable) -> WindowContent {
        destination as? WindowContent ?? .screen(Screen(destination))
    }
}
