import TestSupport
import Testing
import TransitionCoordinator

/// Whatever the animator does, the transition commits and the record says what the animation did.
@Suite("Animation outcomes")
struct AnimationOutcomeTests {
    static let pushPin = TransitionRequest.push(Screens.pin, at: .medium)
    static let rootAndPin = [w(1), w(2)]

    @Test("an animator that returns gives ran")
    func ran() async throws {
        let fixture = await Fixture()
        let animator = GatedAnimator()
        let caller = Task { await attempt { try await fixture.coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()
        #expect(await fixture.coordinator.inFlightTransition == InFlightTransition(id: t(1), request: Self.pushPin))
        animator.open()

        let record = try #require(await caller.value.success)
        #expect(record.animation == .ran)
        #expect(record.extraFinishCalls == 0)
        #expect(animator.callCount == 1)
        #expect(await fixture.snapshot.windowList.map(\.id) == Self.rootAndPin)
    }

    @Test("an animator that throws gives failed with the error's description, and the transition still commits")
    func throwingAnimatorFails() async throws {
        let fixture = await Fixture()
        let record = try await fixture.coordinator.perform(
            Self.pushPin, animator: GatedAnimator(.throwAtOnce(AnimationBroke.onPurpose)))
        #expect(record.animation == .failed("onPurpose"))
        #expect(record.after.windowList.map(\.id) == Self.rootAndPin)
        #expect(await fixture.snapshot == record.after)
        #expect(await fixture.calls.log == ["create #2", "show #2", "reset #1", "reset #2", "makeKey #2"])
    }

    @Test("an animator that throws after waiting gives failed, and the transition still commits")
    func throwingAfterWaitFails() async throws {
        let fixture = await Fixture()
        let animator = GatedAnimator()
        let caller = Task { await attempt { try await fixture.coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()
        animator.open(throwing: AnimationBroke.onPurpose)

        let record = try #require(await caller.value.success)
        #expect(record.animation == .failed("onPurpose"))
        #expect(await fixture.snapshot.windowList.map(\.id) == Self.rootAndPin)
    }

    @Test("a callback animator that never finishes times out after animationTimeout on the injected clock")
    func neverFinishingCallbackTimesOut() async throws {
        let fixture = await Fixture()
        let entered = Box(0), called = Gate()
        let animator = CallbackAnimator { _, _ in
            entered.mutate { $0 += 1 }
            called.open()
        }
        let caller = Task { await attempt { try await fixture.coordinator.perform(Self.pushPin, animator: animator) } }

        // The alarm is armed before the animator is called, so once it was, the advance fires it.
        await called.wait()
        fixture.clock.advance(by: fixture.coordinator.configuration.animationTimeout)

        let record = try #require(await caller.value.success)
        #expect(record.animation == .timedOut(after: .seconds(5)))
        #expect(record.startedAt == .zero)
        #expect(record.endedAt == .seconds(5))
        #expect(entered.value == 1)
        #expect(record.after.windowList.map(\.id) == Self.rootAndPin)
        #expect(await fixture.snapshot == record.after)
        #expect(await fixture.calls.log == ["create #2", "show #2", "reset #1", "reset #2", "makeKey #2"])
    }

    @Test("the timeout fires exactly at the configured duration, not a moment before")
    func timeoutFiresAtDeadline() async throws {
        let configuration = try CoordinatorConfiguration(animationTimeout: .milliseconds(300))
        let fixture = await Fixture(configuration: configuration)
        let animator = GatedAnimator(.waitForCancellation)
        let caller = Task { await attempt { try await fixture.coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()
        await fixture.clock.sleepers(atLeast: 1, dueIn: .milliseconds(300))

        fixture.clock.advance(by: .milliseconds(299))
        #expect(fixture.clock.sleeperCount == 1)
        #expect(await fixture.coordinator.inFlightTransition?.id == t(1))
        #expect(animator.cancelledCallCount == 0)

        fixture.clock.advance(by: .milliseconds(1))
        let record = try #require(await caller.value.success)
        #expect(record.animation == .timedOut(after: .milliseconds(300)))
        #expect(record.endedAt == .milliseconds(300))
        // The abandoned animator's task is cancelled.
        await animator.cancelled()
        #expect(animator.cancelledCallCount == 1)
    }

    @Test("a callback animator that calls finish twice synchronously gives ran with one extra finish call")
    func finishTwice() async throws {
        let fixture = await Fixture()
        let animator = CallbackAnimator { _, finish in
            finish()
            finish()
        }
        let record = try await fixture.coordinator.perform(Self.pushPin, animator: animator)
        #expect(record.animation == .ran)
        #expect(record.extraFinishCalls == 1)
        #expect(record.description.hasSuffix("finished 2 times"))
    }

    @Test("extra finish calls are counted one by one", arguments: [1, 2, 3, 5])
    func extraFinishCallsCounted(calls: Int) async throws {
        let fixture = await Fixture()
        let animator = CallbackAnimator { _, finish in
            for _ in 0..<calls { finish() }
        }
        let record = try await fixture.coordinator.perform(Self.pushPin, animator: animator)
        #expect(record.animation == .ran)
        #expect(record.extraFinishCalls == calls - 1)
    }

    @Test("a second finish that comes while the host takes its after-animation calls is counted: the commit comes after it")
    func finishDuringAfterCallsCounted() async throws {
        let host = TestHost()
        let coordinator = await Coordinator(root: Screen("home"), host: host, clock: TestClock())
        let kept = Box<AnimationFinish?>(nil)
        // The new window's reset is one of the calls made after the animation.
        await host.setHook { line in if line == "reset #2" { kept.value?() } }
        let animator = CallbackAnimator { _, finish in
            kept.value = finish
            finish()
        }
        let record = try await coordinator.openWindow(Screen("detail"), at: .low, animator: animator)
        #expect(kept.value?.callCount == 2, "the host's call finished it again")
        #expect(record.extraFinishCalls == 1)
    }

    @Test("a callback animator that calls finish.fail gives failed with the error's description")
    func finishFail() async throws {
        let fixture = await Fixture()
        let animator = CallbackAnimator { _, finish in finish.fail(AnimationBroke.onPurpose) }
        let record = try await fixture.coordinator.perform(Self.pushPin, animator: animator)
        #expect(record.animation == .failed("onPurpose"))
        #expect(record.extraFinishCalls == 0)
        #expect(record.after.windowList.map(\.id) == Self.rootAndPin)
    }

    @Test("a callback animator that finishes later from another task gives ran")
    func finishFromAnotherTask() async throws {
        let fixture = await Fixture()
        let gate = Gate(), called = Gate()
        let animator = CallbackAnimator { _, finish in
            called.open()
            Task {
                await gate.wait()
                finish()
            }
        }
        let caller = Task { await attempt { try await fixture.coordinator.perform(Self.pushPin, animator: animator) } }
        await called.wait()
        gate.open()
        let record = try #require(await caller.value.success)
        #expect(record.animation == .ran)
        #expect(record.extraFinishCalls == 0)
    }

    @Test("a finish after fail is ignored and counted as one extra call; the outcome stays failed")
    func finishAfterFail() async throws {
        let fixture = await Fixture()
        let animator = CallbackAnimator { _, finish in
            finish.fail(AnimationBroke.onPurpose)
            finish()
        }
        let record = try await fixture.coordinator.perform(Self.pushPin, animator: animator)
        #expect(record.animation == .failed("onPurpose"))
        #expect(record.extraFinishCalls == 1)
    }
}
