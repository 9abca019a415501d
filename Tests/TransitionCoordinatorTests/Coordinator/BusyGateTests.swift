import Testing
@testable import TransitionCoordinator

/// A `.reject` request is refused as busy in its caller's own context, from what the coordinator
/// published (``BusyGate``): the answer and its event must be exactly those the actor would give.
@Suite("Busy refusals decided in the caller's context")
struct BusyGateTests {
    static let pushPin = TransitionRequest.push(Screens.pin, at: .medium)
    static let pushTutorial = TransitionRequest.push(Screens.tutorial, at: .low)
    static let pin = InFlightTransition(id: TransitionID(1), request: pushPin)

    @Test("an empty gate refuses nothing and announces nothing")
    func emptyGate() {
        let gate = BusyGate()
        var announced: [TransitionError] = []
        #expect(gate.refuse({ .busy(inFlight: $0) }, announce: { announced.append($0) }) == nil)
        #expect(announced.isEmpty)
    }

    @Test("a published gate refuses with what the refusal says, announces it once, and withdrawing it ends that")
    func publishedGate() {
        let gate = BusyGate()
        var announced: [TransitionError] = []
        gate.publish(Self.pin)
        #expect(gate.refuse({ .busy(inFlight: $0) }, announce: { announced.append($0) }) == .busy(inFlight: Self.pin))
        #expect(gate.refuse({ _ in nil }, announce: { announced.append($0) }) == nil)
        #expect(announced == [.busy(inFlight: Self.pin)])
        gate.publish(nil)
        #expect(gate.refuse({ .busy(inFlight: $0) }, announce: { announced.append($0) }) == nil)
        #expect(announced.count == 1)
    }

    @Test("the coordinator publishes a transition while it holds the slot and withdraws it when it commits")
    func publishedWhileInFlight() async throws {
        let fixture = await Fixture()
        let coordinator = fixture.coordinator
        #expect(throws: Never.self) { try coordinator.refuseIfBusy(Self.pushTutorial) }
        let animator = GatedAnimator()
        let first = Task { await attempt { try await coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()
        #expect(throws: TransitionError.busy(inFlight: Self.pin)) { try coordinator.refuseIfBusy(Self.pushTutorial) }
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
        await #expect(throws: TransitionError.busy(inFlight: Self.pin)) {
            try await coordinator.perform(Self.pushTutorial)
        }
        animator.open()
        let record = try #require(await first.value.success)
        var seen: [CoordinatorEvent] = []
        while let event = await events.next() {
            seen.append(event)
            if case .ended = event { break }
        }
        #expect(seen == [.began(Self.pin, before: record.before),
                         .rejected(Self.pushTutorial, .busy(inFlight: Self.pin)),
                         .ended(record)])
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
        #expect(await cancelled.value == .failure(.cancelled(Self.pushTutorial)))
        animator.open()
        _ = try #require(await first.value.success)
    }
}
