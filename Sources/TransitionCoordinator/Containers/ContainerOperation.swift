/// One change to a window's content tree, as a value: what a container handle asks for, what a
/// user's gesture reports, and (as ``replace(with:)``) what a deep link resolves to.
public enum ContainerOperation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Pushes `screen` on the stack.
    case push(Screen, onto: ContainerID)
    /// Pops the stack's top screen.
    case pop(ContainerID)
    /// Pops the stack down to the screen `id`, which stays on top.
    case popTo(ScreenID, in: ContainerID)
    /// Pops the stack down to its root.
    case popToRoot(ContainerID)
    /// Sets the whole stack (declaratively): diffed by id against the current one, applied as one
    /// change. One that waited its turn drops the screens removed meanwhile other than by its
    /// own stack's `setStack` (see ``StackHandle``).
    case setStack(ContainerID, [Screen])
    /// Selects the tab at `tab`.
    case select(tab: Int, in: ContainerID)
    /// Selects the tab that shows `tab` (its container or screen, by id; a screen of a tab's
    /// stack stands for the tab), wherever it stands in the tab bar `in` now: what a tab the
    /// user tapped reports, so a tap that waited its turn behind a change to the tabs selects the
    /// tab the user tapped, or is refused when it is gone (``ContainerError/notATab(_:tabs:)``),
    /// never the one that took its place.
    case selectTab(WindowContent.NodeID, in: ContainerID)
    /// Presents `modal` over the node `presenter` (a container, or a screen: a screen in a stack
    /// presents through its stack).
    case present(WindowContent, from: WindowContent.NodeID)
    /// Dismisses what `presenter` presents, with everything presented above it.
    case dismiss(WindowContent.NodeID)
    /// Dismisses the modal `modal` (the node it shows: its container, or its screen; a screen
    /// of a modal stack stands for the stack), with everything presented above it, from
    /// whatever presents it now: what a sheet the user swiped down reports, so a swipe that
    /// waited its turn behind a change that dismissed the sheet, or put another node in its
    /// place, is refused (``ContainerError/notPresented(_:)``) instead of dismissing a sheet the
    /// user never saw. A node is known by its id: a new sheet the app presents under the old
    /// one's id is that sheet.
    case dismissModal(WindowContent.NodeID)
    /// Shows `content` in the hop container in place of its current child.
    case hop(to: WindowContent, in: ContainerID)
    /// Replaces the whole content with `target`, planned against the current tree as one change.
    case replace(with: WindowContent)

    /// The container the operation names by its id, if it names one: for ``dismissModal(_:)``,
    /// the modal's own (its presenter is found when it is planned). Nil for an operation that
    /// names a screen (a modal stack's screen included): ``node`` says which.
    public var container: ContainerID? {
        switch self {
        case .push(_, let id), .pop(let id), .popTo(_, let id), .popToRoot(let id), .setStack(let id, _),
            .select(_, let id), .selectTab(_, let id), .hop(_, let id):
            id
        case .present(_, let node), .dismiss(let node), .dismissModal(let node):
            if case .container(let id) = node { id } else { nil }
        case .replace:
            nil
        }
    }

    /// The node the operation names: its container, the screen a modal is presented from or
    /// dismissed over, or for ``dismissModal(_:)`` the modal itself; nil for a whole-tree
    /// ``replace(with:)``. The window a request changes is the one holding it.
    public var node: WindowContent.NodeID? {
        switch self {
        case .present(_, let node), .dismiss(let node), .dismissModal(let node): node
        case .replace: nil
        default: container.map(WindowContent.NodeID.container)
        }
    }

    /// As `push mail onto inbox`.
    public var description: String {
        switch self {
        case .push(let screen, let id): "push \(screen) onto \(id)"
        case .pop(let id): "pop \(id)"
        case .popTo(let screen, let id): "pop \(id) to \(screen)"
        case .popToRoot(let id): "pop \(id) to its root"
        case .setStack(let id, let items): "set \(id) to [" + items.map(\.description).joined(separator: ", ") + "]"
        case .select(let tab, let id): "select tab \(tab) of \(id)"
        case .selectTab(let tab, let id): "select the tab of \(id) showing \(tab)"
        case .present(let modal, let node): "present \(modal) from \(node)"
        case .dismiss(let node): "dismiss what \(node) presents"
        case .dismissModal(let node): "dismiss the modal \(node)"
        case .hop(let content, let id): "hop \(id) to \(content)"
        case .replace(let target): "replace the content with \(target)"
        }
    }
}
