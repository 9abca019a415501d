import Testing
import TransitionCoordinator

@testable import StressBench

/// The bench's rows for a navigation's stages price the work a navigation does: each stage,
/// run alone, gives what the coordinator's own navigation gave.
@Suite("A navigation's stages")
struct RouteStagesTests {
    static func stages(steps: Int) async throws -> RouteCases.Stages {
        try await RouteCases.Stages(
            between: RouteCases.navigablePath(steps: steps, variant: "a"),
            and: RouteCases.navigablePath(steps: steps, variant: "b"))
    }

    @Test("compiling a route against what is shown gives the content the coordinator showed for it")
    func compileGivesTheShownContent() async throws {
        let stages = try await Self.stages(steps: 16)
        var made = RouteCompiler.MadeScreens()
        let first = try RouteCompiler.content(
            resolved: stages.routes.0, registry: stages.registry, sharingWith: stages.contents.1, made: &made)
        let second = try RouteCompiler.content(
            resolved: stages.routes.1, registry: stages.registry, sharingWith: first, made: &made)
        #expect(first == stages.contents.0)
        #expect(second == stages.contents.1)
        #expect(first != second, "the two routes differ by their top screen")
        #expect(try stages.compile(times: 4) == 4)
    }

    @Test("planning a navigation from the other state leads to the state the coordinator committed")
    func planLeadsToTheCommittedState() async throws {
        let stages = try await Self.stages(steps: 16)
        var next = WindowID(UInt64.max / 2)
        let plan = try TransitionPlanner.plan(
            .navigate(stages.routes.0, target: stages.contents.0), in: stages.states.1, nextWindowID: &next)
        #expect(plan.after.rootWindow?.content == stages.contents.0)
        #expect(plan.before == stages.states.1)
        #expect(try stages.plan(times: 4) == 4)
    }

    @Test("the check stage finds the contents whole, and would say so of a content that is not")
    func checkFindsTheContentsWhole() async throws {
        let stages = try await Self.stages(steps: 16)
        #expect(try stages.check(times: 4) == 4)
        let twice = WindowContent.stack(StackContainer(id: "s", root: Screen("a", id: "x"), pushed: [Screen("b", id: "x")]))
        #expect(!ContentInvariants.check(twice, in: "bench").isEmpty)
    }
}
