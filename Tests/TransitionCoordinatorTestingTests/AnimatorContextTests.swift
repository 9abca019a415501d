import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// What an animator is told of a change, and what a record says of its animation, as an app's
/// tests read them: the kind the two trees give whichever call made the change, and an end time
/// only where an animator ran.
@Suite("What an animator is told, and what a record says of it")
struct AnimatorContextTests {
    static func stack(_ id: ContainerID, _ names: String...) -> WindowContent {
        .stack(StackContainer(id: id, root: Screen(names[0]), pushed: names.dropFirst().map { Screen($0) }))
    }

    static func tabsAB(selected: Int = 0, aItems: [String] = ["a0"], bItems: [String] = ["b0"]) throws -> WindowContent {
        let a = WindowContent.stack(
            StackContainer(id: "a", root: Screen(aItems[0]), pushed: aItems.dropFirst().map { Screen($0) }))
        let b = WindowContent.stack(
            StackContainer(id: "b", root: Screen(bItems[0]), pushed: bItems.dropFirst().map { Screen($0) }))
        return .tabs(try TabBar(id: "main", tabs: [a, b], selected: selected))
    }

    @Test("a push onto a stack nobody sees is the same change as the whole tree that makes it: the same kind, none")
    func pushOntoHiddenTabKind() async throws {
        let coordinator = try await Coordinator(root: try Self.tabsAB(), clock: TestClock())
        let state = await coordinator.snapshot
        let byHandle = try TransitionContext(for: .content(.push(Screen("b1"), onto: "b")), in: state)
        let byTree = try TransitionContext(
            for: .content(.replace(with: try Self.tabsAB(bItems: ["b0", "b1"]))), in: state)
        #expect(byHandle.contentChange?.after == byTree.contentChange?.after, "the same change")
        #expect(byTree.contentChange?.animation == ContentAnimation.none, "the top screen did not change")
        #expect(
            byHandle.contentChange?.animation == byTree.contentChange?.animation,
            "ContentChange.animation: the same change is always the same kind, whichever call made it")
    }

    @Test("a tab selected under the tab bar's own modal does not change the top screen: kind none, as the tree says")
    func selectUnderModalKind() async throws {
        let tabs = try Self.tabsAB()
        let root = WindowContent.presenting(tabs, modal: Self.stack("sheet", "s0"))
        let coordinator = try await Coordinator(root: root, clock: TestClock())
        let state = await coordinator.snapshot
        let bySelect = try TransitionContext(for: .content(.select(tab: 1, in: "main")), in: state)
        let byTree = try TransitionContext(
            for: .content(.replace(with: .presenting(try Self.tabsAB(selected: 1), modal: Self.stack("sheet", "s0")))),
            in: state)
        #expect(bySelect.contentChange?.after == byTree.contentChange?.after)
        #expect(bySelect.contentChange?.animation == byTree.contentChange?.animation)
        // The coordinator does not animate it, whatever the kind says.
        let animator = ScriptedAnimator()
        let record = try await coordinator.tabs("main").select(1, animator: animator)
        #expect(record.animation == .skipped(.topWindowUnchanged))
        #expect(animator.callCount == 0)
    }

    @Test("tabs reordered so another tab shows at the same index: another tab is shown, a select")
    func tabReorderIsSelect() async throws {
        let coordinator = try await Coordinator(root: try Self.tabsAB(), clock: TestClock())
        let a = WindowContent.stack(StackContainer(id: "a", root: Screen("a0")))
        let b = WindowContent.stack(StackContainer(id: "b", root: Screen("b0")))
        let reordered = WindowContent.tabs(try TabBar(id: "main", tabs: [b, a], selected: 0))
        let animator = ScriptedAnimator()
        let record = try await coordinator.replaceContent(with: reordered, animator: animator)
        #expect(record.animation == .ran)
        let change = try #require(animator.contexts.first?.contentChange)
        #expect(change.departed.isEmpty && change.arrived.isEmpty, "every screen stays in the window")
        #expect(change.animation == .select, "another tab is shown: \(change.animation)")
    }

    @Test("an animator cut short before it was called: skipped, and no animation end time")
    func preemptedBeforeStart() async throws {
        let clock = TestClock(), host = TestHost(), gate = Gate(), reached = Gate()
        let coordinator = await Coordinator(root: Screen("home"), host: host, clock: clock)
        await host.setCommandHook { call in
            if case .create(let window) = call, window.level == .low {
                reached.open()
                await gate.wait()
            }
        }
        let animator = ScriptedAnimator()
        var events = EventProbe(coordinator)
        async let first = coordinator.openWindow(Screen("x"), at: .low, animator: animator)
        await reached.wait()
        async let second = coordinator.openWindow(Screen("y"), at: .high, policy: .preempt)
        await events.waiting(.push(Screen("y"), at: .high))
        gate.open()
        let cut = try await first
        _ = try await second
        #expect(cut.animation == .skipped(.preemptedBeforeStart))
        #expect(animator.callCount == 0)
        #expect(
            cut.animationEndedAt == nil,
            "TransitionRecord.animationEndedAt: nil when no animator ran; got \(String(describing: cut.animationEndedAt))")
    }
}
