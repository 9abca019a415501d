import Testing
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

@testable import StressHarness

/// The model task's check: the model shows the committed snapshot of the version it claims.
@Suite("Model checks")
struct ModelCheckTests {
    static let inbox = StackContainer(id: "inbox", root: Screen("list"), pushed: [Screen("mail")])
    static let popped = StackContainer(id: "inbox", root: Screen("list"))

    static func snapshot(_ version: UInt64, _ stack: StackContainer) -> NavigationSnapshot {
        NavigationSnapshot(
            version: version, levels: WindowLevel.builtIn,
            windows: [ManagedWindow(id: WindowID(1), level: .root, content: .stack(stack))], keyWindow: WindowID(1))
    }

    static let record = TransitionRecord(
        id: TransitionID(1), request: .userDid(.pop("inbox")), before: snapshot(0, inbox),
        after: snapshot(1, popped), hadAnimator: false, animation: .skipped(.madeByUser),
        extraFinishCalls: 0, startedAt: .zero, endedAt: .zero)

    @Test("a model showing the committed snapshot of its version passes, whether that is the current one or a record's")
    func committedPasses() {
        let current = Self.snapshot(2, Self.inbox)
        for (state, version) in [
            (NavigationState(Self.snapshot(1, Self.popped), scope: .keyWindow), UInt64(1)),
            (NavigationState(Self.snapshot(0, Self.inbox), scope: .keyWindow), 0),
            (NavigationState(current, scope: .keyWindow), 2),
        ] {
            #expect(
                ModelTask.violations(shown: state, version: version, scope: .keyWindow, history: [Self.record], current: current)
                    .isEmpty)
        }
    }

    @Test("a model showing another state than its version's committed one is an atomicity violation")
    func middleStateFires() {
        let shown = NavigationState(Self.snapshot(1, Self.inbox), scope: .keyWindow)
        let found = ModelTask.violations(
            shown: shown, version: 1, scope: .keyWindow, history: [Self.record],
            current: Self.snapshot(1, Self.popped))
        #expect(found.map(\.invariant) == [.atomic])
    }

    @Test("a model claiming a version no snapshot was committed at is a violation; one older than the history is not checked")
    func unknownVersion() {
        let shown = NavigationState(Self.snapshot(1, Self.popped), scope: .keyWindow)
        let current = Self.snapshot(3, Self.popped)
        let later = TransitionRecord(
            id: TransitionID(3), request: .userDid(.pop("inbox")), before: Self.snapshot(2, Self.inbox),
            after: current, hadAnimator: false, animation: .skipped(.madeByUser),
            extraFinishCalls: 0, startedAt: .zero, endedAt: .zero)
        #expect(ModelTask.violations(shown: shown, version: 1, scope: .keyWindow, history: [later], current: current).isEmpty)
        #expect(
            ModelTask.violations(shown: shown, version: 7, scope: .keyWindow, history: [later], current: current)
                .map(\.invariant) == [.atomic])
    }

    @Test("a model read at an older version than an earlier read went back, a violation; the same or a newer one is not")
    func wentBackFires() {
        #expect(ModelTask.wentBack(from: 5, to: 4, scope: .keyWindow)?.invariant == .atomic)
        #expect(ModelTask.wentBack(from: 5, to: 5, scope: .keyWindow) == nil)
        #expect(ModelTask.wentBack(from: 5, to: 6, scope: .keyWindow) == nil)
    }
}

/// The model task runs in a real stress run, beside everything else, and its checks find nothing.
@Suite("Model task")
struct ModelTaskRunTests {
    @Test(
        "a run on real threads drives the model as a view would: its writes are answered and the model only shows committed states"
    )
    func modelTaskRuns() async {
        var configuration = StressConfiguration(requests: 400, tasks: 8, seed: 11, lifecycleEvents: 20)
        configuration.faults.rates[.lifecycleBurst] = 0
        configuration.faults.rates[.lockedSpell] = 0
        let report = await StressRunner.run(configuration)
        #expect(report.violations.isEmpty, "\(report.render())")
        let answers = report.checker?.byPolicy["model"]?.values.reduce(0, +) ?? 0
        #expect(answers > 0, "the model's user wrote something: \(report.checker?.byPolicy ?? [:])")
    }
}
