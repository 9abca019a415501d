import TestSupport
import Testing
import TransitionCoordinator

/// `navigate(to:)`: one route, one transition, compiled before anything changes.
@Suite("Navigate")
struct NavigateTests {
    static func fixture(configuration: CoordinatorConfiguration = .standard) async -> (Coordinator, TestHost) {
        let host = TestHost()
        let coordinator = await Coordinator(
            root: Screen("launch"), configuration: configuration, host: host,
            clock: TestClock(), screens: RouteCompilerTests.registry())
        await host.clearLog()
        return (coordinator, host)
    }

    static func route(_ path: String) throws -> Route { try Route(parsing: path) }

    static func root(_ coordinator: Coordinator) async -> WindowContent? {
        await coordinator.snapshot.windowList.first { $0.level == .root }?.content
    }

    @Test("a route across tabs, stacks and a modal is one transition: one record, one setContent, the final tree")
    func oneTransition() async throws {
        let (coordinator, host) = await Self.fixture()
        let path = "^/main#inbox/mail!/compose/draft"
        let record = try #require(try await coordinator.navigate(to: try Self.route(path)))
        let expected = try RouteCompilerTests.content(path)
        #expect(await Self.root(coordinator) == expected)
        #expect(record.kind == .navigate)
        #expect(record.animationEndedAt == nil, "no animator ran")
        #expect(await coordinator.history.count == 1)
        let setContents = await host.calls.filter { if case .setContent = $0 { true } else { false } }
        #expect(setContents.count == 1)
        #expect(record.before.version + 1 == record.after.version)
    }

    /// An app's screens as names alone: a `String`-backed enum.
    enum Name: String, Hashable, Codable, Sendable { case home, inbox, mail }

    @Test("a String-backed enum is a registry of names: a name it lists navigates, others are unknown, parameters declined")
    func namesAsDestinations() async throws {
        let coordinator = await Coordinator(
            root: Screen("launch"), clock: TestClock(), screens: ScreenRegistry(destinations: Name.self))
        try await coordinator.navigate(to: try Self.route("^/inbox/mail"))
        #expect(await coordinator.stack("^").path(as: Name.self) == [.mail])
        await #expect(throws: TransitionError.route(.unknownScreen("drafts", step: 1), route: try Self.route("^/inbox/drafts"))) {
            try await coordinator.navigate(to: try Self.route("^/inbox/drafts"))
        }
        #expect(await coordinator.stack("^").path(as: Name.self) == [.mail], "nothing changed")
        let withParameters = try Self.route("^/inbox/mail(id=3)")
        await #expect(throws: TransitionError.route(.declined("mail", step: 1), route: withParameters)) {
            try await coordinator.navigate(to: withParameters)
        }
    }

    @Test("the same link twice: the second is a no-op that returns nil and changes nothing")
    func sameLinkTwice() async throws {
        let (coordinator, host) = await Self.fixture()
        let route = try Self.route("^/home/detail(id=3)")
        #expect(try await coordinator.navigate(to: route) != nil)
        await host.clearLog()
        let before = await coordinator.snapshot
        #expect(try await coordinator.navigate(to: route) == nil)
        #expect(await coordinator.snapshot == before)
        #expect(await host.calls.isEmpty)
        #expect(await coordinator.history.count == 1)
    }

    @Test("the same link twice announces nothing: no rejected event, the next event is the next transition's began")
    func sameLinkTwiceIsSilent() async throws {
        let (coordinator, _) = await Self.fixture()
        let route = try Self.route("^/home/detail(id=3)")
        try await coordinator.navigate(to: route)
        var events = coordinator.events().makeAsyncIterator()
        #expect(try await coordinator.navigate(to: route) == nil)
        try await coordinator.openWindow(Screen("toast"), at: .high)
        let first = await events.next()
        guard case .began(let transition, _)? = first else {
            Issue.record("expected began, got \(String(describing: first))")
            return
        }
        #expect(transition.request == .push(Screen("toast"), at: .high))
    }

    @Test("a navigation that waited and finds the app where it leads at its turn returns nil, changing nothing")
    func waitedAlreadyThere() async throws {
        let (coordinator, _) = await Self.fixture()
        let route = try Self.route("^/home/detail(id=3)")
        let animator = GatedAnimator()
        var probe = EventProbe(coordinator)
        let first = Task { try await coordinator.navigate(to: route, animator: animator) }
        await animator.started()
        let second = Task { try await coordinator.navigate(to: route, policy: .enqueue) }
        _ = await probe.next { if case .waiting = $0 { true } else { false } }
        animator.open()
        let record = try #require(try await first.value)
        #expect(try await second.value == nil)
        #expect(await coordinator.snapshot == record.after)
        #expect(await coordinator.history.count == 1)
    }

    @Test("a hand-made navigate to where the app is, given to perform, is refused as alreadyShown: perform promises a record")
    func performAlreadyShown() async throws {
        let (coordinator, _) = await Self.fixture()
        let route = try Self.route("^/home/detail(id=3)")
        let record = try #require(try await coordinator.navigate(to: route))
        await #expect(throws: TransitionError.invalid(.alreadyShown(record.request))) {
            try await coordinator.perform(record.request)
        }
        #expect(await coordinator.history.count == 1)
    }

    @Test("cold or warm, an absolute link lands on the same content")
    func coldOrWarm() async throws {
        let (cold, _) = await Self.fixture()
        let (warm, _) = await Self.fixture()
        try await warm.navigate(to: try Self.route("^/main#settings!/compose"))
        try await warm.openWindow(Screen("toast"), at: .high)
        let route = try Self.route("^/home/detail(id=3)/friend")
        try await cold.navigate(to: route)
        let record = try #require(try await warm.navigate(to: route))
        #expect(await Self.root(cold) == (await Self.root(warm)))
        #expect(record.after.windowList.count == 1, "the window above the root closed in the same transition")
    }

    @Test("only the final visible change is animated, once")
    func animatedOnce() async throws {
        let (coordinator, _) = await Self.fixture()
        let animator = GatedAnimator(.returnAtOnce)
        let record = try #require(
            try await coordinator.navigate(to: try Self.route("^/home/friend!/compose"), animator: animator))
        #expect(animator.callCount == 1)
        #expect(record.source == .app && record.link == nil)
        let finished = try #require(record.animationEndedAt, "an animated record says when the animation finished")
        #expect(finished <= record.endedAt && record.startedAt <= finished)
        #expect(animator.contexts.first?.kind == .navigate)
        #expect(record.animation.animatorWasCalled)
    }

    /// Routes that fail before anything changes, and the error code they fail with.
    static let failing: [(String, String)] = [
        ("^/home/nowhere", "route.unknownScreen"),
        ("^/home/vault(code=0000)", "route.declined"),
        ("^/home/detail(id=x)", "route.parameterType"),
        ("^/main#drafts", "route.unknownTab"),
        ("up(n=9)", "route.upPastStart"),
    ]

    @Test(
        "an unknown name, a declining factory or a bad parameter fails the whole navigation, nothing changed",
        arguments: failing.indices)
    func failsBeforeChanging(_ index: Int) async throws {
        let (coordinator, host) = await Self.fixture()
        try await coordinator.navigate(to: try Self.route("^/home/friend"))
        await host.clearLog()
        let before = await coordinator.snapshot
        let (path, code) = Self.failing[index]
        let route = try Self.route(path)
        do throws(TransitionError) {
            try await coordinator.navigate(to: route)
            Issue.record("\(path) navigated")
        } catch {
            #expect(error.code == code, "\(error)")
            #expect("\(error)".contains(path.hasPrefix("^") ? "step" : "up"), "\(error)")
        }
        #expect(await coordinator.snapshot == before)
        #expect(await host.calls.isEmpty)
    }

    @Test("a relative link goes from what the root shows: `..` is back, `!/m` presents over it")
    func relative() async throws {
        let (coordinator, _) = await Self.fixture()
        try await coordinator.navigate(to: try Self.route("^/home/detail(id=3)"))
        try await coordinator.navigate(to: try Self.route("../friend"))
        #expect(await Self.root(coordinator) == (try RouteCompilerTests.content("^/home/friend")))
        let record = try #require(try await coordinator.navigate(to: try Self.route("!/compose")))
        #expect(record.after.windowList[0].content == (try RouteCompilerTests.content("^/home/friend!/compose")))
        let departed = record.screenEvents.filter { $0.kind == .didRemove }
        #expect(departed.isEmpty, "presenting over the stack keeps every screen")
    }

    @Test("while locked a link is refused, or with deferUntilUnlocked runs after the unlock")
    func locked() async throws {
        let covers = LifecycleCovers(shield: nil, lock: LifecycleCover(screen: Screen("pin"), level: .medium))
        let (coordinator, _) = await Self.fixture(
            configuration: try CoordinatorConfiguration(shield: covers.shield, lock: covers.lock))
        var probe = EventProbe(coordinator)
        try await coordinator.setApplicationState(.background)
        let route = try Self.route("^/home/friend")
        await #expect(throws: TransitionError.self) { try await coordinator.navigate(to: route) }
        let waiting = Task { try await coordinator.navigate(to: route, whenLocked: .deferUntilUnlocked) }
        let lane = await probe.next { if case .waiting(.navigate, .deferred) = $0 { true } else { false } }
        #expect(lane != nil)
        #expect(await Self.root(coordinator) == .screen(Screen("launch")))
        try await coordinator.setApplicationState(.active)
        try await coordinator.unlock()
        #expect(try await waiting.value != nil)
        #expect(await Self.root(coordinator) == (try RouteCompilerTests.content("^/home/friend")))
    }
}
