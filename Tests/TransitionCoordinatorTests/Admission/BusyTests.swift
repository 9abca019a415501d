import TestSupport
import Testing
import TransitionCoordinator

/// While one transition animates, every other request is refused as busy (the default policy).
@Suite("Requests while a transition is in flight")
struct BusyTests {
    static let pushPin = TransitionRequest.push(Screens.pin, at: .medium)
    static let inFlight = InFlightTransition(id: TransitionID(1), request: pushPin)

    @Test("a push while another push animates is rejected as busy, naming the in-flight transition")
    func pushWhilePushAnimates() async throws {
        let fixture = await Fixture()
        let animator = GatedAnimator()
        let first = Task { await attempt { try await fixture.coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()
        let before = await fixture.snapshot
        let callsBefore = await fixture.calls

        await #expect(throws: TransitionError.refused(.busy(inFlight: Self.inFlight))) {
            try await fixture.coordinator.openWindow(Screens.tutorial, at: .low)
        }

        #expect(await fixture.snapshot == before)
        #expect(await fixture.calls == callsBefore)
        #expect(callsBefore.log == ["create #2", "show #2"])
        #expect(await fixture.coordinator.inFlightTransition == Self.inFlight)

        animator.open()
        let record = try #require(await first.value.success)
        #expect(record.animation == .ran)
        #expect(await fixture.snapshot.windowList.map(\.id) == [w(1), w(2)])
        #expect(await fixture.snapshot.window(at: .low) == nil)
        #expect(await fixture.coordinator.history == [record])
        #expect(await fixture.coordinator.inFlightTransition == nil)
    }

    static let requests: [TransitionRequest] = [
        .push(Screens.tutorial, at: .low),
        .pop(.medium),
        .popScreen("home"),
        .popAll,
        .replaceRoot(Screens.login),
        .unlock,
        .registerUnmanagedWindow(UnmanagedWindow(id: "alert", zOrder: 2_500)),
        .unregisterUnmanagedWindow(id: "ghost"),
    ]

    // `setApplicationState` is a lifecycle event: it preempts and waits instead (see the Lifecycle tests).
    @Test(
        "every kind of request is refused as busy while a transition animates, before it is planned",
        arguments: requests)
    func everyRequestIsBusy(_ request: TransitionRequest) async throws {
        let fixture = await Fixture()
        let animator = GatedAnimator()
        let first = Task { await attempt { try await fixture.coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()
        var events = fixture.coordinator.events().makeAsyncIterator()
        let before = await fixture.snapshot

        await #expect(throws: TransitionError.refused(.busy(inFlight: Self.inFlight))) {
            try await fixture.coordinator.perform(request)
        }
        #expect(await events.next() == .rejected(request, .refused(.busy(inFlight: Self.inFlight))))
        #expect(await fixture.snapshot == before)

        animator.open()
        #expect(await first.value.success?.after.window(at: .medium)?.content == .screen(Screens.pin))
    }

    @Test("once the in-flight transition commits, the next request is admitted from its result")
    func nextRequestAfterCommit() async throws {
        let fixture = await Fixture()
        let animator = GatedAnimator()
        let first = Task { await attempt { try await fixture.coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()
        _ = await attempt { try await fixture.coordinator.openWindow(Screens.tutorial, at: .low) }
        animator.open()
        let firstRecord = try #require(await first.value.success)

        let second = try await fixture.coordinator.openWindow(Screens.tutorial, at: .low)
        #expect(second.id == TransitionID(2))
        #expect(second.before == firstRecord.after)
        #expect(second.after.windowList.map(\.id) == [w(1), w(3), w(2)])
    }

    @Test("a transition without an animator holds no in-flight slot once its call returns")
    func unanimatedTransitionReleases() async throws {
        let fixture = await Fixture()
        try await fixture.coordinator.openWindow(Screens.pin, at: .medium)
        #expect(await fixture.coordinator.inFlightTransition == nil)
        let record = try await fixture.coordinator.openWindow(Screens.tutorial, at: .low)
        #expect(record.id == TransitionID(2))
    }
}
