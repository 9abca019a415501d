import TestSupport
import Testing
import TransitionCoordinator

/// The inbox on a real coordinator: cold launch, the lock, expiry, the same link twice, a
/// newer link, and a relaunch. Order is driven by the test clock and gates, never by sleeps.
@Suite("Link inbox")
struct LinkInboxTests {
    static func fixture(
        covers: LifecycleCovers = LifecycleCovers(), startsOpen: Bool = false
    )
        async throws -> (Coordinator, LinkInbox, TestClock)
    {
        let clock = TestClock()
        let coordinator = await Coordinator(
            root: Screen("launch"), configuration: try CoordinatorConfiguration(shield: covers.shield, lock: covers.lock),
            clock: clock, screens: RouteCompilerTests.registry())
        let inbox = LinkInbox(coordinator: coordinator, expiry: .seconds(30), startsOpen: startsOpen)
        return (coordinator, inbox, clock)
    }

    static func route(_ path: String) throws -> Route { try Route(parsing: path) }

    @Test("a link at cold launch waits until the app opens the inbox, then navigates")
    func coldLaunch() async throws {
        let (coordinator, inbox, _) = try await Self.fixture()
        let id = await inbox.post(try Self.route("^/home/friend"))
        #expect(await coordinator.history.isEmpty, "nothing moves before the root content is ready")
        await inbox.open()
        var outcomes = inbox.outcomes.makeAsyncIterator()
        let ended = try #require(await outcomes.next())
        #expect(ended.id == id)
        guard case .navigated(let record) = ended.outcome else {
            Issue.record("not navigated: \(ended.outcome)")
            return
        }
        #expect(record.source == .link && record.link == id, "the link's id follows it to its record")
        #expect(record.after.windowList[0].content == (try RouteCompilerTests.content("^/home/friend")))
        await inbox.idle()
        #expect(await inbox.endedCount == 1)
    }

    @Test("a link while locked waits for the unlock and then runs")
    func locked() async throws {
        let covers = LifecycleCovers(lock: LifecycleCover(screen: Screen("pin"), level: .medium))
        let (coordinator, inbox, _) = try await Self.fixture(covers: covers, startsOpen: true)
        var probe = EventProbe(coordinator)
        try await coordinator.setApplicationState(.background)
        let outcome = Task { await inbox.receive(try Self.route("^/home/friend")) }
        _ = await probe.next { if case .waiting(.navigate, .deferred) = $0 { true } else { false } }
        try await coordinator.setApplicationState(.active)
        try await coordinator.unlock()
        guard case .navigated = try await outcome.value else {
            Issue.record("not navigated")
            return
        }
    }

    @Test("a link that waits past its expiry ends as expired, even if the inbox never opens")
    func expires() async throws {
        let (coordinator, inbox, clock) = try await Self.fixture()
        let outcome = Task { await inbox.receive(try Self.route("^/home"), expiry: .seconds(5)) }
        // The timer wakes just past the deadline: a link expires once it waited longer than its expiry.
        let past = Duration.seconds(5) + Duration(secondsComponent: 0, attosecondsComponent: 1)
        await clock.sleepers(atLeast: 1, dueIn: past)
        clock.advance(by: past)
        #expect(try await outcome.value == .expired(waited: past))
        #expect(await coordinator.history.isEmpty)
    }

    @Test("the same link twice: the second is a duplicate, or already there once the first has landed")
    func twice() async throws {
        let (_, inbox, _) = try await Self.fixture()
        let route = try Self.route("^/home/friend")
        let first = await inbox.post(route)
        #expect(await inbox.receive(route) == .duplicate(of: first))
        await inbox.open()
        await inbox.idle()
        #expect(await inbox.receive(route) == .alreadyThere)
    }

    @Test("every link ends exactly once on the outcome stream: superseded, duplicate, navigated")
    func oneOutcomeEach() async throws {
        let (_, inbox, _) = try await Self.fixture()
        var posted: [LinkID] = []
        for path in ["^/home", "^/home/friend", "^/home/friend", "^/main#settings"] {
            posted.append(await inbox.post(try Self.route(path)))
        }
        await inbox.open()
        await inbox.idle()
        var ended: [LinkID: String] = [:]
        var iterator = inbox.outcomes.makeAsyncIterator()
        for _ in posted {
            guard let next = await iterator.next() else { break }
            #expect(ended[next.id] == nil, "\(next.id) ended twice")
            ended[next.id] = next.outcome.code
        }
        #expect(ended == [posted[0]: "superseded", posted[1]: "superseded", posted[2]: "duplicate", posted[3]: "navigated"])
        #expect(await inbox.endedCount == posted.count)
    }

    @Test("a newer link withdraws the one waiting in the coordinator's line: it ends superseded, as delivered")
    func withdrawn() async throws {
        let (coordinator, inbox, _) = try await Self.fixture(startsOpen: true)
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let held = Task { try await coordinator.openWindow(Screen("toast"), at: .low, animator: animator) }
        await animator.started()
        let first = await inbox.post(try Self.route("^/home"))
        _ = await probe.next { if case .waiting(.navigate, _) = $0 { true } else { false } }
        let second = await inbox.post(try Self.route("^/home/friend"))
        var outcomes = inbox.outcomes.makeAsyncIterator()
        let ended = try #require(await outcomes.next())
        #expect(ended.id == first && ended.outcome == .superseded(by: second) && ended.delivered)
        animator.open()
        _ = try await held.value
        let next = try #require(await outcomes.next())
        #expect(next.id == second && next.delivered && next.outcome.code == "navigated")
    }

    @Test("links saved before the process is killed come back after a relaunch and run")
    func relaunch() async throws {
        let (_, inbox, _) = try await Self.fixture()
        await inbox.post(try Self.route("^/main#inbox/mail"))
        let saved = await inbox.saved()
        let (coordinator, relaunched, _) = try await Self.fixture()
        await relaunched.restore(saved)
        await relaunched.open()
        await relaunched.idle()
        #expect(await coordinator.snapshot.windowList[0].content == (try RouteCompilerTests.content("^/main#inbox/mail")))
        #expect(await relaunched.post(try Self.route("^/home")) > saved[0].id)
    }

    @Test("an inbox the app lets go while its link is on its way still ends that link on its outcomes")
    func releasedWhileDelivering() async throws {
        let (coordinator, _, _) = try await Self.fixture()
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let held = Task { try await coordinator.openWindow(Screen("toast"), at: .low, animator: animator) }
        await animator.started()
        var inbox: LinkInbox? = LinkInbox(coordinator: coordinator, startsOpen: true)
        var outcomes = try #require(inbox).outcomes.makeAsyncIterator()
        let id = try await #require(inbox).post(try Self.route("^/home/friend"))
        _ = await probe.next { if case .waiting(.navigate, _) = $0 { true } else { false } }
        inbox = nil
        animator.open()
        _ = try await held.value
        let ended = await outcomes.next()
        #expect(ended?.id == id && ended?.outcome.code == "navigated", "ended: \(String(describing: ended))")
        #expect(await outcomes.next() == nil, "the stream finishes once the inbox is gone")
    }

    @Test("an inbox the app lets go with a link waiting (closed, so nothing can open it) ends the link when it expires")
    func releasedWhileWaiting() async throws {
        let (coordinator, _, clock) = try await Self.fixture()
        var inbox: LinkInbox? = LinkInbox(coordinator: coordinator, expiry: .seconds(5))
        var outcomes = try #require(inbox).outcomes.makeAsyncIterator()
        let id = try await #require(inbox).post(try Self.route("^/home"))
        let past = Duration.seconds(5) + Duration(secondsComponent: 0, attosecondsComponent: 1)
        await clock.sleepers(atLeast: 1, dueIn: past)
        inbox = nil
        clock.advance(by: past)
        let ended = await outcomes.next()
        #expect(ended?.id == id && ended?.outcome == .expired(waited: past), "ended: \(String(describing: ended))")
        #expect(await outcomes.next() == nil, "the stream finishes once the inbox is gone")
        #expect(await coordinator.history.isEmpty)
    }
}
