import Testing
import TransitionCoordinator

/// The README's containers example, run as a client that only imports the library.
@Suite("README containers example")
struct ReadmeContainerTests {
    static let slide = CallbackAnimator { _, finish in finish() }

    @Test("tabs of two stacks: a push, a tab switch, a sheet presented and dismissed, a setStack with a nil item")
    func containersExample() async throws {
        let inbox = StackContainer(id: "inbox", root: Screen("list"))
        let news = StackContainer(id: "news", root: Screen("feed"))
        let coordinator = try await Coordinator(root: .tabs(TabBar(id: "main", .stack(inbox), .stack(news))))

        let push = try await coordinator.stack("inbox").push(Screen("mail"), animator: Self.slide)
        #expect(push.animation.animatorWasCalled)
        try await coordinator.tabs("main").select(1)
        try await coordinator.stack("news").present(.stack(StackContainer(id: "compose", root: Screen("draft"))))
        try await coordinator.stack("news").dismiss()
        let set = try await coordinator.stack("inbox").setStack([Screen("list"), nil, Screen("thread")])
        #expect(set.after.windows[0].content.description == "tabs main {stack inbox [list, thread], *stack news [feed]}")
        #expect(await coordinator.snapshot.description.contains("tabs main {stack inbox [list, thread], *stack news [feed]}"))
        #expect(await coordinator.audit().isEmpty)
    }
}
