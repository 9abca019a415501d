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

    /// A sheet: the stack `id` with one screen.
    static func sheet(_ id: ContainerID) -> StackContainer { StackContainer(id: id, root: Screen("s-\(id)")) }
    static func window(_ content: WindowContent, _ version: UInt64) -> NavigationSnapshot {
        NavigationSnapshot(
            version: version, levels: WindowLevel.builtIn,
            windows: [ManagedWindow(id: WindowID(1), level: .root, content: content)], keyWindow: WindowID(1))
    }
    static func userRecord(_ operation: ContainerOperation, _ before: WindowContent, _ after: WindowContent) -> TransitionRecord {
        TransitionRecord(
            id: TransitionID(4), request: .userDid(operation), before: window(before, 3), after: window(after, 4),
            hadAnimator: false, animation: .skipped(.madeByUser), extraFinishCalls: 0, startedAt: .zero, endedAt: .zero)
    }

    @Test("a swipe on one sheet whose record dismissed another (it took the first's place meanwhile) is a violation")
    func swipeOnOtherSheetFires() {
        let shown = WindowContent.presenting(.stack(Self.popped), modal: .stack(Self.sheet("compose")))
        let swapped = WindowContent.presenting(.stack(Self.popped), modal: .stack(Self.sheet("photos")))
        let byPlace = Self.userRecord(.dismiss(.container("inbox")), swapped, .stack(Self.popped))
        let found = ModelTask.actedOnOther(.sheet(.container("compose")), record: byPlace)
        #expect(found?.invariant == .answered)
        #expect(
            found?.detail.contains("swiped down the sheet container compose, but the report dismissed [container photos]") == true
        )
        let right = Self.userRecord(.dismissModal(.container("compose")), shown, .stack(Self.popped))
        #expect(ModelTask.actedOnOther(.sheet(.container("compose")), record: right) == nil)
    }

    @Test("a tap on one tab whose record selected another (the tabs moved meanwhile) is a violation")
    func tapOnOtherTabFires() throws {
        let news = WindowContent.stack(StackContainer(id: "news", root: Screen("feed")))
        let moved = try TabBar(id: "main", tabs: [news, .stack(Self.inbox)], selected: 0)
        let byIndex = Self.userRecord(
            .select(tab: 1, in: "main"), .tabs(moved), .tabs(try TabBar(id: "main", tabs: moved.tabs, selected: 1)))
        #expect(ModelTask.actedOnOther(.tab(.container("news"), in: "main"), record: byIndex)?.invariant == .answered)
        let right = Self.userRecord(.selectTab(.container("news"), in: "main"), .tabs(moved), .tabs(moved))
        #expect(ModelTask.actedOnOther(.tab(.container("news"), in: "main"), record: right) == nil)
    }

    @Test("an app's swap of one sheet for another replaces the sheet alone, wherever its presenter stands")
    func sheetSwap() throws {
        let swapped = WindowContent.screen(Screen("swapped"))
        let chain = WindowContent.presenting(
            .stack(Self.inbox), modal: .presenting(.stack(Self.sheet("compose")), modal: .stack(Self.sheet("attach"))))
        let tabs = WindowContent.tabs(try TabBar(id: "main", tabs: [.stack(Self.popped), chain], selected: 1))
        #expect(
            ModelTask.replacingSheet(of: .container("inbox"), in: tabs, with: swapped)
                == .tabs(
                    try TabBar(
                        id: "main", tabs: [.stack(Self.popped), .presenting(.stack(Self.inbox), modal: swapped)], selected: 1)))
        #expect(
            ModelTask.replacingSheet(of: .container("compose"), in: chain, with: swapped)
                == .presenting(.stack(Self.inbox), modal: .presenting(.stack(Self.sheet("compose")), modal: swapped)))
        #expect(ModelTask.replacingSheet(of: .container("nowhere"), in: tabs, with: swapped) == nil)
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
