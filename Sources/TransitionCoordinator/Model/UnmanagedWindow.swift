/// A window the app owns but the coordinator does not (an alert window, a debug overlay).
///
/// Registered with ``Coordinator/registerUnmanagedWindow(_:policy:)``. Unless the configuration sets
/// ``CoordinatorConfiguration/ignoresUnmanagedWindows``, such windows are listed among an
/// animation's underlying windows and lose key status whenever the coordinator makes a managed
/// window key; with it set, the coordinator leaves them alone.
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
