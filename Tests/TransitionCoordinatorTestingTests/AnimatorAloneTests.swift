import Synchronization
import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// An app's animator, tested alone: a context planned from a state, a finish of its own.
@Suite("An animator tested alone")
struct AnimatorAloneTests {
    static let list = Screen("list"), mail = Screen("mail")

    @Test("a context planned for a push names the windows and screens the coordinator would give")
    func plannedPush() async throws {
        let coordinator = await Coordinator(root: Self.list, clock: TestClock())
        let before = await coordinator.snapshot
        let context = try TransitionContext(for: .push(Self.mail, at: .high), in: before)
        #expect(context.kind == .push)
        #expect(context.fromScreen == Self.list)
        #expect(context.toScreen == Self.mail)
        #expect(context.topToWindow.level == .high)
        #expect(context.underlyingToWindows == [.managed(context.topFromWindow)])
        // The coordinator gives its animator the same context, but for its id.
        let animator = ScriptedAnimator()
        try await coordinator.perform(.push(Self.mail, at: .high), animator: animator)
        let given = try #require(animator.contexts.first)
        #expect(given.topToWindow == context.topToWindow)
        #expect(given.underlyingToWindows == context.underlyingToWindows)
    }

    @Test("a guard tested alone on a planned context: a link's source is the one given, the app's when none is")
    func guardAlone() async throws {
        let coordinator = await Coordinator(root: Self.list, clock: TestClock())
        let before = await coordinator.snapshot
        let onlyLinks = NavigationGuard("links only to mail") { context in
            context.source == .link && !context.arriving.contains(Self.mail) ? .deny("not mail") : .allow
        }
        let linked = try TransitionContext(for: .push(Screen("promo"), at: .high), in: before, source: .link)
        let asked = try TransitionContext(for: .push(Screen("promo"), at: .high), in: before)
        #expect(linked.source == .link && asked.source == .app)
        #expect(linked.arriving == [Screen("promo")] && linked.leaving.isEmpty)
        #expect(await onlyLinks.decide(linked) == .deny("not mail"))
        #expect(await onlyLinks.decide(asked) == .allow)
    }

    @Test("a context planned for a push inside a stack names the container, the kind of animation and the screens")
    func plannedContentPush() async throws {
        let coordinator = try await Coordinator(root: .stack(StackContainer(id: "inbox", root: Self.list)), clock: TestClock())
        let context = try TransitionContext(for: .content(.push(Self.mail, onto: "inbox")), in: await coordinator.snapshot)
        #expect(context.container == "inbox")
        #expect(context.contentChange?.animation == .push)
        #expect(context.contentChange?.arrived == [Self.mail])
        #expect(context.topFromWindow.id == context.topToWindow.id, "a change inside one window")
    }

    @Test("a request that does not fit the state throws the coordinator's typed error, and plans nothing")
    func refusedPlan() async throws {
        let state = await Coordinator(root: Self.list, clock: TestClock()).snapshot
        #expect(throws: TransitionError.invalid(.nothingToPop(.high))) {
            try TransitionContext(for: .pop(.high), in: state)
        }
    }

    @Test("a completion-block animator called with a finish of its own: the finish counts its calls and keeps the first")
    func finishAlone() throws {
        struct Boom: Error {}
        let twice = AnimationFinish()
        twice()
        twice.fail(Boom())
        #expect(twice.callCount == 2)
        #expect(try #require(twice.result).isSuccess)

        let failed = AnimationFinish()
        failed.fail(Boom())
        #expect(failed.callCount == 1)
        #expect(try #require(failed.result).isSuccess == false)

        #expect(AnimationFinish().result == nil, "never called: no result")
    }

    @Test("a completion-block animator run on a planned context returns once it calls its finish")
    func callbackAnimatorAlone() async throws {
        let state = await Coordinator(root: Self.list, clock: TestClock()).snapshot
        let context = try TransitionContext(for: .push(Self.mail, at: .high), in: state)
        let seen = Mutex<[String]>([])
        let animator = CallbackAnimator { context, finish in
            seen.withLock { $0.append("\(context.fromScreen.name) → \(context.toScreen.name)") }
            finish()
        }
        try await animator.animate(context)
        #expect(seen.withLock { $0 } == ["list → mail"])
    }
}

extension Result {
    /// Whether this is a success.
    var isSuccess: Bool { if case .success = self { true } else { false } }
}
