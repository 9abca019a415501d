import TestSupport
import Testing
import TransitionCoordinator

/// A caller cancelled before admission changes nothing; one cancelled mid-animation only shortens it.
@Suite("Cancellation of the caller")
struct CancellationTests {
    static let pushPin = TransitionRequest.push(Screens.pin, at: .medium)

    @Test("a caller cancelled before admission gets cancelled(request) and nothing changes")
    func cancelledBeforeAdmission() async throws {
        let fixture = await Fixture()
        try await fixture.prepare([.push(Screens.tutorial, at: .low)])
        let before = await fixture.snapshot
        let gate = Gate()
        let animator = GatedAnimator(.returnAtOnce)
        let caller = Task {
            await gate.wait()
            return await attempt { try await fixture.coordinator.perform(Self.pushPin, animator: animator) }
        }

        caller.cancel()
        gate.open()

        #expect(await caller.value == .failure(.refused(.cancelled(Self.pushPin))))
        #expect(await fixture.snapshot == before)
        #expect(await fixture.calls == [])
        #expect(await fixture.coordinator.history.map(\.id) == [t(1)])
        #expect(animator.callCount == 0)
    }

    @Test("a task that cancels itself and then asks is refused as cancelled, and a rejected event says so")
    func selfCancelledCaller() async throws {
        let fixture = await Fixture()
        var events = fixture.coordinator.events().makeAsyncIterator()
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await attempt { try await fixture.coordinator.closeAllWindows() }
        }

        #expect(await caller.value == .failure(.refused(.cancelled(.popAll))))
        #expect(await events.next() == .rejected(.popAll, .refused(.cancelled(.popAll))))
        #expect(await fixture.coordinator.history == [])
    }

    @Test("a cancelled caller is told cancelled, not busy, while another transition animates")
    func cancelledWinsOverBusy() async throws {
        let fixture = await Fixture()
        let animator = GatedAnimator()
        let first = Task { await attempt { try await fixture.coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()
        let gate = Gate()
        let caller = Task {
            await gate.wait()
            return await attempt { try await fixture.coordinator.openWindow(Screens.tutorial, at: .low) }
        }
        caller.cancel()
        gate.open()

        #expect(await caller.value == .failure(.refused(.cancelled(.push(Screens.tutorial, at: .low)))))
        animator.open()
        #expect(await first.value.success?.animation == .ran)
    }

    @Test("a caller cancelled mid-animation still gets its committed record, cut short for callerCancelled")
    func cancelledMidAnimation() async throws {
        let fixture = await Fixture()
        let animator = GatedAnimator()
        let caller = Task { await attempt { try await fixture.coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()

        caller.cancel()

        let record = try #require(await caller.value.success)
        #expect(record.animation == .callerCancelled)
        #expect(record.after.windowList.map(\.id) == [w(1), w(2)])
        #expect(record.after.keyWindow == w(2))
        #expect(await fixture.snapshot == record.after)
        #expect(await fixture.coordinator.inFlightTransition == nil)
        #expect(await fixture.calls.log == ["create #2", "show #2", "reset #1", "reset #2", "makeKey #2"])
        // The animator's own task is cancelled too, so it does not outlive the transition.
        await animator.cancelled()
        #expect(animator.cancelledCallCount == 1)
    }

    @Test("after a caller is cancelled mid-animation the coordinator admits the next request")
    func nextRequestAfterCancelledAnimation() async throws {
        let fixture = await Fixture()
        let animator = GatedAnimator(.waitForCancellation)
        let caller = Task { await attempt { try await fixture.coordinator.perform(Self.pushPin, animator: animator) } }
        await animator.started()
        caller.cancel()
        _ = await caller.value

        let next = try await fixture.coordinator.closeWindow(at: .medium)
        #expect(next.id == t(2))
        #expect(next.after.windowList.map(\.id) == [w(1)])
        #expect(await fixture.coordinator.audit() == [])
    }
}
