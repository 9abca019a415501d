import Synchronization
import TestSupport
import Testing
import TransitionCoordinator

/// The scenarios the library was designed from, written as a client would, against the public
/// API only: Epoxy's three-step form, CLHopping's launch flow, and a tab bar whose tabs each
/// hold a stack with a sheet over one of them.
@Suite("Seed scenarios")
struct SeedScenarioTests {
    /// Epoxy's `FormViewController`: the stack is a function of the state; `remove` keeps the
    /// state true when the user (or anyone but the form) takes a step away.
    final class Form: Sendable {
        struct State: Equatable { var showStep2 = false, showStep3 = false }
        let state = Mutex(State())
        let coordinator: Coordinator

        init(coordinator: Coordinator) { self.coordinator = coordinator }

        var stack: [StackItem?] {
            let state = state.withLock { $0 }
            return [
                StackItem(Screen("step1")),
                state.showStep2 ? StackItem(Screen("step2"), remove: { self.state.withLock { $0.showStep2 = false } }) : nil,
                state.showStep3 ? StackItem(Screen("step3"), remove: { self.state.withLock { $0.showStep3 = false } }) : nil,
            ]
        }

        /// Changes the state, then sets the stack from it (the latest stack wins).
        @discardableResult
        func update(_ change: (inout State) -> Void) async throws -> TransitionRecord {
            state.withLock { change(&$0) }
            return try await coordinator.stack("form").setStack(stack, policy: .coalesce(group: "form"))
        }

        var screens: [String] { get async { await coordinator.stack("form").items()?.map(\.name) ?? [] } }
    }

    @Test("Epoxy's form: steps pushed by state, a back swipe calls remove so the state follows, a cancelled one does not")
    func epoxyForm() async throws {
        let coordinator = try await Coordinator(root: .stack(StackContainer(id: "form", root: Screen("step1"))))
        let form = Form(coordinator: coordinator)
        let toStep2 = try await form.update { $0.showStep2 = true }
        #expect(toStep2.after.windows[0].content.topScreen.name == "step2")
        try await form.update { $0.showStep3 = true }
        #expect(await form.screens == ["step1", "step2", "step3"])

        let letGo = try await coordinator.beginGesture(.pop("form"))
        await letGo.cancel()
        #expect(form.state.withLock { $0 } == Form.State(showStep2: true, showStep3: true), "a cancelled swipe is no pop")

        let swipe = try await coordinator.beginGesture(.pop("form"))
        let popped = try await swipe.commit()
        #expect(popped.request == .userDid(.pop("form")))
        #expect(form.state.withLock { $0 } == Form.State(showStep2: true, showStep3: false), "remove wrote the pop back")
        #expect(await form.screens == ["step1", "step2"])

        try await form.update { $0.showStep2 = false }
        #expect(await form.screens == ["step1"])
        #expect(form.state.withLock { $0 } == Form.State(showStep2: false, showStep3: false))
    }

    @Test("Epoxy's form under .coalesce: of two quick state changes the latest stack wins, the other caller is told")
    func latestStackWins() async throws {
        // A clock of its own: the gated animation outlasts its timeout only if the test says so.
        let coordinator = try await Coordinator(
            root: .stack(StackContainer(id: "form", root: Screen("step1"))), clock: ManualClock())
        let form = Form(coordinator: coordinator)
        var probe = EventProbe(coordinator)
        let toast = GatedAnimator()
        let held = Task { await attempt { try await coordinator.push(Screen("toast"), at: .low, animator: toast) } }
        await toast.started()
        let first = Task { await attempt { try await form.update { $0.showStep2 = true } } }
        _ = await probe.next { if case .waiting = $0 { true } else { false } }
        let second = Task { await attempt { try await form.update { $0.showStep3 = true } } }
        guard case .failure(.refused(.superseded(let group, let newer))) = await first.value else {
            Issue.record("the first setStack was not superseded")
            return
        }
        #expect(group == "form")
        #expect(newer == .content(.setStack("form", [Screen("step1"), Screen("step2"), Screen("step3")])))
        toast.open()
        _ = await held.value
        let latest = try await second.value.get()
        #expect(latest.before.windows[0].content.topScreen.name == "step1", "one change from step1 straight to step3")
        #expect(await form.screens == ["step1", "step2", "step3"])
    }

    @Test("CLHopping's launch flow reads top to bottom: splash, sign-up on first run, then main")
    func launchFlow() async throws {
        let coordinator = try await Coordinator(root: .hop(HopContainer(id: "launch", showing: .screen(Screen("blank")))))
        var events = coordinator.events().makeAsyncIterator()
        let app = Task {
            let flow = coordinator.flow("launch")
            let firstRun: Bool = try await flow.hop(to: Screen("splash")) // returns when splash unhops
            if firstRun { let _: Void = try await flow.hop(to: Screen("signUp")) }
            try await coordinator.hop("launch").hop(to: .screen(Screen("main")))
        }
        // The splash and sign-up screens, each unhopping once its work is done.
        for (screen, value) in [("splash", true as any Sendable), ("signUp", () as any Sendable)] {
            while let event = await events.next() {
                if case .ended(let record) = event, record.after.windows[0].content.topScreen.name == screen { break }
            }
            if let firstRun = value as? Bool {
                try await coordinator.hop("launch").unhop(ScreenID(screen), with: firstRun)
            } else {
                try await coordinator.hop("launch").unhop(ScreenID(screen))
            }
        }
        try await app.value
        #expect(await coordinator.snapshot.windows[0].content.topScreen.name == "main")
    }

    @Test(
        "tabs each holding a stack, a sheet over one: tabs keep their stacks, a swipe-down dismisses the sheet, a link's target tree is one change"
    )
    func tabsWithStacksAndSheet() async throws {
        let inbox = StackContainer(id: "inbox", root: Screen("list"))
        let news = StackContainer(id: "news", root: Screen("feed"))
        let coordinator = try await Coordinator(root: .tabs(TabBar(id: "main", .stack(inbox), .stack(news))))
        let removed = Locked<[String]>([])
        func item(_ name: String) -> StackItem { StackItem(Screen(name), remove: { removed.withLock { $0.append(name) } }) }

        try await coordinator.stack("inbox").push(item("mail"))
        try await coordinator.tabs("main").select(1)
        try await coordinator.stack("news").present(.stack(StackContainer(id: "compose", root: Screen("draft"))))
        try await coordinator.stack("compose").push(item("attach"))
        try await coordinator.tabs("main").select(0)
        #expect(await coordinator.stack("inbox").items()?.map(\.name) == ["list", "mail"], "each tab keeps its stack")
        try await coordinator.tabs("main").select(1)
        try await coordinator.userDid(.dismiss(.container("news"))) // the sheet swiped away
        #expect(removed.withLock { $0 } == ["attach"])

        // A link's target: inbox at [list, thread], selected, in one change animated once.
        let target = WindowContent.tabs(
            try TabBar(
                id: "main",
                tabs: [
                    .stack(
                        StackContainer(
                            id: "inbox", root: Screen("list"),
                            pushed: [Screen("thread")])),
                    .stack(news),
                ], selected: 0))
        let link = try await coordinator.change(.replace(with: target), animator: CallbackAnimator { _, finish in finish() })
        #expect(link.animation.animatorWasCalled)
        #expect(link.before.windows[0].content.topScreen.name == "feed")
        #expect(link.after.windows[0].content == target)
        #expect(removed.withLock { $0 } == ["attach", "mail"], "mail left by the link: its remove was called once")
    }
}
