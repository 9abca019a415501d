import TestSupport
import Testing
import TransitionCoordinator

/// What an app observes through the public API while transitions race: the events, the snapshot,
/// the history and a screen's arrival, checked against what each member's documentation promises.
@Suite("Observation while transitions race")
struct ObservationRaceTests {
    static let route = "^/home/detail(id=3)"

    @Test(
        "a navigation announced waiting that finds the app where it leads at its turn ends with no event, its call answered nil"
    )
    func waitingNavigationEndsWithAnEvent() async throws {
        let (coordinator, _) = await NavigateTests.fixture()
        let route = try NavigateTests.route(Self.route)
        let animator = GatedAnimator()
        var probe = EventProbe(coordinator)
        let first = Task { try await coordinator.navigate(to: route, animator: animator) }
        await animator.started()
        let second = Task { try await coordinator.navigate(to: route, policy: .enqueue) }
        let waiting = await probe.next { if case .waiting = $0 { true } else { false } }
        guard case .waiting(let request, let lane)? = waiting else {
            Issue.record("the second navigation never waited: \(String(describing: waiting))")
            animator.open()
            return
        }
        #expect(lane == .queued)
        animator.open()
        _ = try await first.value
        #expect(try await second.value == nil, "at its turn the app shows the route: nothing to do")
        let after = await probe.drain()
        // CoordinatorEvent.waiting: a navigation already there at its turn ends with no event.
        #expect(after.map(\.line) == ["ended navigate to \(Self.route) (ran)"], "\(request)")
    }

    @Test("after an ended event is read, the snapshot is at least that record's after-state and the history holds the record")
    func endedThenSnapshot() async throws {
        let coordinator = try await Coordinator(
            root: .stack(StackContainer(id: "s", root: Screen("a"))), configuration: try .init(historyLimit: 2),
            clock: TestClock())
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let push = Task { try await coordinator.stack("s").push(Screen("b"), animator: animator) }
        await animator.started()
        let queued = (0..<3).map { index in
            Task { try await coordinator.stack("s").push(Screen("c\(index)"), policy: .enqueue) }
        }
        for _ in queued.indices { _ = await probe.next { if case .waiting = $0 { true } else { false } } }
        animator.open()
        var seen: [TransitionRecord] = []
        for _ in 0..<4 {
            guard let record = await probe.ended() else { break }
            seen.append(record)
            let snapshot = await coordinator.snapshot
            #expect(snapshot.version >= record.after.version)
            let history = await coordinator.history
            #expect(history.count <= 2)
            #expect(history.last.map { $0.after.version >= record.after.version } == true)
        }
        _ = try await push.value
        for task in queued { _ = try await task.value }
        #expect(await coordinator.history == Array(seen.suffix(2)))
    }

    @Test(
        "arrival of a screen that a request waiting behind a held gesture shows: the gesture cancelled, the request runs and arrival gives its place"
    )
    func arrivalAndGesture() async throws {
        let coordinator = try await Coordinator(
            root: .stack(StackContainer(id: "s", root: Screen("a"), pushed: [Screen("b"), Screen("c")])),
            clock: TestClock())
        var probe = EventProbe(coordinator)
        let gesture = try await coordinator.beginGesture(.pop("s"))
        // `b` is in the stack already (not its top): arrival answers from the committed state at once.
        #expect(await coordinator.arrival(of: "b")?.containers == ["s"])
        let arrival = Task { await coordinator.arrival(of: "z") }
        let enqueued = Task { try await coordinator.stack("s").push(Screen("z"), policy: .enqueue) }
        _ = await probe.next { if case .waiting = $0 { true } else { false } }
        await gesture.cancel()
        _ = try await enqueued.value
        #expect(await arrival.value?.containers == ["s"])
    }

    @Test("arrival of a screen whose waiting request is superseded by its coalescing group's newer member ends with nil")
    func arrivalSuperseded() async throws {
        let coordinator = try await Coordinator(
            root: .stack(StackContainer(id: "s", root: Screen("a"))), clock: TestClock())
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let push = Task { try await coordinator.stack("s").push(Screen("b"), animator: animator) }
        await animator.started()
        let old = Task { try await coordinator.stack("s").push(Screen("x"), policy: .coalesce(group: "g")) }
        _ = await probe.next { if case .waiting = $0 { true } else { false } }
        let arrival = Task { await coordinator.arrival(of: "x") }
        let newer = Task { try await coordinator.stack("s").push(Screen("y"), policy: .coalesce(group: "g")) }
        _ = await probe.next { if case .rejected = $0 { true } else { false } }
        animator.open()
        _ = try await push.value
        _ = try await newer.value
        _ = await old.result
        #expect(await arrival.value == nil)
    }

    @Test("a saved navigation taken while a transition is in flight saves the committed state, not the planned one")
    func savedWhileInFlight() async throws {
        let (coordinator, _) = await NavigateTests.fixture()
        let animator = GatedAnimator()
        try await coordinator.navigate(to: try NavigateTests.route("^/home"))
        let before = try await coordinator.savedNavigation(schema: 1, savedAt: .zero)
        let navigation = Task { try await coordinator.navigate(to: try NavigateTests.route(Self.route), animator: animator) }
        await animator.started()
        let during = try await coordinator.savedNavigation(schema: 1, savedAt: .zero)
        #expect(during == before)
        animator.open()
        _ = try await navigation.value
        #expect(try await coordinator.savedNavigation(schema: 1, savedAt: .zero) != before)
    }
}
