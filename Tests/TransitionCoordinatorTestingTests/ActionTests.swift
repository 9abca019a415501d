import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// What the user and the system do, played through the product's actions.
@Suite("User and system actions")
struct ActionTests {
    static let list = Screen("list"), mail = Screen("mail"), feed = Screen("feed"), draft = Screen("draft")

    /// Tabs of two stacks, `inbox [list > mail]` and `news [feed]`, with a lock screen configured.
    static func app(clock: TestClock = TestClock()) async throws -> Coordinator {
        let configuration = try CoordinatorConfiguration(
            lock: LifecycleCover(screen: Screen("pin"), level: .high))
        let root = WindowContent.tabs(
            TabBar(
                id: "main", .stack(StackContainer(id: "inbox", root: list, pushed: [mail])),
                .stack(StackContainer(id: "news", root: feed))))
        return try await Coordinator(root: root, configuration: configuration, clock: clock)
    }

    /// The screens of stack `id`, by name.
    static func names(_ coordinator: Coordinator, _ id: ContainerID) async -> [String] {
        await coordinator.stack(id).items()?.map(\.name) ?? []
    }

    @Test("a back swipe committed pops once, from the gesture; one cancelled changes nothing and leaves no record")
    func backSwipe() async throws {
        let coordinator = try await Self.app()
        let cancelled = try await coordinator.user.backSwipe(in: "inbox", cancelled: true)
        #expect(cancelled == nil)
        #expect(await Self.names(coordinator, "inbox") == ["list", "mail"])
        let committed = try #require(try await coordinator.user.backSwipe(in: "inbox"))
        #expect(committed.source == .gesture)
        #expect(await Self.names(coordinator, "inbox") == ["list"])
        #expect(await coordinator.history.count == 1, "the cancelled swipe left no record")
    }

    @Test(
        "a back tap is reported by the screen it left on top: a push the app made meanwhile goes with the screen the person left")
    func backTapDuringPush() async throws {
        let coordinator = try await Self.app()
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let push = Task { try await coordinator.stack("inbox").push(Screen("thread"), animator: animator) }
        await animator.started()
        // The person sees [list, mail] and taps back: the host popped mail, and reports it.
        let tap = Task { try await coordinator.user.tapBack(in: "inbox") }
        let waiting = await probe.next { if case .waiting(.userDid, _) = $0 { true } else { false } }
        guard case .waiting(let report, _)? = waiting else {
            Issue.record("the back tap was never reported: \(String(describing: waiting))")
            return
        }
        #expect(report == .userDid(.popTo(Self.list.id, in: "inbox"), at: nil))
        animator.open()
        #expect(try await push.value.animation == .ran)
        #expect(try await tap.value.request == report)
        #expect(await Self.names(coordinator, "inbox") == ["list"], "the person left mail, and never saw thread")
        // At the root there is no screen to name: reported as a pop, refused with its typed error.
        let atRoot = await #expect(throws: TransitionError.self) { try await coordinator.user.tapBack(in: "inbox") }
        guard case .container(.popAtRoot(stack: "inbox", root: Self.list.id), _)? = atRoot else {
            Issue.record("a back tap at the root was not refused as popAtRoot: \(String(describing: atRoot))")
            return
        }
    }

    @Test("a tab tap is folded in as the user's change; a tap on a tab that does not exist is refused, changing nothing")
    func tabTap() async throws {
        let coordinator = try await Self.app()
        let record = try await coordinator.user.tapTab(1, in: "main")
        #expect(record.source == .user)
        if case .tabs(let bar)? = record.before.windowList.first?.content.find("main")?.base {
            #expect(record.request == .userDid(.selectTab(bar.tabs[1].nodeID, in: "main")), "named by what the tab shows")
        } else {
            Issue.record("the tab bar main was not shown before the tap: \(record.before)")
        }
        #expect(await coordinator.tabs("main").selected() == 1)
        await #expect(throws: TransitionError.self) { try await coordinator.user.tapTab(7, in: "main") }
        #expect(await coordinator.tabs("main").selected() == 1)
    }

    @Test("a sheet swiped down and let go stays; swiped down past the threshold it is dismissed")
    func sheetSwipedDown() async throws {
        let coordinator = try await Self.app()
        try await coordinator.stack("inbox").present(.stack(StackContainer(id: "compose", root: Self.draft)))
        #expect(try await coordinator.user.sheetSwipedDown(over: .container("inbox"), cancelled: true) == nil)
        #expect(await coordinator.snapshot.lines.first?.contains("draft") == true)
        let dismissed = try #require(try await coordinator.user.sheetSwipedDown(over: .container("inbox")))
        #expect(dismissed.screenEvents.contains { $0.kind == .didRemove && $0.screen == Self.draft })
        #expect(await coordinator.snapshot.lines.first?.contains("draft") == false)
    }

    @Test("to the background the lock goes up; back to the foreground and unlocked, it is gone")
    func backgroundAndForeground() async throws {
        let coordinator = try await Self.app()
        let down = try await coordinator.system.background()
        #expect(down.map(\.request) == [.setApplicationState(.inactive), .setApplicationState(.background)])
        #expect(await coordinator.snapshot.window(at: .high)?.content.topScreen.name == "pin")
        let up = try await coordinator.system.foreground()
        #expect(up.map(\.request) == [.setApplicationState(.inactive), .setApplicationState(.active), .unlock])
        #expect(await coordinator.snapshot.window(at: .high) == nil)
    }

    @Test("from an inactive app, background asks for background alone, and foreground for active alone")
    func fromInactive() async throws {
        let coordinator = try await Self.app()
        try await coordinator.setApplicationState(.inactive) // a call came in
        let down = try await coordinator.system.background()
        #expect(down.map(\.request) == [.setApplicationState(.background)])
        #expect(try await coordinator.system.background().isEmpty, "in the background already: nothing to ask")
        try await coordinator.setApplicationState(.inactive)
        let up = try await coordinator.system.foreground(unlocking: false)
        #expect(up.map(\.request) == [.setApplicationState(.active)])
    }

    /// The screens links and saved states may name.
    static func registry() throws -> ScreenRegistry {
        var registry = ScreenRegistry()
        for name in ["inbox", "mail", "settings"] { registry.screen(name) }
        try registry.tabs("main", tabs: ["inbox", "settings"])
        return registry
    }

    @Test("a cold launch with a link: the link waits for the app to be ready, then navigates, from the link")
    func coldLaunch() async throws {
        let coordinator = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: try Self.registry())
        let (_, outcome) = await coordinator.system.coldLaunch(with: try Route(parsing: "^/main#inbox/mail"))
        guard case .navigated(let record) = outcome else {
            Issue.record("the link did not navigate: \(outcome)")
            return
        }
        #expect(record.source == .link)
        #expect(try await coordinator.snapshot.rootRoute().path == "^/main#inbox/mail")
    }

    @Test("a relaunch from a saved state shows what was saved, unanimated, from restoration")
    func relaunch() async throws {
        let before = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: try Self.registry())
        try await before.navigate(to: try Route(parsing: "^/main#inbox/mail"))
        let saved = try await before.savedNavigation(schema: 1, savedAt: .seconds(1))

        let after = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: try Self.registry())
        let restored = try await after.system.relaunch(from: saved, now: .seconds(2))
        #expect(restored.record?.source == .restoration)
        #expect(restored.record?.animation == .skipped(.noAnimator))
        #expect(await after.snapshot.lines == (await before.snapshot.lines))
    }
}
