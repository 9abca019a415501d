/// What a window shows: today one screen; later a tree of containers.
///
/// The enum is the seam where navigation stacks, tabs, modal presentations and hop flows join
/// (see DESIGN.md, Containers layer): each becomes a case whose payload is a value tree, and
/// ``topScreen`` and ``screens`` keep their meaning for every case, so the coordinator's skip
/// rules, invariants and snapshots need no change when those cases arrive.
public enum WindowContent: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A single screen filling the window.
    case screen(Screen)

    /// The screen a person sees on top of this content.
    public var topScreen: Screen {
        switch self {
        case .screen(let screen): screen
        }
    }

    /// Every screen in the content, bottom to top.
    public var screens: [Screen] {
        switch self {
        case .screen(let screen): [screen]
        }
    }

    /// Whether the content shows the screen `id` (without building ``screens``).
    public func shows(_ id: ScreenID) -> Bool {
        switch self {
        case .screen(let screen): screen.id == id
        }
    }

    /// The content as one line.
    public var description: String {
        switch self {
        case .screen(let screen): screen.description
        }
    }
}
