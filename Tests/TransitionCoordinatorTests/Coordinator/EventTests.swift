import TestSupport
import Testing
import TransitionCoordinator

/// `events()`: began then ended per transition, rejections in between, one stream per subscriber.
@Suite("Coordinator events")
struct EventTests {
    @Test("each transition is announced as began (with its before-state) and then ended (with its record)")
    func beganThenEnded() async throws {
        let fixture = await Fixture()
        var events = fixture.coordinator.events().makeAsyncIterator()

        let push = try await fixture.coordinator.openWindow(Screens.pin, at: .medium, animator: GatedAnimator(.returnAtOnce))
        let pop = try await fixture.coordinator.closeWindow(at: .medium)

        #expect(
            await events.next()
                == .began(
                    InFlightTransition(id: t(1), request: .push(Screens.pin, at: .medium)),
                    before: push.before))
        #expect(await events.next() == .ended(push))
        #expect(await events.next() == .began(InFlightTransition(id: t(2), request: .pop(.medium)), before: pop.before))
        #expect(await events.next() == .ended(pop))
    }

    @Test("every subscriber gets its own stream with every event")
    func eachSubscriberHasItsOwnStream() async throws {
        let fixture = await Fixture()
        let first = fixture.coordinator.events()
        let second = fixture.coordinator.events()

        let push = try await fixture.coordinator.openWindow(Screens.pin, at: .medium)
        _ = await attempt { try await fixture.coordinator.openWindow(Screens.tutorial, at: .medium) }

        let occupied = TransitionError.invalid(.levelOccupied(.medium, by: try #require(push.after.window(at: .medium))))
        let expected: [CoordinatorEvent] = [
            .began(InFlightTransition(id: t(1), request: .push(Screens.pin, at: .medium)), before: push.before),
            .ended(push),
            .rejected(.push(Screens.tutorial, at: .medium), occupied),
        ]
        for stream in [first, second] {
            var iterator = stream.makeAsyncIterator()
            var received: [CoordinatorEvent] = []
            for _ in expected.indices { if let event = await iterator.next() { received.append(event) } }
            #expect(received == expected)
        }
        #expect(fixture.coordinator.droppedEventCount == 0)
    }

    @Test("a subscriber sees only events sent after it subscribed")
    func lateSubscriberSeesOnlyNewEvents() async throws {
        let fixture = await Fixture()
        try await fixture.coordinator.openWindow(Screens.pin, at: .medium)
        var events = fixture.coordinator.events().makeAsyncIterator()

        let pop = try await fixture.coordinator.closeWindow(at: .medium)

        #expect(await events.next() == .began(InFlightTransition(id: t(2), request: .pop(.medium)), before: pop.before))
    }

    @Test("a subscriber that falls behind keeps its first eventBufferSize events, then learns in its stream how many it missed")
    func boundedBuffer() async throws {
        let configuration = try CoordinatorConfiguration(eventBufferSize: 2)
        let fixture = await Fixture(configuration: configuration)
        var events = fixture.coordinator.events().makeAsyncIterator()

        let push = try await fixture.coordinator.openWindow(Screens.pin, at: .medium)
        let pop = try await fixture.coordinator.closeWindow(at: .medium)

        #expect(fixture.coordinator.droppedEventCount == 2)
        #expect(await events.next() == .began(InFlightTransition(id: t(1), request: push.request), before: push.before))
        #expect(await events.next() == .ended(push))
        // The pop's two events were dropped; the next event sent is told after the gap (the
        // marker takes a place: this push's end finds the stream full again).
        let again = try await fixture.coordinator.openWindow(Screens.pin, at: .medium)
        #expect(await events.next() == .missed(2))
        #expect(await events.next() == .began(InFlightTransition(id: again.id, request: again.request), before: pop.after))
        #expect(fixture.coordinator.droppedEventCount == 3)
    }

    @Test("a stream still full misses the marker's event too, and is told the whole count once it has room")
    func markerWaitsForRoom() async throws {
        let configuration = try CoordinatorConfiguration(eventBufferSize: 1)
        let fixture = await Fixture(configuration: configuration)
        var events = fixture.coordinator.events().makeAsyncIterator()

        let push = try await fixture.coordinator.openWindow(Screens.pin, at: .medium) // began kept, ended missed
        try await fixture.coordinator.closeWindow(at: .medium) // both missed: the stream is still full
        #expect(await events.next() == .began(InFlightTransition(id: t(1), request: push.request), before: push.before))
        let again = try await fixture.coordinator.openWindow(Screens.pin, at: .medium) // room: the marker, then full
        #expect(await events.next() == .missed(3))
        #expect(fixture.coordinator.droppedEventCount == 5, "the pop's two, the push's end, and this push's two")
        _ = again
    }

    /// One round: a subscriber that reads nothing while a held push is refused to 300 callers at
    /// once (each refusal sent from its caller's context) and 40 more wait (each told so by the
    /// actor, then run or refused in turn); then it reads. Returns how many events the coordinator
    /// sent meanwhile, and how many the subscriber read or was told it missed.
    static func lagging(rejects: Int, waits: Int) async throws -> (sent: Int, accounted: Int) {
        let configuration = try CoordinatorConfiguration(eventBufferSize: 2, queueLimit: 10_000)
        let coordinator = try await Coordinator(
            root: .stack(StackContainer(id: "s", root: Screen("a"))), configuration: configuration, clock: TestClock())
        var lagging = coordinator.events().makeAsyncIterator()
        let sentBefore = coordinator.eventsSent
        let gate = Gate()
        let animator = ScriptedAnimator(.finishWhenOpened(gate))
        let push = Task { try await coordinator.stack("s").push(Screen("b"), animator: animator) }
        await animator.started()
        await withTaskGroup(of: Void.self) { group in
            // Refused as busy, from the callers' own contexts; or, once the slot is free, a pop.
            for _ in 0..<rejects { group.addTask { _ = try? await coordinator.stack("s").pop() } }
            // Waiting, from the actor; then began and ended, or refused.
            for _ in 0..<waits { group.addTask { _ = try? await coordinator.stack("s").pop(policy: .enqueue) } }
            var answered = 0
            for await _ in group {
                answered += 1
                if answered == rejects { gate.open() }
            }
            gate.open()
        }
        _ = try await push.value
        var accounted = 0
        func read() async {
            for _ in 0..<2 {
                if case .missed(let count)? = await lagging.next() { accounted += count } else { accounted += 1 }
            }
        }
        await read()
        // One event more (a refusal at the root): the stream, read empty, is given the gap first,
        // then the event; both fit in its buffer, so reading them waits for nothing.
        _ = try? await coordinator.stack("s").popToRoot()
        await read()
        return (coordinator.eventsSent - sentBefore, accounted)
    }

    @Test(
        "events sent from many callers and the actor at once are each counted: what a lagging subscriber reads plus what it is told it missed is every event"
    )
    func missedCountsUnderConcurrentSenders() async throws {
        var wrong: [(sent: Int, accounted: Int)] = []
        for _ in 0..<100 {
            let round = try await Self.lagging(rejects: 300, waits: 40)
            if round.sent != round.accounted { wrong.append(round) }
        }
        #expect(wrong.isEmpty, "rounds whose events read and missed do not add up to those sent: \(wrong)")
    }
}
