import TransitionCoordinator

extension HostCommand {
    /// `create` of a stand-in window known by its id alone (at the root level, showing one screen
    /// named for it): for tests of a ledger, which counts windows by id.
    package static func create(id: WindowID) -> HostCommand {
        .create(ManagedWindow(id: id, level: .root, content: .screen(Screen("window\(id.rawValue)"))))
    }
}

extension Sequence<HostCommand> {
    /// The calls as a host's log reads them, each by its window's id: `create #2`, `show #2`.
    package var log: [String] { map(\.description) }
}
