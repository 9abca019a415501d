import TransitionCoordinator

/// Aims a worker's content request at a container that exists: drawn in advance, a request
/// names containers from a small pool, and the tree changes under it, so most would name one
/// that is gone and be refused before they reach a commit path. At the moment it fires, a request
/// naming a container that no window shows (or a pop of a stack at its root) is, most of the time
/// (``aimedShare``), pointed at one of the kind it needs that the snapshot shows; with none shown,
/// the app builds its starting tabs again. The rest keep their stray id and exercise the refusal.
/// Deterministic: the choice comes from the operation's own draw and the snapshot.
extension Workload {
    /// Of requests naming a container no window shows, the percentage aimed at one that exists.
    static let aimedShare = 90

    /// What a container must be for an operation to apply to it.
    private enum Need { case stack, poppable, tabs, hop, presenter, any }

    /// `request` aimed with `roll` (the operation's draw) at the containers `snapshot` shows.
    static func aimed(_ request: TransitionRequest, roll: UInt64, at snapshot: NavigationSnapshot) -> TransitionRequest {
        switch request {
        case .content(let operation, let level):
            guard let aimed = aimed(operation, roll: roll, at: snapshot) else { return request }
            if case .replace = aimed, operation.container != nil { return .content(aimed, at: .root) }
            return .content(aimed, at: level)
        case .userDid(let operation, let level):
            // What the user did happened on a container that is shown; none shown, it is left as it is.
            guard let aimed = aimed(operation, roll: roll, at: snapshot) else { return request }
            if case .replace = aimed { return request }
            return .userDid(aimed, at: level)
        default:
            return request
        }
    }

    /// `operation` aimed at an existing container, or nil to keep it as it is.
    private static func aimed(
        _ operation: ContainerOperation, roll: UInt64, at snapshot: NavigationSnapshot
    ) -> ContainerOperation? {
        guard let id = operation.container, roll % 100 < UInt64(aimedShare) else { return nil }
        let named = snapshot.windowList.lazy.compactMap { $0.content.find(id) }.first
        let need: Need
        switch operation {
        case .pop, .popTo, .popToRoot:
            // A pop also needs something above the root to pop.
            if let named, case .stack(let stack) = named.base, stack.items.count > 1 { return nil }
            need = .poppable
        case .push, .setStack: need = .stack
        case .select, .selectTab: need = .tabs
        case .hop: need = .hop
        case .dismiss, .dismissModal: need = .presenter
        case .present, .replace: need = .any
        }
        if named != nil, need != .poppable { return nil }
        let shown = snapshot.windowList.flatMap { window in
            window.content.containers.compactMap { id -> (ContainerID, WindowContent)? in
                guard let node = window.content.find(id) else { return nil }
                return fits(node, need) ? (id, node) : nil
            }
        }
        // None shown (a root replaced by a screen, a link's content): the app builds its tabs
        // again; nothing to pop: the pop stays as it is, and is refused.
        guard !shown.isEmpty else { return need == .poppable ? nil : .replace(with: startingTabs) }
        let (target, node) = shown[Int((roll / 100) % UInt64(shown.count))]
        switch operation {
        case .push(let screen, _): return .push(screen, onto: target)
        case .pop: return .pop(target)
        case .popTo(let screen, _):
            // A screen the stack holds, most often, so the pop has somewhere to go.
            guard case .stack(let stack) = node.base, roll / 10_000 % 4 != 0 else { return .popTo(screen, in: target) }
            return .popTo(stack.items[Int((roll / 40_000) % UInt64(stack.items.count))].id, in: target)
        case .popToRoot: return .popToRoot(target)
        case .setStack(_, let screens): return .setStack(target, screens)
        case .select(let tab, _): return .select(tab: tab, in: target)
        case .selectTab(let tab, _):
            // One of the tab bar's tabs, by what it shows.
            guard case .tabs(let bar) = node.base, !bar.tabs.isEmpty else { return .selectTab(tab, in: target) }
            return .selectTab(bar.tabs[Int((roll / 10_000) % UInt64(bar.tabs.count))].nodeID, in: target)
        case .hop(let content, _): return .hop(to: content, in: target)
        case .present(let modal, _): return .present(modal, from: .container(target))
        case .dismiss: return .dismiss(.container(target))
        case .dismissModal(let modal): return .dismissModal(node.presented?.nodeID ?? modal)
        case .replace: return nil
        }
    }

    /// Whether `node` (as ``WindowContent/find(_:)`` gives it) is what `need` asks for.
    private static func fits(_ node: WindowContent, _ need: Need) -> Bool {
        switch (need, node.base) {
        case (.any, _), (.stack, .stack), (.tabs, .tabs), (.hop, .hop): true
        case (.poppable, .stack(let stack)): stack.items.count > 1
        case (.presenter, _): if case .presenting = node { true } else { false }
        default: false
        }
    }
}
