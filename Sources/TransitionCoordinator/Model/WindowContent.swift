/// What a window shows: a screen, or a tree of containers (a navigation stack, tabs, a hop
/// container), any node of which may present one modal, itself any content, to any depth.
///
/// A value: `Sendable`, `Hashable`, `Codable`. ``topScreen`` and ``screens`` mean the same for
/// every case, so the coordinator's skip rules, invariants and snapshots read containers as they
/// read a single screen. A whole target tree can be planned against the current one as one
/// change (`ContainerPlanner`), which is what a deep link resolves to.
///
/// Invariant 8 (`ContentInvariants`): a stack has its root, a tab selection is in range, a hop
/// container has one current child, a node presents at most one modal, and a screen id or a
/// container id appears at most once.
public indirect enum WindowContent: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A single screen.
    case screen(Screen)
    /// A navigation stack.
    case stack(StackContainer)
    /// Tabs, each holding content of its own.
    case tabs(TabBar)
    /// A hop container: one current child.
    case hop(HopContainer)
    /// `base`, presenting `modal` over it. `base` is never itself presenting: a node presents at
    /// most one modal, and a modal over a modal is presented by the first (`modal` presenting).
    case presenting(WindowContent, modal: WindowContent)

    /// Which node a request names: a screen, or a container.
    public enum NodeID: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The screen with this id (a screen in a stack stands for its stack where a node is needed).
        case screen(ScreenID)
        /// The container with this id.
        case container(ContainerID)

        /// `screen pin` or `container inbox`.
        public var description: String {
            switch self {
            case .screen(let id): "screen \(id)"
            case .container(let id): "container \(id)"
            }
        }
    }

    /// The node this content is, seen from outside: a presenting node is its base. What
    /// ``ContainerOperation/selectTab(_:in:)`` and ``ContainerOperation/dismissModal(_:)`` name a
    /// tab and a modal by.
    public var nodeID: NodeID {
        switch self {
        case .screen(let screen): .screen(screen.id)
        case .stack(let stack): .container(stack.id)
        case .tabs(let tabs): .container(tabs.id)
        case .hop(let hop): .container(hop.id)
        case .presenting(let base, _): base.nodeID
        }
    }

    /// The screen a person sees on top: the top of the modal chain, the top of a stack, the
    /// selected tab's, a hop container's current one.
    ///
    /// A placeholder screen (`∅`) only for a tree that broke invariant 8 (an empty stack, a selection out
    /// of range), which the invariant checks report.
    public var topScreen: Screen {
        switch self {
        case .screen(let screen): screen
        case .stack(let stack): stack.top ?? .missing
        case .tabs(let tabs): tabs.selectedContent?.topScreen ?? .missing
        case .hop(let hop): hop.current.topScreen
        case .presenting(_, let modal): modal.topScreen
        }
    }

    /// Every screen in the content, in tree order: a stack bottom to top, tabs in order, a base
    /// before the modal it presents.
    public var screens: [Screen] {
        var screens: [Screen] = []
        screens.reserveCapacity(screenCount)
        appendScreens(to: &screens)
        return screens
    }

    /// Appends the screens of the content to `screens`, in the order of ``screens``: a stack's
    /// items at once.
    func appendScreens(to screens: inout [Screen]) {
        switch self {
        case .screen(let screen): screens.append(screen)
        case .stack(let stack): screens.append(contentsOf: stack.items)
        case .tabs(let tabs): for tab in tabs.tabs { tab.appendScreens(to: &screens) }
        case .hop(let hop): hop.current.appendScreens(to: &screens)
        case .presenting(let base, let modal):
            base.appendScreens(to: &screens)
            modal.appendScreens(to: &screens)
        }
    }

    /// Calls `body` with the id of every screen, in the order of ``screens``, reading each id in
    /// place (a whole screen copied out retains its name and parameters too).
    package func forEachScreenID(_ body: (ScreenID) -> Void) {
        switch self {
        case .screen(let screen): body(screen.id)
        case .stack(let stack): for index in stack.items.indices { body(stack.items[index].id) }
        case .tabs(let tabs): for tab in tabs.tabs { tab.forEachScreenID(body) }
        case .hop(let hop): hop.current.forEachScreenID(body)
        case .presenting(let base, let modal):
            base.forEachScreenID(body)
            modal.forEachScreenID(body)
        }
    }

    /// Calls `body` with every screen, in the order of ``screens``, building nothing.
    package func forEachScreen(_ body: (Screen) -> Void) {
        switch self {
        case .screen(let screen): body(screen)
        case .stack(let stack): stack.items.forEach(body)
        case .tabs(let tabs): for tab in tabs.tabs { tab.forEachScreen(body) }
        case .hop(let hop): hop.current.forEachScreen(body)
        case .presenting(let base, let modal):
            base.forEachScreen(body)
            modal.forEachScreen(body)
        }
    }

    /// Every container id in the content, in tree order (a container before what it holds).
    /// Linear in the tree: each id is appended once to one list (joining the lists of a modal
    /// chain level by level copied the chain's ids once per level).
    public var containers: [ContainerID] {
        var ids: [ContainerID] = []
        appendContainers(to: &ids)
        return ids
    }

    /// Appends the container ids of the content to `ids`, in the order of ``containers``.
    private func appendContainers(to ids: inout [ContainerID]) {
        switch self {
        case .screen: break
        case .stack(let stack): ids.append(stack.id)
        case .tabs(let tabs):
            ids.append(tabs.id)
            for tab in tabs.tabs { tab.appendContainers(to: &ids) }
        case .hop(let hop):
            ids.append(hop.id)
            hop.current.appendContainers(to: &ids)
        case .presenting(let base, let modal):
            base.appendContainers(to: &ids)
            modal.appendContainers(to: &ids)
        }
    }

    /// Calls `body` with every container id and its node as ``find(_:)`` gives it (with the
    /// modal it presents), in the order of ``containers``, building nothing.
    package func forEachContainer(_ body: (ContainerID, WindowContent) -> Void) {
        switch self {
        case .screen: break
        case .stack(let stack): body(stack.id, self)
        case .tabs(let tabs):
            body(tabs.id, self)
            for tab in tabs.tabs { tab.forEachContainer(body) }
        case .hop(let hop):
            body(hop.id, self)
            hop.current.forEachContainer(body)
        case .presenting(let base, let modal):
            let own = base.nodeID
            base.forEachContainer { id, node in body(id, own == .container(id) ? self : node) }
            modal.forEachContainer(body)
        }
    }

    /// How many screens the content holds, without listing them.
    package var screenCount: Int {
        switch self {
        case .screen: 1
        case .stack(let stack): stack.items.count
        case .tabs(let tabs): tabs.tabs.reduce(0) { $0 + $1.screenCount }
        case .hop(let hop): hop.current.screenCount
        case .presenting(let base, let modal): base.screenCount + modal.screenCount
        }
    }

    /// Whether the content shows the screen `id` anywhere (without building ``screens``).
    public func shows(_ id: ScreenID) -> Bool {
        switch self {
        case .screen(let screen): screen.id == id
        case .stack(let stack): stack.items.contains { $0.id == id }
        case .tabs(let tabs): tabs.tabs.contains { $0.shows(id) }
        case .hop(let hop): hop.current.shows(id)
        case .presenting(let base, let modal): base.shows(id) || modal.shows(id)
        }
    }

    /// Whether the content shows `screen` itself (same id and parameters) anywhere, reading each
    /// screen in place (copying each out, as ``forEachScreen(_:)`` does, retains its parts).
    func shows(_ screen: Screen) -> Bool {
        switch self {
        case .screen(let shown): shown == screen
        case .stack(let stack): stack.items.contains { $0 == screen }
        case .tabs(let tabs): tabs.tabs.contains { $0.shows(screen) }
        case .hop(let hop): hop.current.shows(screen)
        case .presenting(let base, let modal): base.shows(screen) || modal.shows(screen)
        }
    }

    /// Whether the content holds the container `id` anywhere.
    public func holds(_ id: ContainerID) -> Bool {
        find(id) != nil
    }

    /// The content of the container `id` (with the modal it presents, if any), or nil.
    public func find(_ id: ContainerID) -> WindowContent? {
        switch self {
        case .screen: return nil
        case .stack(let stack): return stack.id == id ? self : nil
        case .tabs(let tabs): return tabs.id == id ? self : tabs.tabs.lazy.compactMap { $0.find(id) }.first
        case .hop(let hop): return hop.id == id ? self : hop.current.find(id)
        case .presenting(let base, let modal):
            if base.nodeID == .container(id) { return self }
            return base.find(id) ?? modal.find(id)
        }
    }

    /// The modal this node presents, if it presents one.
    public var presented: WindowContent? {
        if case .presenting(_, let modal) = self { modal } else { nil }
    }

    /// The node without the modal it presents.
    public var base: WindowContent {
        if case .presenting(let base, _) = self { base } else { self }
    }

    /// The content as one line: every container with its items, the selected tab starred, and
    /// each modal after `!`: `tabs main {*stack inbox [list, mail] ! stack compose [draft], settings}`.
    public var description: String {
        switch self {
        case .screen(let screen): screen.description
        case .stack(let stack): stack.description
        case .tabs(let tabs): tabs.description
        case .hop(let hop): hop.description
        case .presenting(let base, let modal): "\(base) ! \(modal)"
        }
    }
}

extension Screen {
    /// What ``WindowContent/topScreen`` answers for a tree that broke invariant 8; never shown.
    package static let missing = Screen("∅", id: ScreenID("∅missing"))
}
