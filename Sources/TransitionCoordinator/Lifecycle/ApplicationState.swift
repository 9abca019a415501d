/// The application's lifecycle state, as the app reports it to the coordinator.
///
/// Animations run only while ``active``.
public enum ApplicationState: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// In the foreground and receiving events.
    case active
    /// In the foreground but not receiving events (a call, the app switcher).
    case inactive
    /// Not visible.
    case background

    /// The raw name.
    public var description: String { rawValue }
}
