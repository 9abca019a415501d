/// The owner of one live container's node (the container with everything it holds and presents):
/// the single source of truth for it, as a ``LevelActor`` is for a level's window.
///
/// Only the coordinator holds container actors, and it writes them only while committing its
/// current transition, in the same step (they run on its executor); each write is a
/// compare-and-set, so a lost update shows up as a failed write that ``Coordinator/audit()``
/// reports, never as a silent overwrite.
actor ContainerActor {
    let id: ContainerID
    private let executor: ExecutorChoice
    private(set) var node: WindowContent?

    init(id: ContainerID, node: WindowContent, executor: ExecutorChoice) {
        self.id = id
        self.node = node
        self.executor = executor
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.unownedExecutor }

    /// Replaces the node if the current one is the expected one; returns whether it did.
    ///
    /// Called from the coordinator's own step, on the executor both share (`assumeIsolated` stops
    /// the process if the caller is not on it), as ``LevelActor/replace(expecting:with:)`` is.
    nonisolated func replace(expecting expected: WindowContent?, with new: WindowContent?) -> Bool {
        PathTrace.enter()
        return assumeIsolated { actor in
            guard Self.identical(actor.node, expected) || actor.node == expected else { return false }
            actor.node = new
            return true
        }
    }
}

extension ContainerActor {
    /// Whether `a` and `b` are the same tree value, read from their bits alone: the same boxed
    /// tree (a node handed back as it was given), or both nil. Same bits mean equal values; other
    /// bits may still be equal values, which `==` then says. Comparing a deep modal chain node by
    /// node, once for each container in the chain, made a long route's commit quadratic.
    static func identical(_ a: WindowContent?, _ b: WindowContent?) -> Bool {
        withUnsafeBytes(of: a) { left in withUnsafeBytes(of: b) { right in left.elementsEqual(right) } }
    }

    /// Whether the node `new` of a container equals its node `old`, reading the nodes of the
    /// containers it holds or presents from `known` (whether each of those is unchanged, worked
    /// out before, deepest first) instead of comparing them again: linear in the tree over all
    /// its containers (comparing each container's node whole would be quadratic in the depth of a
    /// chain of modals).
    static func unchanged(_ old: WindowContent, _ new: WindowContent, known: [ContainerID: Bool]) -> Bool {
        if identical(old, new) { return true }
        func child(_ old: WindowContent, _ new: WindowContent) -> Bool {
            if case .container(let id) = new.nodeID, old.nodeID == new.nodeID, let same = known[id] { return same }
            return unchanged(old, new, known: known)
        }
        switch (old, new) {
        case (.screen(let a), .screen(let b)):
            return a == b
        case (.stack(let a), .stack(let b)):
            return a == b
        case (.tabs(let a), .tabs(let b)):
            return a.id == b.id && a.selected == b.selected && a.tabs.count == b.tabs.count
                && zip(a.tabs, b.tabs).allSatisfy { child($0, $1) }
        case (.hop(let a), .hop(let b)):
            return a.id == b.id && child(a.current, b.current)
        case (.presenting(let oldBase, let oldModal), .presenting(let newBase, let newModal)):
            return unchanged(oldBase, newBase, known: known) && child(oldModal, newModal)
        default:
            return false
        }
    }
}
