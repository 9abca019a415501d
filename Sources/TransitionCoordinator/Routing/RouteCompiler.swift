/// Turns a route into the content the root window should show, and content back into the route
/// that shows it: pure functions, the only place routes meet screens.
///
/// **What a route builds** (<doc:DeepLinksAndTheInbox> has examples):
/// - The first step names the root's content: a screen starts the root stack (id `^`), a tab bar
///   (``ScreenRegistry/Kind/tabs(_:)``) is the root's content.
/// - `/x` pushes `x` onto the current stack: the root stack, the selected tab's stack, or a
///   modal stack. `!x` presents `x` (a screen, or a tab bar) over the current container; `!/x`
///   presents a stack whose root is `x`. `#t` selects the tab `t` of the current tab bar; pushes
///   then go onto that tab's stack, and each tab keeps what the route pushed onto it. A `#t`
///   after modals over a tab bar leaves them presented by the tab selected until then
///   (`^/main#inbox!compose#settings` shows settings, the inbox tab keeping its sheet); a later
///   `#` back to that tab brings them back on top.
/// - A tab bar's tabs are stacks rooted at their tab's screen; a tab the route does not visit
///   shows its root alone. A modal presented over a tab bar is presented by the selected tab's stack.
/// - Containers take the ids the app declared in the registry (``ScreenRegistry/rootStack(id:)``,
///   ``ScreenRegistry/tabs(_:id:tabs:)-(_,_,KeyValuePairs<Tab,ContainerID>)``,
///   ``ScreenRegistry/modalStack(rootedAt:id:)``), so a link lands on the containers the app builds
///   by hand; where it declared none, the id comes from where the container stands in the route's
///   content (``ScreenRegistry/madeID(_:)``): the root's layer is `^` and the k-th modal's `^!k`;
///   the root stack is `^`, a modal stack `^!1:compose`, a tab bar `^:main` with tab stacks
///   `^:main#inbox`. A screen is its stack's id, its place and its step
///   (``ScreenRegistry/screenID(in:at:_:)``: `^/1:detail(id=3)`, `inbox/1:mail`), a modal screen
///   its layer and step (`^!2:alert`). A declared id is shown once: a second container of one
///   declaration in one route takes the made id. Ids never read the current state, so a route
///   compiles to the same content cold or warm, two spellings of one place (`^/main/mail`,
///   `^/main#inbox/mail`) agree, and the diff against what is shown keeps every screen and
///   container the two share.
/// - `..` and `up(n=k)` drop the steps before them; a relative route is appended to the route
///   of what the root shows now (``route(of:registry:)``), then compiled as an absolute one.
package enum RouteCompiler {
    /// The root window's content that `route` names, read from `current` when it is relative.
    ///
    /// - Parameters:
    ///   - current: what the root window shows now; read only for a relative route (nil: a
    ///     relative route is taken as absolute).
    ///   - registry: what each name is and makes it.
    /// - Throws: ``NavigationError`` naming the step (in the absolute route ``resolve(_:from:registry:limits:)``
    ///   gives) and what was wrong; every screen is made before the content is returned, so a name
    ///   the registry does not know, or a value the registry declines, fails the whole route.
    package static func content(
        for route: Route, from current: WindowContent? = nil, registry: ScreenRegistry,
        limits: RouteLimits = .standard
    ) throws(NavigationError) -> WindowContent {
        var made = MadeScreens()
        return try compile(
            resolve(route, from: current, registry: registry, limits: limits).steps, registry: registry, made: &made)
    }

    /// ``content(for:from:registry:)`` for a route ``resolve(_:from:registry:limits:)`` gave already (absolute,
    /// no `up`): compiled without resolving it again. A screen equal to one `shown` holds at the
    /// same place is that screen's value (the content is the same either way: only the storage is
    /// shared, so the diffs that follow compare the two trees quickly and keep no second copy).
    package static func content(
        resolved route: Route, registry: ScreenRegistry, sharingWith shown: WindowContent? = nil
    ) throws(NavigationError) -> WindowContent {
        var made = MadeScreens()
        return try compile(route.steps, registry: registry, sharingWith: shown, made: &made)
    }

    /// ``content(resolved:registry:sharingWith:)``, recognizing the screens shown by what an
    /// earlier compile `made` (see ``MadeScreens``), and leaving there what this one made. When
    /// it throws, `made` is as it was.
    package static func content(
        resolved route: Route, registry: ScreenRegistry, sharingWith shown: WindowContent?, made: inout MadeScreens
    ) throws(NavigationError) -> WindowContent {
        try compile(route.steps, registry: registry, sharingWith: shown, made: &made)
    }

    /// The screens one compile made with the route's own ids (names without a factory), in the
    /// order it made them, each with its stack, its place and the target it was made for. The
    /// next compile compares the screen shown at the same place with the one made there, before
    /// it writes that screen's id to check it: a comparison that ends at once when the two share
    /// their storage, as a screen a navigation took from what was shown does.
    ///
    /// Sound whatever happened in between: such a screen has the id ``ScreenRegistry/screenID(in:at:_:)``
    /// writes for its stack, its place and its target, a pure function of their bytes (or it is
    /// the shown screen equal to the one with that id). So where the next compile finds a target
    /// spelled byte for byte as that one, at that place of that stack, and the shown screen equal
    /// to the one made, the shown screen is the one it makes, whichever registry or content came
    /// between. Spelled alike, not equal: strings compare by canonical equivalence, and two
    /// equivalent spellings can be written as different ids (`≠` and `=` followed by U+0338,
    /// since `=` is escaped).
    package struct MadeScreens: Sendable, Equatable {
        /// One screen made with the route's id, where, and for what.
        fileprivate struct Made: Sendable, Equatable {
            let stack: ContainerID
            let place: Int
            let target: RouteTarget
            let screen: Screen
        }

        /// In the order the compile made its stacks' screens; nil where a factory made one.
        fileprivate var made: [Made?] = []

        /// Nothing made yet.
        package init() {}

        /// Whether `shown` is the screen made `ordinal`-th, made at `place` of `stack` for a target
        /// spelled as `target` is.
        fileprivate func made(
            _ shown: Screen, _ ordinal: Int, in stack: ContainerID, at place: Int, for target: RouteTarget
        ) -> Bool {
            guard made.indices.contains(ordinal), let made = made[ordinal] else { return false }
            // Mutant: the place the screen was made at is not compared.
            let samePlace = made.place == place && made.stack == stack || planted(.madeScreenAnyPlace)
            // Mutant: the targets are compared as strings compare (canonical equivalence), not byte for byte.
            let sameSpelling = planted(.madeScreenAnySpelling) ? made.target == target : Self.spelledAlike(made.target, target)
            return samePlace && sameSpelling && made.screen == shown
        }

        /// Whether two targets are spelled alike, byte for byte: the name, and each parameter's
        /// key and value.
        static func spelledAlike(_ a: RouteTarget, _ b: RouteTarget) -> Bool {
            guard a.parameters.count == b.parameters.count, sameBytes(a.name, b.name) else { return false }
            for (key, value) in a.parameters {
                // Found by an equal key; it must be spelled alike too.
                guard let index = b.parameters.index(forKey: key) else { return false }
                let other = b.parameters[index]
                guard sameBytes(other.key, key), sameBytes(other.value, value) else { return false }
            }
            return true
        }

        /// Whether two strings are the same bytes, compared in place where both hold them (native
        /// and small strings do).
        private static func sameBytes(_ a: String, _ b: String) -> Bool {
            guard a.utf8.count == b.utf8.count else { return false }
            let compared = a.utf8.withContiguousStorageIfAvailable { a in
                b.utf8.withContiguousStorageIfAvailable { b in a.elementsEqual(b) }
            }
            return compared.flatMap { $0 } ?? a.utf8.elementsEqual(b.utf8)
        }
    }

    /// The absolute route, without `up` steps, that `route` means from `current` (printed through
    /// `registry`, ``route(of:registry:)``).
    /// - Throws: one of the path's cases of ``NavigationError`` when `route` breaks the grammar's rules or
    ///   `limits` (checked first, whoever made the route), ``NavigationError/upPastStart(step:)``
    ///   (the step's index in `route`), or ``NavigationError/notRoutable(_:reason:)`` when a
    ///   relative route meets content no route writes.
    package static func resolve(
        _ route: Route, from current: WindowContent?, registry: ScreenRegistry = ScreenRegistry(),
        limits: RouteLimits = .standard
    ) throws(NavigationError) -> Route {
        try route.validate(limits: limits)
        // An absolute route without `up` means itself: its steps are not copied one by one.
        if route.isAbsolute, !route.steps.contains(where: { if case .up = $0 { true } else { false } }) { return route }
        var steps: [RouteStep] = []
        if !route.isAbsolute, let current { steps = try self.route(of: current, registry: registry).steps }
        steps.reserveCapacity(steps.count + route.steps.count)
        for (index, step) in route.steps.enumerated() {
            guard case .up(let count) = step else {
                steps.append(step)
                continue
            }
            guard count <= steps.count else { throw .upPastStart(step: index) }
            // A tab's root is never popped: going up past it would select another tab, or leave
            // the tab bar to pop what an unselected tab shows.
            // Mutant: a tab step gone up past as a screen.
            let passed = steps.suffix(count).last { if case .tab = $0 { true } else { false } }
            if case .tab(let target)? = passed, !planted(.upPopsTabRoot) { throw .upPastTab(target.name, step: index) }
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

    /// A tab bar being built: its tabs' names, their stacks' ids, the stacks, the selection, and
    /// the modals a tab that is not selected presents (by its index, the layers over it).
    private struct Tabs {
        var id: ContainerID
        var name: String
        var names: [String]
        var stackIDs: [ContainerID]
        var stacks: [[Screen]]
        var selected = 0
        var presented: [Int: [Layer]] = [:]
    }

    /// `target` as the grammar writes it.
    private static func written(_ target: RouteTarget) -> String {
        var text = ""
        target.write(to: &text)
        return text
    }

    /// Compiles an absolute route's steps (no `up`) to content.
    ///
    /// Ids are built from where a node stands, not from the route's spelling, and each is short
    /// (its layer, its place in its stack, its own step): so `^/main/mail` and `^/main#inbox/mail`
    /// build the same content, and compiling costs time linear in the route.
    private static func compile(
        _ steps: [RouteStep], registry: ScreenRegistry, sharingWith shown: WindowContent? = nil,
        made previous: inout MadeScreens
    ) throws(NavigationError) -> WindowContent {
        guard let first = steps.first else { throw .emptyRoute }
        guard case .push = first else { throw .noRootScreen(step: first) }
        var layers: [Layer] = []
        // The stacks shown now, by id: a screen made equal to the one shown at its place is taken
        // from there, so the two trees share their storage and what compares them next (the
        // plan's diff, the owners' commit, a host's reconciler) finds equal screens at once.
        var shownStacks: [ContainerID: [Screen]] = [:]
        var made = MadeScreens()
        made.made.reserveCapacity(steps.count)
        shown?.forEachContainer { id, node in
            if case .stack(let stack) = node.base { shownStacks[id] = stack.items }
        }
        // The shown stack pushes went onto last: a route pushes onto one stack step after step.
        var current: (id: ContainerID, items: [Screen]?)?
        /// The screen `target` makes at `place` in the stack `stack`.
        func stackScreen(
            _ target: RouteTarget, in stack: ContainerID, at place: Int, step: Int
        ) throws(NavigationError) -> Screen {
            if current?.id != stack { current = (stack, shownStacks[stack]) }
            let shown = current?.items.flatMap { $0.indices.contains(place) ? $0[place] : nil }
            let recognized = shown.map { previous.made($0, made.made.count, in: stack, at: place, for: target) } ?? false
            let (screen, routeMade) = try registry.make(
                target, in: stack, at: place, step: step, shown: shown, recognized: recognized)
            made.made.append(routeMade ? MadeScreens.Made(stack: stack, place: place, target: target, screen: screen) : nil)
            return screen
        }
        // Declared ids shown already: a declaration's second container takes the made id.
        var claimed: Set<ContainerID> = []
        func claim(_ ids: [ContainerID]) -> Bool {
            guard !ids.contains(where: claimed.contains) else { return false }
            claimed.formUnion(ids)
            return true
        }
        // The root's layer is `^`; the k-th modal's, `^!k`.
        func layerPrefix() -> String { layers.isEmpty ? "^" : "^!" + String(layers.count) }
        func tabs(_ target: RouteTarget, names: [String], step: Int) throws(NavigationError) -> Layer {
            guard target.parameters.isEmpty else { throw .tabsTakeNoParameters(target.name, step: step) }
            var bar: Tabs
            if let ids = registry.tabIDs(of: target.name), ids.stacks.count == names.count, claim([ids.bar] + ids.stacks) {
                bar = Tabs(id: ids.bar, name: target.name, names: names, stackIDs: ids.stacks, stacks: [])
            } else {
                let layer = layers.count
                bar = Tabs(
                    id: ScreenRegistry.madeID(.tabBar(target.name, layer: layer)), name: target.name, names: names,
                    stackIDs: names.map { ScreenRegistry.madeID(.tab($0, tabBar: target.name, layer: layer)) }, stacks: [])
            }
            bar.stacks.reserveCapacity(names.count)
            for index in names.indices {
                bar.stacks.append([try stackScreen(RouteTarget(names[index]), in: bar.stackIDs[index], at: 0, step: step)])
            }
            return .tabs(bar)
        }
        for (index, step) in steps.enumerated() {
            switch step {
            case .push(let target):
                // The top layer is taken out while it grows, so its screens are not copied at each push.
                switch layers.popLast() {
                case nil:
                    if case .tabs(let names)? = registry.kind(of: target.name) {
                        layers.append(try tabs(target, names: names, step: index))
                    } else {
                        let declared = registry.declaredRootStack.flatMap { claim([$0]) ? $0 : nil }
                        let stack = declared ?? ScreenRegistry.madeID(.rootStack)
                        layers.append(.stack(stack, [try stackScreen(target, in: stack, at: 0, step: index)]))
                    }
                case .stack(let id, var items)?:
                    items.append(try stackScreen(target, in: id, at: items.count, step: index))
                    layers.append(.stack(id, items))
                case .tabs(var bar)?:
                    let place = bar.stacks[bar.selected].count
                    let screen = try stackScreen(target, in: bar.stackIDs[bar.selected], at: place, step: index)
                    bar.stacks[bar.selected].append(screen)
                    layers.append(.tabs(bar))
                case .screen(let onto)?:
                    throw .pushOntoModalScreen(target.name, onto: onto.name, step: index)
                }
            case .modal(let target):
                if case .tabs(let names)? = registry.kind(of: target.name) {
                    layers.append(try tabs(target, names: names, step: index))
                } else {
                    let id = ScreenID(layerPrefix() + ":" + written(target))
                    layers.append(.screen(try registry.make(target, id: id, step: index)))
                }
            case .modalStack(let target):
                let declared = registry.declaredModalStack(rootedAt: target.name).flatMap { claim([$0]) ? $0 : nil }
                let stack = declared ?? ScreenRegistry.madeID(.modalStack(root: target, layer: layers.count))
                layers.append(.stack(stack, [try stackScreen(target, in: stack, at: 0, step: index)]))
            case .tab(let target):
                // The nearest tab bar: the modals over it stay, presented by the tab selected until
                // now, and come back on top when the route selects that tab again.
                guard let barIndex = layers.lastIndex(where: { if case .tabs = $0 { true } else { false } }),
                    case .tabs(var bar) = layers[barIndex]
                else { throw .tabOutsideTabs(target.name, step: index) }
                guard let selected = bar.names.firstIndex(of: target.name) else {
                    throw .unknownTab(target.name, tabs: bar.names, tabBar: bar.name, step: index)
                }
                let above = layers[(barIndex + 1)...]
                // Mutant: a tab step over modals refused, so a tab that keeps its sheet has no route.
                if planted(.tabStepOverModalsRefused), !above.isEmpty { throw .tabOutsideTabs(target.name, step: index) }
                if !above.isEmpty { bar.presented[bar.selected] = Array(above) }
                layers.removeSubrange((barIndex + 1)...)
                bar.selected = selected
                let returning = bar.presented.removeValue(forKey: selected) ?? []
                if !target.parameters.isEmpty {
                    bar.stacks[selected][0] = try stackScreen(target, in: bar.stackIDs[selected], at: 0, step: index)
                }
                layers[barIndex] = .tabs(bar)
                layers += returning
            case .up:
                throw .upPastStart(step: index)
            }
        }
        let content = assemble(layers)
        previous = made
        // The app's root hop container around it all (no step of the route builds it).
        guard let hop = registry.declaredRootHop, claim([hop]) else { return content }
        return .hop(HopContainer(id: hop, showing: content))
    }

    /// The content of `layers`, each presenting the next: a stack or a screen presents directly,
    /// a tab bar through its selected tab's stack.
    private static func assemble(_ layers: [Layer]) -> WindowContent {
        var content: WindowContent?
        for layer in layers.reversed() {
            switch layer {
            case .stack(let id, let items):
                // Never empty: every stack layer starts with its first screen.
                let node = WindowContent.stack(StackContainer(id: id, unchecked: items))
                content = content.map { .presenting(node, modal: $0) } ?? node
            case .screen(let screen):
                content = content.map { .presenting(.screen(screen), modal: $0) } ?? .screen(screen)
            case .tabs(let bar):
                var tabs: [WindowContent] = []
                tabs.reserveCapacity(bar.names.count)
                for index in bar.names.indices {
                    let stack = WindowContent.stack(StackContainer(id: bar.stackIDs[index], unchecked: bar.stacks[index]))
                    // The selected tab presents the layers above the bar; another, those it kept.
                    let modal = index == bar.selected ? content : bar.presented[index].map(assemble)
                    tabs.append(modal.map { .presenting(stack, modal: $0) } ?? stack)
                }
                // `selected` is an index of `names` (found there), and there is a tab per name.
                content = .tabs(TabBar(id: bar.id, unchecked: tabs, selected: bar.selected))
            }
        }
        return content ?? .screen(.missing)
    }
}
