/// A hop container as a value (launch and login flows; see ``HopHandle``): exactly one current child,
/// replaced as a flow hops from screen to screen.
public struct HopContainer: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The container's identity.
    public let id: ContainerID
    /// What it shows now.
    public internal(set) var current: WindowContent

    /// A hop container showing `current`.
    public init(id: ContainerID, showing current: WindowContent) {
        self.id = id
        self.current = current
    }

    /// `hop launch <splash>`.
    public var description: String { "hop \(id) <\(current)>" }
}
