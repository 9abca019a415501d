import TestSupport
import Testing
import TransitionCoordinator

/// Documents a sharp edge: a `Task.detached` started in an animator escapes the re-entrancy marker,
/// so its request is treated as any outside request, by its policy. These tests pin what each
/// policy then does.
@Suite("Adversarial: a detached request from inside an animator")
struct AdversarialDetachedRequestTests {
    static let pushPin = TransitionRequest.push(Screens.pin, at: .medium)
    static let pushTutorial = TransitionRequest.push(Screens.tutorial, at: .low)
    static let inFlight = InFlightTransition(id: t(1), request: pushPin)

    @Test("under reject it is refused as busy, naming its own animator's transition")
    func reject() async throws {
        let fixture = await Fixture()
        let coordinator = fixture.coordinator
        let answer = Box<Result<TransitionRecord, TransitionError>?>(nil)
        let animator = AnyAnimator { _ in
            answer.value = await Task.detached { await attempt { try await coordinator.perform(Self.pushTutorial) } }.value
        }
        let record = try await coordinator.perform(Self.pushPin, animator: animator)
        #expect(answer.value == .failure(.refused(.busy(inFlight: Self.inFlight))))
        #expect(record.animation == .ran)
        #expect(await coordinator.history == [record])
    }

    @Test("under enqueue it waits for its own animator's transition; an animator awaiting it ends at the animation timeout")
    func enqueue() async throws {
        let fixture = await Fixture()
        let coordinator = fixture.coordinator
        var probe = EventProbe(coordinator)
        let answer = Box<Result<TransitionRecord, TransitionError>?>(nil)
        let answered = Gate()
        let animator = AnyAnimator { _ in
            answer.value = await Task.detached {
                await attempt { try await coordinator.perform(Self.pushTutorial, policy: .enqueue) }
            }.value
            answered.open()
        }
        let pin = Task { await attempt { try await coordinator.perform(Self.pushPin, animator: animator) } }
        // The animator has been called (it made the request), so its timeout is armed.
        #expect(await probe.waiting(Self.pushTutorial) == .queued)
        fixture.clock.advance(by: coordinator.configuration.animationTimeout)

        let record = try #require(await pin.value.success)
        #expect(record.animation == .timedOut(after: coordinator.configuration.animationTimeout))
        await answered.wait()
        let tutorial = try #require(answer.value?.success)
        #expect(tutorial.id == t(2))
        #expect(tutorial.before == record.after)
        #expect(tutorial.waited?.lane == .queued)
        #expect(await coordinator.audit().isEmpty)
    }

    @Test("under preempt it cuts its own animator's transition short and runs next")
    func preempt() async throws {
        let fixture = await Fixture()
        let coordinator = fixture.coordinator
        var probe = EventProbe(coordinator)
        let request = Box<Task<Result<TransitionRecord, TransitionError>, Never>?>(nil)
        let proceed = Gate()
        let animator = AnyAnimator { _ in
            request.value = Task.detached { await attempt { try await coordinator.perform(Self.pushTutorial, policy: .preempt) } }
            await proceed.wait()
        }
        let pin = Task { await attempt { try await coordinator.perform(Self.pushPin, animator: animator) } }
        #expect(await probe.waiting(Self.pushTutorial) == .preempt)
        proceed.open()

        let record = try #require(await pin.value.success)
        #expect(record.animation == .preempted)
        let tutorial = try #require(await request.value?.value.success)
        #expect(tutorial.id == t(2))
        #expect(tutorial.before == record.after)
        #expect(tutorial.waited?.lane == .preempt)
        #expect(await coordinator.audit().isEmpty)
    }
}
