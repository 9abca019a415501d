import TransitionCoordinator

/// A present, a dismiss or a tab selected, made as a whole tree replacing the root window's
/// content (``ContainerOperation/replace(with:)``, as a link resolves): the animator must be told
/// the kind a handle call making the same change gives (the kind check in
/// ``StressChecker/animatorKind(_:told:derived:)``).
enum TreeChange {
    /// The modal stack this change presents (no other request names it).
    static let modalID: ContainerID = "treeModal"

    /// The request for what the root window shows in `snapshot`: the modal it presents dismissed;
    /// else, for tabs, the next tab selected every other time; else a modal stack presented over
    /// it, with a screen named for `now`. Nil when there is no root window.
    static func request(in snapshot: NavigationSnapshot, at now: Duration) -> TransitionRequest? {
        guard let root = snapshot.windowList.first(where: { $0.level == .root })?.content else { return nil }
        let target: WindowContent
        if case .presenting(let base, _) = root {
            target = base
        } else if case .tabs(let tabs) = root, tabs.tabs.count > 1, Int(now.components.attoseconds / 1_000_000_000 % 2) == 0,
            let next = try? TabBar(id: tabs.id, tabs: tabs.tabs, selected: (tabs.selected + 1) % tabs.tabs.count)
        {
            target = .tabs(next)
        } else {
            let screen = Screen("content", id: ScreenID("tree\(now.components.seconds)-\(now.components.attoseconds)"))
            target = .presenting(root, modal: .stack(StackContainer(id: modalID, root: screen)))
        }
        return .content(.replace(with: target), at: .root)
    }
}
