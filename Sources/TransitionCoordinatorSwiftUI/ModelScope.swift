import TransitionCoordinator

/// Which window a ``NavigationModel`` follows.
///
/// A value, `Sendable`: the model reads it on every committed snapshot, on the main actor.
public enum ModelScope: Sendable, Hashable, CustomStringConvertible {
    /// The key window, whichever it is after each commit: a PIN or shield window that becomes
    /// key replaces what the model shows until it goes.
    case keyWindow
    /// The window at this level, when one stands there (`WindowLevel.root` is the app's main window).
    case level(WindowLevel)

    /// The window of `snapshot` this scope names, if one stands there.
    public func window(in snapshot: NavigationSnapshot) -> ManagedWindow? {
        switch self {
        case .keyWindow: snapshot.keyWindow.flatMap { snapshot.window($0) }
        case .level(let level): snapshot.window(at: level)
        }
    }

    /// `the key window` or `the window at root(0)`.
    public var description: String {
        switch self {
        case .keyWindow: "the key window"
        case .level(let level): "the window at \(level)"
        }
    }
}
