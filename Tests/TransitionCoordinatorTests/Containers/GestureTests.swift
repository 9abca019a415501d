import TestSupport
import Testing

@testable import TransitionCoordinator

/// What the user did is written back: reported changes fold in as transitions marked from the
/// user; interactive gestures hold the slot from begin to commit (applied, `remove` once) or
/// cancel (nothing changes, no callback), and a lifecycle event cuts them short as cancelled.
@Suite("User changes and gestures")
struct GestureTests {
    typealias T = ContentTrees

    /// A coordinator whose root stack `form` holds step1 and step2, both with logging callbacks.
    static func form(covers: LifecycleCovers = .none) async throws -> (Coordinator, CallbackLog) {
        let configuration = try CoordinatorConfiguration(levels: WindowLevel.builtIn, shield: covers.shield, lock: covers.lock)
        let coordinator = try await Coordinator(
            root: .stack(StackContainer(id: "form", root: Screen("step1"))),
            configuration: configuration, clock: TestClock())
        let log = CallbackLog()
        try await coordinator.stack("form").setStack([log.item(Screen("step1")), log.item(Screen("step2"))])
        log.clear()
        return (coordinator, log)
    }

    @Test("a committed swipe-back pops once, calls remove once and is recorded as the user's, unanimated")
    func committedSwipe() async throws {
        let (coordinator, log) = try await Self.form()
        let gesture = try await coordinator.beginGesture(.pop("form"))
        #expect(await coordinator.inFlightTransition?.id == gesture.id, "the gesture holds the slot")
        let record = try await gesture.commit()
        #expect(record.request == .userDid(.pop("form")))
        #expect(record.animation == .skipped(.madeByUser))
        #expect(await coordinator.stack("form").items() == [Screen("step1")])
        #expect(log.calls == ["didHide step2", "didRemove step2", "remove step2", "didShow step1"])
        await #expect(throws: TransitionError.refused(.gestureEnded(gesture.id))) { try await gesture.commit() }
    }

    @Test("a cancelled swipe-back changes nothing, calls nothing, and hands the slot to the next waiter")
    func cancelledSwipe() async throws {
        let (coordinator, log) = try await Self.form()
        var probe = EventProbe(coordinator)
        let before = await coordinator.snapshot
        let gesture = try await coordinator.beginGesture(.pop("form"))
        await #expect(
            throws: TransitionError.refused(
                .busy(inFlight: InFlightTransition(id: gesture.id, request: .userDid(.pop("form")), source: .gesture)))
        ) {
            try await coordinator.stack("form").push(Screen("help"))
        }
        let waiter = Task { await attempt { try await coordinator.stack("form").push(Screen("step3"), policy: .enqueue) } }
        await probe.waiting(.content(.push(Screen("step3"), onto: "form")))
        await gesture.cancel()
        let record = try #require(await waiter.value.success)
        #expect(record.before == before, "the cancelled gesture left no trace in the chain")
        #expect(log.calls == ["didHide step2"], "only the push hides step2; the gesture called nothing")
        #expect(!(await coordinator.history.contains { $0.id == gesture.id }))
        _ = await probe.next { if case .cancelled(let transition) = $0 { transition.id == gesture.id } else { false } }
    }

    @Test(
        "a preempting navigation to where a held swipe leads waits for the finger: the swipe cancelled, it runs; committed, it is already there",
        arguments: [false, true])
    func preemptWaitsForTheFinger(commits: Bool) async throws {
        let coordinator = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: .open)
        try await coordinator.navigate(to: try Route(parsing: "^/home/vault"))
        var probe = EventProbe(coordinator)
        let gesture = try await coordinator.beginGesture(.pop("^"))
        let back = try Route(parsing: "^/home")
        let link = Task { () throws(TransitionError) -> TransitionRecord? in
            try await coordinator.navigate(to: back, policy: .preempt)
        }
        _ = await probe.next { if case .waiting(.navigate(back, _), lane: .preempt) = $0 { true } else { false } }
        if commits {
            let swiped = try await gesture.commit()
            #expect(try await link.value == nil, "the swipe took the app there")
            #expect(await coordinator.snapshot == swiped.after)
        } else {
            await gesture.cancel()
            let record = try #require(try await link.value)
            #expect(record.request.kind == .navigate)
            #expect(await coordinator.snapshot.rootWindow?.content.topScreen.name == "home")
        }
    }

    @Test("a lifecycle event cuts a gesture short as cancelled; committing it then changes nothing")
    func lifecycleCutsGesture() async throws {
        let (coordinator, log) = try await Self.form()
        let gesture = try await coordinator.beginGesture(.pop("form"))
        let inactive = try await coordinator.setApplicationState(.inactive)
        #expect(inactive.before.windowList == inactive.after.windowList)
        await #expect(throws: TransitionError.refused(.gestureEnded(gesture.id))) { try await gesture.commit() }
        #expect(await coordinator.stack("form").items() == [Screen("step1"), Screen("step2")])
        #expect(log.calls.isEmpty)
    }

    @Test("a gesture dropped without commit or cancel is cancelled, so the slot is not held forever")
    func droppedGesture() async throws {
        let (coordinator, _) = try await Self.form()
        var probe = EventProbe(coordinator)
        do { _ = try await coordinator.beginGesture(.pop("form")) }
        _ = await probe.next { if case .cancelled = $0 { true } else { false } }
        #expect(await coordinator.inFlightTransition == nil)
        try await coordinator.stack("form").pop()
    }

    @Test("a swipe-back at a stack's root is refused with the planner's typed error")
    func swipeAtRoot() async throws {
        let coordinator = try await Coordinator(root: .stack(T.news), clock: TestClock())
        await #expect(
            throws: TransitionError.container(
                .popAtRoot(stack: "news", root: T.feed.id),
                in: await coordinator.snapshot.windowList[0])
        ) {
            _ = try await coordinator.beginGesture(.pop("news"))
        }
        #expect(await coordinator.inFlightTransition == nil)
    }

    @Test("a tab tap and a sheet swiped away are folded in as the user's, in order, with their callbacks")
    func reportedChanges() async throws {
        let coordinator = try await Coordinator(root: T.app, clock: TestClock())
        let log = CallbackLog()
        try await coordinator.stack("compose").push(log.item(Screen("picker")))
        let dismissed = try await coordinator.userDid(.dismiss(.container("inbox")))
        let tapped = try await coordinator.userDid(.select(tab: 1, in: "main"))
        #expect(dismissed.request.isFromUser && tapped.request.isFromUser)
        #expect(tapped.before == dismissed.after)
        #expect(log.calls == ["didAdd picker", "didShow picker", "didHide picker", "didRemove picker", "remove picker"])
        #expect(await coordinator.snapshot.windowList[0].content.topScreen == T.feed)
    }
}
