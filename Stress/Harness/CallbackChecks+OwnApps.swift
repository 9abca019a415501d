import TransitionCoordinator

extension CallbackChecks {
    /// An owner pushes a screen with callbacks, names it again in a `setStack` with an item
    /// without callbacks, and the app pops it, on an app of its own: the newest item took the
    /// callbacks off, so none is called (mutant ``Mutation/emptyItemKeepsCallbacks``). Nil when
    /// none was, else what broke.
    static func emptyItemTakesCallbacksOff(environment: StressEnvironment) async -> String? {
        let app = await Coordinator(
            rootContent: .stack(StackContainer(id: "cbStack", root: Screen("cbRoot"))), clock: environment.clock,
            executor: environment.serialExecutor, taskExecutor: environment.taskExecutor)
        let calls = Locked<[String]>([])
        let kept = Screen("cbKept")
        let first = StackItem(
            kept,
            callbacks: .nonisolated(
                remove: { calls.withLock { $0.append("remove") } }, didRemove: { calls.withLock { $0.append("didRemove") } },
                didHide: { calls.withLock { $0.append("didHide") } }))
        let stack = app.stack("cbStack")
        guard (try? await stack.push(first)) != nil,
            (try? await stack.setStack([StackItem(Screen("cbRoot")), StackItem(kept)])) != nil,
            (try? await stack.pop()) != nil
        else { return "the callbacks' app could not push, set its stack and pop" }
        let called = calls.withLock { $0 }
        guard called.isEmpty else {
            return "a screen a setStack named again with an item without callbacks was still called \(called) as it was popped"
        }
        return nil
    }
}
