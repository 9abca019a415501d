import TestSupport
import Testing
import TransitionCoordinator

/// Records: increasing ids, chained versions, a bounded history.
@Suite("Records and history")
struct HistoryTests {
    static let sequence: [TransitionRequest] = [
        .push(Screens.tutorial, at: .low),
        .push(Screens.pin, at: .medium),
        .setApplicationState(.inactive),
        .pop(.low),
        .replaceRoot(Screens.login),
    ]

    @Test("record ids increase by one per admitted transition and versions chain before → after")
    func idsIncreaseAndVersionsChain() async throws {
        let fixture = await Fixture()
        var records: [TransitionRecord] = []
        for request in Self.sequence { records.append(try await fixture.coordinator.perform(request)) }

        #expect(records.map(\.id) == (1...5).map { t($0) })
        #expect(records.map(\.before.version) == [0, 1, 2, 3, 4])
        #expect(records.map(\.after.version) == [1, 2, 3, 4, 5])
        for (previous, next) in zip(records, records.dropFirst()) { #expect(next.before == previous.after) }
        #expect(records.map(\.request) == Self.sequence)
        #expect(await fixture.coordinator.history == records)
        #expect(await fixture.snapshot == records.last?.after)
    }

    @Test("the record says whether the request carried an animator")
    func recordNotesAnimator() async throws {
        let fixture = await Fixture()
        let plain = try await fixture.coordinator.openWindow(Screens.tutorial, at: .low)
        let animated = try await fixture.coordinator.openWindow(Screens.pin, at: .medium, animator: GatedAnimator(.returnAtOnce))
        #expect(plain.hadAnimator == false)
        #expect(plain.animation == .skipped(.noAnimator))
        #expect(animated.hadAnimator == true)
        #expect(animated.animation == .ran)
        #expect(animated.extraFinishCalls == 0)
    }

    @Test("the history keeps only the newest historyLimit records")
    func historyIsBounded() async throws {
        let configuration = try CoordinatorConfiguration(historyLimit: 3)
        let fixture = await Fixture(configuration: configuration)
        var records: [TransitionRecord] = []
        for (index, request) in Self.sequence.enumerated() {
            records.append(try await fixture.coordinator.perform(request))
            let newest = (max(1, index - 1)...(index + 1)).map { t(UInt64($0)) }
            #expect(await fixture.coordinator.history.map(\.id) == newest, "after \(index + 1) transitions")
        }

        let history = await fixture.coordinator.history
        #expect(history.map(\.id) == [t(3), t(4), t(5)])
        #expect(history == Array(records.suffix(3)))
        #expect(InvariantChecker.checkHistory(history) == [])
    }

    @Test("record times come from the injected clock: start and end of an animation that took 2 s")
    func recordTimesUseInjectedClock() async throws {
        let fixture = await Fixture()
        fixture.clock.advance(by: .seconds(1))
        let animator = GatedAnimator()
        let caller = Task {
            await attempt { try await fixture.coordinator.openWindow(Screens.pin, at: .medium, animator: animator) }
        }
        // The animator's call arms the timeout at t = 1 s; the advance below stays short of it.
        await animator.started()
        fixture.clock.advance(by: .seconds(2))
        animator.open()

        let record = try #require(await caller.value.success)
        #expect(record.startedAt == .seconds(1))
        #expect(record.endedAt == .seconds(3))
        #expect(record.animation == .ran)
    }
}
