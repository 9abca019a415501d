import TransitionCoordinator

/// One content tree read as UIKit's controllers: each container's children, each presentation,
/// the window's root. Screens in a stack are not visited one by one: a stack's items are kept as
/// the array the tree holds (shared, not copied).
struct ContentScan {
    /// A container controller's children, as UIKit holds them.
    enum Children: Equatable {
        /// A navigation controller's screens, bottom to top.
        case stack([Screen])
        /// A tab bar controller's tabs and its selected index.
        case tabs([ControllerID], selected: Int)
        /// A hop container's one child.
        case hop(ControllerID)

        /// Every child controller, in order.
        var controllers: [ControllerID] {
            switch self {
            case .stack(let screens): screens.map(ControllerID.screen)
            case .tabs(let tabs, _): tabs
            case .hop(let child): [child]
            }
        }
    }

    /// The window's root controller; nil for no content.
    private(set) var root: ControllerID?
    /// Every container controller with its children, in tree order (a container before what it holds).
    private(set) var containers: [(id: ControllerID, children: Children)] = []
    /// Each container's index in ``containers``.
    private(set) var index: [ControllerID: Int] = [:]
    /// Each presentation, base before modal (a presenter is on screen before what it presents).
    private(set) var presentations: [(presenter: ControllerID, modal: ControllerID)] = []
    /// The controller each presenter presents.
    private(set) var presented: [ControllerID: ControllerID] = [:]

    /// Reads `content` (nothing for nil).
    init(_ content: WindowContent?) {
        guard let content else { return }
        root = ControllerID(root: content)
        visit(content)
    }

    /// The children of the container `id`, if the tree holds it.
    func children(of id: ControllerID) -> Children? {
        index[id].map { containers[$0].children }
    }

    /// Records `content`'s containers and presentations, recursing into what they hold.
    private mutating func visit(_ content: WindowContent) {
        switch content {
        case .screen:
            break
        case .stack(let stack):
            add(.navigation(stack.id), .stack(stack.items))
        case .tabs(let tabs):
            add(.tabBar(tabs.id), .tabs(tabs.tabs.map(ControllerID.init(root:)), selected: tabs.selected))
            for tab in tabs.tabs { visit(tab) }
        case .hop(let hop):
            add(.hop(hop.id), .hop(ControllerID(root: hop.current)))
            visit(hop.current)
        case .presenting(let base, let modal):
            visit(base)
            let presenter = ControllerID(root: base), shown = ControllerID(root: modal)
            presentations.append((presenter, shown))
            presented[presenter] = shown
            visit(modal)
        }
    }

    /// Records one container.
    private mutating func add(_ id: ControllerID, _ children: Children) {
        index[id] = containers.count
        containers.append((id, children))
    }
}
