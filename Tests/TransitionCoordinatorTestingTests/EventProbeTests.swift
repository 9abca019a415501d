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
}
