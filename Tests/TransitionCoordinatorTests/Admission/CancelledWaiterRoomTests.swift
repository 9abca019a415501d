import TestSupport
import Testing
import TransitionCoordinator

/// A waiter whose task is cancelled gives its room in the queue back at once, while the
/// transition it waited for is still held.
@Suite("Cancelled waiters free their room")
struct CancelledWaiterRoomTests {
    static let pushPin = TransitionRequest.push(Screens.pin, at: .medium)
    static let pushTutorial = TransitionRequest.push(Screens.tutorial, at: .low)
    static let pushLogin = TransitionRequest.push(Screens.login, at: .low)

    @Test("a waiter cancelled while a transition is held frees its room at once: a new .enqueue request joins the full queue")
    func cancelledWaiterFreesRoom() async throws {
        let fixture = await Fixture(configuration: try CoordinatorConfiguration(queueLimit: 1))
        let coordinator = fixture.coordinator
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let held = Task { await attempt { try await coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()
        let cancelled = Task { await attempt { try await coordinator.perform(Self.pushTutorial, policy: .enqueue) } }
        #expect(await probe.waiting(Self.pushTutorial) == .queued)

        cancelled.cancel()
        #expect(await cancelled.value.failure == .refused(.cancelled(Self.pushTutorial)))
        #expect(await coordinator.inFlightTransition?.request == Self.pushPin)

        let next = Task { await attempt { try await coordinator.perform(Self.pushLogin, policy: .enqueue) } }
        // Either it joins the queue or it is refused: wait for whichever comes, never for nothing.
        let answer = await probe.next { event in
            switch event {
            case .waiting(Self.pushLogin, _), .rejected(Self.pushLogin, _): true
            default: false
            }
        }
        #expect(answer == .waiting(Self.pushLogin, lane: .queued))
        #expect(await coordinator.waitingRequests == [Self.pushLogin])
        #expect(await coordinator.peakQueueDepth == 1)

        animator.open()
        #expect(await held.value.success != nil)
        let login = try #require(await next.value.success)
        #expect(login.waited?.description == "queued #2")
        #expect(await coordinator.waitingRequests.isEmpty)
        #expect(await coordinator.history.count == 2)
    }
}
