import Synchronization
import TestSupport
import Testing
import TransitionCoordinator

/// What users of navigation libraries report again and again, each made impossible and
/// shown as a client would, against the public API only, on the real thread pool, round after
/// round, each round beside a task that sends the app to the background and back (the lock goes
/// up and is unlocked) and every animation yields, so requests, animations and lifecycle events interleave
/// differently in every round. Whatever the interleaving, what each test checks must hold.
@Suite("User complaints, on real threads under lifecycle events")
struct UserComplaintTests {
    static let list = Screen("list"), mail = Screen("mail"), thread = Screen("thread"), feed = Screen("feed")
    static let rounds = 40

    /// A coordinator whose root shows tabs of two stacks, `inbox [list]` and `news [feed]`, with a
    /// lock screen configured.
    static func app() async throws -> Coordinator {
        let configuration = try CoordinatorConfiguration(
            covers: LifecycleCovers(lock: LifecycleCover(screen: Screen("pin"), level: .high)))
        let root = WindowContent.tabs(
            TabBar(
                id: "main", .stack(StackContainer(id: "inbox", root: list)),
                .stack(StackContainer(id: "news", root: feed))))
        return try await Coordinator(root: root, configuration: configuration)
    }

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

    /// A tap that pushes `mail` onto the inbox; its refusal, or nil when it pushed.
    static func tap(_ coordinator: Coordinator) async -> TransitionError? {
        do throws(TransitionError) {
            try await coordinator.stack("inbox").push(mail, animator: YieldingAnimator(), policy: .enqueue)
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
                record.after.windows.allSatisfy { $0.content.topScreen != .missing }
            })
    }

    @Test("a cancelled swipe is no pop; a committed one pops once and calls remove once, even when a lifecycle event cuts it")
    func swipes() async throws {
        let coordinator = try await Self.app()
        let removed = Locked(0)
        try await Self.underLifecycle(coordinator) { round in
            let item = StackItem(Self.thread, remove: { removed.withLock { $0 += 1 } })
            try await coordinator.stack("inbox").push(item, policy: .enqueue)
            let before = removed.withLock { $0 }
            let swipe = try await coordinator.beginGesture(.pop("inbox"), policy: .enqueue)
            if round % 2 == 0 {
                await swipe.cancel()
                #expect(await Self.names(coordinator, "inbox") == ["list", "thread"], "a cancelled swipe changes nothing")
                #expect(removed.withLock { $0 } == before)
                try await coordinator.stack("inbox").pop(policy: .enqueue)
            } else {
                do throws(TransitionError) {
                    try await swipe.commit()
                } catch {
                    // A lifecycle event cut the swipe short: nothing changed; the app pops instead.
                    #expect(error.code == "gestureEnded")
                    try await coordinator.stack("inbox").pop(policy: .enqueue)
                }
            }
            #expect(await Self.names(coordinator, "inbox") == ["list"])
            #expect(removed.withLock { $0 } == before + 1, "remove fires exactly once per departure")
        }
    }

    @Test("dismiss a sheet and push, as one change: one record, one animation, the sheet's screens gone and the push added")
    func dismissAndPushAsOne() async throws {
        let coordinator = try await Self.app()
        try await Self.underLifecycle(coordinator) { _ in
            try await coordinator.stack("inbox").present(
                .stack(StackContainer(id: "compose", root: Screen("draft"))), policy: .enqueue)
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
            try await coordinator.stack("inbox").present(
                .stack(StackContainer(id: "compose", root: Screen("draft"))), policy: .enqueue)
            try await coordinator.stack("compose").present(
                .stack(StackContainer(id: "attach", root: Screen("photos"))), policy: .enqueue)
            let dismissed = try await coordinator.stack("inbox").dismiss(animator: YieldingAnimator(), policy: .enqueue)
            let removed = dismissed.screenEvents.filter { $0.kind == .didRemove }.map(\.screen.name).sorted()
            #expect(removed == ["draft", "photos"])
            #expect(await coordinator.stack("compose").items() == nil)
            #expect(await coordinator.stack("attach").items() == nil)
        }
    }
}
