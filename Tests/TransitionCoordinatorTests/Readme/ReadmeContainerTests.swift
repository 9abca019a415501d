import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// The README's containers and deep-link examples, run as a client that imports the library and
/// its testing product. Each snippet makes its coordinator and runs its calls in one block, so no
/// store can watch it step by step; its history is read afterwards, every record stated exactly,
/// as a store states them.
@Suite("README containers example")
struct ReadmeContainerTests {
    @Test("tabs of two stacks: a push, a tab switch, a sheet presented and dismissed, a setStack with a nil item")
    func containersExample() async throws {
        let coordinator = try await ReadmeSnippets.containers()
        let records = await coordinator.history.map(\.line)
        #expect(
            records == [
                "push mail(id=42) onto inbox: ran",
                "select tab 1 of main: skipped (no animator)",
                "present draft from container news: skipped (no animator)",
                "dismiss what container news presents: skipped (no animator)",
                "set inbox to [list, thread]: skipped (no animator)",
            ])
        let push = try #require(await coordinator.history.first { $0.kind == .content })
        #expect(push.animation.animatorWasCalled)
        let set = try #require(await coordinator.history.last)
        #expect(set.after.windowList[0].content.description == "tabs main {stack inbox [list, thread], *stack news [feed]}")
        let state = await coordinator.snapshot.lines
        #expect(state == ["root(0): tabs main {stack inbox [list, thread], *stack news [feed]}"])
        #expect(await coordinator.audit().isEmpty)
    }

    @Test("the deep-link example lands on the ids the registry declares: the link's modal stack takes a push by its id")
    func deepLinkExample() async throws {
        let coordinator = try await ReadmeSnippets.deepLink()
        let records = await coordinator.history.map(\.line)
        #expect(
            records == [
                "navigate to ^/main#inbox/mail(id=42)!/compose: skipped (no animator)",
                "push draft onto compose: skipped (no animator)",
            ])
        let root = try #require(await coordinator.snapshot.rootWindow?.content)
        #expect(root.holds("main") && root.holds("inbox") && root.holds("settings") && root.holds("compose"))
        #expect(root.topScreen.name == "draft")
        let state = await coordinator.snapshot.lines
        #expect(
            state == [
                "root(0): tabs main {*stack inbox [inbox, mail(id=42)] ! stack compose [compose, draft], stack settings [settings]}"
            ])
        #expect(await coordinator.audit().isEmpty)
    }
}
