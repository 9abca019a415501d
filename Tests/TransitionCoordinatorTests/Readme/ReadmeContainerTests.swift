import Testing
import TransitionCoordinator

/// The README's containers example, run as a client that only imports the library.
@Suite("README containers example")
struct ReadmeContainerTests {
    static let slide = CallbackAnimator { _, finish in finish() }

    @Test("tabs of two stacks: a push, a tab switch, a sheet presented and dismissed, a setStack with a nil item")
    func containersExample() async throws {
        let coordinator = try await ReadmeSnippets.containers()
        let push = try #require(await coordinator.history.first { $0.kind == .content })
        #expect(push.animation.animatorWasCalled)
        let set = try #require(await coordinator.history.last)
        #expect(set.after.windows[0].content.description == "tabs main {stack inbox [list, thread], *stack news [feed]}")
        #expect(await coordinator.snapshot.description.contains("tabs main {stack inbox [list, thread], *stack news [feed]}"))
        #expect(await coordinator.audit().isEmpty)
    }

    @Test("the deep-link example lands on the ids the registry declares: the link's modal stack takes a push by its id")
    func deepLinkExample() async throws {
        let coordinator = try await ReadmeSnippets.deepLink()
        let root = try #require(await coordinator.snapshot.rootWindow?.content)
        #expect(root.holds("main") && root.holds("inbox") && root.holds("settings") && root.holds("compose"))
        #expect(root.topScreen.name == "draft")
        #expect(await coordinator.audit().isEmpty)
    }
}
