import TestSupport
import Testing
import TransitionCoordinator

/// The animator is called exactly once, with the context that describes the transition.
@Suite("The context an animator receives")
struct TransitionContextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let request: TransitionRequest
        let kind: TransitionKind
        let topFrom: WindowID
        let topTo: WindowID
        let underlyingFrom: [String]
        let underlyingTo: [String]
        var testDescription: String { name }
    }

    /// Root #1 home, low #2 tutorial, medium #3 pin (key).
    static let stacked: [TransitionRequest] = [.push(Screens.tutorial, at: .low), .push(Screens.pin, at: .medium)]

    static let cases: [Case] = [
        Case(
            name: "a push names the old top as from, the new window as to, and everything below top-down",
            request: .push(Screens.shield, at: .high), kind: .push, topFrom: w(3), topTo: w(4),
            underlyingFrom: ["#2", "#1"], underlyingTo: ["#3", "#2", "#1"]),
        Case(
            name: "a pop names the popped window as from and the one under it as to",
            request: .pop(.medium), kind: .pop, topFrom: w(3), topTo: w(2),
            underlyingFrom: ["#2", "#1"], underlyingTo: ["#1"]),
        Case(
            name: "a pop by screen is a pop kind with the same windows",
            request: .popScreen("pin"), kind: .pop, topFrom: w(3), topTo: w(2),
            underlyingFrom: ["#2", "#1"], underlyingTo: ["#1"]),
        Case(
            name: "popAll names the old top as from and the root as to, with nothing under the root",
            request: .popAll, kind: .popAll, topFrom: w(3), topTo: w(1),
            underlyingFrom: ["#2", "#1"], underlyingTo: []),
        Case(
            name: "replaceRoot names the old top as from and the new root as to, with nothing under it",
            request: .replaceRoot(Screens.login), kind: .replaceRoot, topFrom: w(3), topTo: w(4),
            underlyingFrom: ["#2", "#1"], underlyingTo: []),
    ]

    @Test("each animatable kind calls the animator exactly once with the right context", arguments: cases)
    func contextPerKind(_ expected: Case) async throws {
        let fixture = await Fixture()
        try await fixture.prepare(Self.stacked)
        let before = await fixture.snapshot
        let animator = GatedAnimator(.returnAtOnce)

        let record = try await fixture.coordinator.perform(expected.request, animator: animator)

        #expect(record.animation == .ran)
        #expect(animator.callCount == 1)
        let context = try #require(animator.contexts.first)
        #expect(context.transitionID == record.id)
        #expect(context.kind == expected.kind)
        #expect(context.request == expected.request)
        #expect(context.topFromWindow == before.window(expected.topFrom))
        #expect(context.topToWindow == record.after.window(expected.topTo))
        #expect(context.topFromWindow.id == expected.topFrom)
        #expect(context.topToWindow.id == expected.topTo)
        #expect(context.underlyingFromWindows.map(\.label) == expected.underlyingFrom)
        #expect(context.underlyingToWindows.map(\.label) == expected.underlyingTo)
        #expect(context.isApplicationActive)
        #expect(context.source == .app)
        #expect(context.before == before && context.after == record.after)
    }

    @Test("the context names the screens a transition shows and takes away, by id")
    func arrivingAndLeaving() async throws {
        let fixture = await Fixture()
        try await fixture.prepare(Self.stacked)
        let animator = GatedAnimator(.returnAtOnce)

        try await fixture.coordinator.perform(.replaceRoot(Screens.login), animator: animator)

        let context = try #require(animator.contexts.first)
        #expect(context.arriving == [Screens.login])
        #expect(context.leaving == [Screens.home, Screens.tutorial, Screens.pin])
    }

    @Test("a guard is given the context the animator then gets, its source included")
    func guardSeesTheAnimatorsContext() async throws {
        let asked = Box<[TransitionContext]>([])
        let spy = NavigationGuard("spy") { context in
            asked.mutate { $0.append(context) }
            return .allow
        }
        let coordinator = await Coordinator(rootContent: .screen(Screens.home), guards: [spy])
        let animator = GatedAnimator(.returnAtOnce)

        let record = try await coordinator.openWindow(Screens.pin, at: .medium, animator: animator)

        let guarded = try #require(asked.value.first), animated = try #require(animator.contexts.first)
        #expect(guarded.transitionID == record.id && animated.transitionID == record.id)
        #expect(guarded.source == .app && animated.source == .app)
        #expect(guarded.request == animated.request)
        #expect(guarded.before == animated.before && guarded.after == animated.after)
        #expect(guarded.topToWindow == animated.topToWindow && guarded.arriving == [Screens.pin])
    }

    @Test("the underlying windows carry the managed windows' full values")
    func underlyingWindowsAreFullValues() async throws {
        let fixture = await Fixture()
        try await fixture.prepare([.push(Screens.tutorial, at: .low)])
        let animator = GatedAnimator(.returnAtOnce)
        try await fixture.coordinator.openWindow(Screens.pin, at: .medium, animator: animator)

        let context = try #require(animator.contexts.first)
        let root = ManagedWindow(id: w(1), level: .root, content: .screen(Screens.home))
        let tutorial = ManagedWindow(id: w(2), level: .low, content: .screen(Screens.tutorial))
        #expect(context.topFromWindow == tutorial)
        #expect(context.topToWindow == ManagedWindow(id: w(3), level: .medium, content: .screen(Screens.pin)))
        #expect(context.underlyingFromWindows == [.managed(root)])
        #expect(context.underlyingToWindows == [.managed(tutorial), .managed(root)])
    }

    @Test("the incoming windows are created and shown before the animator is entered")
    func incomingWindowsExistBeforeAnimation() async throws {
        let fixture = await Fixture()
        let animator = GatedAnimator()
        let caller = Task {
            await attempt { try await fixture.coordinator.openWindow(Screens.pin, at: .medium, animator: animator) }
        }
        await animator.started()

        #expect(await fixture.calls.log == ["create #2", "show #2"])
        #expect(await fixture.host.ledger.visible == [w(1), w(2)])
        #expect(await fixture.snapshot.version == 0)

        animator.open()
        _ = await caller.value
    }
}
