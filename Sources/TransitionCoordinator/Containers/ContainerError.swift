/// Why a container operation was refused. Thrown only when nothing changed, except where a hop
/// flow's wait ends after its hop committed (``leftBeforeUnhop(_:hop:)``,
/// ``flowCancelled(_:hop:)``, and the others ``HopHandle/hopAndWait(to:returning:animator:policy:whenLocked:)``
/// lists): the hop stays. Each case names the container and the screen involved.
public indirect enum ContainerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No container with this id is shown (in this window, or anywhere).
    case unknownContainer(ContainerID)
    /// No node with this id is shown (a screen, or a container) to present from or dismiss.
    case unknownNode(WindowContent.NodeID)
    /// The container is not of the kind the operation needs (a hop on a stack, a push on tabs).
    case wrongKind(ContainerID, expected: ContainerKind, actual: ContainerKind)
    /// A pop (or pop to root) at a stack that holds only its root.
    case popAtRoot(stack: ContainerID, root: ScreenID)
    /// A pop to a screen that is not in the stack.
    case notInStack(ScreenID, stack: ContainerID)
    /// A pop to the screen already on top: nothing to pop.
    case alreadyOnTop(ScreenID, stack: ContainerID)
    /// A tab index outside the tabs.
    case tabOutOfRange(Int, tabs: ContainerID, count: Int)
    /// A tab selected by what it shows where no tab of the tab bar shows that node (the tabs
    /// changed since the user tapped it).
    case notATab(WindowContent.NodeID, tabs: ContainerID)
    /// A dismiss where the node presents nothing.
    case nothingPresented(WindowContent.NodeID)
    /// A dismiss of a modal that nothing presents (it was dismissed or replaced since the user
    /// swiped it away).
    case notPresented(WindowContent.NodeID)
    /// A present where the node, or a node of its presentation context (the tab bar or hop
    /// container holding it, or a tab of it: UIKit presents one controller a context), already
    /// presents `modal` (present from the modal instead).
    case alreadyPresenting(WindowContent.NodeID, modal: WindowContent.NodeID)
    /// The screen id is already shown in the window (a double tap's second push gets this).
    case duplicateScreen(ScreenID, container: ContainerID?)
    /// The container id is already in use.
    case duplicateContainer(ContainerID)
    /// A `setStack` with no items: a stack always has its root.
    case emptyStack(ContainerID)
    /// A target tree that breaks invariant 8 (what is wrong, as the checker says it).
    case invalidContent([String])
    /// An unhop of a screen that is not the hop container's current child (it never hopped in,
    /// or another hop replaced it).
    case notCurrent(ScreenID, hop: ContainerID)
    /// A second unhop of the same hop stay of a screen (see ``HopHandle``): say, a screen's
    /// completion handler that ran twice.
    case alreadyUnhopped(ScreenID, hop: ContainerID)
    /// A second flow waiting for the same screen to unhop.
    case alreadyAwaited(ScreenID, hop: ContainerID)
    /// The screen a flow waited on stopped being its hop container's current child (another hop,
    /// a replaced tree, a window that went, or a move elsewhere that leaves it in the window)
    /// before it unhopped: the flow's wait ends with this.
    case leftBeforeUnhop(ScreenID, hop: ContainerID)
    /// The task of a flow waiting for the screen to unhop was cancelled, after the flow's hop
    /// committed: the screen stays the container's current child, nothing waits on it any more,
    /// and a later unhop is kept for the next flow.
    case flowCancelled(ScreenID, hop: ContainerID)
    /// A value of another type than the flow waits for: an unhop with it while the flow waits
    /// (refused; the flow waits on), or a value kept from before the flow waited (refused to the
    /// flow; kept for a flow that takes it).
    case unhopValueMismatch(ScreenID, expected: String, actual: String)

    /// A stable short code for logs and metrics, as `popAtRoot`.
    public var code: String {
        switch self {
        case .unknownContainer: "unknownContainer"
        case .unknownNode: "unknownNode"
        case .wrongKind: "wrongKind"
        case .popAtRoot: "popAtRoot"
        case .notInStack: "notInStack"
        case .alreadyOnTop: "alreadyOnTop"
        case .tabOutOfRange: "tabOutOfRange"
        case .notATab: "notATab"
        case .nothingPresented: "nothingPresented"
        case .notPresented: "notPresented"
        case .alreadyPresenting: "alreadyPresenting"
        case .duplicateScreen: "duplicateScreen"
        case .duplicateContainer: "duplicateContainer"
        case .emptyStack: "emptyStack"
        case .invalidContent: "invalidContent"
        case .notCurrent: "notCurrent"
        case .alreadyUnhopped: "alreadyUnhopped"
        case .alreadyAwaited: "alreadyAwaited"
        case .leftBeforeUnhop: "leftBeforeUnhop"
        case .flowCancelled: "flowCancelled"
        case .unhopValueMismatch: "unhopValueMismatch"
        }
    }

    /// What went wrong and where, for a person.
    public var description: String {
        switch self {
        case .unknownContainer(let id): "no container \(id) is shown"
        case .unknownNode(let node): "no \(node) is shown"
        case .wrongKind(let id, let expected, let actual): "\(id) is \(actual), not \(expected)"
        case .popAtRoot(let stack, let root): "stack \(stack) holds only its root \(root): nothing to pop"
        case .notInStack(let screen, let stack): "screen \(screen) is not in stack \(stack)"
        case .alreadyOnTop(let screen, let stack): "screen \(screen) is already on top of stack \(stack): nothing to pop"
        case .tabOutOfRange(let tab, let tabs, let count): "tab \(tab) is out of 0..<\(count) in tabs \(tabs)"
        case .notATab(let node, let tabs): "no tab of \(tabs) shows \(node): the tabs changed"
        case .nothingPresented(let node): "\(node) presents nothing to dismiss"
        case .notPresented(let node): "\(node) is not presented: it was dismissed or replaced"
        case .alreadyPresenting(let node, let modal):
            "\(node) presents already (\(modal) is presented in its presentation context); present from \(modal) instead"
        case .duplicateScreen(let screen, let container):
            "screen \(screen) is already shown in this window" + (container.map { " (asked for \($0))" } ?? "")
        case .duplicateContainer(let id): "container \(id) is already shown"
        case .emptyStack(let id): "stack \(id) cannot be set to no items: a stack always has its root"
        case .invalidContent(let problems): "the content breaks invariant 8: " + problems.joined(separator: "; ")
        case .notCurrent(let screen, let hop):
            "screen \(screen) is not the current child of hop container \(hop): it cannot unhop"
        case .alreadyUnhopped(let screen, let hop): "screen \(screen) already unhopped from \(hop); a screen unhops once per hop"
        case .alreadyAwaited(let screen, let hop): "a flow already waits for screen \(screen) to unhop from \(hop)"
        case .leftBeforeUnhop(let screen, let hop): "screen \(screen) left hop container \(hop) before it unhopped"
        case .flowCancelled(let screen, let hop):
            "the flow waiting for screen \(screen) to unhop from \(hop) was cancelled; its hop stays, and a later unhop "
                + "is kept for the next flow that waits"
        case .unhopValueMismatch(let screen, let expected, let actual):
            "screen \(screen) unhopped with a value of type \(actual), but its flow takes \(expected)"
        }
    }
}

/// The kinds of container, for ``ContainerError/wrongKind(_:expected:actual:)``.
public enum ContainerKind: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// A ``StackContainer``.
    case stack
    /// A ``TabBar``.
    case tabs
    /// A ``HopContainer``.
    case hop

    /// `a stack`, `tabs`, `a hop container`.
    public var description: String {
        switch self {
        case .stack: "a stack"
        case .tabs: "tabs"
        case .hop: "a hop container"
        }
    }
}
