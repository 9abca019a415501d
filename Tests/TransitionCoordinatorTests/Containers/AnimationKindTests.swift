import TestSupport
import Testing

@testable import TransitionCoordinator

/// An animator is told the kind of the change itself, worked out from the content before and
/// after, whichever call made it; and a screen replaced by one with the same id and other
/// parameters is a new screen: it leaves and arrives, and on top it is animated (as a push).
@Suite("Animation kinds")
struct AnimationKindTests {
    static func fixture() async -> Coordinator {
        await Coordinator(root: Screen("launch"), clock: TestClock(), screens: RouteCompilerTests.registry())
    }

    /// The kind of change the animator was told for `path`, navigated to after `setup`.
    static func kind(navigating path: String, after setup: [String]) async throws -> ContentAnimation? {
        let coordinator = await fixture()
        for step in setup { try await coordinator.navigate(to: try Route(parsing: step)) }
        let animator = GatedAnimator(.returnAtOnce)
        try await coordinator.navigate(to: try Route(parsing: path), animator: animator)
        return animator.contexts.first?.contentChange?.animation
    }

    /// Routes and the kind of change each is: a modal coming up is presented, one going away is
    /// dismissed, whether a handle or a link does it.
    static let routes: [(setup: [String], path: String, kind: ContentAnimation)] = [
        (["^/home/friend"], "!/compose", .present),
        (["^/home/friend"], "^/home/friend!/compose/draft", .present),
        (["^/home/friend!/compose"], "..", .dismiss),
        (["^/home/friend!/compose"], "^/home/friend", .dismiss),
        (["^/home/friend!/compose"], "^/home", .dismiss),
        (["^/home"], "^/home/friend", .push),
        (["^/home/friend"], "..", .pop),
        (["^/main#inbox"], "^/main#settings", .select),
    ]

    @Test("a change through navigate reaches the animator as the same kind as through a handle", arguments: routes.indices)
    func navigateKinds(_ index: Int) async throws {
        let row = Self.routes[index]
        #expect(try await Self.kind(navigating: row.path, after: row.setup) == row.kind, "\(row.setup) then \(row.path)")
    }

    @Test("a handle's present and dismiss, and a whole tree replaced the same way, are told the same kinds")
    func handleAndReplace() async throws {
        let stack = StackContainer(id: "home", root: Screen("home"))
        let sheet = WindowContent.stack(StackContainer(id: "sheet", root: Screen("compose")))
        let byHandle = try await Coordinator(root: .stack(stack), clock: TestClock())
        let byTree = try await Coordinator(root: .stack(stack), clock: TestClock())
        let animator = GatedAnimator(.returnAtOnce), treeAnimator = GatedAnimator(.returnAtOnce)
        try await byHandle.stack("home").present(sheet, animator: animator)
        try await byHandle.stack("home").dismiss(animator: animator)
        try await byTree.change(.replace(with: .presenting(.stack(stack), modal: sheet)), animator: treeAnimator)
        try await byTree.change(.replace(with: .stack(stack)), animator: treeAnimator)
        #expect(animator.contexts.map(\.contentChange?.animation) == [.present, .dismiss])
        #expect(treeAnimator.contexts.map(\.contentChange?.animation) == [.present, .dismiss])
    }

    @Test(
        "a sheet over a hop container's screen goes away as a dismiss, by its presenter or by the whole tree; another screen there is a hop"
    )
    func hopScreenSheet() async throws {
        let splash = Screen("splash")
        let bare = WindowContent.hop(HopContainer(id: "launch", showing: .screen(splash)))
        let presenting = WindowContent.hop(
            HopContainer(id: "launch", showing: .presenting(.screen(splash), modal: .screen(Screen("terms")))))
        let byHandle = try await Coordinator(root: presenting, clock: TestClock())
        let byTree = try await Coordinator(root: presenting, clock: TestClock())
        let animator = GatedAnimator(.returnAtOnce), treeAnimator = GatedAnimator(.returnAtOnce)
        try await byHandle.dismiss(presentedBy: .screen(splash.id), animator: animator)
        try await byTree.replaceContent(with: bare, animator: treeAnimator)
        #expect(animator.contexts.map(\.contentChange?.animation) == [.dismiss])
        #expect(treeAnimator.contexts.map(\.contentChange?.animation) == [.dismiss])
        // The same screen id with other parameters, with or without the sheet, is another screen.
        let other = WindowContent.hop(
            HopContainer(id: "launch", showing: .screen(Screen("splash", id: splash.id, parameters: ["v": "2"]))))
        #expect(ContentAnimation.between(presenting, other) == .hop && ContentAnimation.between(bare, other) == .hop)
    }

    @Test("a top screen replaced by one with the same id and new parameters is animated, as its events say it changed")
    func sameIDNewParameters() async throws {
        let coordinator = try await Coordinator(
            root: .stack(StackContainer(id: "s", root: Screen("one", parameters: ["p": "1"]))),
            clock: TestClock())
        let animator = GatedAnimator(.returnAtOnce)
        let record = try await coordinator.stack("s").setStack([Screen("one", parameters: ["p": "2"])], animator: animator)
        #expect(record.screenEvents.map(\.kind) == [.didHide, .didRemove, .didAdd, .didShow])
        #expect(record.animation == .ran)
        #expect(animator.contexts.first?.contentChange?.animation == .push)
    }

    @Test("a top screen set again unchanged is not animated and has no events")
    func sameScreen() async throws {
        let coordinator = try await Coordinator(
            root: .stack(StackContainer(id: "s", root: Screen("one", parameters: ["p": "1"]))),
            clock: TestClock())
        let record = try await coordinator.stack("s").setStack(
            [Screen("one", parameters: ["p": "1"])], animator: GatedAnimator(.returnAtOnce))
        #expect(record.screenEvents.isEmpty)
        #expect(record.animation == .skipped(.topWindowUnchanged))
    }
}
