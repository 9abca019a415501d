/// Turns a route into the content the root window should show, and content back into the route
/// that shows it: pure functions, the only place routes meet screens.
///
/// **What a route builds** (the README's "Deep links" section has examples):
/// - The first step names the root's content: a screen starts the root stack (id `^`), a tab bar
///   (``ScreenRegistry/Kind/tabs(_:)``) is the root's content.
/// - `/x` pushes `x` onto the current stack: the root stack, the selected tab's stack, or a
///   modal stack. `!x` presents `x` (a screen, or a tab bar) over the current container; `!/x`
///   presents a stack whose root is `x`. `#t` selects the tab `t` of the current tab bar; pushes
///   then go onto that tab's stack, and each tab keeps what the route pushed onto it.
/// - A tab bar's tabs are stacks rooted at their tab's screen; a tab the route does not visit
///   shows its root alone. A modal presented over a tab bar is presented by the selected tab's stack.
/// - Ids come from the route, not from the current state: a screen's id is the path up to its
///   step (`^/home/detail(id=3)`), a stack's the path up to the step that starts it (`^` for
///   the root's, `^/main#inbox` for a tab's, `^/home!/compose` for a modal's), a tab bar's the
///   path up to its step. So a route compiles to the same content cold or warm, and the diff
///   against what is shown keeps every screen and container the two share.
/// - `..` and `up(n=k)` drop the steps before them; a relative route is appended to the route
///   of what the root shows now (``route(of:)``), then compiled as an absolute one.
public enum RouteCompiler {
    /// The root window's content that `route` names, read from `current` when it is relative.
    ///
    /// - Parameters:
    ///   - current: what the root window shows now; read only for a relative route (nil: a
    ///     relative route is taken as absolute).
    ///   - registry: what each name is and makes it.
    /// - Throws: ``NavigationError`` naming the step (in the absolute route ``resolve(_:from:)``
    ///   gives) and what was wrong; every screen is made before the content is returned, so a name
    ///   the registry does not know, or a factory that declines, fails the whole route.
    public static func content(for route: Route, from current: WindowContent? = nil,
                               registry: ScreenRegistry) throws(NavigationError) -> WindowContent {
        let absolute = try resolve(route, from: current)
        return try compile(absolute.steps, registry: registry)
    }

    /// The absolute route, without `up` steps, that `route` means from `current`.
    /// - Throws: ``NavigationError/upPastStart(step:)`` (the step's index in `route`), or
    ///   ``NavigationError/notRoutable(_:reason:)`` when a relative route meets content no route writes.
    public static func resolve(_ route: Route, from current: WindowContent?) throws(NavigationError) -> Route {
        var steps: [RouteStep] = []
        if !route.isAbsolute, let current { steps = try self.route(of: current).steps }
        steps.reserveCapacity(steps.count + route.steps.count)
        for (index, step) in route.steps.enumerated() {
            guard case .up(let count) = step else {
                steps.append(step)
                continue
            }
            guard count <= steps.count else { throw .upPastStart(step: index) }
            steps.removeLast(count)
        }
        return Route(absolute: true, steps)
    }

    /// One level of the content being built: the root's, or a modal's.
    private enum Layer {
        case stack(ContainerID, [Screen])
        case screen(Screen)
        case tabs(Tabs)
    }

    /// A tab bar being built: its tabs' names, stacks and the selection.
    private struct Tabs {
        var id: ContainerID
        var name: String
        var names: [String]
        var stacks: [[Screen]]
        /// Where each tab's route ends (its stack's id, then its pushes): the path a step in
        /// the tab continues, whether or not the route said `#tab`, so ids do not depend on it.
        var paths: [String]
        var selected = 0

        func stackID(_ index: Int) -> ContainerID { ContainerID(id.rawValue + "#" + RouteTarget.escaped(names[index])) }
    }

    /// Compiles an absolute route's steps (no `up`) to content.
    private static func compile(_ steps: [RouteStep], registry: ScreenRegistry) throws(NavigationError) -> WindowContent {
        guard let first = steps.first else { throw .emptyRoute }
        guard case .push = first else { throw .noRootScreen(step: first) }
        var layers: [Layer] = []
        var path = "^"
        func tabs(_ target: RouteTarget, names: [String], step: Int) throws(NavigationError) -> Layer {
            guard target.parameters.isEmpty else { throw .tabsTakeNoParameters(target.name, step: step) }
            var bar = Tabs(id: ContainerID(path), name: target.name, names: names, stacks: [], paths: [])
            bar.stacks.reserveCapacity(names.count)
            for index in names.indices {
                let id = bar.stackID(index).rawValue
                bar.stacks.append([try registry.make(RouteTarget(names[index]), id: ScreenID(id), step: step)])
                bar.paths.append(id)
            }
            return .tabs(bar)
        }
        for (index, step) in steps.enumerated() {
            // A step in a tab continues that tab's path.
            if case .tabs(let bar)? = layers.last { path = bar.paths[bar.selected] }
            switch step {
            case .push(let target):
                if case .screen(let onto)? = layers.last { throw .pushOntoModalScreen(target.name, onto: onto.name, step: index) }
                path += "/"
                target.write(to: &path)
                if layers.isEmpty, case .tabs(let names)? = registry.kind(of: target.name) {
                    layers.append(try tabs(target, names: names, step: index))
                    continue
                }
                let screen = try registry.make(target, id: ScreenID(path), step: index)
                switch layers.last {
                case nil, .screen?: layers.append(.stack(ContainerID("^"), [screen]))  // (a modal screen threw above)
                case .stack(let id, var items)?:
                    items.append(screen)
                    layers[layers.count - 1] = .stack(id, items)
                case .tabs(var bar)?:
                    bar.stacks[bar.selected].append(screen)
                    bar.paths[bar.selected] = path
                    layers[layers.count - 1] = .tabs(bar)
                }
            case .modal(let target):
                path += "!"
                target.write(to: &path)
                if case .tabs(let names)? = registry.kind(of: target.name) {
                    layers.append(try tabs(target, names: names, step: index))
                } else {
                    layers.append(.screen(try registry.make(target, id: ScreenID(path), step: index)))
                }
            case .modalStack(let target):
                path += "!/"
                target.write(to: &path)
                layers.append(.stack(ContainerID(path), [try registry.make(target, id: ScreenID(path), step: index)]))
            case .tab(let target):
                guard case .tabs(var bar)? = layers.last else { throw .tabOutsideTabs(target.name, step: index) }
                guard let selected = bar.names.firstIndex(of: target.name) else {
                    throw .unknownTab(target.name, tabs: bar.names, tabBar: bar.name, step: index)
                }
                bar.selected = selected
                path = bar.paths[selected]
                if !target.parameters.isEmpty {
                    let id = ScreenID(bar.stackID(selected).rawValue)
                    bar.stacks[selected][0] = try registry.make(target, id: id, step: index)
                }
                layers[layers.count - 1] = .tabs(bar)
            case .up:
                throw .upPastStart(step: index)
            }
        }
        return assemble(layers)
    }

    /// The content of `layers`, each presenting the next: a stack or a screen presents directly,
    /// a tab bar through its selected tab's stack.
    private static func assemble(_ layers: [Layer]) -> WindowContent {
        var content: WindowContent?
        for layer in layers.reversed() {
            switch layer {
            case .stack(let id, let items):
                // Never empty: every stack layer starts with its first screen.
                let node = WindowContent.stack(NavigationStack(id: id, unchecked: items))
                content = content.map { .presenting(node, modal: $0) } ?? node
            case .screen(let screen):
                content = content.map { .presenting(.screen(screen), modal: $0) } ?? .screen(screen)
            case .tabs(let bar):
                var tabs: [WindowContent] = []
                tabs.reserveCapacity(bar.names.count)
                for index in bar.names.indices {
                    let stack = WindowContent.stack(NavigationStack(id: bar.stackID(index), unchecked: bar.stacks[index]))
                    tabs.append(index == bar.selected ? content.map { .presenting(stack, modal: $0) } ?? stack : stack)
                }
                // `selected` is an index of `names` (found there), and there is a tab per name.
                content = .tabs(TabBar(id: bar.id, unchecked: tabs, selected: bar.selected))
            }
        }
        return content ?? .screen(.missing)
    }
}
