/// A window the app owns but the coordinator does not (an alert window, a debug overlay).
///
/// Registered with ``Coordinator/registerUnmanagedWindow(_:policy:)``. Unless the configuration sets
/// ``CoordinatorConfiguration/ignoresUnmanagedWindows``, such windows are listed among an
/// animation's underlying windows, and the top-most visible managed window is always the key
/// window: an unmanaged window holds key status only while no managed window is visible. One
/// registered as key while a managed window is visible resigns key as its registration commits
/// (``WindowHost/makeKey(_:resigning:)`` names it), and one that holds key loses it with the
/// first transition that shows a managed window. With the setting, the coordinator leaves them
/// alone: an alert window that must keep the keyboard while it is up is one such app.
public struct UnmanagedWindow: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The app's own identifier for the window.
    public let id: String
    /// The window's z-order, on the same scale as ``WindowLevel/rawValue``.
    public var zOrder: Int
    /// Whether the window holds key status.
    public var isKey: Bool

    /// Describes an unmanaged window.
    public init(id: String, zOrder: Int, isKey: Bool = false) {
        self.id = id
        self.zOrder = zOrder
        self.isKey = isKey
    }

    /// `id@z`, with `[key]` when key.
    public var description: String { "\(id)@\(zOrder)" + (isKey ? " [key]" : "") }
}
