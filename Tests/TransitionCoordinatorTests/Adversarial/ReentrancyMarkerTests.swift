import TestSupport
import Testing
import TransitionCoordinator

/// Hole 9: re-entrancy markers named a coordinator by its address and were never pruned, so a task
/// started in a freed coordinator's animator was refused as re-entrant by a new coordinator at the
/// same address, and chained follow-ups carried ever longer chains.
@Suite("Adversarial: re-entrancy markers name one live transition of one coordinator")
struct AdversarialReentrancyMarkerTests {
    static let pushPin = TransitionRequest.push(Screens.pin, at: .medium)
    static let pushTutorial = TransitionRequest.push(Screens.tutorial, at: .low)

    /// One round: a task started in the animator of a coordinator that is freed, asking a new one.
    static func round() async throws -> (answer: Result<TransitionRecord, TransitionError>?, sameAddress: Bool) {
        let target = Box<Coordinator?>(nil)
        let answer = Box<Result<TransitionRecord, TransitionError>?>(nil)
        let ask = Gate()
        let follower = Box<Task<Void, Never>?>(nil)
        let animator = AnyAnimator { _ in
            follower.value = Task {
                await ask.wait()
                guard let coordinator = target.value else { return }
                answer.value = await attempt { try await coordinator.perform(pushTutorial) }
            }
        }
        var old: Coordinator? = await Coordinator(root: Screens.home, clock: TestClock())
        let oldAddress = old.map { UInt(bitPattern: ObjectIdentifier($0).hashValue) }
        try await old?.perform(pushPin, animator: animator)
        old = nil

        let new = await Coordinator(root: Screens.home, clock: TestClock())
        let sameAddress = oldAddress == UInt(bitPattern: ObjectIdentifier(new).hashValue)
        let gated = GatedAnimator()
        let inFlight = Task { await attempt { try await new.perform(pushPin, animator: gated) } }
        await gated.started()
        target.value = new
        ask.open()
        await follower.value?.value
        gated.open()
        _ = await inFlight.value
        return (answer.value, sameAddress)
    }

    @Test(
        "a task from a freed coordinator's animator asking a new coordinator with its own T1 in flight gets busy, never reentrant"
    )
    func freedCoordinatorsMarker() async throws {
        let busy = TransitionError.refused(.busy(inFlight: InFlightTransition(id: t(1), request: Self.pushPin)))
        for round in 0..<200 {
            let (answer, sameAddress) = try await Self.round()
            #expect(
                answer == .failure(busy), "round \(round); the new coordinator reused the freed one's address: \(sameAddress)")
            if answer != .failure(busy) { break }
        }
    }

    /// Each step's animator starts the next step in a `Task {}`, which asks once the step has ended.
    final class FollowUpChain: Sendable {
        let coordinator: Coordinator
        let total: Int
        let outcomes = Box<[Result<TransitionRecord, TransitionError>]>([])
        let done = Gate()

        init(coordinator: Coordinator, total: Int) {
            self.coordinator = coordinator
            self.total = total
        }

        func step(_ index: Int) async {
            let ended = Gate()
            let request: TransitionRequest = index.isMultiple(of: 2) ? AdversarialReentrancyMarkerTests.pushTutorial : .pop(.low)
            let animator = AnyAnimator { [self] _ in
                guard index + 1 < total else { return }
                Task {
                    await ended.wait()
                    await self.step(index + 1)
                }
            }
            let outcome = await attempt { try await coordinator.perform(request, animator: animator) }
            outcomes.mutate { $0.append(outcome) }
            ended.open()
            if index + 1 == total || !outcome.isSuccess { done.open() }
        }
    }

    @Test("a chain of 1,000 transitions, each asked from a task the previous one's animator started, all succeed")
    func longFollowUpChain() async throws {
        let chain = FollowUpChain(coordinator: await Coordinator(root: Screens.home, clock: TestClock()), total: 1_000)
        await chain.step(0)
        await chain.done.wait()
        let outcomes = chain.outcomes.value
        #expect(outcomes.count == 1_000)
        #expect(outcomes.allSatisfy { $0.isSuccess })
        #expect(outcomes.compactMap(\.success).allSatisfy { $0.animation == .ran })
        #expect(await chain.coordinator.audit().isEmpty)
    }
}

fileprivate extension Result {
    /// Whether this is a success.
    var isSuccess: Bool { success != nil }
}
