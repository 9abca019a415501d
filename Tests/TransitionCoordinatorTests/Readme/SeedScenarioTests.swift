import Synchronization
import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// The scenarios the library was designed from, written as a client would, against the public
/// API and the testing product only: Epoxy's three-step form, CLHopping's launch flow, and a tab
/// bar whose tabs each hold a stack with a sheet over one of them. Each step states exactly what
/// it does: the state after, the records, the screens' callbacks and the events.
@Suite("Seed scenarios")
struct SeedScenarioTests {
    /// Epoxy's `FormViewController`: the stack is a function of the state; `remove` keeps the
    /// state true when the user (or anyone but the form) takes a step away.
    final class Form: Sendable {
        struct State: Equatable { var showStep2 = false, showStep3 = false }
        let state = Mutex(State())
        let coordinator: Coordinator
        /// Where the steps' callbacks are noted.
        let log: CallbackLog

        init(coordinator: Coordinator, log: CallbackLog) {
            self.coordinator = coordinator
            self.log = log
        }

        var stack: [StackItem?] {
            let state = state.withLock { $0 }
            return [
                log.item(Screen("step1")),
                state.showStep2 ? log.item(Screen("step2"), remove: { self.state.withLock { $0.showStep2 = false } }) : nil,
                state.showStep3 ? log.item(Screen("step3"), remove: { self.state.withLock { $0.showStep3 = false } }) : nil,
            ]
        }

        /// Changes the state, then sets the stack from it (the latest stack wins).
        @discardableResult
        func update(_ change: (inout State) -> Void) async throws -> TransitionRecord {
            state.withLock { change(&$0) }
            return try await coordinator.stack("form").setStack(stack, policy: .coalesce(group: "form"))
        }

        var current: State { state.withLock { $0 } }
    }

    /// A store over the form's stack, `form [step1]`, and the form writing to it.
    static func form() async throws -> (NavigationTestStore, Form) {
        let store = try await NavigationTestStore(root: .stack(StackContainer(id: "form", root: Screen("step1"))))
        return (store, Form(coordinator: store.coordinator, log: store.callbacks))
    }

    @Test("Epoxy's form: steps pushed by state, a back swipe calls remove so the state follows, a cancelled one does not")
    func epoxyForm() async throws {
        let (store, form) = try await Self.form()
        let toStep2 = await store.step("the state shows step 2") {
            try await form.update { $0.showStep2 = true }
        } expect: {
            $0.state = ["root(0): stack form [step1, step2]"]
            $0.records = ["set form to [step1, step2]: skipped (no animator)"]
            $0.callbacks = ["didAdd step2", "didShow step2"]
            $0.events = ["began set form to [step1, step2]", "ended set form to [step1, step2] (skipped (no animator))"]
        }
        #expect(toStep2?.after.windowList[0].content.topScreen.name == "step2")
        await store.step("the state shows step 3") {
            try await form.update { $0.showStep3 = true }
        } expect: {
            $0.state = ["root(0): stack form [step1, step2, step3]"]
            $0.records = ["set form to [step1, step2, step3]: skipped (no animator)"]
            $0.callbacks = ["didHide step2", "didAdd step3", "didShow step3"]
            $0.events = [
                "began set form to [step1, step2, step3]",
                "ended set form to [step1, step2, step3] (skipped (no animator))",
            ]
        }
        await store.step("a back swipe, let go") {
            try await store.coordinator.user.backSwipe(in: "form", cancelled: true)
        } expect: {
            $0.events = ["began the user did: pop form", "cancelled the user did: pop form"]
        }
        #expect(form.current == Form.State(showStep2: true, showStep3: true), "a cancelled swipe is no pop")
        await store.step("a back swipe, past the threshold") {
            try await store.coordinator.user.backSwipe(in: "form")
        } expect: {
            $0.state = ["root(0): stack form [step1, step2]"]
            $0.records = ["the user did: pop form: skipped (made by the user), from gesture"]
            $0.callbacks = ["didHide step3", "didRemove step3", "remove step3", "didShow step2"]
            $0.events = ["began the user did: pop form", "ended the user did: pop form (skipped (made by the user))"]
        }
        #expect(form.current == Form.State(showStep2: true, showStep3: false), "remove wrote the pop back")
        await store.step("the state hides step 2") {
            try await form.update { $0.showStep2 = false }
        } expect: {
            $0.state = ["root(0): stack form [step1]"]
            $0.records = ["set form to [step1]: skipped (no animator)"]
            $0.callbacks = ["didHide step2", "didRemove step2", "didShow step1"]
            $0.events = ["began set form to [step1]", "ended set form to [step1] (skipped (no animator))"]
        }
        #expect(form.current == Form.State(showStep2: false, showStep3: false), "the form's own setStack calls no remove")
        await store.finish()
    }

    @Test("Epoxy's form under .coalesce: of two quick state changes the latest stack wins, the other caller is told")
    func latestStackWins() async throws {
        let (store, form) = try await Self.form()
        let coordinator = store.coordinator
        var probe = EventProbe(coordinator)
        let toast = GatedAnimator()
        let held = await store.step("a toast's animation holds the coordinator") {
            let held = Task { await attempt { try await coordinator.openWindow(Screen("toast"), at: .low, animator: toast) } }
            await toast.started()
            return held
        } expect: {
            $0.events = ["began push toast at low(1000)"]
        }
        let first = await store.step("the form asks for step 2: it waits its turn") {
            let first = Task { await attempt { try await form.update { $0.showStep2 = true } } }
            await probe.waiting(.content(.setStack("form", [Screen("step1"), Screen("step2")])))
            return first
        } expect: {
            $0.events = ["waiting set form to [step1, step2] (queued)"]
        }
        let second = await store.step("the form asks for step 3: the waiting step 2 is superseded") {
            let second = Task { await attempt { try await form.update { $0.showStep3 = true } } }
            await probe.waiting(.content(.setStack("form", [Screen("step1"), Screen("step2"), Screen("step3")])))
            _ = await first?.value
            return second
        } expect: {
            $0.events = ["waiting set form to [step1, step2, step3] (queued)", "rejected set form to [step1, step2]: superseded"]
        }
        guard case .failure(.refused(.superseded(let group, let newer)))? = await first?.value else {
            Issue.record("the first setStack was not superseded")
            return
        }
        #expect(group == "form")
        #expect(newer == .content(.setStack("form", [Screen("step1"), Screen("step2"), Screen("step3")])))
        let latest: TransitionRecord? = await store.step("the toast ends: the latest stack runs, from step 1 straight to step 3")
        {
            toast.open()
            _ = await held?.value
            return try await #require(second).value.get()
        } expect: {
            $0.state = ["root(0): stack form [step1, step2, step3]", "low(1000): toast"]
            $0.records = ["push toast at low(1000): ran", "set form to [step1, step2, step3]: skipped (no animator)"]
            $0.callbacks = ["didAdd step2", "didAdd step3", "didShow step3"]
            $0.events = [
                "ended push toast at low(1000) (ran)",
                "began set form to [step1, step2, step3]",
                "ended set form to [step1, step2, step3] (skipped (no animator))",
            ]
        }
        #expect(latest?.before.windowList[0].content.topScreen.name == "step1", "one change from step1 straight to step3")
        await store.finish()
    }

    @Test("CLHopping's launch flow reads top to bottom: splash, sign-up on first run, then main")
    func launchFlow() async throws {
        let store = try await NavigationTestStore(root: .hop(HopContainer(id: "launch", showing: .screen(Screen("blank")))))
        let coordinator = store.coordinator
        var probe = EventProbe(coordinator)
        /// Waits until a transition that leaves `screen` on top of the launch container has ended.
        func shown(_ screen: String) async {
            _ = await probe.next { event in
                guard case .ended(let record) = event else { return false }
                return record.after.windowList[0].content.topScreen.name == screen
            }
        }
        let app = await store.step("the app starts its flow: the splash shows") {
            let app = Task {
                let flow = coordinator.hop("launch")
                let firstRun: Bool = try await flow.hopAndWait(to: Screen("splash")) // returns when splash unhops
                if firstRun { let _: Void = try await flow.hopAndWait(to: Screen("signUp")) }
                try await coordinator.hop("launch").hop(to: .screen(Screen("main")))
            }
            await shown("splash")
            return app
        } expect: {
            $0.state = ["root(0): hop launch <splash>"]
            $0.records = ["hop launch to splash: skipped (no animator)"]
            $0.events = ["began hop launch to splash", "ended hop launch to splash (skipped (no animator))"]
        }
        await store.step("the splash is done, on a first run: sign-up shows") {
            try await coordinator.hop("launch").unhop(ScreenID("splash"), with: true)
            await shown("signUp")
        } expect: {
            $0.state = ["root(0): hop launch <signUp>"]
            $0.records = ["hop launch to signUp: skipped (no animator)"]
            $0.events = ["began hop launch to signUp", "ended hop launch to signUp (skipped (no animator))"]
        }
        await store.step("signed up: the flow ends on main") {
            try await coordinator.hop("launch").unhop(ScreenID("signUp"))
            try await app?.value
        } expect: {
            $0.state = ["root(0): hop launch <main>"]
            $0.records = ["hop launch to main: skipped (no animator)"]
            $0.events = ["began hop launch to main", "ended hop launch to main (skipped (no animator))"]
        }
        await store.finish()
    }

    @Test(
        "tabs each holding a stack, a sheet over one: tabs keep their stacks, a swipe-down dismisses the sheet, a link's target tree is one change"
    )
    func tabsWithStacksAndSheet() async throws {
        let inbox = StackContainer(id: "inbox", root: Screen("list"))
        let news = StackContainer(id: "news", root: Screen("feed"))
        let store = try await NavigationTestStore(root: .tabs(TabBar(id: "main", .stack(inbox), .stack(news))))
        let (coordinator, log) = (store.coordinator, store.callbacks)

        await store.step("a mail opened in the inbox") {
            try await coordinator.stack("inbox").push(log.item(Screen("mail")))
        } expect: {
            $0.state = ["root(0): tabs main {*stack inbox [list, mail], stack news [feed]}"]
            $0.records = ["push mail onto inbox: skipped (no animator)"]
            $0.callbacks = ["didAdd mail", "didShow mail"]
            $0.events = ["began push mail onto inbox", "ended push mail onto inbox (skipped (no animator))"]
        }
        await store.step("to the news tab") {
            try await coordinator.tabs("main").select(1)
        } expect: {
            $0.state = ["root(0): tabs main {stack inbox [list, mail], *stack news [feed]}"]
            $0.records = ["select tab 1 of main: skipped (no animator)"]
            $0.callbacks = ["didHide mail"]
            $0.events = ["began select tab 1 of main", "ended select tab 1 of main (skipped (no animator))"]
        }
        await store.step("a compose sheet over the news") {
            try await coordinator.stack("news").present(.stack(StackContainer(id: "compose", root: Screen("draft"))))
        } expect: {
            $0.state = ["root(0): tabs main {stack inbox [list, mail], *stack news [feed] ! stack compose [draft]}"]
            $0.records = ["present stack compose [draft] from container news: skipped (no animator)"]
            $0.events = [
                "began present stack compose [draft] from container news",
                "ended present stack compose [draft] from container news (skipped (no animator))",
            ]
        }
        await store.step("an attachment pushed in the sheet") {
            try await coordinator.stack("compose").push(log.item(Screen("attach")))
        } expect: {
            $0.state = ["root(0): tabs main {stack inbox [list, mail], *stack news [feed] ! stack compose [draft, attach]}"]
            $0.records = ["push attach onto compose: skipped (no animator)"]
            $0.callbacks = ["didAdd attach", "didShow attach"]
            $0.events = ["began push attach onto compose", "ended push attach onto compose (skipped (no animator))"]
        }
        await store.step("back to the inbox tab: it kept its stack") {
            try await coordinator.tabs("main").select(0)
        } expect: {
            $0.state = ["root(0): tabs main {*stack inbox [list, mail], stack news [feed] ! stack compose [draft, attach]}"]
            $0.records = ["select tab 0 of main: skipped (no animator)"]
            $0.callbacks = ["didHide attach", "didShow mail"]
            $0.events = ["began select tab 0 of main", "ended select tab 0 of main (skipped (no animator))"]
        }
        await store.step("to the news tab again") {
            try await coordinator.tabs("main").select(1)
        } expect: {
            $0.state = ["root(0): tabs main {stack inbox [list, mail], *stack news [feed] ! stack compose [draft, attach]}"]
            $0.records = ["select tab 1 of main: skipped (no animator)"]
            $0.callbacks = ["didHide mail", "didShow attach"]
            $0.events = ["began select tab 1 of main", "ended select tab 1 of main (skipped (no animator))"]
        }
        await store.step("the sheet swiped away: the attachment's remove is called") {
            try await coordinator.user.sheetSwipedDown(over: .container("news"))
        } expect: {
            $0.state = ["root(0): tabs main {stack inbox [list, mail], *stack news [feed]}"]
            $0.records = ["the user did: dismiss what container news presents: skipped (made by the user), from gesture"]
            $0.callbacks = ["didHide attach", "didRemove attach", "remove attach"]
            $0.events = [
                "began the user did: dismiss what container news presents",
                "ended the user did: dismiss what container news presents (skipped (made by the user))",
            ]
        }

        // A link's target: inbox at [list, thread], selected, in one change animated once.
        let target = WindowContent.tabs(
            try TabBar(
                id: "main",
                tabs: [.stack(StackContainer(id: "inbox", root: Screen("list"), pushed: [Screen("thread")])), .stack(news)],
                selected: 0))
        let link = await store.step("a link's target tree, in one change: the mail leaves, its remove called once") {
            try await coordinator.change(.replace(with: target), animator: CallbackAnimator { _, finish in finish() })
        } expect: {
            $0.state = ["root(0): tabs main {*stack inbox [list, thread], stack news [feed]}"]
            $0.records = ["replace the content with tabs main {*stack inbox [list, thread], stack news [feed]}: ran"]
            $0.callbacks = ["didRemove mail", "remove mail"]
            $0.events = [
                "began replace the content with tabs main {*stack inbox [list, thread], stack news [feed]}",
                "ended replace the content with tabs main {*stack inbox [list, thread], stack news [feed]} (ran)",
            ]
        }
        #expect(link?.animation.animatorWasCalled == true)
        #expect(link?.before.windowList[0].content.topScreen.name == "feed")
        #expect(link?.after.windowList[0].content == target)
        await store.finish()
    }
}
