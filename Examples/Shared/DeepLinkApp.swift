import TransitionCoordinator

/// DeepTransition's deep link: a URL lands in a tab's stack, several screens deep, with a sheet
/// over it, as one transition however far the app was from it.
///
/// The app's screens are its own values, ``Destination``; the ``ScreenRegistry`` reads routes as
/// those values (tab bar `main` holds the tabs `inbox` and `settings`; a `thread` needs an
/// integer id; `reply` is presented), so a link and the app's own code show the same screens,
/// with no mapping between them. A ``LinkTable`` turns
/// URLs into routes; a ``LinkInbox`` holds them until the app has launched (cold start), or
/// while the lock is up, and gives each exactly one outcome. A value, `Sendable`.
public struct DeepLinkApp: Sendable {
    /// The app's screens, as its own values.
    public enum Destination: Hashable, Codable, Sendable {
        /// The launch screen, shown until the app has launched.
        case launch
        /// The inbox tab's root.
        case inbox
        /// The settings tab's root.
        case settings
        /// A thread of the inbox.
        case thread(id: Int)
        /// The reply sheet.
        case reply
    }

    /// The URL of a thread, with a reply sheet open over it: `myapp://inbox/thread/42/reply`.
    public static let replyPattern = "myapp://inbox/thread/:id/reply"

    /// The coordinator, made synchronously, with the registry.
    public let coordinator: Coordinator
    /// Where the app goes once launched: `^/main`, the tab bar, its first tab selected.
    public let home: Route
    /// The links, held until ``launch(animator:)`` opens the inbox.
    public let links: LinkInbox
    private let table: LinkTable

    /// An app at its launch screen, shown through `host` (a headless one when nil).
    ///
    /// - Throws: nothing in practice: the registry and the link patterns are valid.
    public init(host: (any WindowHost)? = nil) throws {
        var screens = ScreenRegistry(destinations: Destination.self)
        try screens.tabs("main", tabs: [Destination.inbox, .settings])
        coordinator = Coordinator(root: Destination.launch, host: host, screens: screens)
        links = LinkInbox(coordinator: coordinator)
        home = try Route(parsing: "^/main")
        table = LinkTable([
            try LinkPattern(
                Self.replyPattern, route: "^/main#inbox/thread(id=:id)!reply",
                types: ["id": .integer])
        ])
        // At launch, not on the first link: every pattern leads to a route these screens build.
        try table.validate(against: screens)
    }

    /// Launches: shows ``home``, then opens the inbox, so a link that came with the launch
    /// lands on the app's own content.
    public func launch(animator: (any Animator)? = nil) async throws(TransitionError) {
        try await coordinator.navigate(to: home, animator: animator, policy: .enqueue)
        await links.open()
    }

    /// A URL the app was asked to open (`scene(_:openURLContexts:)`, `onOpenURL`): its route,
    /// followed through the inbox; returns the link's outcome.
    ///
    /// - Throws: one of the link's cases of ``NavigationError`` when no pattern fits the URL;
    ///   nothing was posted.
    public func open(_ url: String) async throws(NavigationError) -> LinkOutcome {
        let route = try table.route(for: url)
        return await links.receive(route)
    }

    /// A URL the app was launched with: its route, posted to the inbox, which holds it until
    /// ``launch(animator:)`` opens it; the outcome comes on the inbox's `outcomes`.
    ///
    /// - Throws: one of the link's cases of ``NavigationError`` when no pattern fits the URL;
    ///   nothing was posted.
    @discardableResult
    public func post(_ url: String) async throws(NavigationError) -> LinkID {
        let route = try table.route(for: url)
        return await links.post(route)
    }

    // MARK: Reading the content, by what the app declared

    /// The tab bar `content` shows at its root (whatever id the route gave it).
    public static func tabBar(in content: WindowContent?) -> TabBar? {
        guard case .tabs(let bar)? = content?.base else { return nil }
        return bar
    }

    /// The stack of `bar`'s tab whose root is `tab`.
    public static func stack(ofTab tab: Destination, in bar: TabBar) -> StackContainer? {
        let root = Screen(tab)
        for tab in bar.tabs {
            if case .stack(let stack) = tab.base, stack.root == root { return stack }
        }
        return nil
    }
}
