import TransitionCoordinator

/// One modal as a SwiftUI `.sheet(item:)` shows it: the node that presents it and what it shows.
///
/// A value, `Sendable` and `Identifiable` by the modal's own node (its screen, or its container),
/// so a sheet replaced by another is a new item and the same sheet after a commit is the same item.
public struct PresentedSheet: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The node that presents the sheet (a screen, or a container): what a dismiss names.
    public let presenter: WindowContent.NodeID
    /// What the sheet shows, without the modal it may present in turn (that one is the sheet
    /// presented by this sheet's node, ``NavigationModel/sheet(presentedBy:)``).
    public let content: WindowContent

    /// A sheet showing `content`, presented by `presenter`.
    public init(presenter: WindowContent.NodeID, content: WindowContent) {
        self.presenter = presenter
        self.content = content
    }

    /// The value of `type` the sheet's top screen stands for (the app's destination type), or nil
    /// when it stands for none.
    public func destination<Destination: Hashable & Codable & Sendable>(as type: Destination.Type) -> Destination? {
        content.topScreen.destination(as: type)
    }

    /// The sheet's own node: the screen, or the container, it shows.
    public var id: WindowContent.NodeID { content.nodeID }

    /// As `container compose over container inbox`.
    public var description: String { "\(id) over \(presenter)" }
}
