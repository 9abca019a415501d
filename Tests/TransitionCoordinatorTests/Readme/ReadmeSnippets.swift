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
        let coordinator = await Coordinator(root: Screen("home"))

        // applicationDidEnterBackground: no animation (the app is not active anyway).
        func appDidEnterBackground() async {
            _ = try? await coordinator.setApplicationState(.background)
            _ = try? await coordinator.push(Screen("pin"), at: .medium)
        }

        // The user typed the right PIN.
        func userEnteredPIN() async throws -> TransitionRecord {
            try await coordinator.setApplicationState(.active)
            return try await coordinator.pop(screen: "pin", animator: fadeAnimator)
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
            try await coordinator.push(Screen("tutorial2"), at: .low, animator: fadeAnimator)
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
        let inbox = StackContainer(id: "inbox", root: Screen("list"))
        let news = StackContainer(id: "news", root: Screen("feed"))
        let coordinator = try await Coordinator(root: .tabs(TabBar(id: "main", .stack(inbox), .stack(news))))

        try await coordinator.stack("inbox").push(Screen("mail"), animator: slide)
        try await coordinator.tabs("main").select(1)
        try await coordinator.stack("news").present(.stack(StackContainer(id: "compose", root: Screen("draft"))))
        try await coordinator.stack("news").dismiss()
        try await coordinator.stack("inbox").setStack([Screen("list"), nil, Screen("thread")])
        // END README
        return coordinator
    }

    /// The deep-link example: returns the coordinator after the link and the push onto the
    /// stack it built.
    static func deepLink() async throws -> Coordinator {
        // README: deep-link
        var screens = ScreenRegistry()
        for name in ["inbox", "settings", "mail", "compose", "draft"] { screens.screen(name) }
        try screens.tabs("main", id: "main", tabs: [.init("inbox", stack: "inbox"), .init("settings", stack: "settings")])
        try screens.modalStack(rootedAt: "compose", id: "compose")
        let coordinator = await Coordinator(root: Screen("launch"), screens: screens)

        try await coordinator.navigate(to: Route(parsing: "^/main#inbox/mail!/compose"))
        try await coordinator.stack("compose").push(Screen("draft")) // the stack the link built
        // END README
        return coordinator
    }
}
