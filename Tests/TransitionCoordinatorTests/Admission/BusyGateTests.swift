import TestSupport
import Testing

@testable import TransitionCoordinator

/// A `.reject` request is refused as busy in its caller's own context, from what the coordinator
/// published (``BusyGate``): the answer and its event must be exactly those the actor would give.
@Suite("Busy refusals decided in the caller's context")
struct BusyGateTests {
    static let pushPin = TransitionRequest.push(Screens.pin, at: .medium)
    static let pushTutorial = TransitionRequest.push(Screens.tutorial, at: .low)
    static let pin = InFlightTransition(id: TransitionID(1), request: pushPin)

    @Test("an empty gate publishes nothing and announces nothing")
    func emptyGate() {
        let gate = BusyGate()
        var announced = 0
        #expect(gate.published == nil)
        #expect(!gate.announce(ifStill: Self.pin.id) { announced += 1 })
        #expect(announced == 0)
    }

    @Test("a published gate names its transition and announces for it only while it is still published")
    func publishedGate() {
        let gate = BusyGate()
        var announced = 0
        gate.publish(Self.pin)
        #expect(gate.published == Self.pin)
        #expect(gate.announce(ifStill: Self.pin.id) { announced += 1 })
        #expect(announced == 1)
        gate.publish(InFlightTransition(id: TransitionID(2), request: Self.pushTutorial))
        #expect(!gate.announce(ifStill: Self.pin.id) { announced += 1 }, "the gate moved on: the actor must answer")
        gate.publish(nil)
        #expect(gate.published == nil)
        #expect(!gate.announce(ifStill: Self.pin.id) { announced += 1 })
        #expect(announced == 1)
    }

    @Test("the coordinator publishes a transition while it holds the slot and withdraws it when it commits")
    func publishedWhileInFlight() async throws {
        let fixture = await Fixture()
        let coordinator = fixture.coordinator
        #expect(throws: Never.self) { try coordinator.refuseIfBusy(Self.pushTutorial) }
        let animator = GatedAnimator()
        let first = Task { await attempt { try await coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()
        #expect(throws: TransitionError.refused(.busy(inFlight: Self.pin))) { try coordinator.refuseIfBusy(Self.pushTutorial) }
        animator.open()
        _ = try #require(await first.value.success)
        #expect(throws: Never.self) { try coordinator.refuseIfBusy(Self.pushTutorial) }
        #expect(try await coordinator.perform(Self.pushTutorial).id == TransitionID(2))
    }

    @Test("a refusal decided in the caller's context reaches subscribers after its transition's began and before its ended")
    func refusalBetweenBeganAndEnded() async throws {
        let fixture = await Fixture()
        let coordinator = fixture.coordinator
        var events = coordinator.events().makeAsyncIterator()
        let animator = GatedAnimator()
        let first = Task { await attempt { try await coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()
        await #expect(throws: TransitionError.refused(.busy(inFlight: Self.pin))) {
            try await coordinator.perform(Self.pushTutorial)
        }
        animator.open()
        let record = try #require(await first.value.success)
        var seen: [CoordinatorEvent] = []
        while let event = await events.next() {
            seen.append(event)
            if case .ended = event { break }
        }
        #expect(
            seen == [
                .began(Self.pin, before: record.before),
                .rejected(Self.pushTutorial, .refused(.busy(inFlight: Self.pin))),
                .ended(record),
            ])
    }

    // A re-entrant request goes to the actor too: ReentrancyTests shows it refused as re-entrant, not busy.
    @Test("a cancelled request is left to the actor, which answers cancelled, not busy")
    func cancelledGoesToTheActor() async throws {
        let fixture = await Fixture()
        let coordinator = fixture.coordinator
        let animator = GatedAnimator()
        let first = Task { await attempt { try await coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            #expect(throws: Never.self) { try coordinator.refuseIfBusy(Self.pushTutorial) }
            return await attempt { try await coordinator.perform(Self.pushTutorial) }
        }
        #expect(await cancelled.value == .failure(.refused(.cancelled(Self.pushTutorial))))
        animator.open()
        _ = try #require(await first.value.success)
    }
}
