/// Why a ``ScreenRegistry`` refused a registration: an entry no route could ever navigate to, or
/// a container id two containers could share.
/// Thrown when the entry is made, so a bad registry is found at launch, not by the first link.
public enum RegistryError: Error, Sendable, Hashable, CustomStringConvertible {
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

    /// A stable short code, as `noTabs`.
    public var code: String {
        switch self {
        case .noTabs: "noTabs"
        case .duplicateTab: "duplicateTab"
        case .emptyName: "emptyName"
        case .tabIsTabBar: "tabIsTabBar"
        case .duplicateID: "duplicateID"
        case .reservedID: "reservedID"
        }
    }

    /// What is wrong, and what to register instead.
    public var description: String {
        switch self {
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
