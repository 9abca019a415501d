/// The screens an app can be navigated to by route: the app's destination type, whose values are
/// its screens (``init(destinations:)``), its tab bars, and the ids of the containers a route
/// builds.
///
/// **One id world.** The app declares the ids of its structure here: the root window's stack
/// (``rootStack(id:)``), a tab bar and its tabs' stacks
/// (``tabs(_:id:tabs:)-(_,_,KeyValuePairs<Tab,ContainerID>)``), and a modal stack rooted at a
/// screen (``modalStack(rootedAt:id:)``). A route then builds those containers with those ids, so
/// content made by a link or by restoration holds the containers the app makes by hand
/// (`coordinator.stack("inbox").push(…)` works after a link), and content the app built by hand
/// prints as a route (``NavigationSnapshot/rootRoute(registry:)``), so it saves and restores. Where
/// the app declares nothing, a route makes the id from where the container stands (the root's stack
/// `^`, a tab bar `^:main`, its tabs' stacks `^:main#inbox`, a modal stack `^!1:compose`); declared
/// ids never start with `^`, made ones always do, so the two never meet.
///
/// A value of the destination type keeps its own id, derived from its encoding, through links and
/// restoration; in an ``open`` registry a screen takes the id a route makes
/// (``screenID(in:at:_:)``): a route carries names and parameters, not screen ids. A screen the app pushed
/// with an id of its own is restored as the same screen, at the same place, in the same
/// container, under the id the route makes.
///
/// A value, `Sendable`: the coordinator keeps one (its initializers' `screens:`)
/// and the route compiler reads it while planning, so a screen is made (or declined) before
/// anything changes. The destination type's decoding runs synchronously inside the coordinator's
/// planning step: it must be quick, pure and deterministic (the same step makes the same value,
/// so the same link twice is a no-op), and must not call the coordinator.
public struct ScreenRegistry: Sendable {
    /// What a name stands for.
    package enum Kind: Sendable, Hashable {
        /// A screen: pushed onto a stack, a stack's root, or presented.
        case screen
        /// A tab bar whose tabs are the screens named, in order (each registered as a screen).
        /// It starts the route (`^/main`) or a modal (`!main`); `#tab` selects a tab.
        case tabs([String])
    }

    /// A parameter a screen registered by name declares (``screen(_:parameters:make:)``).
    package struct Parameter: Sendable, Hashable {
        /// The values it takes.
        package var type: LinkPattern.ValueType
        /// Whether a route must give it.
        package var isRequired: Bool

        /// A parameter of `type`, required unless `required` is false.
        package init(_ type: LinkPattern.ValueType, required: Bool = true) {
            self.type = type
            isRequired = required
        }
    }

    /// What a factory is asked to make: the name and parameters the route gives, and the id the
    /// compiler assigns (its stack's id, its place and its step, ``screenID(in:at:_:)``; a modal
    /// screen's is its layer and step, `^!1:alert`), unique within the content.
    package struct ScreenRequest: Sendable, Hashable {
        /// The registered name.
        package var name: String
        /// The parameters, checked against the declared types.
        package var parameters: [String: String]
        /// The id the screen should take; a factory that keeps it keeps the diff by id stable.
        package var id: ScreenID
    }

    /// Where a route builds a container: what ``containerID(_:)`` and ``madeID(_:)`` give the id of.
    /// A layer is 0 for the root window's content and k for the k-th modal of the route.
    package enum Place: Sendable, Hashable {
        /// The root window's stack, built by a route whose first step is a screen (`^/home`).
        case rootStack
        /// The tab bar `name`, as the root's content (layer 0, `^/main`) or a modal (`!main`).
        case tabBar(String, layer: Int)
        /// The stack of the tab `tab` of the tab bar `tabBar` at `layer`.
        case tab(String, tabBar: String, layer: Int)
        /// A modal stack whose root is `root`, the `layer`-th modal (1 or more, `!/compose`).
        case modalStack(root: RouteTarget, layer: Int)
    }

    /// The ids a tab bar's declaration gives: the bar's and its tabs' stacks', in the tabs' order.
    struct TabIDs: Sendable, Hashable {
        var bar: ContainerID
        var stacks: [ContainerID]
    }

    struct Entry: Sendable {
        var kind: Kind
        var parameters: [String: Parameter]
        var factory: (@Sendable (ScreenRequest) -> Screen?)?
        /// Whether the screen is a value of the registry's destination type (``init(destinations:)``).
        var isDestination = false
        /// The ids a tab bar declared with ``tabs(_:id:tabs:)-(_,_,KeyValuePairs<Tab,ContainerID>)``;
        /// nil: the ids a route makes.
        var ids: TabIDs? = nil
    }

    private var entries: [String: Entry] = [:]
    /// The root window's stack's declared id (``rootStack(id:)``).
    private var rootStackID: ContainerID?
    /// Declared ids of modal stacks, by the name of the screen at their root.
    private var modalStackIDs: [String: ContainerID] = [:]
    /// The declared id of the hop container around the root window's content (``rootHop(id:)``).
    private var rootHopID: ContainerID?
    /// Whether names not registered are screens with any parameters (``open``).
    private let acceptsAnyScreen: Bool
    /// Makes a value of the app's destination type from a name and parameters, as its screen
    /// (``init(destinations:)``); nil when the registry has no destination type.
    private let destination: (@Sendable (String, [String: String], Int) throws(NavigationError) -> Screen)?

    /// An empty registry: every route's screen is refused as unknown
    /// (``NavigationError/unknownScreen(_:step:)``). The coordinator's default; an app that
    /// navigates by route gives ``init(destinations:)``, a test or a prototype ``open``.
    public init() {
        acceptsAnyScreen = false
        destination = nil
    }

    /// A registry whose screens are the values of the app's own destination type `type` (see
    /// ``Screen``'s destinations): a name a route gives that is not registered otherwise is read
    /// as a value of `type`, with the route's parameters as the value's fields, and makes the
    /// screen that value stands for, with the value's own id. So a link, a restored state and the
    /// app's own `push(Destination.mail(id: 42))` show the same screen, and nothing is written
    /// twice: tab bars and declared ids are still registered here, with the values as their tabs.
    ///
    /// A route's step that is no value of `type` is refused before anything changes:
    /// ``NavigationError/unknownScreen(_:step:)`` for a name that is no case,
    /// ``NavigationError/missingParameter(_:screen:step:)`` for a field the route leaves out,
    /// ``NavigationError/parameterType(_:value:expected:screen:step:)`` for a value the field
    /// does not take (`id=abc` for an `Int`), and ``NavigationError/declined(_:step:)`` when the
    /// type's own decoding refuses it, or when the value would hold more than 1,024 array elements
    /// in all (an array's count is read from the route, so a forged count is bounded here). ``LinkTable/validate(against:)`` finds each but the last at
    /// launch (only a link's own value can tell whether the decoding takes it).
    public init<Destination: Hashable & Codable & Sendable>(destinations type: Destination.Type) {
        acceptsAnyScreen = false
        destination = { (name, parameters, step) throws(NavigationError) -> Screen in
            do throws(DestinationCoding.Failure) {
                return Screen(try DestinationCoding.decode(type, name: name, parameters: parameters))
            } catch {
                switch error {
                case .unknownName: throw .unknownScreen(name, step: step)
                case .missing(let key): throw .missingParameter(key, screen: name, step: step)
                case .mismatch(let key, let value, let expected):
                    throw .parameterType(key, value: value, expected: expected, screen: name, step: step)
                case .refused: throw .declined(name, step: step)
                }
            }
        }
    }

    /// A registry in which every name not registered is a screen with text parameters: for tests
    /// and prototypes, where the route alone says what is shown.
    public static var open: ScreenRegistry {
        ScreenRegistry(acceptingAnyScreen: true)
    }

    private init(acceptingAnyScreen: Bool) {
        acceptsAnyScreen = acceptingAnyScreen
        destination = nil
    }

    /// Registers the screen `name` with its parameters' types and an optional factory (by
    /// default `Screen(name, id: request.id, parameters: request.parameters)`). Parameters a route
    /// gives that are not declared pass through as text. Registering a name again replaces it.
    /// The factory makes the screen, or declines (nil): the navigation then fails before anything
    /// changes.
    ///
    /// Package access: an app declares its screens as its destination type
    /// (``init(destinations:)``), whose fields are the parameters' types and whose decoding is the
    /// factory; this is how the harness and the tests build registries of names with parameters
    /// and factories that fuzzing varies.
    package mutating func screen(
        _ name: String, parameters: [String: Parameter] = [:], make: (@Sendable (ScreenRequest) -> Screen?)? = nil
    ) {
        entries[name] = Entry(kind: .screen, parameters: parameters, factory: make)
    }

    /// Registers the tab bar `name` with its tabs, in order (each tab a value of the destination
    /// type, or a name in an ``open`` registry; the first is selected when a route does not say
    /// `#tab`). A route makes its ids
    /// (`^:main`, its tabs' stacks `^:main#inbox`);
    /// ``tabs(_:id:tabs:)-(_,_,KeyValuePairs<Tab,ContainerID>)`` declares them.
    /// Registering a name again replaces it, with the ids it declared.
    /// - Throws: one of the registry's cases of ``NavigationError``, and no other:
    ///   ``NavigationError/noTabs(tabBar:)``, ``NavigationError/duplicateTab(_:tabBar:)``,
    ///   ``NavigationError/emptyName(tabBar:)``, ``NavigationError/tabIsTabBar(_:tabBar:)`` for a
    ///   tab that is itself a tab bar (itself, or one registered already), or
    ///   ``NavigationError/tabNeedsParameter(_:parameter:tabBar:)`` for a tab whose screen needs a
    ///   parameter (a route makes a tab from its name alone): such a tab bar could never be
    ///   navigated. Nothing is registered then.
    ///
    /// The tabs are names, or values of the app's destination type, each standing for its name
    /// (`tabs: [Destination.inbox, .settings]`).
    public mutating func tabs<Tab: Hashable & Codable & Sendable>(_ name: String, tabs: [Tab]) throws(NavigationError) {
        let tabs = tabs as? [String] ?? tabs.map { Screen($0).name }
        try checkTabs(name, tabs)
        entries[name] = Entry(kind: .tabs(tabs), parameters: [:], factory: nil)
    }

    /// Registers the tab bar `name` with the id `id` and its tabs, in order, each with its stack's
    /// id: wherever a route builds this tab bar (`^/main`, `!main`), it has these ids, the ones the
    /// app gives the tab bar it builds by hand. Registering a name again replaces it, with its ids.
    ///
    /// Each tab is the screen at the root of its stack (a name, or a value of the app's
    /// destination type standing for its name, which `#name` selects), paired with the stack's id:
    ///
    /// `try screens.tabs("main", id: "main", tabs: [Destination.inbox: "inbox", .settings: "settings"])`
    ///
    /// A route that builds the tab bar twice (`^/main!main`) gives the second the ids it makes: an
    /// id is shown once.
    /// - Throws: ``NavigationError`` as ``tabs(_:tabs:)`` does, and ``NavigationError/reservedID(_:)``
    ///   or ``NavigationError/duplicateID(_:declaredBy:)`` when an id is empty, starts with `^`, or is
    ///   declared already (by another declaration, or twice in this one). Nothing is registered then.
    public mutating func tabs<Tab: Hashable & Codable & Sendable>(
        _ name: String, id: ContainerID, tabs: KeyValuePairs<Tab, ContainerID>
    ) throws(NavigationError) {
        try self.tabs(name, id: id, tabs: tabs.map { ($0.key, $0.value) })
    }

    /// Registers the tab bar `name` with the id `id` and its tabs, each paired with its stack's id,
    /// as ``tabs(_:id:tabs:)-(_,_,KeyValuePairs<Tab,ContainerID>)`` does, from pairs the app builds
    /// as it runs (from its configuration, say): `tabs: enabled.map { ($0, $0.stackID) }`.
    /// - Throws: as ``tabs(_:id:tabs:)-(_,_,KeyValuePairs<Tab,ContainerID>)`` does; nothing is
    ///   registered then.
    public mutating func tabs<Tab: Hashable & Codable & Sendable>(
        _ name: String, id: ContainerID, tabs: [(Tab, ContainerID)]
    ) throws(NavigationError) {
        let names = tabs.map { $0.0 as? String ?? Screen($0.0).name }
        try checkTabs(name, names)
        var declared = declaredIDs(except: .tabBar(name))
        try declare(id, as: "the tab bar `\(NavigationError.shown(name))`", in: &declared)
        for (tab, (_, stack)) in zip(names, tabs) {
            try declare(
                stack, as: "the stack of the tab `\(NavigationError.shown(tab))` of `\(NavigationError.shown(name))`",
                in: &declared)
        }
        entries[name] = Entry(kind: .tabs(names), parameters: [:], factory: nil, ids: TabIDs(bar: id, stacks: tabs.map(\.1)))
    }

    /// Declares the id of the root window's stack, which a route whose first step is a screen
    /// builds (`^/home/detail`): the id of the stack the app puts in its root window. Declaring
    /// it again replaces it. Without it, a route's root stack is `^`, whatever the id of the stack
    /// the app built (saving reads a stack by its screens, and restores it as `^`).
    /// - Throws: ``NavigationError/reservedID(_:)`` or ``NavigationError/duplicateID(_:declaredBy:)``;
    ///   nothing is declared then.
    public mutating func rootStack(id: ContainerID) throws(NavigationError) {
        var declared = declaredIDs(except: .rootStack)
        try declare(id, as: "the root stack", in: &declared)
        rootStackID = id
    }

    /// Declares that the root window's content sits in the hop container `id`, as an app whose
    /// launch or login flow runs in one builds it (``HopHandle``; the container stays around the
    /// app's content once the flow reaches its last screen). A route then builds what the
    /// container shows and puts it in this container (`^/home/detail` builds `hop id` showing the
    /// stack `[home, detail]`), and saving reads through it, so the app's state saves and
    /// restores with the container kept. Only this container is read through: a hop container
    /// anywhere else has no route. Declaring it again replaces it.
    /// - Throws: ``NavigationError/reservedID(_:)`` or ``NavigationError/duplicateID(_:declaredBy:)``;
    ///   nothing is declared then.
    public mutating func rootHop(id: ContainerID) throws(NavigationError) {
        var declared = declaredIDs(except: .rootHop)
        try declare(id, as: "the root hop container", in: &declared)
        rootHopID = id
    }

    /// Declares the id of the modal stack whose root is the screen `screen` (`!/compose`), at
    /// whatever layer a route presents it. A route that presents two such stacks gives the second
    /// the id it makes: an id is shown once. Declaring it again replaces it.
    /// - Throws: ``NavigationError/reservedID(_:)`` or ``NavigationError/duplicateID(_:declaredBy:)``;
    ///   nothing is declared then.
    /// The screen is a name, or a value of the app's destination type, standing for its name.
    public mutating func modalStack(rootedAt screen: some Hashable & Codable & Sendable, id: ContainerID) throws(NavigationError)
    {
        let screen = Screen(screen).name
        var declared = declaredIDs(except: .modalStack(screen))
        try declare(id, as: "the modal stack of `\(NavigationError.shown(screen))`", in: &declared)
        modalStackIDs[screen] = id
    }

    /// The id of the container a route builds at `place`: the one the app declared, or the one a
    /// route makes (``madeID(_:)``). Where one route builds two containers of one declaration
    /// (a modal stack of the same root twice), the first takes the declared id and the next the
    /// made one.
    package func containerID(_ place: Place) -> ContainerID {
        switch place {
        case .rootStack:
            return rootStackID ?? Self.madeID(place)
        case .tabBar(let name, _):
            return entries[name]?.ids?.bar ?? Self.madeID(place)
        case .tab(let tab, let tabBar, _):
            guard let entry = entries[tabBar], let ids = entry.ids, case .tabs(let names) = entry.kind,
                let index = names.firstIndex(of: tab)
            else { return Self.madeID(place) }
            return ids.stacks[index]
        case .modalStack(let root, _):
            return modalStackIDs[root.name] ?? Self.madeID(place)
        }
    }

    /// The id a route makes for the container at `place` where the app declared none: from where
    /// the container stands, so the same route makes the same ids cold or warm. The root's stack
    /// is `^`; a tab bar `^:main` (in the k-th modal, `^!k:main`); a tab's stack the tab bar's id,
    /// `#` and the tab (`^:main#inbox`); a modal stack its layer and its root's step
    /// (`^!1:compose(to=a)`). Every made id starts with `^`, which a declared id never does.
    package static func madeID(_ place: Place) -> ContainerID {
        func layer(_ index: Int) -> String { index <= 0 ? "^" : "^!" + String(index) }
        switch place {
        case .rootStack:
            return ContainerID("^")
        case .tabBar(let name, let index):
            return ContainerID(layer(index) + ":" + RouteTarget.escaped(name))
        case .tab(let tab, let tabBar, let index):
            return ContainerID(madeID(.tabBar(tabBar, layer: index)).rawValue + "#" + RouteTarget.escaped(tab))
        case .modalStack(let root, let index):
            var text = layer(index) + ":"
            root.write(to: &text)
            return ContainerID(text)
        }
    }

    /// The id a route makes for the screen `target` at `index` (0 for the root) of the stack
    /// `stack`: the stack's id, `/`, the index, `:` and the step as the grammar writes it
    /// (`^/1:detail(id=3)`, `inbox/1:mail`).
    public static func screenID(in stack: ContainerID, at index: Int, _ target: RouteTarget) -> ScreenID {
        var text = ""
        // Room for the usual id at once: the stack's id, the index, the name and a few short parameters.
        text.reserveCapacity(stack.rawValue.utf8.count + target.name.utf8.count + 8 + 24 * target.parameters.count)
        writeScreenID(in: stack, at: index, target, to: &text)
        return ScreenID(text)
    }

    /// Whether `id` is, byte for byte, the id ``screenID(in:at:_:)`` makes for `target` at
    /// `index` of `stack`: checked as it would be written, without writing it.
    package static func isScreenID(_ id: ScreenID, in stack: ContainerID, at index: Int, _ target: RouteTarget) -> Bool {
        var match = RouteTextMatch(id.rawValue)
        writeScreenID(in: stack, at: index, target, to: &match)
        return match.matches
    }

    /// Writes the id of ``screenID(in:at:_:)`` to `out`.
    private static func writeScreenID(
        in stack: ContainerID, at index: Int, _ target: RouteTarget, to out: inout some TextOutputStream
    ) {
        out.write(stack.rawValue)
        out.write("/")
        out.write(String(index))
        out.write(":")
        target.write(to: &out)
    }

    /// Checks a tab bar's name and tabs (see ``tabs(_:tabs:)``).
    private func checkTabs(_ name: String, _ tabs: [String]) throws(NavigationError) {
        guard !tabs.isEmpty else { throw .noTabs(tabBar: name) }
        guard !name.isEmpty, !tabs.contains("") else { throw .emptyName(tabBar: name) }
        var seen: Set<String> = []
        for tab in tabs where !seen.insert(tab).inserted { throw .duplicateTab(tab, tabBar: name) }
        for tab in tabs where tab == name || { if case .tabs? = entries[tab]?.kind { true } else { false } }() {
            throw .tabIsTabBar(tab, tabBar: name)
        }
        // A route makes each tab's root from its name alone: a required parameter never comes.
        // Mutant: a tab that needs a parameter registered all the same.
        for tab in tabs where !planted(.tabNeedingParameterRegistered) {
            if let parameter = parameterNeeded(byTab: tab) { throw .tabNeedsParameter(tab, parameter: parameter, tabBar: name) }
        }
    }

    /// The first parameter the screen `tab` cannot be made without (a route makes a tab's root
    /// from its name alone), in name order; nil when its name alone makes it, or it is no screen
    /// of this registry (the route's own refusal then names it).
    private func parameterNeeded(byTab tab: String) -> String? {
        if let entry = entries[tab] {
            guard case .screen = entry.kind else { return nil }
            return entry.parameters.filter(\.value.isRequired).keys.min()
        }
        do throws(NavigationError) {
            _ = try destination?(tab, [:], 0)
            return nil
        } catch {
            guard case .missingParameter(let parameter, _, _) = error else { return nil }
            return parameter
        }
    }

    /// A declaration of ids, for ``declaredIDs(except:)``: the one being replaced is left out.
    private enum Declaration: Hashable {
        case rootStack
        case rootHop
        case tabBar(String)
        case modalStack(String)
    }

    /// Every declared id and what declared it, except the ids of `replaced`.
    private func declaredIDs(except replaced: Declaration) -> [ContainerID: String] {
        var declared: [ContainerID: String] = [:]
        if let rootStackID, replaced != .rootStack { declared[rootStackID] = "the root stack" }
        if let rootHopID, replaced != .rootHop { declared[rootHopID] = "the root hop container" }
        for (screen, id) in modalStackIDs where replaced != .modalStack(screen) {
            declared[id] = "the modal stack of `\(NavigationError.shown(screen))`"
        }
        for (name, entry) in entries where replaced != .tabBar(name) {
            guard let ids = entry.ids, case .tabs(let names) = entry.kind else { continue }
            declared[ids.bar] = "the tab bar `\(NavigationError.shown(name))`"
            for (tab, stack) in zip(names, ids.stacks) {
                declared[stack] = "the stack of the tab `\(NavigationError.shown(tab))` of `\(NavigationError.shown(name))`"
            }
        }
        return declared
    }

    /// Adds `id`, declared by `owner`, to `declared`.
    /// - Throws: ``NavigationError/reservedID(_:)`` for an empty id or one starting with `^`,
    ///   ``NavigationError/duplicateID(_:declaredBy:)`` for one in `declared` already.
    private func declare(_ id: ContainerID, as owner: String, in declared: inout [ContainerID: String]) throws(NavigationError) {
        guard !id.rawValue.isEmpty, !id.rawValue.hasPrefix("^") else { throw .reservedID(id) }
        if let other = declared[id] { throw .duplicateID(id, declaredBy: other) }
        declared[id] = owner
    }

    /// The declared ids of the tab bar `name`, if it declared them.
    func tabIDs(of name: String) -> TabIDs? { entries[name]?.ids }

    /// The declared id of the root window's stack, if any.
    var declaredRootStack: ContainerID? { rootStackID }

    /// The declared id of the hop container around the root window's content, if any.
    var declaredRootHop: ContainerID? { rootHopID }

    /// The declared id of the modal stack rooted at `screen`, if any.
    func declaredModalStack(rootedAt screen: String) -> ContainerID? { modalStackIDs[screen] }

    /// This registry without its declared ids: the registry mutants ``Mutation/linkIgnoresDeclaredIDs``
    /// and ``Mutation/savedStateIgnoresDeclaredIDs`` use (reached only where ``planted(_:)`` says
    /// one is on, so a build without `TC_MUTANTS` optimizes it away).
    func withoutDeclaredIDs() -> ScreenRegistry {
        var registry = self
        registry.rootStackID = nil
        registry.rootHopID = nil
        registry.modalStackIDs = [:]
        for name in registry.entries.keys { registry.entries[name]?.ids = nil }
        return registry
    }

    /// The name of the tab bar that declared the id `id`, if one did.
    func tabBar(declaring id: ContainerID) -> String? {
        entries.first { $0.value.ids?.bar == id }?.key
    }

    /// The kind `name` stands for, or nil when unknown.
    package func kind(of name: String) -> Kind? {
        if let entry = entries[name] { return entry.kind }
        return acceptsAnyScreen || destination != nil ? .screen : nil
    }

    /// Makes the screen `target` names with the id `id`, checking its parameters.
    ///
    /// - Throws: ``NavigationError`` when the name is unknown or a tab bar, a parameter is
    ///   missing or of the wrong type, or the factory declines; `step` says where.
    func make(_ target: RouteTarget, id: ScreenID, step: Int) throws(NavigationError) -> Screen {
        try make(target, entry: entry(for: target, step: step), id: id, step: step)
    }

    /// Makes the screen `target` names at `index` of the stack `stack` (its id is
    /// ``screenID(in:at:_:)``), checking its parameters as ``make(_:id:step:)`` does; `shown`
    /// itself when it is the screen made (equal values: only the storage is shared).
    ///
    /// A name without a factory makes a screen of the target's name and parameters and that id,
    /// so `shown` is recognized without writing the id: the caller knows it is the screen an
    /// earlier compile made here for a target spelled as this one (`recognized`), or its name
    /// and parameters are the target's and its id is checked as it would be written. A factory
    /// is always asked.
    ///
    /// - Returns: the screen, and whether it was made without a factory (then it is the screen
    ///   with the route's id, or the shown screen equal to it), so a later compile may recognize it.
    func make(
        _ target: RouteTarget, in stack: ContainerID, at index: Int, step: Int, shown: Screen?, recognized: Bool
    ) throws(NavigationError) -> (screen: Screen, routeMade: Bool) {
        let entry = try entry(for: target, step: step)
        let routeMade = entry.factory == nil && !entry.isDestination
        if routeMade, let shown,
            recognized
                || (shown.name == target.name && shown.parameters == target.parameters
                    && Self.isScreenID(shown.id, in: stack, at: index, target))
        {
            return (shown, true)
        }
        let screen = try make(target, entry: entry, id: Self.screenID(in: stack, at: index, target), step: step)
        guard let shown, shown == screen else { return (screen, routeMade) }
        return (shown, routeMade)
    }

    /// The entry `target` names, its parameters checked.
    /// - Throws: as ``make(_:id:step:)`` does before it asks a factory.
    private func entry(for target: RouteTarget, step: Int) throws(NavigationError) -> Entry {
        let entry: Entry
        if let known = entries[target.name] {
            entry = known
        } else if acceptsAnyScreen {
            entry = Entry(kind: .screen, parameters: [:], factory: nil)
        } else if destination != nil {
            entry = Entry(kind: .screen, parameters: [:], factory: nil, isDestination: true)
        } else {
            throw .unknownScreen(target.name, step: step)
        }
        guard case .screen = entry.kind else { throw .tabsInStack(target.name, step: step) }
        guard !entry.parameters.isEmpty else { return entry }
        for (key, parameter) in entry.parameters.sorted(by: { $0.key < $1.key }) {
            guard let value = target.parameters[key] else {
                if parameter.isRequired { throw .missingParameter(key, screen: target.name, step: step) }
                continue
            }
            guard parameter.type.accepts(value) else {
                throw .parameterType(key, value: value, expected: parameter.type, screen: target.name, step: step)
            }
        }
        return entry
    }

    /// The screen `entry` makes for `target` with the id `id`.
    /// - Throws: ``NavigationError/declined(_:step:)`` when its factory declines.
    private func make(_ target: RouteTarget, entry: Entry, id: ScreenID, step: Int) throws(NavigationError) -> Screen {
        if entry.isDestination, let destination { return try destination(target.name, target.parameters, step) }
        guard let factory = entry.factory else { return Screen(target.name, id: id, parameters: target.parameters) }
        guard let screen = factory(ScreenRequest(name: target.name, parameters: target.parameters, id: id)) else {
            throw .declined(target.name, step: step)
        }
        return screen
    }
}
