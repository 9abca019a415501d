import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// Exhaustive expectations: a flow stated step by step passes; every kind of mistake fails
/// with a diff (checked with `withKnownIssue`, so each of these tests fails if the store stays silent).
@Suite("Exhaustive expectations")
struct NavigationTestStoreTests {
    static let list = Screen("list"), mail = Screen("mail")

    /// A store over a stack `inbox [list]`.
    static func store(exhaustive: Bool = true) async throws -> NavigationTestStore {
        try await NavigationTestStore(root: .stack(StackContainer(id: "inbox", root: list)), exhaustive: exhaustive)
    }

    /// Pushes `mail` with its callbacks noted in the store's log.
    static func pushMail(
        _ store: NavigationTestStore, animator: any Animator = ScriptedAnimator()
    ) async throws -> TransitionRecord {
        try await pushMail(store.coordinator, store.callbacks, animator: animator)
    }

    /// Pushes `mail` on `coordinator` with its callbacks noted in `log`.
    static func pushMail(
        _ coordinator: Coordinator, _ log: CallbackLog,
        animator: any Animator = ScriptedAnimator()
    ) async throws -> TransitionRecord {
        try await coordinator.stack("inbox").push(log.item(mail), animator: animator)
    }

    /// Whether `issue` is the store's complaint about `category`, with `line` in its diff.
    static func complaint(_ issue: Issue, about category: String, showing line: String) -> Bool {
        let text = issue.comments.map(\.rawValue).joined(separator: "\n")
        return text.contains("the \(category)") && text.contains(line)
    }

    @Test("a push then a back swipe, stated exhaustively, pass; finish finds nothing left over")
    func flowPasses() async throws {
        let store = try await Self.store()
        await store.step("open a mail") {
            try await Self.pushMail(store)
        } expect: {
            $0.state = ["root(0): stack inbox [list, mail]"]
            $0.records = ["push mail onto inbox: ran"]
            $0.callbacks = ["didAdd mail", "didShow mail"]
            $0.events = ["began push mail onto inbox", "ended push mail onto inbox (ran)"]
        }
        await store.step("swipe back") {
            try await store.coordinator.user.backSwipe(in: "inbox")
        } expect: {
            $0.state = ["root(0): stack inbox [list]"]
            $0.records = ["the user did: pop inbox: skipped (made by the user), from gesture"]
            $0.callbacks = ["didHide mail", "didRemove mail", "remove mail"]
            $0.events = ["began the user did: pop inbox", "ended the user did: pop inbox (skipped (made by the user))"]
        }
        await store.finish()
    }

    @Test("a stuck animation times out in its step: the timeout that fired is stated like everything else")
    func timeoutStep() async throws {
        let store = try await Self.store()
        // The store stays in the test's task; its parts are Sendable and go into child tasks.
        let (coordinator, log, clock) = (store.coordinator, store.callbacks, store.clock)
        await store.step("a stuck animation") {
            async let record = Self.pushMail(coordinator, log, animator: ScriptedAnimator(.neverFinish))
            await clock.armed(.animation)
            clock.advance(toDeadlineOf: .animation)
            return try await record
        } expect: {
            $0.state = ["root(0): stack inbox [list, mail]"]
            $0.records = ["push mail onto inbox: timed out after 5.0 seconds"]
            $0.callbacks = ["didAdd mail", "didShow mail"]
            $0.events = ["began push mail onto inbox", "ended push mail onto inbox (timed out after 5.0 seconds)"]
            $0.timeouts = [.animation]
        }
        await store.finish()
    }

    @Test("a refused request: its error is stated, nothing changed, and its rejection is an event")
    func refusal() async throws {
        let store = try await Self.store()
        await store.step("pop at the root") {
            try await store.coordinator.stack("inbox").pop()
        } expect: {
            $0.error = "container.popAtRoot"
            $0.events = ["rejected pop inbox: container.popAtRoot"]
        }
        await store.finish()
    }

    @Test("an unexpected callback fails the step, with a diff naming it")
    func unexpectedCallback() async throws {
        let store = try await Self.store()
        await withKnownIssue {
            await store.step("open a mail") {
                try await Self.pushMail(store)
            } expect: {
                $0.state = ["root(0): stack inbox [list, mail]"]
                $0.records = ["push mail onto inbox: ran"]
                $0.callbacks = ["didAdd mail"]
                $0.events = ["began push mail onto inbox", "ended push mail onto inbox (ran)"]
            }
        } matching: {
            Self.complaint($0, about: "callbacks", showing: "+ didShow mail")
        }
    }

    @Test("a missing record fails the step, with a diff naming it")
    func missingRecord() async throws {
        let store = try await Self.store()
        await withKnownIssue {
            await store.step("open a mail") {
                try await Self.pushMail(store)
            } expect: {
                $0.state = ["root(0): stack inbox [list, mail]"]
                $0.records = ["push mail onto inbox: ran", "pop inbox: ran"]
                $0.callbacks = ["didAdd mail", "didShow mail"]
                $0.events = ["began push mail onto inbox", "ended push mail onto inbox (ran)"]
            }
        } matching: {
            Self.complaint($0, about: "records", showing: "- pop inbox: ran")
        }
    }

    @Test("events out of order fail the step")
    func eventsOutOfOrder() async throws {
        let store = try await Self.store()
        await withKnownIssue {
            await store.step("open a mail") {
                try await Self.pushMail(store)
            } expect: {
                $0.state = ["root(0): stack inbox [list, mail]"]
                $0.records = ["push mail onto inbox: ran"]
                $0.callbacks = ["didAdd mail", "didShow mail"]
                $0.events = ["ended push mail onto inbox (ran)", "began push mail onto inbox"]
            }
        } matching: {
            Self.complaint($0, about: "events", showing: "began push mail onto inbox")
        }
    }

    @Test("a timeout stated but never fired fails the step")
    func timeoutThatNeverFires() async throws {
        let store = try await Self.store()
        await withKnownIssue {
            await store.step("open a mail") {
                try await Self.pushMail(store)
            } expect: {
                $0.state = ["root(0): stack inbox [list, mail]"]
                $0.records = ["push mail onto inbox: ran"]
                $0.callbacks = ["didAdd mail", "didShow mail"]
                $0.events = ["began push mail onto inbox", "ended push mail onto inbox (ran)"]
                $0.timeouts = [.animation]
            }
        } matching: {
            Self.complaint($0, about: "timeouts", showing: "- animation")
        }
    }

    @Test("a change left unstated fails an exhaustive step; a non-exhaustive step checks only what it states")
    func exhaustivity() async throws {
        let exhaustive = try await Self.store()
        await withKnownIssue {
            await exhaustive.step("open a mail") {
                try await Self.pushMail(exhaustive)
            } expect: {
                $0.records = ["push mail onto inbox: ran"]
            }
        } matching: { issue in
            // Every unstated category complains: the state, the callbacks and the events.
            Self.complaint(issue, about: "state", showing: "+ root(0): stack inbox [list, mail]")
                || Self.complaint(issue, about: "callbacks", showing: "+ didAdd mail")
                || Self.complaint(issue, about: "events", showing: "+ began push mail onto inbox")
        }

        let relaxed = try await Self.store(exhaustive: false)
        await relaxed.step("open a mail") {
            try await Self.pushMail(relaxed)
        } expect: {
            $0.events = ["ended push mail onto inbox (ran)"]
        }
        await relaxed.finish()
    }

    @Test("a non-exhaustive step that states a list empty says that none happened: it fails when some did")
    func emptyStatementMeansNone() async throws {
        let relaxed = try await Self.store(exhaustive: false)
        await withKnownIssue {
            await relaxed.step("open a mail") {
                try await Self.pushMail(relaxed)
            } expect: {
                $0.events = []
                $0.timeouts = []
            }
        } matching: { issue in
            Self.complaint(issue, about: "events", showing: "+ began push mail onto inbox")
        }
        await relaxed.step("nothing") {
        } expect: {
            $0.events = []
            $0.records = []
        }
        await relaxed.finish()
    }

    @Test("a stated list is met as the store reads it: exactly when exhaustive, in order among others when not")
    func statementsMet() {
        let actual = ["a", "b", "c"]
        #expect(NavigationTestStore.unmet(["a", "c"], by: actual, exhaustive: false) == nil)
        #expect(NavigationTestStore.unmet(["c", "a"], by: actual, exhaustive: false) == ["c", "a"])
        #expect(NavigationTestStore.unmet([], by: actual, exhaustive: false) == [])
        #expect(NavigationTestStore.unmet([], by: [], exhaustive: false) == nil)
        #expect(NavigationTestStore.unmet(nil, by: actual, exhaustive: false) == nil)
        #expect(NavigationTestStore.unmet(["a", "c"], by: actual, exhaustive: true) == ["a", "c"])
        #expect(NavigationTestStore.unmet(nil, by: actual, exhaustive: true) == [])
        #expect(NavigationTestStore.unmet(nil, by: actual, exhaustive: true, unchanged: actual) == nil)
    }

    @Test("something that happens after the last step is caught by finish")
    func leftOverAtFinish() async throws {
        let store = try await Self.store()
        let (coordinator, log) = (store.coordinator, store.callbacks)
        let pushed = Task { try await Self.pushMail(coordinator, log) }
        _ = try await pushed.value
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            Self.complaint(issue, about: "records", showing: "+ push mail onto inbox: ran")
                || Self.complaint(issue, about: "state", showing: "+ root(0): stack inbox [list, mail]")
                || Self.complaint(issue, about: "callbacks", showing: "+ didShow mail")
                || Self.complaint(issue, about: "events", showing: "+ ended push mail onto inbox (ran)")
        }
    }

    @Test("a link that ends in a step without being stated fails it, naming the link and its outcome")
    func unexpectedLinkEnd() async throws {
        let clock = TestClock()
        let coordinator = await Coordinator(root: Self.list, clock: clock)
        let inbox = LinkInbox(coordinator: coordinator, startsOpen: true)
        let store = await NavigationTestStore(coordinator: coordinator, clock: clock, links: inbox)
        let broken = Route(absolute: true, [.push(RouteTarget(""))])
        await withKnownIssue {
            await store.step("a broken link") {
                _ = await inbox.post(broken)
            }
        } matching: {
            Self.complaint($0, about: "links", showing: "+ \(broken.path): refused.")
        }
        await store.finish()
    }

    /// An app's destination type, for the typed expectations.
    enum Destination: Hashable, Codable, Sendable {
        case inbox, settings
        case mail(id: Int)
    }

    @Test(
        "a typed path, tab or sheet that differs from what happened, or is not shown, fails the step, naming it",
        arguments: [
            ("path of inbox", "+ mail(id=42)"), ("selected tab of tabs", "+ inbox"),
            ("sheet over container inbox", "stated is not shown"),
        ])
    func typedExpectationDiffers(place: String, line: String) async throws {
        let root = WindowContent.tabs(
            TabBar(
                id: "tabs", .stack(StackContainer(id: "inbox", root: Destination.inbox)),
                .stack(StackContainer(id: "settings", root: Destination.settings))))
        let store = try await NavigationTestStore(root: root, exhaustive: false)
        await withKnownIssue {
            await store.step("open mail 42") {
                try await store.coordinator.stack("inbox").push(Destination.mail(id: 42))
            } expect: {
                switch place {
                case "path of inbox": $0.path([Destination.mail(id: 7)], of: "inbox")
                case "selected tab of tabs": $0.tab(Destination.settings, of: "tabs")
                default: $0.sheet(Destination.settings, presentedBy: .container("inbox"))
                }
            }
        } matching: {
            Self.complaint($0, about: place, showing: line)
        }
    }
}
