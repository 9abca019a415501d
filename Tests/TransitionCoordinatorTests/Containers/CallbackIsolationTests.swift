import TestSupport
import Testing

@testable import TransitionCoordinator

/// Epoxy's three-step form with its state on the main actor, as an app keeps it: the stack is a
/// function of the state, and `remove` (a `@MainActor` closure) keeps the state true.
@MainActor final class MainActorForm {
    var showStep2 = false, showStep3 = false
    let coordinator: Coordinator

    init(coordinator: Coordinator) { self.coordinator = coordinator }

    var stack: [StackItem?] {
        [
            StackItem(Screen("step1")),
            showStep2 ? StackItem(Screen("step2"), remove: { self.showStep2 = false }) : nil,
            showStep3 ? StackItem(Screen("step3"), remove: { self.showStep3 = false }) : nil,
        ]
    }

    /// Changes the state, then sets the stack from it.
    func update(_ change: (MainActorForm) -> Void) async throws {
        change(self)
        try await coordinator.stack("form").setStack(stack, policy: .coalesce(group: "form"))
    }
}

/// A global actor whose jobs wait until the test runs them (``scheduler``): a callback isolated
/// to it is held between the commit and its call.
@globalActor actor HeldCallbackActor {
    static let shared = HeldCallbackActor()
    static let scheduler = SteppedScheduler()
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.scheduler.serialExecutor.asUnownedSerialExecutor() }
}

/// Callbacks and guards on the app's isolation: `@MainActor` closures change main-actor state
/// directly, before the call that caused them returns, in the documented order, exactly once.
@Suite("Callbacks and guards on the app's isolation")
struct CallbackIsolationTests {
    static func form() async throws -> Coordinator {
        try await Coordinator(root: .stack(StackContainer(id: "form", root: Screen("step1"))), clock: TestClock())
    }

    @Test(
        "a closure changing @MainActor state is an item's callback as written, with no Task of its own, and has run when pop() returns"
    )
    func compilesUnchanged() async throws {
        @MainActor final class Form { var showStep2 = false }
        let form = Form()
        await MainActor.run { form.showStep2 = true }
        let coordinator = try await Self.form()
        try await coordinator.stack("form").setStack([
            StackItem(Screen("step1")),
            StackItem(Screen("step2"), remove: { form.showStep2 = false }),
        ])
        try await coordinator.stack("form").pop()
        #expect(await form.showStep2 == false, "the pop's remove ran on the main actor before pop() returned")
    }

    @Test(
        "Epoxy's form with @MainActor state: a back swipe's remove updates the state before commit() returns, a cancelled one does not"
    )
    @MainActor
    func epoxyFormOnTheMainActor() async throws {
        let coordinator = try await Self.form()
        let form = MainActorForm(coordinator: coordinator)
        try await form.update { $0.showStep2 = true }
        try await form.update { $0.showStep3 = true }
        #expect(await coordinator.stack("form").items()?.map(\.name) == ["step1", "step2", "step3"])

        let letGo = try await coordinator.beginGesture(.pop("form"))
        await letGo.cancel()
        #expect(form.showStep2 && form.showStep3, "a cancelled swipe is no pop")

        let swipe = try await coordinator.beginGesture(.pop("form"))
        try await swipe.commit()
        // Read with no await in between: the callback ran before commit() returned.
        #expect(form.showStep2 && !form.showStep3, "remove wrote the pop back")

        try await form.update { $0.showStep2 = false }
        #expect(form.showStep2 == false && form.showStep3 == false)
        #expect(await coordinator.stack("form").items()?.map(\.name) == ["step1"])
        #expect(await coordinator.screenCallbacks.isEmpty, "the callbacks of screens that left are dropped")
    }

    @Test(
        "@MainActor callbacks keep the order and count: hides, removals, additions, shows; remove once, never for the owner's setStack"
    )
    @MainActor
    func orderAndExactlyOnce() async throws {
        let coordinator = try await Self.form()
        var calls: [String] = []
        func item(_ name: String) -> StackItem {
            StackItem(
                Screen(name), remove: { calls.append("remove \(name)") }, didAdd: { calls.append("didAdd \(name)") },
                didRemove: { calls.append("didRemove \(name)") }, didShow: { calls.append("didShow \(name)") },
                didHide: { calls.append("didHide \(name)") })
        }
        let form = coordinator.stack("form")
        try await form.setStack([item("step1"), item("step2"), item("step3")])
        #expect(calls == ["didAdd step2", "didAdd step3", "didShow step3"])
        calls = []
        let swipe = try await coordinator.beginGesture(.pop("form"))
        try await swipe.commit()
        #expect(calls == ["didHide step3", "didRemove step3", "remove step3", "didShow step2"])
        calls = []
        try await form.setStack([item("step1")])
        #expect(calls == ["didHide step2", "didRemove step2", "didShow step1"], "the owner's own setStack calls no remove")
        calls = []
        try await coordinator.perform(.content(.push(Screen("step4"), onto: "form")))
        try await form.popToRoot()
        #expect(calls == ["didHide step1", "didShow step1"], "a screen pushed without an item has no callbacks")
    }

    @Test(
        "a transition's callbacks wait for the ones before it: a later transition commits meanwhile, its callbacks come after, and each call returns after its own"
    )
    func deliveredInCommitOrder() {
        let scheduler = SteppedScheduler()
        let held = HeldCallbackActor.scheduler
        let log = CallbackLog()
        let returned = Box<[String]>([])
        let committed = Box(0)
        _ = Task.detached(executorPreference: scheduler.taskExecutor) {
            let coordinator = await Coordinator(
                rootContent: .stack(StackContainer(id: "form", root: Screen("step1"))),
                clock: TestClock(), executor: scheduler.serialExecutor,
                taskExecutor: scheduler.taskExecutor)
            var probe = EventProbe(coordinator)
            let form = coordinator.stack("form")
            let step2 = StackItem(
                Screen("step2"), callbacks: ScreenCallbacks(didAdd: { @HeldCallbackActor in log.note("didAdd step2") }))
            let step3 = StackItem(Screen("step3"), callbacks: .nonisolated(didAdd: { log.note("didAdd step3") }))
            _ = Task(executorPreference: scheduler.taskExecutor) {
                _ = try await form.push(step2, policy: .enqueue)
                returned.mutate { $0.append("step2") }
            }
            _ = Task(executorPreference: scheduler.taskExecutor) {
                _ = try await form.push(step3, policy: .enqueue)
                returned.mutate { $0.append("step3") }
            }
            _ = await probe.next(where: { if case .ended = $0 { true } else { false } })
            _ = await probe.next(where: { if case .ended = $0 { true } else { false } })
            committed.value = 2
        }
        #expect(scheduler.run { committed.value == 2 }, "both pushes commit while step2's callback waits for its actor")
        scheduler.runDry()
        #expect(log.calls == [], "step3's nonisolated callback waits for step2's")
        #expect(returned.value == [], "neither push returns before its callbacks ran")

        held.runDry()
        scheduler.runDry()
        #expect(log.calls == ["didAdd step2", "didAdd step3"])
        #expect(returned.value.sorted() == ["step2", "step3"])
    }

    @Test(
        "a guard may be @MainActor: it reads main-actor state as it is written, made onMainActor or marked so",
        arguments: [true, false])
    @MainActor
    func mainActorGuard(madeOnMainActor: Bool) async throws {
        @MainActor final class Session { var signedIn = false }
        let session = Session()
        let signIn =
            madeOnMainActor
            ? NavigationGuard.onMainActor("signed in") { context in
                context.arriving.contains { $0.name == "vault" } && !session.signedIn ? .deny("sign in first") : .allow
            }
            : NavigationGuard("signed in") { @MainActor context in
                context.arriving.contains { $0.name == "vault" } && !session.signedIn ? .deny("sign in first") : .allow
            }
        #expect(signIn.decide.isolation === MainActor.shared)
        let coordinator = try await Coordinator(
            root: .stack(StackContainer(id: "app", root: Screen("home"))),
            clock: TestClock(), guards: [signIn])
        let refused = await attempt { @Sendable in try await coordinator.stack("app").push(Screen("vault")) }
        guard case .failure(.denied(let name, let reason)) = refused else {
            Issue.record("the guard let the vault through: \(refused)")
            return
        }
        #expect(name == "signed in" && reason == "sign in first")
        session.signedIn = true
        try await coordinator.stack("app").push(Screen("vault"))
        #expect(await coordinator.stack("app").items()?.map(\.name) == ["home", "vault"])
    }
}
