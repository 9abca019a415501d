/// Why a ``ScreenRegistry`` refused a registration: an entry no route could ever navigate to.
/// Thrown when the entry is made, so a bad registry is found at launch, not by the first link.
public enum RegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A tab bar with no tab: a route that names it could show nothing.
    case noTabs(tabBar: String)
    /// A tab bar that lists the same tab twice: `#tab` could not tell them apart.
    case duplicateTab(String, tabBar: String)
    /// A tab bar or a tab with an empty name (no path can write it).
    case emptyName(tabBar: String)

    /// A stable short code, as `noTabs`.
    public var code: String {
        switch self {
        case .noTabs: "noTabs"
        case .duplicateTab: "duplicateTab"
        case .emptyName: "emptyName"
        }
    }

    /// What is wrong, and what to register instead.
    public var description: String {
        switch self {
        case .noTabs(let tabBar): "the tab bar `\(RouteError.shown(tabBar))` has no tab; register it with at least one"
        case .duplicateTab(let tab, let tabBar):
            "the tab bar `\(RouteError.shown(tabBar))` lists the tab `\(RouteError.shown(tab))` twice; each tab once"
        case .emptyName(let tabBar): "the tab bar `\(RouteError.shown(tabBar))` or one of its tabs has an empty name"
        }
    }
}
