/// Content back to the route that shows it.
extension RouteCompiler {
    /// The absolute route that navigates to `content` (what the root window shows): compiling it
    /// with the registry that made `content` gives `content` back.
    ///
    /// A screen is written by its name and parameters (never its id: a route carries none); a stack
    /// by its screens (its id is the one the registry gives where the route builds it); a tab bar
    /// by its name: the tab bar that declared its id in `registry`
    /// (``ScreenRegistry/tabs(_:id:tabs:)-(_,_,KeyValuePairs<Tab,ContainerID>)``), else the name in
    /// a made id (`^:main`). Tabs the route did not change (their root alone, presenting nothing)
    /// are left out, the others written before the selected one, each as `#` and its root screen (a
    /// tab's root is named as its tab), its pushes, then the modals it presents. A root showing a
    /// screen alone is written as a stack of it, so what it compiles to is that stack.
    ///
    /// So content the app built by hand, with the ids it declared, prints as the route that
    /// builds the same containers again; the screens come back with the ids the route makes
    /// (or their factory's), at the same places.
    /// The root hop container the registry declares (``ScreenRegistry/rootHop(id:)``) is read
    /// through: the route writes what it shows, and compiling puts that back in it; a sheet the
    /// hop presents is written over what it shows, and restored presented from there.
    /// - Throws: ``NavigationError/notRoutable(_:reason:)`` for any other hop container, a tab
    ///   bar whose id is neither declared nor made by a route, one with other tabs than the
    ///   registry names or other stacks than it declares, a tab that is not a stack, a tab's
    ///   stack whose root is not the tab's own screen (the app set it to another), or a tab bar
    ///   presented in a tab that is not selected (a route's next `#` would select in it).
    package static func route(
        of content: WindowContent, registry: ScreenRegistry = ScreenRegistry()
    ) throws(NavigationError) -> Route {
        var steps: [RouteStep] = []
        var content = content
        switch content {
        case .hop(let hop) where hop.id == registry.declaredRootHop:
            content = hop.current
        case .presenting(.hop(let hop), let modal) where hop.id == registry.declaredRootHop:
            // What the root hop presents is written over what it shows: compiling presents it
            // from there, inside the hop container (the same screens, the same sheet).
            content = .presenting(hop.current, modal: modal)
        default:
            break
        }
        try write(content, asModal: false, registry: registry, into: &steps)
        return Route(absolute: true, steps)
    }

    private static func target(_ screen: Screen) -> RouteTarget { RouteTarget(screen.name, screen.parameters) }

    /// Writes `content`, which starts the route (`asModal` false) or is presented, into `steps`.
    private static func write(
        _ content: WindowContent, asModal: Bool, registry: ScreenRegistry,
        into steps: inout [RouteStep]
    ) throws(NavigationError) {
        switch content {
        case .presenting(let base, let modal):
            try write(base, asModal: asModal, registry: registry, into: &steps)
            try write(modal, asModal: true, registry: registry, into: &steps)
        case .screen(let screen):
            steps.append(asModal ? .modal(target(screen)) : .push(target(screen)))
        case .stack(let stack):
            guard let root = stack.root else { throw .notRoutable(.container(stack.id), reason: "an empty stack") }
            steps.append(asModal ? .modalStack(target(root)) : .push(target(root)))
            for screen in stack.items.dropFirst() { steps.append(.push(target(screen))) }
        case .hop(let hop):
            throw .notRoutable(.container(hop.id), reason: "a hop container has no route step")
        case .tabs(let bar):
            let name: String
            let declaredStacks: [ContainerID]?
            if let declared = registry.tabBar(declaring: bar.id) {
                name = declared
                declaredStacks = registry.tabIDs(of: declared)?.stacks
            } else {
                name = try tabBarName(bar.id)
                declaredStacks = nil
            }
            steps.append(asModal ? .modal(RouteTarget(name)) : .push(RouteTarget(name)))
            let names: [String]? = if case .tabs(let names)? = registry.kind(of: name) { names } else { nil }
            // A route builds the tabs the registry names, in its stacks: a tab bar the app built
            // otherwise would come back another.
            // Mutant: a tab bar built otherwise than declared written as its declaration.
            if let names, names.count != bar.tabs.count, !planted(.undeclaredTabsWritten) {
                throw .notRoutable(
                    .container(bar.id), reason: "it has \(bar.tabs.count) tabs, the registry's `\(name)` \(names.count)")
            }
            for (index, tab) in bar.tabs.enumerated() {
                guard case .stack(let stack) = tab.base, let root = stack.root else {
                    throw .notRoutable(.container(bar.id), reason: "tab \(index) is \(tab), not a stack")
                }
                if let declaredStacks, declaredStacks.indices.contains(index), declaredStacks[index] != stack.id,
                    !planted(.undeclaredTabsWritten)
                {
                    throw .notRoutable(
                        .container(stack.id), reason: "tab \(index)'s stack is declared as `\(declaredStacks[index])`")
                }
                // Mutant: a tab's stack the app rooted elsewhere written as its tab, or left out as untouched.
                if let names, names.indices.contains(index), root.name != names[index], !planted(.retargetedTabWritten) {
                    throw .notRoutable(
                        .container(stack.id),
                        reason: "the tab `\(names[index])` starts with `\(root.name)`, not its own screen: no route builds it")
                }
                guard index != bar.selected else { continue }
                if let modal = tab.presented, modal.presentsTabBar {
                    throw .notRoutable(
                        .container(bar.id), reason: "tab \(index) presents a tab bar while another tab is selected")
                }
                guard stack.items.count > 1 || !root.parameters.isEmpty || tab.presented != nil else { continue }
                try write(tab, in: bar.id, registry: registry, into: &steps)
            }
            if let selected = bar.selectedContent { try write(selected, in: bar.id, registry: registry, into: &steps) }
        }
    }

    /// Writes a tab's content: `#root`, its pushes, then what its stack presents.
    private static func write(
        _ tab: WindowContent, in bar: ContainerID, registry: ScreenRegistry,
        into steps: inout [RouteStep]
    ) throws(NavigationError) {
        guard case .stack(let stack) = tab.base, let root = stack.root else {
            throw .notRoutable(.container(bar), reason: "a tab shows \(tab.base), not a stack")
        }
        steps.append(.tab(target(root)))
        for screen in stack.items.dropFirst() { steps.append(.push(target(screen))) }
        if let modal = tab.presented { try write(modal, asModal: true, registry: registry, into: &steps) }
    }

    /// The name a tab bar was compiled from: what follows the layer (`^` or `^!k`) and `:` in its id.
    private static func tabBarName(_ id: ContainerID) throws(NavigationError) -> String {
        let raw = id.rawValue
        if raw.hasPrefix("^"), let colon = raw.firstIndex(of: ":"),
            raw[raw.index(after: raw.startIndex)..<colon].allSatisfy({ $0 == "!" || $0.isASCII && $0.isNumber }),
            let route = try? Route(parsing: String(raw[raw.index(after: colon)...])),
            route.steps.count == 1, case .push(let target) = route.steps[0], target.parameters.isEmpty
        {
            return target.name
        }
        throw .notRoutable(
            .container(id), reason: "its id is neither declared in the registry nor a route's, so its name is unknown")
    }
}

extension WindowContent {
    /// Whether a tab bar stands anywhere in this content.
    fileprivate var presentsTabBar: Bool {
        switch self {
        case .tabs: true
        case .screen, .stack: false
        case .hop(let hop): hop.current.presentsTabBar
        case .presenting(let base, let modal): base.presentsTabBar || modal.presentsTabBar
        }
    }
}

extension NavigationSnapshot {
    /// The absolute route that navigates to what the root window shows: a saved state can travel
    /// as a link. Give the registry that declares the app's ids (the coordinator's), so that
    /// a tab bar the app built by hand is read by its declared id; without one, only the ids a
    /// route makes are read.
    /// - Throws: ``NavigationError/notRoutable(_:reason:)`` for content no route writes.
    public func rootRoute(registry: ScreenRegistry = ScreenRegistry()) throws(NavigationError) -> Route {
        try RouteCompiler.route(of: rootWindow?.content ?? .screen(.missing), registry: registry)
    }
}
