import TestSupport
import Testing
import TransitionCoordinator

/// Hole 8: a waiter handed the slot said `began` only when its task resumed, so a busy rejection
/// naming it could reach subscribers before its `began`. `began` now goes out in the step that
/// hands the slot over.
@Suite("Adversarial: no event names a transition before its began")
struct AdversarialEventOrderTests {
    static let pushPin = TransitionRequest.push(Screens.pin, at: .medium)
    static let pushTutorial = TransitionRequest.push(Screens.tutorial, at: .low)
    static let pushLogin = TransitionRequest.push(Screens.login, at: .high)

    @Test("a request refused as busy naming a waiter just handed the slot comes after that waiter's began")
    func beganBeforeBusy() async throws {
        let fixture = await Fixture()
        let coordinator = fixture.coordinator
        var events = coordinator.events().makeAsyncIterator()
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let first = Task { await attempt { try await coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()

        // The waiter's task prefers an executor the test holds: once handed the slot, it cannot resume until released.
        let executor = HeldTaskExecutor()
        let waiter = Task(executorPreference: executor) {
            await attempt {
                try await coordinator.perform(Self.pushTutorial, animator: GatedAnimator(.returnAtOnce), policy: .enqueue)
            }
        }
        #expect(await probe.waiting(Self.pushTutorial) == .queued)
        executor.hold()
        animator.open()
        let pin = try #require(await first.value.success)

        // The slot is the waiter's now, whether or not its task has resumed.
        let handedTo = InFlightTransition(id: t(2), request: Self.pushTutorial)
        await #expect(throws: TransitionError.refused(.busy(inFlight: handedTo))) {
            try await coordinator.perform(Self.pushLogin)
        }
        executor.release()
        let tutorial = try #require(await waiter.value.success)
        #expect(tutorial.id == t(2))

        var seen: [CoordinatorEvent] = []
        while let event = await events.next() {
            seen.append(event)
            if case .ended(let record) = event, record.id == tutorial.id { break }
        }
        let began = try #require(seen.firstIndex(of: .began(handedTo, before: pin.after)))
        let rejected = try #require(seen.firstIndex(of: .rejected(Self.pushLogin, .refused(.busy(inFlight: handedTo)))))
        #expect(began < rejected)
        let pinEnded = try #require(seen.firstIndex(of: .ended(pin)))
        #expect(pinEnded < began)
        // Serial: between a began and its ended, no other began.
        let beganIDs = seen.compactMap { if case .began(let transition, _) = $0 { transition.id } else { nil } }
        let endedIDs = seen.compactMap { if case .ended(let record) = $0 { record.id } else { nil } }
        #expect(beganIDs == [t(1), t(2)])
        #expect(endedIDs == [t(1), t(2)])
    }
}
