import TransitionCoordinator

/// The identity of one view controller the content tree stands for: a screen's controller, or
/// the navigation, tab bar or hop container controller of a container.
///
/// A value: `Sendable`, `Hashable`. A screen's controller is named by the whole `Screen` (id,
/// name and parameters): a screen that keeps its id but changes its parameters is a new screen,
/// so it gets a new controller and the old one is released. A container's controller is named by
/// its kind and id, so a stack `x` replaced by tabs `x` is two controllers.
package enum ControllerID: Sendable, Hashable, CustomStringConvertible {
    /// The controller of a screen.
    case screen(Screen)
    /// The navigation controller of a stack.
    case navigation(ContainerID)
    /// The tab bar controller of tabs.
    case tabBar(ContainerID)
    /// The container controller of a hop container (one child at a time).
    case hop(ContainerID)

    /// The controller that stands for `content` in its parent: a presenting node's base, a
    /// container's own controller, a screen's controller.
    package init(root content: WindowContent) {
        switch content {
        case .screen(let screen): self = .screen(screen)
        case .stack(let stack): self = .navigation(stack.id)
        case .tabs(let tabs): self = .tabBar(tabs.id)
        case .hop(let hop): self = .hop(hop.id)
        case .presenting(let base, _): self.init(root: base)
        }
    }

    /// The container's id, for a container's controller; nil for a screen's.
    package var container: ContainerID? {
        switch self {
        case .screen: nil
        case .navigation(let id), .tabBar(let id), .hop(let id): id
        }
    }

    /// The node a request names for this controller: a screen's id, or a container's (what a
    /// user's dismiss of what this controller presents names, say).
    package var nodeID: WindowContent.NodeID {
        switch self {
        case .screen(let screen): .screen(screen.id)
        case .navigation(let id), .tabBar(let id), .hop(let id): .container(id)
        }
    }

    /// `screen mail`, `navigation inbox`, `tabBar main`, `hop launch`.
    package var description: String {
        switch self {
        case .screen(let screen): "screen \(screen)"
        case .navigation(let id): "navigation \(id)"
        case .tabBar(let id): "tabBar \(id)"
        case .hop(let id): "hop \(id)"
        }
    }
}
