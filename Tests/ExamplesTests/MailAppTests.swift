import Synchronization
import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// A mail app written against the public API with its own destination type, and no mapping
/// layer: a launch flow, a tab bar whose inbox is a stack, a compose sheet, links from URLs, a
/// guard before sign-in, and restore after an update.
private enum Destination: Hashable, Codable, Sendable {
    case splash, signIn, inbox, settings, account
    case mail(id: Int)
    case compose(draft: String?)
}

/// The app: its registry, links and flow, in the app's own values.
private struct MailApp: Sendable {
    static let launch: ContainerID = "launch"
    static let main = WindowContent.tabs(
        TabBar(
            id: "main", .stack(StackContainer(id: "inbox", root: Destination.inbox)),
            .stack(StackContainer(id: "settings", root: Destination.settings))))

    let coordinator: Coordinator
    let links: LinkInbox
    let table: LinkTable
    let screens: ScreenRegistry
    let session: Session

    /// Whether the user signed in; the guard reads it.
    final class Session: Sendable {
        private let state = Mutex(false)
        var signedIn: Bool {
            get { state.withLock { $0 } }
            set { state.withLock { $0 = newValue } }
        }
    }

    init(clock: TestClock = TestClock()) throws {
        var screens = ScreenRegistry(destinations: Destination.self)
        try screens.rootHop(id: Self.launch)
        try screens.tabs(
            "main", id: "main", tabs: [Destination.inbox: "inbox", .settings: "settings"])
        let session = Session()
        // Mail is for signed-in users: a link to a mail before sign-in is refused.
        let signedInOnly = NavigationGuard("signed in") { context in
            let opensMail = context.arriving.contains {
                if case .mail = $0.destination(as: Destination.self) { true } else { false }
            }
            return opensMail && !session.signedIn ? .deny("sign in first") : .allow
        }
        coordinator = try Coordinator(
            root: .hop(HopContainer(id: Self.launch, showing: .destination(Destination.splash))), clock: clock,
            screens: screens, guards: [signedInOnly])
        links = LinkInbox(coordinator: coordinator, startsOpen: true)
        table = LinkTable([
            try LinkPattern("myapp://inbox/mail/:id", route: "^/main#inbox/mail(id=:id)", types: ["id": .integer]),
            try LinkPattern("myapp://compose", route: "^/main#inbox!/compose"),
        ])
        try table.validate(against: screens)
        self.screens = screens
        self.session = session
    }

    /// The flow: splash, sign-in, then the tabs.
    func signIn() async throws {
        let launch = coordinator.hop(Self.launch)
        try await launch.hop(to: Destination.signIn)
        session.signedIn = true
        try await launch.hop(to: Self.main)
    }

    func open(_ url: String) async throws -> LinkOutcome {
        await links.receive(try table.route(for: url))
    }
}

@Suite("Example: a mail app in its own destination type")
struct MailAppTests {
    @Test("after a link, the inbox's path is the mail, and the settings tab keeps what it showed")
    func linkIntoInbox() async throws {
        let app = try MailApp()
        try await app.signIn()
        try await app.coordinator.stack("settings").push(Destination.account)

        let outcome = try await app.open("myapp://inbox/mail/42")
        guard case .navigated = outcome else {
            Issue.record("not navigated: \(outcome)")
            return
        }
        let inboxPath = await app.coordinator.stack("inbox").path(as: Destination.self)
        #expect(inboxPath == [.mail(id: 42)])
        #expect(await app.coordinator.stack("settings").path(as: Destination.self) == [.account])
        #expect(await app.coordinator.place(of: Destination.mail(id: 42))?.containers == ["launch", "main", "inbox"])
        #expect(try await app.open("myapp://inbox/mail/42") == .alreadyThere)
    }

    @Test("the test store states the path, the tab and the sheet as the app's values")
    func typedExpectations() async throws {
        let clock = TestClock()
        let app = try MailApp(clock: clock)
        try await app.signIn()
        let store = await NavigationTestStore(coordinator: app.coordinator, clock: clock, exhaustive: false)
        await store.step("a link opens mail 42") {
            try await app.open("myapp://inbox/mail/42")
        } expect: {
            $0.path([Destination.mail(id: 42)], of: "inbox")
            $0.tab(Destination.inbox, of: "main")
        }
        await store.step("compose from the inbox") {
            try await app.coordinator.stack("inbox").present(Destination.compose(draft: "Hi"))
        } expect: {
            $0.sheet(Destination.compose(draft: "Hi"), presentedBy: .container("inbox"))
            $0.path([Destination.mail(id: 42)], of: "inbox")
        }
    }

    @Test("a link to a mail before sign-in is denied by the guard, and nothing moves")
    func guardBeforeSignIn() async throws {
        let app = try MailApp()
        let before = await app.coordinator.snapshot
        let outcome = try await app.open("myapp://inbox/mail/42")
        guard case .refused(let error) = outcome, error.code == "denied" else {
            Issue.record("not denied: \(outcome)")
            return
        }
        #expect(await app.coordinator.snapshot == before)
    }

    @Test("a link whose value is not a mail id is a typed error naming the parameter")
    func badLink() async throws {
        let app = try MailApp()
        #expect(throws: NavigationError.self) { try app.table.route(for: "myapp://inbox/mail/forty-two") }
        var typo = ScreenRegistry(destinations: Destination.self)
        try typo.tabs("main", tabs: [Destination.inbox, .settings])
        let table = LinkTable([try LinkPattern("myapp://m/:id", route: "^/main#inbox/mial(id=:id)", types: ["id": .integer])])
        #expect(
            throws: NavigationError.doesNotNavigate(
                pattern: "myapp://m/:id", values: ["id": "0"], .unknownScreen("mial", step: 2))
        ) {
            try table.validate(against: typo)
        }
    }

    @Test("the saved state restores the same values after an update")
    func restore() async throws {
        let app = try MailApp()
        try await app.signIn()
        _ = try await app.open("myapp://inbox/mail/42")
        try await app.coordinator.stack("inbox").push(Destination.compose(draft: nil))
        let saved = try await app.coordinator.savedNavigation(schema: 1)

        let next = try MailApp()
        next.session.signedIn = true
        try await next.coordinator.restore(saved, policy: RestorationPolicy(schema: 1))
        #expect(await next.coordinator.stack("inbox").path(as: Destination.self) == [.mail(id: 42), .compose(draft: nil)])
        #expect(await next.coordinator.snapshot.lines == app.coordinator.snapshot.lines)
    }
}
