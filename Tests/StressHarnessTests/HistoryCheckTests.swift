import StressHarness
import Testing
import TransitionCoordinator

/// The whole-history checks fire on deliberately corrupted histories.
@Suite("History checks")
struct HistoryCheckTests {
    static let root = ManagedWindow(id: WindowID(1), level: .root, content: .screen(Screen("home")))
    static let low = ManagedWindow(id: WindowID(2), level: .low, content: .screen(Screen("a")))

    static func snapshot(_ version: UInt64, _ windows: [ManagedWindow]) -> NavigationSnapshot {
        NavigationSnapshot(version: version, levels: WindowLevel.builtIn, windows: windows, keyWindow: windows.last?.id)
    }

    static func record(
        _ id: UInt64, _ request: TransitionRequest, _ before: NavigationSnapshot, _ after: NavigationSnapshot,
        from: Duration = .zero, to: Duration = .zero
    ) -> TransitionRecord {
        TransitionRecord(
            id: TransitionID(id), request: request, before: before, after: after, hadAnimator: false,
            animation: .skipped(.noAnimator), extraFinishCalls: 0, startedAt: from, endedAt: to)
    }

    static let push = record(
        1, .push(Screen("a"), at: .low), snapshot(0, [root]), snapshot(1, [root, low]),
        from: .milliseconds(10), to: .milliseconds(20))
    static let pop = record(
        2, .pop(.low), snapshot(1, [root, low]), snapshot(2, [root]),
        from: .milliseconds(30), to: .milliseconds(40))

    static func violations(_ history: [TransitionRecord]) async -> [InvariantViolation] {
        let checker = StressChecker(answerBound: .seconds(1))
        await checker.finishHistory(history, clockOffset: .zero, peakQueueDepth: 0, queueLimit: 4)
        return await checker.violations
    }

    @Test("a correct history passes")
    func correct() async {
        #expect(await Self.violations([Self.push, Self.pop]).isEmpty)
    }

    @Test("two records starting from the same version are caught")
    func sharedBeforeVersion() async {
        let twin = Self.record(
            2, .push(Screen("a"), at: .low), Self.snapshot(0, [Self.root]), Self.snapshot(1, [Self.root, Self.low]))
        #expect(await Self.violations([Self.push, twin]).contains { $0.detail.contains("two transitions started from v0") })
    }

    @Test("a record the sequential reference model does not reproduce is caught")
    func referenceModel() async {
        let wrongAfter = Self.record(
            2, .pop(.low), Self.snapshot(1, [Self.root, Self.low]), Self.snapshot(2, [Self.root, Self.low]))
        #expect(await Self.violations([Self.push, wrongAfter]).contains { $0.detail.contains("reference model") })
    }

    @Test("a busy rejection outside the window of the transition it named is caught")
    func busyOutsideWindow() async {
        let checker = StressChecker(answerBound: .seconds(1))
        let label = RequestLabel(policy: .reject, whenLocked: .refuse, cancelled: false)
        let named = InFlightTransition(id: TransitionID(1), request: Self.push.request)
        await checker.rejected(
            .popAll, .refused(.busy(inFlight: named)), animator: .none, label: label,
            asked: .milliseconds(50), answered: .milliseconds(51))
        await checker.finishHistory([Self.push, Self.pop], clockOffset: .zero, peakQueueDepth: 0, queueLimit: 4)
        #expect(await checker.violations.contains { $0.invariant == .serial && $0.detail.contains("busy rejection") })
    }

    @Test("a queue deeper than its limit is caught")
    func queueBeyondLimit() async {
        let checker = StressChecker(answerBound: .seconds(1))
        await checker.finishHistory([Self.push], clockOffset: .zero, peakQueueDepth: 5, queueLimit: 4)
        #expect(await checker.violations.map(\.invariant) == [.answered])
    }
}
