import TestSupport
import Testing

@testable import TransitionCoordinator

/// A `StackItem`'s callbacks through the coordinator: `remove` once for every departure the owner did
/// not ask for, never for its own `setStack`; didAdd/didRemove/didShow/didHide balanced and in order.
@Suite("Screen callbacks")
struct ScreenCallbackTests {
    typealias T = ContentTrees

    static func coordinator(
        _ root: WindowContent = .stack(StackContainer(id: "form", root: Screen("step1")))
    ) async throws -> Coordinator {
        try await Coordinator(root: root, clock: TestClock())
    }

    @Test("a programmatic pop calls remove once; the owner's setStack that drops a screen does not")
    func removeOnlyWhenNotTheOwner() async throws {
        let coordinator = try await Self.coordinator()
        let log = CallbackLog()
        let form = coordinator.stack("form")
        let step1 = log.item(Screen("step1")), step2 = log.item(Screen("step2")), step3 = log.item(Screen("step3"))
        try await form.setStack([step1, step2, step3])
        try await form.pop()
        #expect(log.count("remove step3") == 1)
        try await form.setStack([step1, nil, nil])
        #expect(log.count("didRemove step2") == 1)
        #expect(log.count("remove step2") == 0, "the owner removed step2 itself")
        #expect(log.count("remove step3") == 1)
    }

    @Test("callbacks come in the documented order: hides, removals, additions, shows")
    func order() async throws {
        let coordinator = try await Self.coordinator()
        let log = CallbackLog()
        let form = coordinator.stack("form")
        try await form.setStack([log.item(Screen("step1")), log.item(Screen("step2"))])
        #expect(
            log.calls == ["didAdd step2", "didShow step2"],
            "step1 gets its callbacks in this transition, after its hide: its owner never heard it shown")
        log.clear()
        try await form.popToRoot()
        #expect(log.calls == ["didHide step2", "didRemove step2", "remove step2", "didShow step1"])
    }

    @Test("popping a window calls remove for every item inside it, exactly once")
    func windowGoes() async throws {
        let coordinator = await Coordinator(root: Screen("home"), clock: TestClock())
        let log = CallbackLog()
        try await coordinator.openWindow(.stack(StackContainer(id: "sheet", root: Screen("a"))), at: .low)
        try await coordinator.stack("sheet").push(log.item(Screen("b")))
        try await coordinator.perform(.pop(.low))
        #expect(log.calls == ["didAdd b", "didShow b", "didHide b", "didRemove b", "remove b"])
    }

    @Test("dismissing a parent sheet removes the child sheet's items too, each once")
    func nestedDismiss() async throws {
        let coordinator = try await Self.coordinator(T.app)
        let log = CallbackLog()
        try await coordinator.stack("compose").push(log.item(Screen("picker")))
        try await coordinator.stack("compose").present(.stack(StackContainer(id: "child", root: Screen("crop"))))
        try await coordinator.stack("child").push(log.item(Screen("filters")))
        log.clear()
        try await coordinator.stack("inbox").dismiss()
        #expect(log.calls == ["didHide filters", "didRemove picker", "remove picker", "didRemove filters", "remove filters"])
        #expect(await coordinator.screenCallbacks.isEmpty, "the callbacks of screens that left are dropped")
    }

    @Test("a setStack naming a staying screen again gives it the new item's callbacks")
    func newestCallbacksWin() async throws {
        let coordinator = try await Self.coordinator()
        let old = CallbackLog(), new = CallbackLog()
        let form = coordinator.stack("form")
        try await form.setStack([old.item(Screen("step1")), old.item(Screen("step2"))])
        try await form.setStack([new.item(Screen("step1")), new.item(Screen("step2"))])
        try await form.pop()
        #expect(old.count("remove step2") == 0)
        #expect(new.count("remove step2") == 1)
    }

    @Test("a setStack naming a staying screen again with an item without callbacks takes the old ones off")
    func newestEmptyItemWins() async throws {
        let coordinator = try await Self.coordinator()
        let old = CallbackLog()
        let form = coordinator.stack("form")
        try await form.setStack([StackItem(Screen("step1")), old.item(Screen("step2"))])
        old.clear()
        try await form.setStack([StackItem(Screen("step1")), StackItem(Screen("step2"))])
        try await form.pop()
        #expect(old.calls.isEmpty, "the owner took step2's callbacks off")
        #expect(await coordinator.screenCallbacks.isEmpty)
    }

    @Test("a request from a task a callback starts is an ordinary request, not re-entrant")
    func requestFromCallback() async throws {
        let coordinator = try await Self.coordinator()
        let form = coordinator.stack("form")
        let answered = AsyncStream<Result<TransitionRecord, TransitionError>>.makeStream()
        let step2 = StackItem(
            Screen("step2"),
            remove: {
                Task {
                    answered.continuation.yield(
                        await attempt { @Sendable in try await form.setStack([Screen("step1")], policy: .enqueue) })
                }
            })
        try await form.setStack([StackItem(Screen("step1")), step2])
        try await form.pop()
        var results = answered.stream.makeAsyncIterator()
        let result = await results.next()
        guard case .success(let record)? = result else {
            Issue.record("the owner's setStack from remove was refused: \(String(describing: result))")
            return
        }
        #expect(record.before.windowList[0].content == record.after.windowList[0].content, "the stack already matched")
    }
}
