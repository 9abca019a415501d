import Synchronization
import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// The testing guide's examples, run as a client runs them.
@Suite("The testing guide's examples")
struct GuideTests {
    static let list = Screen("list"), mail = Screen("mail")

    /// The app's completion-block animation, as it would ship: it calls its finish once.
    @Sendable static func slideBody(_ context: TransitionContext, _ finish: AnimationFinish) {
        // A real app animates its views here, and calls `finish()` in the completion block.
        finish()
    }

    /// The animator the app hands the coordinator.
    static let slide = CallbackAnimator(slideBody)

    @Test("a flow: each step states the state after, the record, the callbacks and the events")
    func flow() async throws {
        let (list, mail, slide) = (Self.list, Self.mail, Self.slide)
        // README: testing-flow
        let store = try await NavigationTestStore(root: .stack(StackContainer(id: "inbox", root: list)))
        await store.step("open a mail") {
            try await store.coordinator.stack("inbox").push(store.callbacks.item(mail), animator: slide)
        } expect: {
            $0.state = ["root(0): stack inbox [list, mail]"]
            $0.records = ["push mail onto inbox: ran"]
            $0.callbacks = ["didAdd mail", "didShow mail"]
            $0.events = ["began push mail onto inbox", "ended push mail onto inbox (ran)"]
        }
        await store.step("swipe back, and let go") {
            try await store.coordinator.user.backSwipe(in: "inbox", cancelled: true)
        } expect: {
            $0.events = ["began the user did: pop inbox", "cancelled the user did: pop inbox"]
        }
        await store.finish()
        // END README
    }

    @Test("an animator alone: the context a request would give, and a finish of its own")
    func animatorAlone() async throws {
        let (list, mail, slideBody) = (Self.list, Self.mail, Self.slideBody)
        // README: testing-animator
        let app = try await Coordinator(root: .stack(StackContainer(id: "inbox", root: list)), clock: TestClock())
        let context = try TransitionContext(for: .content(.push(mail, onto: "inbox")), in: await app.snapshot)
        let finish = AnimationFinish()
        slideBody(context, finish)
        #expect(finish.callCount == 1, "it finishes exactly once")
        // END README
        try await Self.slide.animate(context)
    }

    @Test("a timeout: wait until it is armed, then move time to exactly its deadline")
    func timeout() async throws {
        let (list, mail) = (Self.list, Self.mail)
        // README: testing-timeout
        let clock = TestClock()
        let app = await Coordinator(root: list, host: TestHost(), clock: clock)
        async let record = app.openWindow(mail, at: .high, animator: ScriptedAnimator(.neverFinish))
        await clock.armed(.animation)
        clock.advance(toDeadlineOf: .animation)
        #expect(try await record.animation == .timedOut(after: .seconds(5)))
        // END README
    }

    /// The screens the link examples name, as the guide declares them.
    enum LinkScreen: String, Hashable, Codable, Sendable { case home, vault, signin, mail, message }

    @Test("a guard: the step states the typed error, and that nothing changed")
    func guardDenies() async throws {
        // README: testing-guard
        let signedOut = NavigationGuard("session") { context in
            context.arriving.contains { $0.name == "vault" } ? .deny("signed out") : .allow
        }
        let store = try await NavigationTestStore(
            root: .stack(StackContainer(id: "home", root: Screen("home"))), guards: [signedOut])
        await store.step("open the vault, signed out") {
            try await store.coordinator.stack("home").push(Screen("vault"))
        } expect: {
            $0.error = "denied"
            $0.events = ["began push vault onto home", "cancelled push vault onto home"]
        }
        await store.finish()
        // END README
    }

    /// The app's destinations, for the typed expectations.
    enum Destination: Hashable, Codable, Sendable {
        case inbox, settings
        case mail(id: Int)
        case compose(draft: String?)
    }

    @Test("typed expectations: a stack's path, the selected tab and a sheet stated as the app's own values")
    func typedValues() async throws {
        // README: testing-values
        let tabs = TabBar(
            id: "main", .stack(StackContainer(id: "inbox", root: Destination.inbox)),
            .stack(StackContainer(id: "settings", root: Destination.settings)))
        let store = try await NavigationTestStore(root: .tabs(tabs), exhaustive: false)
        await store.step("open mail 42, then compose") {
            try await store.coordinator.stack("inbox").push(Destination.mail(id: 42))
            try await store.coordinator.present(Destination.compose(draft: nil), from: .container("inbox"))
        } expect: {
            $0.path([Destination.mail(id: 42)], of: "inbox")
            $0.tab(Destination.inbox, of: "main")
            $0.sheet(Destination.compose(draft: nil), presentedBy: .container("inbox"))
        }
        // END README
    }

    @Test("a link behind sign-in: redirected to sign-in, resumed once signed in, ended once")
    func linkBehindSignIn() async throws {
        // README: testing-link
        let registry = ScreenRegistry(destinations: LinkScreen.self)
        let signedIn = Mutex(false)
        let signIn = try Route(parsing: "^/home/signin")
        let session = NavigationGuard("session") { context in
            let vault = context.arriving.contains { $0.name == "vault" }
            return vault && !signedIn.withLock { $0 } ? .redirect(signIn) : .allow
        }
        let clock = TestClock()
        let app = await Coordinator(root: Screen("launch"), clock: clock, screens: registry, guards: [session])
        let inbox = LinkInbox(coordinator: app, startsOpen: true)
        let store = await NavigationTestStore(coordinator: app, clock: clock, links: inbox)
        await store.step("a notification's link to the vault, signed out") {
            var events = EventProbe(app)
            _ = await inbox.post(try Route(parsing: "^/home/vault"))
            _ = await events.next { if case .ended(let record) = $0 { record.source == .redirect } else { false } }
        } expect: {
            $0.state = ["root(0): stack ^ [home, signin]"]
            $0.records = ["navigate to ^/home/signin: skipped (no animator), from redirect"]
            $0.events = [
                "began navigate to ^/home/vault", "waiting navigate to ^/home/signin (queued)",
                "cancelled navigate to ^/home/vault",
                "began navigate to ^/home/signin", "ended navigate to ^/home/signin (skipped (no animator))",
            ]
        }
        await store.step("signed in, the app resumes the link") {
            signedIn.withLock { $0 = true }
            return try await app.resumeRedirected()
        } expect: {
            $0.state = ["root(0): stack ^ [home, vault]"]
            $0.records = ["navigate to ^/home/vault: skipped (no animator), from link"]
            $0.events = ["began navigate to ^/home/vault", "ended navigate to ^/home/vault (skipped (no animator))"]
            $0.links = ["^/home/vault: navigated"]
        }
        await store.finish()
        // END README
    }

    @Test("a restore after an update: the saved state migrated, a renamed screen back under its new name")
    func restoreAfterUpdate() async throws {
        // README: testing-restore
        let registry = ScreenRegistry(destinations: LinkScreen.self)
        // Saved by the previous version, whose mail screen is now called message.
        let saved = SavedNavigation(route: try Route(parsing: "^/home/mail"), schema: 1, savedAt: .seconds(1))
        let renamed: @Sendable (Route) -> Route = { route in
            var route = route
            route.steps = route.steps.map { step in
                guard case .push(let target) = step, target.name == "mail" else { return step }
                return .push(RouteTarget("message", target.parameters))
            }
            return route
        }
        let app = await Coordinator(root: Screen("launch"), clock: TestClock(), screens: registry)
        let restored = try await app.system.relaunch(
            from: saved, policy: RestorationPolicy(schema: 2, migrations: [1: renamed]), now: .seconds(2))
        #expect(restored.route.path == "^/home/message" && restored.dropped.isEmpty)
        #expect(restored.record?.source == .restoration)
        #expect(await app.snapshot.lines == ["root(0): stack ^ [home, message]"])
        // END README
    }
}
