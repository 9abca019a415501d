import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// The testing guide's examples, run as a client runs them.
@Suite("The testing guide's examples")
struct GuideTests {
    static let list = Screen("list"), mail = Screen("mail")

    /// The app's completion-block animation, as it would ship: it calls its finish once.
    @Sendable static func slideBody(_ context: TransitionContext, _ finish: AnimationFinish) {
        // A real app animates its views here, and calls `finish()` in the completion block.
        finish()
    }

    /// The animator the app hands the coordinator.
    static let slide = CallbackAnimator(slideBody)

    @Test("a flow: each step states the state after, the record, the callbacks and the events")
    func flow() async throws {
        let (list, mail, slide) = (Self.list, Self.mail, Self.slide)
        // README: testing-flow
        let store = try await NavigationTestStore(root: .stack(StackContainer(id: "inbox", root: list)))
        await store.step("open a mail") {
            try await store.coordinator.stack("inbox").push(store.callbacks.item(mail), animator: slide)
        } expect: {
            $0.state = ["root(0): stack inbox [list, mail]"]
            $0.records = ["push mail onto inbox: ran"]
            $0.callbacks = ["didAdd mail", "didShow mail"]
            $0.events = ["began push mail onto inbox", "ended push mail onto inbox (ran)"]
        }
        await store.step("swipe back, and let go") {
            try await store.coordinator.user.backSwipe(in: "inbox", then: .cancel)
        } expect: {
            $0.events = ["began the user did: pop inbox", "cancelled the user did: pop inbox"]
        }
        await store.finish()
        // END README
    }

    @Test("an animator alone: the context a request would give, and a finish of its own")
    func animatorAlone() async throws {
        let app = try await Coordinator(root: .stack(StackContainer(id: "inbox", root: Self.list)), clock: TestClock())
        let context = try TransitionContext(for: .content(.push(Self.mail, onto: "inbox")), in: await app.snapshot)
        let finish = AnimationFinish()
        Self.slideBody(context, finish)
        #expect(finish.callCount == 1, "it finishes exactly once")
        try await Self.slide.animate(context)
    }

    @Test("a timeout: wait until it is armed, then move time to exactly its deadline")
    func timeout() async throws {
        let clock = TestClock()
        let app = await Coordinator(root: Self.list, host: TestHost(), clock: clock)
        async let record = app.perform(.push(Self.mail, at: .high), animator: ScriptedAnimator(.neverFinish))
        await clock.armed(.animation)
        clock.advance(toDeadlineOf: .animation)
        #expect(try await record.animation == .timedOut(after: .seconds(5)))
    }
}
