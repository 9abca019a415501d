/// Tabs as a value: a child per tab (each often a ``StackContainer``) and the selected one.
///
/// Switching tabs keeps every tab's content. Decoding fails without tabs or with a selection out
/// of range.
public struct TabBar: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The tab bar's identity.
    public let id: ContainerID
    /// Each tab's content, in order; never empty.
    public internal(set) var tabs: [WindowContent]
    /// The index of the selected tab, in `tabs.indices`.
    public internal(set) var selected: Int

    /// Tabs showing `first`, then `others`, with the first selected.
    public init(id: ContainerID, _ first: WindowContent, _ others: WindowContent...) {
        self.id = id
        self.tabs = [first] + others
        self.selected = 0
    }

    /// Tabs showing `tabs`, with the one at `selected` selected.
    /// - Throws: ``ContainerError/tabOutOfRange(_:tabs:count:)`` when `selected` is not an index of
    ///   `tabs` (and so when `tabs` is empty).
    public init(id: ContainerID, tabs: [WindowContent], selected: Int) throws(ContainerError) {
        guard tabs.indices.contains(selected) else { throw .tabOutOfRange(selected, tabs: id, count: tabs.count) }
        self.init(id: id, unchecked: tabs, selected: selected)
    }

    /// Tabs as they are, checked or not (the planner, tests and mutants).
    init(id: ContainerID, unchecked tabs: [WindowContent], selected: Int) {
        self.id = id
        self.tabs = tabs
        self.selected = selected
    }

    /// The selected tab's content. Nil only for tabs that broke invariant 8.
    public var selectedContent: WindowContent? {
        tabs.indices.contains(selected) ? tabs[selected] : nil
    }

    private enum CodingKeys: String, CodingKey { case id, tabs, selected }

    /// Decodes tabs; no tabs, or a selection out of range, is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(ContainerID.self, forKey: .id)
        tabs = try container.decode([WindowContent].self, forKey: .tabs)
        selected = try container.decode(Int.self, forKey: .selected)
        if !tabs.indices.contains(selected) {
            throw DecodingError.dataCorruptedError(
                forKey: .selected, in: container,
                debugDescription: "tab \(selected) of \(id) is out of 0..<\(tabs.count)")
        }
    }

    /// `tabs home {stack a [x], *stack b [y]}`: the selected tab is starred.
    public var description: String {
        "tabs \(id) {"
            + tabs.enumerated().map { ($0.offset == selected ? "*" : "") + $0.element.description }
            .joined(separator: ", ") + "}"
    }
}
