/// One managed window: its identity, level, content and visibility, as a value.
public struct ManagedWindow: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The window's identity, unique for the coordinator's lifetime.
    public let id: WindowID
    /// The level the window stands at; ``WindowLevel/root`` for the root window.
    public let level: WindowLevel
    /// What the window shows.
    public var content: WindowContent
    /// A hidden window stays alive (nothing is lost) but is not visible and cannot be key.
    public var isHidden: Bool

    /// A window value; only the coordinator creates live ones.
    package init(id: WindowID, level: WindowLevel, content: WindowContent, isHidden: Bool = false) {
        self.id = id
        self.level = level
        self.content = content
        self.isHidden = isHidden
    }

    /// `#id content`, with `(hidden)` when hidden.
    public var description: String {
        "\(id) \(content)" + (isHidden ? " (hidden)" : "")
    }
}
