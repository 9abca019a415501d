/// What a caller asks the coordinator to do, as a value.
///
/// Requests are planned against the current snapshot by a pure function
/// (`TransitionPlanner`); a request that does not fit the state is rejected with a typed
/// ``TransitionError`` and changes nothing.
public indirect enum TransitionRequest: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Shows `screen` in a new window at `level`; the level must be free.
    case push(Screen, at: WindowLevel)
    /// Shows `content` (a screen, or a tree of containers) in a new window at `level`; the level
    /// must be free, and no screen or container of `content` may be shown already.
    case show(WindowContent, at: WindowLevel)
    /// Changes the content of one window (a push onto a stack, a tab switch, a modal, a hop, a
    /// whole target tree), planned by `ContainerPlanner` as one change animated once.
    ///
    /// The window is the one at `level` when given; else the one holding the container or node
    /// the operation names (container and screen ids are unique across windows); a
    /// ``ContainerOperation/replace(with:)`` without a level changes the root window.
    case content(ContainerOperation, at: WindowLevel? = nil)
    /// A change the user already made on screen (a back tap or swipe, a tab tap, a sheet swiped
    /// away), reported by the host: planned as ``content(_:at:)`` is, folded into the same
    /// serialized history, and never animated (``SkipReason/madeByUser``).
    case userDid(ContainerOperation, at: WindowLevel? = nil)
    /// Makes the root window show `target`, the content the absolute `route` compiles to
    /// (`RouteCompiler`), and closes the app's windows above the root, as one transition.
    /// ``Coordinator/navigate(to:animator:policy:whenLocked:)`` makes it, and answers nil when
    /// the app shows `target` already with nothing above the root (nothing to do).
    case navigate(Route, target: WindowContent)
    /// Removes the window at `level`.
    case pop(WindowLevel)
    /// Removes the window showing the screen `id`.
    case popScreen(ScreenID)
    /// Removes every window above the root.
    case popAll
    /// Sends the root window and its whole stack away and leaves one new root window showing `screen`.
    case replaceRoot(Screen)
    /// Records a new application state (never animated), putting the shield and the lock up or
    /// the shield down as the configured covers say (``LifecycleCover``).
    case setApplicationState(ApplicationState)
    /// Removes the lock screen and shows again the windows it hid.
    case unlock
    /// Registers (or updates) a window the app owns but the coordinator does not (never animated).
    case registerUnmanagedWindow(UnmanagedWindow)
    /// Forgets an unmanaged window (never animated).
    case unregisterUnmanagedWindow(id: String)

    /// The kind of transition the request becomes.
    package var kind: TransitionKind {
        switch self {
        case .push, .show: .push
        case .content, .userDid: .content
        case .navigate: .navigate
        case .pop, .popScreen: .pop
        case .popAll: .popAll
        case .replaceRoot: .replaceRoot
        case .setApplicationState: .applicationState
        case .unlock: .unlock
        case .registerUnmanagedWindow, .unregisterUnmanagedWindow: .unmanagedWindows
        }
    }

    /// Whether the user made the change already (``userDid(_:at:)``).
    package var isFromUser: Bool {
        if case .userDid = self { true } else { false }
    }

    /// The screen a push brings (onto a level or a stack): what a double tap would push twice.
    var pushedScreen: ScreenID? {
        switch self {
        case .push(let screen, _), .content(.push(let screen, _), _): screen.id
        default: nil
        }
    }

    /// The request as one line, as `push pin at medium(2000)`.
    public var description: String {
        switch self {
        case .push(let screen, let level): "push \(screen) at \(level)"
        case .show(let content, let level): "show \(content) at \(level)"
        case .content(let operation, let level): level.map { "\(operation) at \($0)" } ?? operation.description
        case .userDid(let operation, let level):
            "the user did: " + (level.map { "\(operation) at \($0)" } ?? operation.description)
        case .navigate(let route, _): "navigate to \(route)"
        case .pop(let level): "pop \(level)"
        case .popScreen(let id): "pop screen \(id)"
        case .popAll: "pop all"
        case .replaceRoot(let screen): "replace root with \(screen)"
        case .setApplicationState(let state): "set application state \(state)"
        case .unlock: "unlock"
        case .registerUnmanagedWindow(let window): "register unmanaged window \(window)"
        case .unregisterUnmanagedWindow(let id): "unregister unmanaged window \(id)"
        }
    }
}

/// The kind of a transition: the harness's tallies and the skip rules read it (an app switches
/// on the request itself).
package enum TransitionKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// A new window appears at a level.
    case push
    /// One window goes away.
    case pop
    /// Every window above the root goes away.
    case popAll
    /// The root window and its whole stack are replaced by one new root window.
    case replaceRoot
    /// The application state changes (never animated).
    case applicationState
    /// The lock screen goes away.
    case unlock
    /// The content inside one window changes (a stack, tabs, a modal, a hop container).
    case content
    /// The set of unmanaged windows changes (never animated).
    case unmanagedWindows
    /// The root window's content becomes a route's, and the app's windows above it close.
    case navigate

    /// Whether an animator may ever run for this kind (window and content changes).
    package var isAnimatable: Bool {
        switch self {
        case .push, .pop, .popAll, .replaceRoot, .unlock, .content, .navigate: true
        case .applicationState, .unmanagedWindows: false
        }
    }

    /// The raw name.
    package var description: String { rawValue }
}
