/// Why a route does not compile to content, or why a ``ScreenRegistry`` refused an entry.
///
/// A route's error says which step (counted from 0 in the absolute route the compiler
/// resolved), what it named, and what was wrong. Thrown before anything changes.
/// The coordinator wraps it in ``TransitionError/route(_:route:)``, with the route as written.
///
/// The last group of cases is the ``ScreenRegistry``'s: an entry no route could ever navigate to,
/// or a container id two containers could share. The registry throws them when the entry is made,
/// so a bad registry is found at launch, not by the first link; nothing is registered then.
public indirect enum NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The route breaks the grammar's rules or limits (``Route/validate(limits:)``): an `up`
    /// of zero, a negative or a huge count, an empty name, too many steps… The route error's
    /// position is a character offset in the route's printed ``Route/path``.
    case invalidRoute(RouteError)
    /// The route names no screen at all (`^/` alone, or everything gone up).
    case emptyRoute
    /// An absolute route must name the root's content first: it starts with `step` instead.
    case noRootScreen(step: RouteStep)
    /// `up` goes past the first step of the route.
    case upPastStart(step: Int)
    /// The registry does not know the name.
    case unknownScreen(String, step: Int)
    /// The registry's factory declined to make the screen.
    case declined(String, step: Int)
    /// A declared parameter's value is not of its type.
    case parameterType(String, value: String, expected: LinkPattern.ValueType, screen: String, step: Int)
    /// A required parameter is missing.
    case missingParameter(String, screen: String, step: Int)
    /// A tab bar named where only a screen fits: inside a stack, or as a modal stack's root.
    case tabsInStack(String, step: Int)
    /// Parameters on a tab bar's step (`^/main(k=v)`): a tab bar is made from its tabs alone.
    case tabsTakeNoParameters(String, step: Int)
    /// `#tab` where the current container is not a tab bar.
    case tabOutsideTabs(String, step: Int)
    /// `#tab` naming a tab the tab bar does not have.
    case unknownTab(String, tabs: [String], tabBar: String, step: Int)
    /// A push onto a screen presented without a stack (`!m/x`): present it as `!/m` instead.
    case pushOntoModalScreen(String, onto: String, step: Int)
    /// The current content cannot be written as a route (a relative route needs it): a hop
    /// container, a tab bar the compiler did not make, or a modal in a tab that is not selected.
    case notRoutable(WindowContent.NodeID, reason: String)

    // The registry refused an entry.

    /// A tab bar with no tab: a route that names it could show nothing.
    case noTabs(tabBar: String)
    /// A tab bar that lists the same tab twice: `#tab` could not tell them apart.
    case duplicateTab(String, tabBar: String)
    /// A tab bar or a tab with an empty name (no path can write it).
    case emptyName(tabBar: String)
    /// A tab that is a tab bar (the bar itself, or one registered before): a tab's stack starts
    /// with a screen, never with tabs.
    case tabIsTabBar(String, tabBar: String)
    /// A container id declared twice (``ScreenRegistry/rootStack(id:)``,
    /// ``ScreenRegistry/tabs(_:id:tabs:)``, ``ScreenRegistry/modalStack(rootedAt:id:)``), with what
    /// declared it first: two containers of one content could then share it.
    case duplicateID(ContainerID, declaredBy: String)
    /// A declared container id that is empty or starts with `^`, the mark of the ids a route makes.
    case reservedID(ContainerID)

    /// The step the error names, when it names one (an index into the absolute route compiled).
    public var step: Int? {
        switch self {
        case .invalidRoute, .emptyRoute, .noRootScreen, .notRoutable, .noTabs, .duplicateTab, .emptyName, .tabIsTabBar,
            .duplicateID, .reservedID:
            nil
        case .upPastStart(let step), .unknownScreen(_, let step), .declined(_, let step),
            .parameterType(_, _, _, _, let step), .missingParameter(_, _, let step), .tabsInStack(_, let step),
            .tabsTakeNoParameters(_, let step), .tabOutsideTabs(_, let step), .unknownTab(_, _, _, let step),
            .pushOntoModalScreen(_, _, let step):
            step
        }
    }

    /// A stable short code for logs and metrics, as `unknownScreen`.
    public var code: String {
        switch self {
        case .invalidRoute(let error): "invalidRoute.\(error.code)"
        case .emptyRoute: "emptyRoute"
        case .noRootScreen: "noRootScreen"
        case .upPastStart: "upPastStart"
        case .unknownScreen: "unknownScreen"
        case .declined: "declined"
        case .parameterType: "parameterType"
        case .missingParameter: "missingParameter"
        case .tabsInStack: "tabsInStack"
        case .tabsTakeNoParameters: "tabsTakeNoParameters"
        case .tabOutsideTabs: "tabOutsideTabs"
        case .unknownTab: "unknownTab"
        case .pushOntoModalScreen: "pushOntoModalScreen"
        case .notRoutable: "notRoutable"
        case .noTabs: "noTabs"
        case .duplicateTab: "duplicateTab"
        case .emptyName: "emptyName"
        case .tabIsTabBar: "tabIsTabBar"
        case .duplicateID: "duplicateID"
        case .reservedID: "reservedID"
        }
    }

    /// What went wrong, at which step, and what to do.
    public var description: String {
        switch self {
        case .invalidRoute(let error):
            "the route breaks the path grammar's rules: \(error)"
        case .emptyRoute:
            "the route names no screen; an absolute route starts with the root's screen, as ^/home"
        case .noRootScreen(let step):
            "an absolute route starts with the root's screen (^/home), not \(step)"
        case .upPastStart(let step):
            "step \(step) goes up past the route's first screen"
        case .unknownScreen(let name, let step):
            "step \(step): no screen named `\(name)` is registered"
        case .declined(let name, let step):
            "step \(step): the registry declined to make `\(name)` with these parameters"
        case .parameterType(let key, let value, let expected, let screen, let step):
            "step \(step): `\(screen)`'s parameter `\(key)` is `\(value)`, not \(expected)"
        case .missingParameter(let key, let screen, let step):
            "step \(step): `\(screen)` needs the parameter `\(key)`"
        case .tabsInStack(let name, let step):
            "step \(step): `\(name)` is a tab bar; it can start the route or a modal (`!\(name)`), not stand in a stack"
        case .tabsTakeNoParameters(let name, let step):
            "step \(step): the tab bar `\(name)` takes no parameters; give them to a tab (`#tab(k=v)`)"
        case .tabOutsideTabs(let name, let step):
            "step \(step): `#\(name)` selects a tab, but the current container is not a tab bar"
        case .unknownTab(let name, let tabs, let tabBar, let step):
            "step \(step): the tab bar `\(tabBar)` has no tab `\(name)`; its tabs are \(tabs.joined(separator: ", "))"
        case .pushOntoModalScreen(let name, let onto, let step):
            "step \(step): `\(name)` cannot be pushed onto `\(onto)`, presented without a stack; present it as `!/\(onto)`"
        case .notRoutable(let node, let reason):
            "the current content cannot be written as a route (\(node): \(reason)); navigate with an absolute route (^/…)"
        case .noTabs(let tabBar): "the tab bar `\(RouteError.shown(tabBar))` has no tab; register it with at least one"
        case .duplicateTab(let tab, let tabBar):
            "the tab bar `\(RouteError.shown(tabBar))` lists the tab `\(RouteError.shown(tab))` twice; each tab once"
        case .emptyName(let tabBar): "the tab bar `\(RouteError.shown(tabBar))` or one of its tabs has an empty name"
        case .tabIsTabBar(let tab, let tabBar):
            "the tab bar `\(RouteError.shown(tabBar))` lists `\(RouteError.shown(tab))`, a tab bar, as a tab; a tab must be a screen"
        case .duplicateID(let id, let owner):
            "the container id `\(RouteError.shown(id.rawValue))` is declared by \(owner) already; give each container its own id"
        case .reservedID(let id):
            "the container id `\(RouteError.shown(id.rawValue))` is empty or starts with `^`, which marks the ids a route makes; declare another"
        }
    }
}
