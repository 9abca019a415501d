/// The screens an app can be navigated to by route: each name's kind (a screen, or a tab bar with
/// its tabs), its parameters' types, and the factory that makes it.
///
/// A value, `Sendable`: the coordinator keeps one (its initializers' `screens:`)
/// and the route compiler reads it while planning, so a screen is made (or declined) before
/// anything changes. Factories run synchronously inside the coordinator's planning step: they
/// must be quick, pure and deterministic (the same request makes the same screen, so the same
/// link twice is a no-op), and must not call the coordinator.
public struct ScreenRegistry: Sendable {
    /// What a name stands for.
    package enum Kind: Sendable, Hashable {
        /// A screen: pushed onto a stack, a stack's root, or presented.
        case screen
        /// A tab bar whose tabs are the screens named, in order (each registered as a screen).
        /// It starts the route (`^/main`) or a modal (`!main`); `#tab` selects a tab.
        case tabs([String])
    }

    /// A parameter a screen declares.
    public struct Parameter: Sendable, Hashable {
        /// The values it takes.
        public var type: LinkPattern.ValueType
        /// Whether a route must give it.
        public var isRequired: Bool

        /// A parameter of `type`, required unless `required` is false.
        public init(_ type: LinkPattern.ValueType, required: Bool = true) {
            self.type = type
            isRequired = required
        }
    }

    /// What a factory is asked to make: the name and parameters the route gives, and the id the
    /// compiler assigns (the route's path up to this step, unique within the content).
    public struct ScreenRequest: Sendable, Hashable {
        /// The registered name.
        public var name: String
        /// The parameters, checked against the declared types.
        public var parameters: [String: String]
        /// The id the screen should take; a factory that keeps it keeps the diff by id stable.
        public var id: ScreenID
    }

    /// Makes a screen, or declines (nil): the navigation then fails before anything changes.
    public typealias Factory = @Sendable (ScreenRequest) -> Screen?

    struct Entry: Sendable {
        var kind: Kind
        var parameters: [String: Parameter]
        var factory: Factory?
    }

    private var entries: [String: Entry] = [:]
    /// Whether names not registered are screens with any parameters (``open``).
    private let acceptsAnyScreen: Bool

    /// An empty registry: every name must be registered.
    public init() { acceptsAnyScreen = false }

    /// A registry in which every name not registered is a screen with text parameters: for tests
    /// and prototypes, where the route alone says what is shown.
    public static var open: ScreenRegistry {
        ScreenRegistry(acceptingAnyScreen: true)
    }

    private init(acceptingAnyScreen: Bool) { acceptsAnyScreen = acceptingAnyScreen }

    /// Registers the screen `name` with its parameters' types and an optional factory (by
    /// default `Screen(name, id: request.id, parameters: request.parameters)`). Parameters a route
    /// gives that are not declared pass through as text. Registering a name again replaces it.
    public mutating func screen(_ name: String, parameters: [String: Parameter] = [:], make: Factory? = nil) {
        entries[name] = Entry(kind: .screen, parameters: parameters, factory: make)
    }

    /// Registers the tab bar `name` with its tabs, in order (each tab is a screen name, registered
    /// on its own; the first is selected when a route does not say `#tab`).
    /// - Throws: ``RegistryError`` when it has no tab, a tab twice, an empty name, or a tab that
    ///   is itself a tab bar (itself, or one registered already): such a tab bar could never be
    ///   navigated. Nothing is registered then.
    public mutating func tabs(_ name: String, tabs: [String]) throws(RegistryError) {
        guard !tabs.isEmpty else { throw .noTabs(tabBar: name) }
        guard !name.isEmpty, !tabs.contains("") else { throw .emptyName(tabBar: name) }
        var seen: Set<String> = []
        for tab in tabs where !seen.insert(tab).inserted { throw .duplicateTab(tab, tabBar: name) }
        for tab in tabs where tab == name || { if case .tabs? = entries[tab]?.kind { true } else { false } }() {
            throw .tabIsTabBar(tab, tabBar: name)
        }
        entries[name] = Entry(kind: .tabs(tabs), parameters: [:], factory: nil)
    }

    /// The kind `name` stands for, or nil when unknown.
    package func kind(of name: String) -> Kind? {
        if let entry = entries[name] { return entry.kind }
        return acceptsAnyScreen ? .screen : nil
    }

    /// Makes the screen `target` names with the id `id`, checking its parameters.
    ///
    /// - Throws: ``NavigationError`` when the name is unknown or a tab bar, a parameter is
    ///   missing or of the wrong type, or the factory declines; `step` says where.
    func make(_ target: RouteTarget, id: ScreenID, step: Int) throws(NavigationError) -> Screen {
        let entry: Entry
        if let known = entries[target.name] {
            entry = known
        } else if acceptsAnyScreen {
            entry = Entry(kind: .screen, parameters: [:], factory: nil)
        } else {
            throw .unknownScreen(target.name, step: step)
        }
        guard case .screen = entry.kind else { throw .tabsInStack(target.name, step: step) }
        for (key, parameter) in entry.parameters.sorted(by: { $0.key < $1.key }) {
            guard let value = target.parameters[key] else {
                if parameter.isRequired { throw .missingParameter(key, screen: target.name, step: step) }
                continue
            }
            guard parameter.type.accepts(value) else {
                throw .parameterType(key, value: value, expected: parameter.type, screen: target.name, step: step)
            }
        }
        guard let factory = entry.factory else { return Screen(target.name, id: id, parameters: target.parameters) }
        guard let screen = factory(ScreenRequest(name: target.name, parameters: target.parameters, id: id)) else {
            throw .declined(target.name, step: step)
        }
        return screen
    }
}
