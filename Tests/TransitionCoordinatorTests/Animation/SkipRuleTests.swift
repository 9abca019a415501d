import TestSupport
import Testing
import TransitionCoordinator

/// The animator runs exactly when one was given, the app is active and the top-most visible window changes.
@Suite("Skip rules")
struct SkipRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let setup: [TransitionRequest]
        let request: TransitionRequest
        let givesAnimator: Bool
        let expected: SkipReason
        var testDescription: String { name }
    }

    static let stacked: [TransitionRequest] = [.push(Screens.tutorial, at: .low), .push(Screens.pin, at: .medium)]

    static let cases: [Case] = [
        Case(
            name: "a push without an animator is skipped as noAnimator",
            setup: [], request: .push(Screens.pin, at: .medium), givesAnimator: false, expected: .noAnimator),
        Case(
            name: "a pop without an animator is skipped as noAnimator",
            setup: stacked, request: .pop(.medium), givesAnimator: false, expected: .noAnimator),
        Case(
            name: "a push while the app is inactive is skipped as applicationNotActive",
            setup: [.setApplicationState(.inactive)], request: .push(Screens.pin, at: .medium),
            givesAnimator: true, expected: .applicationNotActive),
        Case(
            name: "a push while the app is in the background is skipped as applicationNotActive",
            setup: [.setApplicationState(.background)], request: .push(Screens.pin, at: .medium),
            givesAnimator: true, expected: .applicationNotActive),
        Case(
            name: "a replaceRoot while the app is in the background is skipped as applicationNotActive",
            setup: stacked + [.setApplicationState(.background)], request: .replaceRoot(Screens.login),
            givesAnimator: true, expected: .applicationNotActive),
        Case(
            name: "popAll while the app is inactive is skipped as applicationNotActive",
            setup: stacked + [.setApplicationState(.inactive)], request: .popAll,
            givesAnimator: true, expected: .applicationNotActive),
        Case(
            name: "a pop of low while medium stays on top is skipped as topWindowUnchanged",
            setup: stacked, request: .pop(.low), givesAnimator: true, expected: .topWindowUnchanged),
        Case(
            name: "a pop of the screen under the top window is skipped as topWindowUnchanged",
            setup: stacked, request: .popScreen("tutorial"), givesAnimator: true, expected: .topWindowUnchanged),
        Case(
            name: "a push below the top window is skipped as topWindowUnchanged",
            setup: [.push(Screens.pin, at: .medium)], request: .push(Screens.tutorial, at: .low),
            givesAnimator: true, expected: .topWindowUnchanged),
        Case(
            name: "setApplicationState is skipped as notAnimatable even with an animator",
            setup: [], request: .setApplicationState(.inactive), givesAnimator: true, expected: .notAnimatable),
        Case(
            name: "registering an unmanaged window is skipped as notAnimatable even with an animator",
            setup: [], request: .registerUnmanagedWindow(UnmanagedWindow(id: "alert", zOrder: 2_500)),
            givesAnimator: true, expected: .notAnimatable),
        Case(
            name: "unregistering an unmanaged window is skipped as notAnimatable even with an animator",
            setup: [.registerUnmanagedWindow(UnmanagedWindow(id: "alert", zOrder: 2_500))],
            request: .unregisterUnmanagedWindow(id: "alert"), givesAnimator: true, expected: .notAnimatable),
    ]

    @Test("a skipped animation never calls the animator and the record names the reason", arguments: cases)
    func skipped(_ skip: Case) async throws {
        let fixture = await Fixture()
        try await fixture.prepare(skip.setup)
        let animator = GatedAnimator(.returnAtOnce)

        let record = try await fixture.coordinator.perform(skip.request, animator: skip.givesAnimator ? animator : nil)

        #expect(record.animation == .skipped(skip.expected))
        #expect(record.hadAnimator == skip.givesAnimator)
        #expect(animator.callCount == 0)
        #expect(await fixture.snapshot == record.after)
        #expect(InvariantChecker.check(record) == [])
        // Without an animation nothing needs its appearance reset.
        #expect(await fixture.calls.filter { if case .reset = $0 { true } else { false } } == [])
    }

    @Test(
        "the application state the coordinator commits is the one set, and changes nothing else",
        arguments: ApplicationState.allCases)
    func applicationStateCommits(_ state: ApplicationState) async throws {
        let fixture = await Fixture()
        let before = await fixture.snapshot
        let record = try await fixture.coordinator.setApplicationState(state)
        #expect(record.after.applicationState == state)
        #expect(record.after.windowList == before.windowList)
        #expect(record.after.keyWindow == before.keyWindow)
        #expect(await fixture.calls == [])
    }

    @Test("once the app is active again the animator runs")
    func activeAgainAnimates() async throws {
        let fixture = await Fixture()
        try await fixture.prepare([.setApplicationState(.background), .setApplicationState(.active)])
        let animator = GatedAnimator(.returnAtOnce)
        let record = try await fixture.coordinator.openWindow(Screens.pin, at: .medium, animator: animator)
        #expect(record.animation == .ran)
        #expect(animator.callCount == 1)
        #expect(animator.contexts.first?.isApplicationActive == true)
    }

    struct OrderCase: Sendable, CustomTestStringConvertible {
        let name: String
        let request: TransitionRequest
        let hasAnimator: Bool
        let state: ApplicationState
        let expected: SkipReason?
        var testDescription: String { name }
    }

    @Test(
        "the reasons are checked in order: notAnimatable, noAnimator, applicationNotActive, topWindowUnchanged",
        arguments: [
            OrderCase(
                name: "a non-animatable kind wins over a missing animator",
                request: .setApplicationState(.inactive), hasAnimator: false, state: .active, expected: .notAnimatable),
            OrderCase(
                name: "a missing animator wins over an inactive app",
                request: .push(Screens.shield, at: .high), hasAnimator: false, state: .inactive, expected: .noAnimator),
            OrderCase(
                name: "an inactive app wins over an unchanged top window",
                request: .push(Screens.tutorial, at: .low), hasAnimator: true, state: .background,
                expected: .applicationNotActive),
            OrderCase(
                name: "an unchanged top window is the last reason",
                request: .push(Screens.tutorial, at: .low), hasAnimator: true, state: .active,
                expected: .topWindowUnchanged),
            OrderCase(
                name: "a changed top window with an animator in an active app is animated",
                request: .push(Screens.shield, at: .high), hasAnimator: true, state: .active, expected: nil),
        ])
    func skipReasonOrder(_ order: OrderCase) throws {
        let snapshot = NavigationSnapshot(
            version: 0, levels: WindowLevel.builtIn,
            windows: [
                ManagedWindow(id: w(1), level: .root, content: .screen(Screens.home)),
                ManagedWindow(id: w(2), level: .medium, content: .screen(Screens.pin)),
            ],
            keyWindow: w(2), applicationState: order.state)
        var next = w(3)
        let plan = try TransitionPlanner.plan(order.request, in: snapshot, nextWindowID: &next)
        #expect(plan.skipReason(hasAnimator: order.hasAnimator) == order.expected)
    }
}
