import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// The event probe: awaits the event a test needs, and drains what was sent without waiting.
@Suite("The event probe")
struct EventProbeTests {
    static let list = Screen("list"), mail = Screen("mail"), note = Screen("note")

    @Test("drain reads every event sent so far, in order, and returns at once when none was sent")
    func drain() async throws {
        let coordinator = await Coordinator(root: Self.list, clock: TestClock())
        var events = EventProbe(coordinator)
        #expect(await events.drain().isEmpty, "nothing sent: nothing waited for")
        try await coordinator.perform(.push(Self.mail, at: .high))
        #expect(events.unread == 2)
        let lines = await events.drain().map(\.line)
        #expect(lines == ["began push mail at high(3000)", "ended push mail at high(3000) (skipped (no animator))"])
        #expect(events.unread == 0)
        #expect(await events.drain().isEmpty)
    }

    @Test("a test awaits a request joining its wait lane, then the transition it waited for ending")
    func awaitsEvents() async throws {
        let coordinator = await Coordinator(root: Self.list, clock: TestClock())
        var events = EventProbe(coordinator)
        let held = GatedAnimator()
        async let first = coordinator.perform(.push(Self.mail, at: .high), animator: held)
        await held.started()
        async let second = coordinator.perform(.push(Self.note, at: .medium), policy: .enqueue)
        #expect(await events.waiting(.push(Self.note, at: .medium)) == .queued)
        held.open()
        let ended = try #require(await events.ended())
        #expect(ended.request == .push(Self.mail, at: .high))
        #expect(
            await events.ended().map { CoordinatorEvent.ended($0).line }
                == "ended push note at medium(2000) (skipped (no animator))")
        _ = try await (first, second)
    }

    /// A coordinator on a stack `inbox [list]` whose subscribers buffer `size` events.
    static func smallBuffers(_ size: Int) async throws -> Coordinator {
        let configuration = try CoordinatorConfiguration(eventBufferSize: size)
        return try await Coordinator(
            root: .stack(StackContainer(id: "inbox", root: list)), configuration: configuration, clock: TestClock())
    }

    @Test("drain reads every event sent to the probe while another subscriber, not reading, drops them")
    func otherSubscribersDrops() async throws {
        let coordinator = try await Self.smallBuffers(2)
        let idle = coordinator.events() // an app's own subscriber, not reading now
        var probe = EventProbe(coordinator)
        try await coordinator.stack("inbox").push(Self.mail)
        #expect(await probe.drain().count == 2)
        // The idle subscriber's buffer is full now: it drops the next push's events; the probe's is not.
        try await coordinator.stack("inbox").push(Self.note)
        #expect(probe.unread == 2)
        #expect(
            await probe.drain().map(\.line) == [
                "began push note onto inbox", "ended push note onto inbox (skipped (no animator))",
            ])
        withExtendedLifetime(idle) {}
    }

    @Test(
        "after the probe's own buffer overflowed, drain reads what it was given and then what it missed, with no event after the gap"
    )
    func ownOverflow() async throws {
        let coordinator = try await Self.smallBuffers(2)
        var probe = EventProbe(coordinator)
        try await coordinator.stack("inbox").push(Self.mail)
        // Its began takes the stream's one item more; its ended is dropped: the buffer is full.
        try await coordinator.stack("inbox").push(Self.note)
        #expect(
            await probe.drain().map(\.line) == [
                "began push mail onto inbox", "ended push mail onto inbox (skipped (no animator))",
                "began push note onto inbox", "missed 1 events",
            ])
        // The gap was told: the next push's events follow with nothing owed.
        try await coordinator.stack("inbox").push(Screen("draft"))
        #expect(
            await probe.drain().map(\.line) == [
                "began push draft onto inbox", "ended push draft onto inbox (skipped (no animator))",
            ])
        #expect(probe.unread == 0)
    }

    @Test("a plain stream that fell behind and read all it was given is told of the gap with the next event")
    func streamToldWithTheNextEvent() async throws {
        let coordinator = try await Self.smallBuffers(2)
        var stream = coordinator.events().makeAsyncIterator()
        try await coordinator.stack("inbox").push(Self.mail)
        try await coordinator.stack("inbox").push(Self.note)
        var lines: [String] = []
        for _ in 0..<3 { lines += await stream.next().map { [$0.line] } ?? [] }
        #expect(lines.last == "began push note onto inbox", "nothing told yet: no event came after the gap")
        try await coordinator.stack("inbox").push(Screen("draft"))
        lines = []
        for _ in 0..<3 { lines += await stream.next().map { [$0.line] } ?? [] }
        #expect(
            lines == ["missed 1 events", "began push draft onto inbox", "ended push draft onto inbox (skipped (no animator))"])
    }

    @Test("a probe does not keep its coordinator alive: once the coordinator is gone, next() returns nil")
    func endsWithItsCoordinator() async throws {
        var coordinator: Coordinator? = await Coordinator(root: Self.list, clock: TestClock())
        var probe = try EventProbe(#require(coordinator))
        weak let gone = coordinator
        coordinator = nil
        #expect(gone == nil)
        #expect(await probe.next() == nil)
    }
}
