import TransitionCoordinator

/// The README's code blocks, each between a `// README: name` line and `// END README`, verbatim
/// (``ReadmeSyncTests`` checks every block of the README is one of these). Each function runs its
/// block as a client would and hands back what the tests check.
enum ReadmeSnippets {
    static let fadeAnimator = CallbackAnimator { _, finish in finish() }
    static let slide = CallbackAnimator { _, finish in finish() }

    /// The headless quick start: returns the coordinator and the app's two functions, for the
    /// test to call.
    static func quickStart() async -> (
        coordinator: Coordinator, appDidEnterBackground: () async -> Void,
        userEnteredPIN: () async throws -> TransitionRecord
    ) {
        let fadeAnimator = Self.fadeAnimator
        // README: quick-start
        enum Destination: Hashable, Codable, Sendable { case home, pin } // the app's screens, as its own values

        let coordinator = await Coordinator(root: Destination.home)

        // applicationDidEnterBackground: no animation (the app is not active anyway).
        func appDidEnterBackground() async {
            _ = try? await coordinator.setApplicationState(.background)
            _ = try? await coordinator.openWindow(Destination.pin, at: .medium)
        }

        // The user typed the right PIN.
        func userEnteredPIN() async throws -> TransitionRecord {
            try await coordinator.setApplicationState(.active)
            return try await coordinator.closeWindow(showing: Destination.pin, animator: fadeAnimator)
        }
        // END README
        return (coordinator, appDidEnterBackground, userEnteredPIN)
    }

    /// The typed catch, on a coordinator whose `low` level is taken: returns the message.
    static func typedCatch(_ coordinator: Coordinator) async -> String {
        let fadeAnimator = Self.fadeAnimator
        var message = ""
        // README: typed-catch
        do {
            try await coordinator.openWindow(Screen("tutorial2"), at: .low, animator: fadeAnimator)
        } catch .refused(.busy(let inFlight)) {
            message = "try again after \(inFlight)"
        } catch .invalid(let problem) {
            message = "invalid: \(problem)"
        } catch {
            message = error.description
        }
        // END README
        return message
    }

    /// The containers example: returns the coordinator.
    static func containers() async throws -> Coordinator {
        let slide = Self.slide
        // README: containers
        enum Destination: Hashable, Codable, Sendable {
            case list, feed, draft, thread
            case mail(id: Int)
        }

        let inbox = StackContainer(id: "inbox", root: Destination.list)
        let news = StackContainer(id: "news", root: Destination.feed)
        let coordinator = try await Coordinator(root: .tabs(TabBar(id: "main", .stack(inbox), .stack(news))))

        try await coordinator.stack("inbox").push(Destination.mail(id: 42), animator: slide)
        try await coordinator.tabs("main").select(1)
        try await coordinator.present(Destination.draft, from: .container("news"))
        try await coordinator.dismiss(presentedBy: .container("news"))
        try await coordinator.stack("inbox").setStack([Destination.list, nil, .thread])
        let path = await coordinator.stack("inbox").path(as: Destination.self) // [.thread]
        // END README
        _ = path
        return coordinator
    }

    /// The deep-link example: returns the coordinator after the link and the push onto the
    /// stack it built.
    static func deepLink() async throws -> Coordinator {
        // README: deep-link
        enum Destination: Hashable, Codable, Sendable {
            case launch, inbox, settings, compose, draft
            case mail(id: Int)
        }

        var screens = ScreenRegistry(destinations: Destination.self) // a route's steps are Destination values
        try screens.tabs(
            "main", id: "main", tabs: [Destination.inbox: "inbox", .settings: "settings"])
        try screens.modalStack(rootedAt: Destination.compose, id: "compose")
        let coordinator = await Coordinator(root: Destination.launch, screens: screens)

        try await coordinator.navigate(to: Route(parsing: "^/main#inbox/mail(id=42)!/compose"))
        try await coordinator.stack("compose").push(Destination.draft) // the stack the link built
        // END README
        return coordinator
    }
}
