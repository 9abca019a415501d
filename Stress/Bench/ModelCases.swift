import TestSupport
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// The SwiftUI model's cases: what one committed transition costs a ``NavigationModel`` on the
/// main actor (reading the window into a ``NavigationState``, comparing, assigning), alone and
/// end to end with the coordinator's event on the way.
enum ModelCases {
    /// An app's tree: tabs of three stacks, the first `depth` screens deep and presenting a sheet.
    static func appTree(depth: Int, extra: Bool) -> WindowContent {
        let pushed = ContainerCases.items(depth, prefix: "i") + (extra ? [Screen("extra")] : [])
        return .tabs(
            TabBar(
                id: "main",
                .presenting(
                    .stack(StackContainer(id: "inbox", root: Screen("list"), pushed: pushed)),
                    modal: .stack(StackContainer(id: "compose", root: Screen("draft")))),
                .stack(StackContainer(id: "news", root: Screen("feed"))),
                .stack(StackContainer(id: "settings", root: Screen("prefs")))))
    }

    /// A stack of `count` screens, with one more on top when `extra`.
    static func stackTree(_ count: Int, extra: Bool) -> WindowContent {
        let screens = ContainerCases.items(count) + (extra ? [Screen("extra")] : [])
        return .stack(StackContainer(id: "bench", root: screens[0], pushed: Array(screens.dropFirst())))
    }

    /// `count` committed-looking snapshots of a root window alternating between `first` and
    /// `second`, versions 1 up: what a model receives from a run of transitions.
    static func snapshots(_ first: WindowContent, _ second: WindowContent, count: Int) -> [NavigationSnapshot] {
        (1...max(1, count)).map { version in
            let window = ManagedWindow(id: WindowID(1), level: .root, content: version.isMultiple(of: 2) ? first : second)
            return NavigationSnapshot(
                version: UInt64(version), levels: WindowLevel.builtIn, windows: [window], keyWindow: WindowID(1))
        }
    }

    /// Applies `snapshots` in order to a fresh model of `coordinator`'s root window, each a change
    /// of what it shows; returns how many.
    @MainActor
    static func apply(_ snapshots: [NavigationSnapshot], coordinator: Coordinator) -> Int {
        let model = NavigationModel(coordinator: coordinator)
        for snapshot in snapshots { model.apply(snapshot) }
        return snapshots.count
    }

    /// `pairs` unanimated pushes and pops on the stack `bench`, each followed until a model
    /// following the coordinator's events shows it; returns the transitions.
    @MainActor
    static func followed(_ coordinator: Coordinator, pairs: Int) async throws -> Int {
        let model = NavigationModel(coordinator: coordinator, showing: await coordinator.snapshot)
        let follower = Task { await model.run() }
        defer { follower.cancel() }
        let stack = coordinator.stack("bench"), screen = Screen("pushed")
        for _ in 0..<pairs {
            try await stack.push(screen)
            let popped = try await stack.pop()
            await model.applied(through: popped.after.version)
        }
        return 2 * pairs
    }
}
