import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// What users of navigation libraries report again and again, each made impossible and shown
/// as a client would, against the public API and the testing product only, twice over:
///
/// - **One interleaving, stated exactly.** Gates decide the order (an animation held until the
///   test opens it, a request awaited until it waits its turn), and a ``NavigationTestStore``
///   states what each step does: the state after, the records, the screens' callbacks, the
///   events, the error.
/// - **Every interleaving, on real threads.** Round after round on the thread pool, each round
///   beside a task that sends the app to the background and back (the lock goes up and is
///   unlocked) while every animation yields, so requests, animations and lifecycle events
///   interleave differently in every round. Whatever the interleaving, what each test checks must hold.
@Suite("User complaints: one interleaving stated exactly, then every one on real threads under lifecycle events")
struct UserComplaintTests {
    static let list = Screen("list"), mail = Screen("mail"), thread = Screen("thread"), feed = Screen("feed")
    static let rounds = 40

    /// The app's root: tabs of two stacks, `inbox [list]` and `news [feed]`.
    static let root = WindowContent.tabs(
        TabBar(id: "main", .stack(StackContainer(id: "inbox", root: list)), .stack(StackContainer(id: "news", root: feed))))

    /// The app's configuration: a lock screen at `high`.
    static func configuration() throws -> CoordinatorConfiguration {
        try CoordinatorConfiguration(lock: LifecycleCover(screen: Screen("pin"), level: .high))
    }

    /// A coordinator showing ``root``, with a lock screen configured.
    static func app() async throws -> Coordinator {
        try await Coordinator(root: root, configuration: configuration())
    }

    /// A store over a coordinator showing ``root``, with a lock screen configured.
    static func store() async throws -> NavigationTestStore {
        try await NavigationTestStore(root: root, configuration: configuration())
    }

    /// A compose sheet over the inbox.
    static let compose = WindowContent.stack(StackContainer(id: "compose", root: Screen("draft")))

    // MARK: - Every interleaving, on real threads

    /// Runs `body` `rounds` times, each beside one lifecycle cycle (inactive, active, background
    /// with the lock going up, active, unlock) that starts at a different step each round; then
    /// checks the coordinator's audit. (Paced by the rounds, not a free loop: an uncontended
    /// lifecycle call never suspends, and a loop of them would hold a thread of the pool.)
    static func underLifecycle(_ coordinator: Coordinator, _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        for round in 0..<rounds {
            async let cycle: Void = lifecycleCycle(coordinator, from: round)
            try await body(round)
            await cycle
        }
        #expect(await coordinator.audit().isEmpty)
    }

    /// One cycle of application states and an unlock, rotated to start at step `from` (modulo 5).
    static func lifecycleCycle(_ coordinator: Coordinator, from: Int) async {
        for step in 0..<5 {
            switch (step + from) % 5 {
            case 0: _ = try? await coordinator.setApplicationState(.inactive)
            case 1: _ = try? await coordinator.setApplicationState(.active)
            case 2: _ = try? await coordinator.setApplicationState(.background)
            case 3: _ = try? await coordinator.setApplicationState(.active)
            default: _ = try? await coordinator.unlock(policy: .enqueue)
            }
            await Task.yield()
        }
    }

    /// The stack `id`'s screens by name.
    static func names(_ coordinator: Coordinator, _ id: ContainerID) async -> [String] {
        await coordinator.stack(id).items()?.map(\.name) ?? []
    }

    /// A tap that pushes `mail` onto the inbox, waiting its turn.
    @discardableResult
    static func push(
        _ coordinator: Coordinator, _ mail: StackItem = StackItem(mail), animator: any Animator = YieldingAnimator()
    ) async throws(TransitionError) -> TransitionRecord {
        try await coordinator.stack("inbox").push(mail, animator: animator, policy: .enqueue)
    }

    /// A tap that pushes `mail` onto the inbox; its refusal, or nil when it pushed.
    static func tap(_ coordinator: Coordinator) async -> TransitionError? {
        do throws(TransitionError) {
            try await push(coordinator)
            return nil
        } catch {
            return error
        }
    }

    @Test("a double tap pushes the screen once: the second push is refused with a typed error, whenever it lands")
    func doubleTap() async throws {
        let coordinator = try await Self.app()
        try await Self.underLifecycle(coordinator) { _ in
            async let first = Self.tap(coordinator)
            async let second = Self.tap(coordinator)
            let refusals = await [first, second].compactMap { $0 }.map(\.code)
            #expect(refusals.count == 1, "exactly one of the taps pushes")
            #expect(
                refusals.allSatisfy { ["screenAlreadyRequested", "container.duplicateScreen", "duplicateScreen"].contains($0) },
                "\(refusals)")
            #expect(await Self.names(coordinator, "inbox") == ["list", "mail"])
            try await coordinator.stack("inbox").popToRoot(policy: .enqueue)
        }
    }

    @Test("a tab switch during a push leaves model and screen in step: both apply, in order, nothing blank")
    func tabSwitchDuringPush() async throws {
        let coordinator = try await Self.app()
        try await Self.underLifecycle(coordinator) { round in
            async let push = coordinator.stack("inbox").push(Self.thread, animator: YieldingAnimator(), policy: .enqueue)
            async let select = coordinator.tabs("main").select(
                round % 2 == 0 ? 1 : 0, animator: YieldingAnimator(), policy: .enqueue)
            let (pushed, selected) = try await (push, select)
            #expect(pushed.id != selected.id)
            #expect(await Self.names(coordinator, "inbox") == ["list", "thread"])
            #expect(await coordinator.tabs("main").selected() == (round % 2 == 0 ? 1 : 0))
            try await coordinator.stack("inbox").pop(policy: .enqueue)
        }
        // No committed state kept in the history shows a blank (a container with no screen).
        #expect(
            await coordinator.history.allSatisfy { record in
                record.after.windowList.allSatisfy { $0.content.topScreen != .missing }
            })
    }

    @Test("a cancelled swipe is no pop; a committed one pops once and calls remove once, even when a lifecycle event cuts it")
    func swipes() async throws {
        let coordinator = try await Self.app()
        let log = CallbackLog()
        try await Self.underLifecycle(coordinator) { round in
            try await coordinator.stack("inbox").push(log.item(Self.thread), policy: .enqueue)
            let before = log.count("remove thread")
            if round % 2 == 0 {
                try await coordinator.user.backSwipe(in: "inbox", cancelled: true, policy: .enqueue)
                #expect(await Self.names(coordinator, "inbox") == ["list", "thread"], "a cancelled swipe changes nothing")
                #expect(log.count("remove thread") == before)
                try await coordinator.stack("inbox").pop(policy: .enqueue)
            } else {
                do throws(TransitionError) {
                    try await coordinator.user.backSwipe(in: "inbox", policy: .enqueue)
                } catch {
                    // A lifecycle event cut the swipe short: nothing changed; the app pops instead.
                    #expect(error.code == "gestureEnded")
                    try await coordinator.stack("inbox").pop(policy: .enqueue)
                }
            }
            #expect(await Self.names(coordinator, "inbox") == ["list"])
            #expect(log.count("remove thread") == before + 1, "remove fires exactly once per departure")
        }
    }

    @Test("dismiss a sheet and push, as one change: one record, one animation, the sheet's screens gone and the push added")
    func dismissAndPushAsOne() async throws {
        let coordinator = try await Self.app()
        try await Self.underLifecycle(coordinator) { _ in
            try await coordinator.stack("inbox").present(Self.compose, policy: .enqueue)
            let target = WindowContent.tabs(
                TabBar(
                    id: "main", .stack(StackContainer(id: "inbox", root: Self.list, pushed: [Self.mail])),
                    .stack(StackContainer(id: "news", root: Self.feed))))
            let record = try await coordinator.perform(
                .content(.replace(with: target), at: .root), animator: YieldingAnimator(),
                policy: .enqueue)
            #expect(record.screenEvents.contains { $0.kind == .didRemove && $0.screen.name == "draft" })
            #expect(record.screenEvents.contains { $0.kind == .didAdd && $0.screen.name == "mail" })
            #expect(
                await coordinator.history.last(where: { $0.request.kind == .content })?.id == record.id,
                "nothing else of the content's came after it")
            #expect(record.after.window(at: .root)?.content == target, "no intermediate state in between")
            try await coordinator.stack("inbox").popToRoot(policy: .enqueue)
        }
    }

    @Test("dismissing a parent sheet takes the child sheet over it along, in the same transition")
    func parentDismissedUnderChild() async throws {
        let coordinator = try await Self.app()
        try await Self.underLifecycle(coordinator) { _ in
            try await coordinator.stack("inbox").present(Self.compose, policy: .enqueue)
            try await coordinator.stack("compose").present(
                .stack(StackContainer(id: "attach", root: Screen("photos"))), policy: .enqueue)
            let dismissed = try await coordinator.stack("inbox").dismiss(animator: YieldingAnimator(), policy: .enqueue)
            let removed = dismissed.screenEvents.filter { $0.kind == .didRemove }.map(\.screen.name).sorted()
            #expect(removed == ["draft", "photos"])
            #expect(await coordinator.stack("compose").items() == nil)
            #expect(await coordinator.stack("attach").items() == nil)
        }
    }

    // MARK: - One interleaving, stated exactly

    /// The step that opens a thread in the inbox, its callbacks noted in the store's log.
    static func openThread(_ store: NavigationTestStore, sourceLocation: SourceLocation = #_sourceLocation) async {
        let (coordinator, log) = (store.coordinator, store.callbacks)
        await store.step(
            "a thread opened", { try await coordinator.stack("inbox").push(log.item(Self.thread)) },
            expect: {
                $0.state = ["root(0): tabs main {*stack inbox [list, thread], stack news [feed]}"]
                $0.records = ["push thread onto inbox: skipped (no animator)"]
                $0.callbacks = ["didAdd thread", "didShow thread"]
                $0.events = ["began push thread onto inbox", "ended push thread onto inbox (skipped (no animator))"]
            }, sourceLocation: sourceLocation)
    }

    @Test(
        "a double tap pushes the mail once; the second tap, during the push, is refused as already requested, a late one as a duplicate"
    )
    func doubleTapStated() async throws {
        let store = try await Self.store()
        let (coordinator, log) = (store.coordinator, store.callbacks)
        let slide = GatedAnimator()
        let first = await store.step("the first tap: the push's animation runs") {
            let first = Task { try await Self.push(coordinator, log.item(Self.mail), animator: slide) }
            await slide.started()
            return first
        } expect: {
            $0.events = ["began push mail onto inbox"]
        }
        await store.step("the second tap, while the first animates") {
            try await Self.push(coordinator, log.item(Self.mail), animator: slide)
        } expect: {
            $0.events = ["rejected push mail onto inbox: screenAlreadyRequested"]
            $0.error = "screenAlreadyRequested"
        }
        await store.step("the push's animation ends") {
            slide.open()
            return try await first?.value
        } expect: {
            $0.state = ["root(0): tabs main {*stack inbox [list, mail], stack news [feed]}"]
            $0.records = ["push mail onto inbox: ran"]
            $0.callbacks = ["didAdd mail", "didShow mail"]
            $0.events = ["ended push mail onto inbox (ran)"]
        }
        await store.step("a late tap, once the mail shows") {
            try await Self.push(coordinator, log.item(Self.mail), animator: slide)
        } expect: {
            $0.events = ["rejected push mail onto inbox: container.duplicateScreen"]
            $0.error = "container.duplicateScreen"
        }
        #expect(slide.callCount == 1, "one animation: the refused taps never reached the animator")
        await store.finish()
    }

    @Test("a tab tap during a push waits its turn: the push, then the switch, in order, nothing blank")
    func tabSwitchDuringPushStated() async throws {
        let store = try await Self.store()
        let (coordinator, log) = (store.coordinator, store.callbacks)
        var probe = EventProbe(coordinator)
        let slide = GatedAnimator()
        let push = await store.step("a thread opened: the push's animation runs") {
            let push = Task {
                try await coordinator.stack("inbox").push(log.item(Self.thread), animator: slide, policy: .enqueue)
            }
            await slide.started()
            return push
        } expect: {
            $0.events = ["began push thread onto inbox"]
        }
        let select = await store.step("the news tab tapped meanwhile: the switch waits") {
            let select = Task { try await coordinator.tabs("main").select(1, policy: .enqueue) }
            _ = await probe.next { event in
                if case .waiting = event { return true }
                return false
            }
            return select
        } expect: {
            $0.events = ["waiting select tab 1 of main (queued)"]
        }
        await store.step("the push's animation ends: the push, then the switch") {
            slide.open()
            return (try await push?.value, try await select?.value)
        } expect: {
            $0.state = ["root(0): tabs main {stack inbox [list, thread], *stack news [feed]}"]
            $0.records = ["push thread onto inbox: ran", "select tab 1 of main: skipped (no animator)"]
            $0.callbacks = ["didAdd thread", "didShow thread", "didHide thread"]
            $0.events = [
                "ended push thread onto inbox (ran)",
                "began select tab 1 of main",
                "ended select tab 1 of main (skipped (no animator))",
            ]
        }
        // No committed state kept in the history shows a blank (a container with no screen).
        #expect(await coordinator.history.allSatisfy { $0.after.windowList.allSatisfy { $0.content.topScreen != .missing } })
        await store.finish()
    }

    @Test("a cancelled swipe is no pop; a committed one pops once and calls remove once")
    func swipesStated() async throws {
        let store = try await Self.store()
        let coordinator = store.coordinator
        await Self.openThread(store)
        await store.step("a back swipe, let go") {
            try await coordinator.user.backSwipe(in: "inbox", cancelled: true)
        } expect: {
            $0.events = ["began the user did: pop inbox", "cancelled the user did: pop inbox"]
        }
        await store.step("a back swipe, past the threshold") {
            try await coordinator.user.backSwipe(in: "inbox")
        } expect: {
            $0.state = ["root(0): tabs main {*stack inbox [list], stack news [feed]}"]
            $0.records = ["the user did: pop inbox: skipped (made by the user), from gesture"]
            $0.callbacks = ["didHide thread", "didRemove thread", "remove thread"]
            $0.events = ["began the user did: pop inbox", "ended the user did: pop inbox (skipped (made by the user))"]
        }
        await store.finish()
    }

    @Test("a swipe cut short by the app going to the background pops nothing; the app's pop afterwards calls remove once")
    func swipeCutByLifecycleStated() async throws {
        let store = try await Self.store()
        let coordinator = store.coordinator
        await Self.openThread(store)
        let swipe = await store.step("a back swipe begins") {
            try await coordinator.beginGesture(.pop("inbox"))
        } expect: {
            $0.events = ["began the user did: pop inbox"]
        }
        await store.step("the app goes to the background mid-swipe: the lock goes up") {
            try await coordinator.system.background()
        } expect: {
            $0.state = [
                "root(0): tabs main {*stack inbox [list, thread], stack news [feed]}",
                "high(3000): pin",
                "app: background",
            ]
            $0.records = [
                "set application state inactive: skipped (not animatable), from lifecycle",
                "set application state background: skipped (not animatable), from lifecycle",
            ]
            $0.events = [
                "cancelled the user did: pop inbox",
                "began set application state inactive",
                "ended set application state inactive (skipped (not animatable))",
                "began set application state background",
                "ended set application state background (skipped (not animatable))",
            ]
        }
        await store.step("the finger lifts past the threshold: too late") {
            try await swipe?.commit()
        } expect: {
            $0.error = "gestureEnded"
        }
        await store.step("back, and unlocked") {
            try await coordinator.system.foreground()
        } expect: {
            $0.state = ["root(0): tabs main {*stack inbox [list, thread], stack news [feed]}"]
            $0.records = [
                "set application state inactive: skipped (not animatable), from lifecycle",
                "set application state active: skipped (not animatable), from lifecycle",
                "unlock: skipped (no animator)",
            ]
            $0.events = [
                "began set application state inactive",
                "ended set application state inactive (skipped (not animatable))",
                "began set application state active",
                "ended set application state active (skipped (not animatable))",
                "began unlock",
                "ended unlock (skipped (no animator))",
            ]
        }
        await store.step("the app pops the thread: remove is called once") {
            try await coordinator.stack("inbox").pop()
        } expect: {
            $0.state = ["root(0): tabs main {*stack inbox [list], stack news [feed]}"]
            $0.records = ["pop inbox: skipped (no animator)"]
            $0.callbacks = ["didHide thread", "didRemove thread", "remove thread"]
            $0.events = ["began pop inbox", "ended pop inbox (skipped (no animator))"]
        }
        await store.finish()
    }

    @Test("dismiss a sheet and push, as one change: while it animates the state is the one before; then one record, both done")
    func dismissAndPushAsOneStated() async throws {
        let store = try await Self.store()
        let coordinator = store.coordinator
        await store.step("a compose sheet over the inbox") {
            try await coordinator.stack("inbox").present(Self.compose)
        } expect: {
            $0.state = ["root(0): tabs main {*stack inbox [list] ! stack compose [draft], stack news [feed]}"]
            $0.records = ["present stack compose [draft] from container inbox: skipped (no animator)"]
            $0.events = [
                "began present stack compose [draft] from container inbox",
                "ended present stack compose [draft] from container inbox (skipped (no animator))",
            ]
        }
        let target = WindowContent.tabs(
            TabBar(
                id: "main", .stack(StackContainer(id: "inbox", root: Self.list, pushed: [Self.mail])),
                .stack(StackContainer(id: "news", root: Self.feed))))
        let morph = GatedAnimator()
        let change = await store.step("the change begins: its animation runs, nothing in between is committed") {
            let change = Task {
                try await coordinator.perform(.content(.replace(with: target), at: .root), animator: morph)
            }
            await morph.started()
            return change
        } expect: {
            $0.events = ["began replace the content with tabs main {*stack inbox [list, mail], stack news [feed]} at root(0)"]
        }
        let record = await store.step("the animation ends: one record, the sheet gone and the mail pushed") {
            morph.open()
            return try await #require(change).value
        } expect: {
            $0.state = ["root(0): tabs main {*stack inbox [list, mail], stack news [feed]}"]
            $0.records = ["replace the content with tabs main {*stack inbox [list, mail], stack news [feed]} at root(0): ran"]
            $0.events = [
                "ended replace the content with tabs main {*stack inbox [list, mail], stack news [feed]} at root(0) (ran)"
            ]
        }
        #expect(morph.callCount == 1, "one animation")
        #expect(record?.screenEvents.contains { $0.kind == .didRemove && $0.screen.name == "draft" } == true)
        #expect(record?.screenEvents.contains { $0.kind == .didAdd && $0.screen.name == "mail" } == true)
        await store.finish()
    }

    @Test(
        "the app going inactive mid-dismissal cuts the animation short; the parent sheet and the child over it still leave together"
    )
    func parentDismissedUnderChildStated() async throws {
        let store = try await Self.store()
        let coordinator = store.coordinator
        await store.step("a compose sheet, and an attachment sheet over it") {
            try await coordinator.stack("inbox").present(Self.compose)
            try await coordinator.stack("compose").present(.stack(StackContainer(id: "attach", root: Screen("photos"))))
        } expect: {
            $0.state = [
                "root(0): tabs main {*stack inbox [list] ! stack compose [draft] ! stack attach [photos], stack news [feed]}"
            ]
            $0.records = [
                "present stack compose [draft] from container inbox: skipped (no animator)",
                "present stack attach [photos] from container compose: skipped (no animator)",
            ]
            $0.events = [
                "began present stack compose [draft] from container inbox",
                "ended present stack compose [draft] from container inbox (skipped (no animator))",
                "began present stack attach [photos] from container compose",
                "ended present stack attach [photos] from container compose (skipped (no animator))",
            ]
        }
        let slide = GatedAnimator()
        let dismissal = await store.step("the compose sheet dismissed: its animation runs") {
            let dismissal = Task { try await coordinator.stack("inbox").dismiss(animator: slide) }
            await slide.started()
            return dismissal
        } expect: {
            $0.events = ["began dismiss what container inbox presents"]
        }
        let dismissed = await store.step("the app goes inactive meanwhile: the animation is cut short, both sheets leave") {
            try await coordinator.setApplicationState(.inactive)
            return try await #require(dismissal).value
        } expect: {
            $0.state = ["root(0): tabs main {*stack inbox [list], stack news [feed]}", "app: inactive"]
            $0.records = [
                "dismiss what container inbox presents: cut short (preempted)",
                "set application state inactive: skipped (not animatable), from lifecycle",
            ]
            $0.events = [
                "waiting set application state inactive (lifecycle)",
                "ended dismiss what container inbox presents (cut short (preempted))",
                "began set application state inactive",
                "ended set application state inactive (skipped (not animatable))",
            ]
        }
        let removed = dismissed?.screenEvents.filter { $0.kind == .didRemove }.map(\.screen.name).sorted()
        #expect(removed == ["draft", "photos"])
        await store.finish()
    }
}
