import TestSupport
import Testing
import TransitionCoordinator

/// The positive side: a real coordinator's history, snapshot and host pass every check.
@Suite("A real coordinator passes every invariant")
struct CoordinatorAuditTests {
    @Test(
        "after a mixed sequence of transitions, audit(), the history and the host checks all return []",
        arguments: [false, true])
    func auditAfterSequence(ignoresUnmanagedWindows: Bool) async throws {
        let configuration = try CoordinatorConfiguration(ignoresUnmanagedWindows: ignoresUnmanagedWindows)
        let fixture = await Fixture(configuration: configuration)
        let coordinator = fixture.coordinator
        let ran = GatedAnimator(.returnAtOnce)

        try await coordinator.openWindow(Screens.tutorial, at: .low, animator: ran)
        try await coordinator.registerUnmanagedWindow(UnmanagedWindow(id: "alert", zOrder: 2_500, isKey: true))
        try await coordinator.openWindow(
            Screens.pin, at: .medium,
            animator: CallbackAnimator { _, finish in
                finish()
                finish()
            })
        _ = await attempt { try await coordinator.openWindow(Screens.pin, at: .high) }
        try await coordinator.closeWindow(at: .low, animator: ran)
        try await coordinator.openWindow(
            Screens.shield, at: .high, animator: GatedAnimator(.throwAtOnce(AnimationBroke.onPurpose)))
        try await coordinator.setApplicationState(.background)
        try await coordinator.closeWindow(showing: "shield", animator: ran)
        try await coordinator.setApplicationState(.active)

        let timingOut = GatedAnimator(.waitForCancellation)
        let caller = Task { await attempt { try await coordinator.replaceRoot(with: Screens.login, animator: timingOut) } }
        // The alarm is armed before the animator is called, so once it started, the advance fires it.
        await timingOut.started()
        fixture.clock.advance(by: .seconds(5))
        #expect(await caller.value.success?.animation == .timedOut(after: .seconds(5)))

        try await coordinator.openWindow(Screens.tutorial, at: .low, animator: ran)
        try await coordinator.unregisterUnmanagedWindow(id: "alert")
        try await coordinator.closeAllWindows(animator: ran)

        let history = await coordinator.history
        #expect(history.map(\.id) == (1...12).map { t($0) })
        #expect(
            history.map(\.animation) == [
                .ran, .skipped(.notAnimatable), .ran, .skipped(.topWindowUnchanged), .failed("onPurpose"),
                .skipped(.notAnimatable), .skipped(.applicationNotActive), .skipped(.notAnimatable),
                .timedOut(after: .seconds(5)), .ran, .skipped(.notAnimatable), .ran,
            ])
        for record in history {
            #expect(InvariantChecker.check(record, ignoresUnmanagedWindows: ignoresUnmanagedWindows) == [], "\(record)")
        }
        #expect(InvariantChecker.checkHistory(history) == [])
        #expect(await coordinator.audit() == [])
        #expect(InvariantChecker.checkHost(await fixture.host.ledger, against: await coordinator.snapshot) == [])
        #expect(await coordinator.snapshot.windowList.map(\.id) == [w(5)])
    }
}
