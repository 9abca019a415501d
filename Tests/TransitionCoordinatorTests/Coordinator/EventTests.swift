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

    @Test(
        "a subscriber that falls behind keeps its first eventBufferSize events and one more, then learns in its stream how many it missed, with room for what follows"
    )
    func boundedBuffer() async throws {
        let configuration = try CoordinatorConfiguration(eventBufferSize: 2)
        let fixture = await Fixture(configuration: configuration)
        var events = fixture.coordinator.events().makeAsyncIterator()

        let push = try await fixture.coordinator.openWindow(Screens.pin, at: .medium)
        let pop = try await fixture.coordinator.closeWindow(at: .medium)

        #expect(fixture.coordinator.droppedEventCount == 1)
        #expect(await events.next() == .began(InFlightTransition(id: t(1), request: push.request), before: push.before))
        #expect(await events.next() == .ended(push))
        #expect(await events.next() == .began(InFlightTransition(id: t(2), request: .pop(.medium)), before: pop.before))
        // The pop's end was dropped; the next event sent is told after the gap, and both of this
        // push's events fit after the marker: the stream read empty has its one item more.
        let again = try await fixture.coordinator.openWindow(Screens.pin, at: .medium)
        #expect(await events.next() == .missed(1))
        #expect(await events.next() == .began(InFlightTransition(id: again.id, request: again.request), before: pop.after))
        #expect(await events.next() == .ended(again))
        #expect(fixture.coordinator.droppedEventCount == 1)
    }

    @Test(
        "a subscriber that fell behind once and then reads after each transition sees each transition's events again: the marker does not take their room"
    )
    func recoversAfterFallingBehind() async throws {
        let configuration = try CoordinatorConfiguration(eventBufferSize: 2)
        let fixture = await Fixture(configuration: configuration)
        let (stream, given) = fixture.coordinator.countedEvents()
        var events = stream.makeAsyncIterator()
        var read = 0
        // Everything the stream was given and not read yet: reading it waits for nothing.
        func unread() async -> [CoordinatorEvent] {
            var items: [CoordinatorEvent] = []
            while read < given.count, let event = await events.next() {
                read += 1
                items.append(event)
            }
            return items
        }
        try await fixture.coordinator.openWindow(Screens.pin, at: .medium)
        try await fixture.coordinator.closeWindow(at: .medium) // its end is dropped
        #expect(await unread().count == 3)
        for round in 0..<4 {
            let record =
                round.isMultiple(of: 2)
                ? try await fixture.coordinator.openWindow(Screens.pin, at: .medium)
                : try await fixture.coordinator.closeWindow(at: .medium)
            let began = CoordinatorEvent.began(InFlightTransition(id: record.id, request: record.request), before: record.before)
            let expected: [CoordinatorEvent] = (round == 0 ? [.missed(1)] : []) + [began, .ended(record)]
            #expect(await unread() == expected, "round \(round)")
        }
        #expect(fixture.coordinator.droppedEventCount == 1)
    }

    @Test("a stream still full misses the marker's event too, and is told the whole count once it has room")
    func markerWaitsForRoom() async throws {
        let configuration = try CoordinatorConfiguration(eventBufferSize: 1)
        let fixture = await Fixture(configuration: configuration)
        var events = fixture.coordinator.events().makeAsyncIterator()

        let push = try await fixture.coordinator.openWindow(Screens.pin, at: .medium) // both kept: one, and one more
        try await fixture.coordinator.closeWindow(at: .medium) // both missed: the stream is full
        try await fixture.coordinator.openWindow(Screens.pin, at: .medium) // still full: the marker and both missed
        #expect(await events.next() == .began(InFlightTransition(id: t(1), request: push.request), before: push.before))
        #expect(await events.next() == .ended(push))
        let close = try await fixture.coordinator.closeWindow(at: .medium) // room: the marker and the began
        #expect(await events.next() == .missed(4))
        #expect(await events.next() == .began(InFlightTransition(id: close.id, request: close.request), before: close.before))
        #expect(fixture.coordinator.droppedEventCount == 5, "the pop's two, the push's two, and this close's end")
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
        func read(_ items: Int) async {
            for _ in 0..<items {
                if case .missed(let count)? = await lagging.next() { accounted += count } else { accounted += 1 }
            }
        }
        // The buffer's two events and its one item more.
        await read(3)
        // One event more (a refusal at the root): the stream, read empty, is given the gap first,
        // then the event; both fit in its buffer, so reading them waits for nothing.
        _ = try? await coordinator.stack("s").popToRoot()
        await read(2)
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
