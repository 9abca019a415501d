/// A navigation stack as a value: a root screen and the screens pushed over it, bottom to top.
///
/// It is never empty: the root is set when it is made and only a change of the whole stack
/// (a `setStack`) can replace it. Decoding an empty stack fails.
public struct StackContainer: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The stack's identity.
    public let id: ContainerID
    /// The screens, bottom (the root) to top; never empty.
    public internal(set) var items: [Screen]

    /// A stack holding `root`, then `pushed`, bottom to top: screens, or values of the app's
    /// destination type (see ``Screen``'s destinations).
    @inlinable
    public init<Destination: Hashable & Codable & Sendable>(id: ContainerID, root: Destination, pushed: [Destination] = []) {
        self.init(id: id, unchecked: [Screen(root)] + (pushed as? [Screen] ?? pushed.map { Screen($0) }))
    }

    /// A stack of `items` as they are, empty or not: only the planner and its tests use it, so
    /// that an invariant check has something to find (``ContentInvariants``).
    @usableFromInline
    init(id: ContainerID, unchecked items: [Screen]) {
        self.id = id
        self.items = items
    }

    /// The bottom screen. Nil only for a stack that broke invariant 8 (never one made publicly).
    public var root: Screen? { items.first }
    /// The screen on top.
    public var top: Screen? { items.last }

    private enum CodingKeys: String, CodingKey { case id, items }

    /// Decodes a stack; an empty `items` is a `DecodingError`, since a stack always has its root.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(ContainerID.self, forKey: .id)
        items = try container.decode([Screen].self, forKey: .items)
        if items.isEmpty {
            throw DecodingError.dataCorruptedError(
                forKey: .items, in: container,
                debugDescription: "the stack \(id) has no root screen")
        }
    }

    /// `stack inbox [home, mail[m1]]`.
    public var description: String {
        "stack \(id) [" + items.map(\.description).joined(separator: ", ") + "]"
    }
}
