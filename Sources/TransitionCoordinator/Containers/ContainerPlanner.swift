/// Plans a ``ContainerOperation`` against a window's content: a pure function from the tree and
/// the request to a ``ContentChange``, or a ``ContainerError`` when the request does not fit
/// (then nothing changes). Linear in the size of the tree.
///
/// Screen and container ids must stay unique in the window: the operation's new screens are
/// checked against the whole tree, less what the operation removes.
package enum ContainerPlanner {
    /// The change `operation` makes to `content`.
    package static func plan(
        _ operation: ContainerOperation,
        in content: WindowContent
    ) throws(ContainerError) -> ContentChange {
        PathTrace.enter()
        switch operation {
        case .push(let screen, let id):
            if content.shows(screen.id) { throw .duplicateScreen(screen.id, container: id) }
            let after = try editStack(id, in: content) { stack throws(ContainerError) in stack.items.append(screen) }
            return ContentChange(operation, before: content, after: after, animation: .push)
        case .pop(let id):
            let after = try editStack(id, in: content) { stack throws(ContainerError) in
                guard stack.items.count > 1 else { throw .popAtRoot(stack: id, root: stack.root?.id ?? Screen.missing.id) }
                stack.items.removeLast()
            }
            return ContentChange(operation, before: content, after: after, animation: .pop)
        case .popTo(let screen, let id):
            let after = try editStack(id, in: content) { stack throws(ContainerError) in
                guard let index = stack.items.firstIndex(where: { $0.id == screen }) else { throw .notInStack(screen, stack: id) }
                if index == stack.items.count - 1 { throw .alreadyOnTop(screen, stack: id) }
                stack.items.removeSubrange((index + 1)...)
            }
            return ContentChange(operation, before: content, after: after, animation: .pop)
        case .popToRoot(let id):
            let after = try editStack(id, in: content) { stack throws(ContainerError) in
                guard stack.items.count > 1 else { throw .popAtRoot(stack: id, root: stack.root?.id ?? Screen.missing.id) }
                stack.items.removeSubrange(1...)
            }
            return ContentChange(operation, before: content, after: after, animation: .pop)
        case .setStack(let id, let items):
            return try setStack(id, to: items, in: content, operation: operation)
        case .select(let tab, let id):
            let after = try edit(.container(id), in: content) { node throws(ContainerError) in
                guard case .tabs(var tabs) = node.base else { throw .wrongKind(id, expected: .tabs, actual: kind(of: node)) }
                guard tabs.tabs.indices.contains(tab) else { throw .tabOutOfRange(tab, tabs: id, count: tabs.tabs.count) }
                tabs.selected = tab
                node = node.replacingBase(with: .tabs(tabs))
            }
            return ContentChange(operation, before: content, after: after, animation: .select)
        case .selectTab(let tabNode, let id):
            let after = try edit(.container(id), in: content) { node throws(ContainerError) in
                guard case .tabs(var tabs) = node.base else { throw .wrongKind(id, expected: .tabs, actual: kind(of: node)) }
                guard let tab = tabs.tabs.firstIndex(where: { $0.nodeID == tabNode || isItem(tabNode, of: $0.base) }) else {
                    throw .notATab(tabNode, tabs: id)
                }
                tabs.selected = tab
                node = node.replacingBase(with: .tabs(tabs))
            }
            return ContentChange(operation, before: content, after: after, animation: .select)
        case .present(let modal, let presenter):
            try requireFits(modal, in: content, replacing: nil)
            func presented() throws(ContainerError) -> ContentChange {
                let after = try edit(presenter, in: content) { node throws(ContainerError) in
                    if let shown = node.presented { throw .alreadyPresenting(presenter, modal: shown.nodeID) }
                    node = .presenting(node, modal: modal)
                }
                return ContentChange(operation, before: content, after: after, animation: .present)
            }
            // UIKit presents one controller a presentation context: a node whose tab bar, hop
            // container or tab presents already is refused as that node would be.
            if let context = presentationContext(of: presenter, in: content),
                let busy = ContentInvariants.firstPresentation(in: context)
            {
                if planted(.presentInBusyContext) { return try presented() }
                throw .alreadyPresenting(presenter, modal: busy.modal)
            }
            return try presented()
        case .dismiss(let presenter):
            return try dismiss(from: presenter, in: content, operation: operation)
        case .dismissModal(let modal):
            guard let presenter = presenter(of: modal, in: content) else { throw .notPresented(modal) }
            return try dismiss(from: presenter, in: content, operation: operation)
        case .hop(let next, let id):
            let after = try edit(.container(id), in: content) { node throws(ContainerError) in
                guard case .hop(let hop) = node.base else { throw .wrongKind(id, expected: .hop, actual: kind(of: node)) }
                try requireFits(next, in: content, replacing: hop.current)
                node = node.replacingBase(with: .hop(HopContainer(id: id, showing: next)))
            }
            // Worked out from the trees, as a link making the same change is (a child with the
            // same container id is that child changed).
            return ContentChange(operation, before: content, after: after, animation: .between(content, after))
        case .replace(let target):
            let problems = ContentInvariants.check(target, in: "the target")
            if !problems.isEmpty { throw .invalidContent(problems.map(\.detail)) }
            // Mutant: a whole tree's change told as a push or a pop.
            let animation = planted(.navigateKindsFlattened) ? flattened(content, target) : .between(content, target)
            return ContentChange(operation, before: content, after: target, animation: animation)
        }
    }

    /// `setStack`: the whole stack at once, one change animated once (``ContentAnimation/between(_:_:)``
    /// of the stack alone: a push, a pop or none).
    private static func setStack(
        _ id: ContainerID, to items: [Screen], in content: WindowContent,
        operation: ContainerOperation
    ) throws(ContainerError) -> ContentChange {
        guard !items.isEmpty else { throw .emptyStack(id) }
        var old: [Screen] = []
        let after = try editStack(id, in: content) { stack throws(ContainerError) in
            // Shown elsewhere in the window: every screen but this stack's own (none, when the
            // window shows the stack alone: then no set is built).
            var elsewhere = Set<ScreenID>()
            if content.screenCount > stack.items.count {
                content.forEachScreenID { elsewhere.insert($0) }
                for screen in stack.items { elsewhere.remove(screen.id) }
            }
            if let screen = firstDuplicate(in: items, replacing: stack.items) ?? items.first(where: { elsewhere.contains($0.id) })
            {
                throw .duplicateScreen(screen.id, container: id)
            }
            old = stack.items
            stack.items = items
        }
        let animation = ContentAnimation.between(
            .stack(StackContainer(id: id, unchecked: old)),
            .stack(StackContainer(id: id, unchecked: items)))
        return ContentChange(operation, before: content, after: after, animation: animation)
    }

    /// The first screen of `items` whose id comes twice, or nil; `old` is the stack being replaced
    /// (its ids are unique).
    ///
    /// The items `items` starts and ends with as `old` does are unique among themselves, so only
    /// the ones in between (usually a handful) are checked against the rest: by comparing ids when
    /// few, without hashing a long stack on every change; with a set otherwise.
    static func firstDuplicate(in items: [Screen], replacing old: [Screen]) -> Screen? {
        let (start, _, end) = ContentChange.sharedEnds(old, items)
        let middle = items[start..<end]
        guard middle.count <= 8 else {
            var seen = Set<ScreenID>(minimumCapacity: items.count)
            return items.first { !seen.insert($0.id).inserted }
        }
        // The kept ends hold each id once; a middle id that is one of them, or comes twice in the
        // middle, comes twice. At most 8 scans of the stack, comparing ids, hashing none.
        for (offset, screen) in zip(middle.indices, middle) {
            let twice =
                middle[..<offset].contains { $0.id == screen.id } || items[..<start].contains { $0.id == screen.id }
                || items[end...].contains { $0.id == screen.id }
            if twice { return screen }
        }
        return nil
    }

    /// `content` with the stack `id` changed by `body`; the stack keeps any modal it presents.
    private static func editStack(
        _ id: ContainerID, in content: WindowContent,
        _ body: (inout StackContainer) throws(ContainerError) -> Void
    ) throws(ContainerError) -> WindowContent {
        PathTrace.enter()
        let edited = try rewrite(content, .container(id)) { node throws(ContainerError) in
            guard case .stack(var stack) = node.base else { throw .wrongKind(id, expected: .stack, actual: kind(of: node)) }
            try body(&stack)
            // Mutant: a pop that reaches the root, or a `setStack` to the root alone, takes the root too.
            if planted(.stackWithoutRoot), stack.items.count == 1 { stack.items = [] }
            node = node.replacingBase(with: .stack(stack))
        }
        guard let edited else { throw .unknownContainer(id) }
        return edited
    }

    /// `content` with the node `target` changed by `body` (a screen in a stack stands for its
    /// stack); throws ``ContainerError/unknownContainer(_:)`` or ``ContainerError/unknownNode(_:)``
    /// when no node is `target`, as the window's lookup says of one no window shows.
    private static func edit(
        _ target: WindowContent.NodeID, in content: WindowContent,
        _ body: (inout WindowContent) throws(ContainerError) -> Void
    ) throws(ContainerError) -> WindowContent {
        PathTrace.enter()
        if let edited = try rewrite(content, target, body) { return edited }
        if case .container(let id) = target { throw .unknownContainer(id) }
        throw .unknownNode(target)
    }

    /// The rewritten tree, or nil when `target` is not in it.
    private static func rewrite(
        _ node: WindowContent, _ target: WindowContent.NodeID,
        _ body: (inout WindowContent) throws(ContainerError) -> Void
    ) throws(ContainerError) -> WindowContent? {
        PathTrace.enter()
        if node.nodeID == target || isItem(target, of: node.base) {
            var node = node
            try body(&node)
            return node
        }
        switch node {
        case .screen, .stack:
            return nil
        case .tabs(var tabs):
            for index in tabs.tabs.indices {
                if let tab = try rewrite(tabs.tabs[index], target, body) {
                    tabs.tabs[index] = tab
                    return .tabs(tabs)
                }
            }
            return nil
        case .hop(let hop):
            return try rewrite(hop.current, target, body).map { .hop(HopContainer(id: hop.id, showing: $0)) }
        case .presenting(let base, let modal):
            if let base = try rewrite(base, target, body) { return .presenting(base, modal: modal) }
            return try rewrite(modal, target, body).map { .presenting(base, modal: $0) }
        }
    }

    /// The change that dismisses what `presenter` presents, with everything above it, for `operation`.
    private static func dismiss(
        from presenter: WindowContent.NodeID, in content: WindowContent, operation: ContainerOperation
    ) throws(ContainerError) -> ContentChange {
        let after = try edit(presenter, in: content) { node throws(ContainerError) in
            guard let shown = node.presented else { throw .nothingPresented(presenter) }
            // Mutant: the dismissed modal's own modal stays, now presented by this node.
            let left = planted(.childModalLeftBehind) ? shown.presented : nil
            node = left.map { .presenting(node.base, modal: $0) } ?? node.base
        }
        return ContentChange(operation, before: content, after: after, animation: .dismiss)
    }

    /// The node that presents `modal` (the modal's own node, or a screen of its stack) in `content`,
    /// or nil when nothing presents it.
    static func presenter(of modal: WindowContent.NodeID, in content: WindowContent) -> WindowContent.NodeID? {
        switch content {
        case .screen, .stack:
            return nil
        case .tabs(let tabs):
            return tabs.tabs.lazy.compactMap { presenter(of: modal, in: $0) }.first
        case .hop(let hop):
            return presenter(of: modal, in: hop.current)
        case .presenting(let base, let presented):
            if presented.nodeID == modal || isItem(modal, of: presented.base) { return base.nodeID }
            return presenter(of: modal, in: base) ?? presenter(of: modal, in: presented)
        }
    }

    /// Whether `target` is a screen pushed on (or the root of) the stack `node`.
    /// The presentation context `node` is in: the window's `content`, or the modal it stands in
    /// (nodes reached through tabs and hop containers share their context); nil when no node is `node`.
    static func presentationContext(of node: WindowContent.NodeID, in content: WindowContent) -> WindowContent? {
        func search(_ current: WindowContent, in context: WindowContent) -> WindowContent? {
            if current.nodeID == node || isItem(node, of: current.base) { return context }
            switch current {
            case .screen, .stack: return nil
            case .tabs(let tabs): return tabs.tabs.lazy.compactMap { search($0, in: context) }.first
            case .hop(let hop): return search(hop.current, in: context)
            case .presenting(let base, let modal): return search(base, in: context) ?? search(modal, in: modal)
            }
        }
        return search(content, in: content)
    }

    private static func isItem(_ target: WindowContent.NodeID, of node: WindowContent) -> Bool {
        guard case .screen(let id) = target, case .stack(let stack) = node else { return false }
        return stack.items.contains { $0.id == id }
    }

    /// Throws unless `incoming` is valid and shares no screen or container id with `content`,
    /// apart from those of `replacing`, which leaves.
    private static func requireFits(
        _ incoming: WindowContent, in content: WindowContent,
        replacing leaving: WindowContent?
    ) throws(ContainerError) {
        let problems = ContentInvariants.check(incoming, in: "the new content")
        if !problems.isEmpty { throw .invalidContent(problems.map(\.detail)) }
        var shown = Set<ScreenID>()
        content.forEachScreenID { shown.insert($0) }
        leaving?.forEachScreenID { shown.remove($0) }
        var duplicate: ScreenID?
        incoming.forEachScreenID { id in
            if duplicate == nil, shown.contains(id) { duplicate = id }
        }
        if let duplicate { throw .duplicateScreen(duplicate, container: nil) }
        let held = Set(content.containers).subtracting(leaving?.containers ?? [])
        if let id = incoming.containers.first(where: held.contains) { throw .duplicateContainer(id) }
    }

    /// The kind of container `node` is (`node` was found by a container id, so it is not a screen).
    static func kind(of node: WindowContent) -> ContainerKind {
        switch node.base {
        case .tabs: .tabs
        case .hop: .hop
        case .stack, .screen, .presenting: .stack
        }
    }
}

extension WindowContent {
    /// This node with its base replaced, keeping the modal it presents.
    func replacingBase(with base: WindowContent) -> WindowContent {
        if case .presenting(_, let modal) = self { .presenting(base, modal: modal) } else { base }
    }
}
