import TestSupport
import Testing

@testable import TransitionCoordinator

/// Container operations through the coordinator: one transition each, with records, typed
/// refusals that change nothing, the animator's context, the skip rules, the host's screen calls
/// and the container actors.
@Suite("Content transitions")
struct ContentTransitionTests {
    typealias T = ContentTrees

    /// A coordinator whose root window shows ``ContentTrees/app``, on a recording host.
    struct AppFixture {
        let coordinator: Coordinator
        let host: TestHost

        init(root: WindowContent = T.app, configuration: CoordinatorConfiguration = .standard) async throws {
            host = TestHost()
            coordinator = try await Coordinator(root: root, configuration: configuration, host: host, clock: TestClock())
            await host.clearLog()
        }

        var root: WindowContent { get async { await coordinator.snapshot.windowList[0].content } }
    }

    @Test("a push onto a stack commits one content record and its actor owns the new stack")
    func pushOntoStack() async throws {
        let app = try await AppFixture()
        let record = try await app.coordinator.stack("inbox").push(T.thread)
        #expect(record.request == .content(.push(T.thread, onto: "inbox")))
        #expect(record.request.kind == .content)
        #expect(await app.coordinator.stack("inbox").items() == [T.list, T.mail, T.thread])
        #expect(record.after.windowList[0].content.topScreen == T.draft, "the sheet stays on top")
        #expect(await app.coordinator.audit() == [])
    }

    @Test(
        "bad requests are refused with typed errors naming the container, and nothing changes",
        arguments: [
            (ContainerOperation.pop("news"), TransitionError.container(.popAtRoot(stack: "news", root: "feed"), in: nil)),
            (.popTo("post", in: "inbox"), .container(.notInStack("post", stack: "inbox"), in: nil)),
            (.select(tab: 2, in: "main"), .container(.tabOutOfRange(2, tabs: "main", count: 2), in: nil)),
            (.dismiss(.container("news")), .container(.nothingPresented(.container("news")), in: nil)),
            (.push(Screen("x"), onto: "nowhere"), .container(.unknownContainer("nowhere"), in: nil)),
            (
                .hop(to: .screen(Screen("x")), in: "inbox"),
                .container(.wrongKind("inbox", expected: .hop, actual: .stack), in: nil)
            ),
            (.push(T.feed, onto: "inbox"), .container(.duplicateScreen("feed", container: "inbox"), in: nil)),
        ])
    func refusals(operation: ContainerOperation, expected: TransitionError) async throws {
        let app = try await AppFixture()
        let before = await app.coordinator.snapshot
        let result = await attempt { try await app.coordinator.change(operation) }
        guard case .failure(let error) = result else {
            Issue.record("\(operation) was carried out")
            return
        }
        // The window the error names is the root one whenever the container was found.
        if case .container(let problem, let window) = error, case .container(let wanted, _) = expected {
            #expect(problem == wanted)
            #expect(window?.id == (problem == .unknownContainer("nowhere") ? nil : before.windowList[0].id))
        } else {
            #expect(error == expected)
        }
        #expect(await app.coordinator.snapshot == before)
        #expect(await app.host.calls == [])
    }

    @Test("a screen shown in another window cannot be pushed onto a stack: a double tap's second push is refused")
    func duplicateAcrossWindows() async throws {
        let app = try await AppFixture()
        try await app.coordinator.openWindow(Screen("pin"), at: .medium)
        let result = await attempt { try await app.coordinator.stack("news").push(Screen("pin")) }
        guard case .failure(.invalid(.duplicateScreen("pin", let window))) = result else {
            Issue.record("expected duplicateScreen, got \(result)")
            return
        }
        #expect(window.level == .medium)
        let again = await attempt { try await app.coordinator.stack("news").push(T.post) }
        #expect((try? again.get()) != nil)
        let twice = await attempt { try await app.coordinator.stack("news").push(T.post) }
        #expect(
            twice.failure
                == .container(.duplicateScreen("post", container: "news"), in: await app.coordinator.snapshot.windowList[0]))
    }

    @Test("the animator's context names the container, the kind of change and the from- and to-screens")
    func animatorContext() async throws {
        let app = try await AppFixture(root: .stack(T.news))
        let animator = GatedAnimator(.returnAtOnce)
        let record = try await app.coordinator.stack("news").push(T.post, animator: animator)
        #expect(record.animation.animatorWasCalled)
        let context = try #require(animator.contexts.first)
        #expect(context.kind == .content)
        #expect(context.container == "news")
        #expect(context.contentChange?.animation == .push)
        #expect(context.fromScreen == T.feed)
        #expect(context.toScreen == T.post)
        #expect(context.topFromWindow.id == context.topToWindow.id)
    }

    @Test("a change inside a window below the top one, or one that keeps the top screen, is not animated")
    func skipRules() async throws {
        let app = try await AppFixture(root: .stack(T.news))
        let animator = GatedAnimator(.returnAtOnce)
        let same = try await app.coordinator.stack("news").setStack([T.feed], animator: animator)
        #expect(same.animation == .skipped(.topWindowUnchanged), "setting the same stack changes nothing on top")
        try await app.coordinator.openWindow(Screen("pin"), at: .medium)
        let below = try await app.coordinator.stack("news").push(T.post, animator: animator)
        #expect(below.animation == .skipped(.topWindowUnchanged))
        #expect(animator.callCount == 0)
    }

    @Test("the host creates arriving screens before the content is set and destroys departing ones after, once each")
    func hostScreenCalls() async throws {
        let app = try await AppFixture()
        try await app.coordinator.change(.dismiss(.container("inbox")))
        let window = await app.coordinator.snapshot.windowList[0].id
        #expect(
            await app.host.calls == [
                .setContent(await app.coordinator.snapshot.windowList[0].content, of: window, animated: false),
                .destroyScreen(T.draft, in: window),
            ])
        await app.host.clearLog()
        try await app.coordinator.stack("inbox").setStack([T.list, T.thread])
        #expect(
            await app.host.calls == [
                .createScreen(T.thread, in: window),
                .setContent(await app.coordinator.snapshot.windowList[0].content, of: window, animated: false),
                .destroyScreen(T.mail, in: window),
            ])
        let ledger = await app.host.ledger
        #expect(ledger.screens[window] == Set(await app.root.screens))
        #expect(ledger.anomalies == [])
        #expect(ledger.screenCreatedCount == ledger.screenDestroyedCount + (ledger.screens[window]?.count ?? 0))
    }

    /// A synchronous host that keeps the `animated` of each content it is sent.
    final class AnimatedFlags: SynchronousWindowHost {
        private let flags = Locked<[Bool]>([])
        var sent: [Bool] { flags.withLock { $0 } }
        func clear() { flags.withLock { $0.removeAll() } }
        func apply(_ command: HostCommand) {
            if case .setContent(_, _, let animated) = command { flags.withLock { $0.append(animated) } }
        }
    }

    @Test(
        "the host is told a change is animated exactly when an animator will animate it, inline or async",
        arguments: [
            ("an animator and an active app", true, true, false, true),
            ("no animator", false, true, false, false),
            ("an inactive app", true, false, false, false),
            ("the user's own pop", true, true, true, false),
        ])
    func setContentAnimated(_ what: String, animator given: Bool, active: Bool, byUser: Bool, animated: Bool) async throws {
        let recording = TestHost(), inline = AnimatedFlags()
        for host in [recording, inline] as [any WindowHost] {
            let coordinator = try await Coordinator(root: .stack(T.news), host: host, clock: TestClock())
            try await coordinator.stack("news").push(T.post)
            if !active { try await coordinator.setApplicationState(.inactive) }
            await recording.clearLog()
            inline.clear()
            let animator = given ? GatedAnimator(.returnAtOnce) : nil
            let record =
                byUser
                ? try await coordinator.perform(.userDid(.pop("news"), at: nil), animator: animator)
                : try await coordinator.stack("news").pop(animator: animator)
            let sent =
                host is TestHost
                ? await recording.calls.compactMap { call -> Bool? in
                    if case .setContent(_, _, let animated) = call { animated } else { nil }
                } : inline.sent
            #expect(sent == [animated], "\(what), \(type(of: host))")
            #expect(record.animation.animatorWasCalled == animated, "\(what): the record agrees")
        }
    }

    @Test("dismissing a sheet removes the stack inside it and its actor in the same transition")
    func dismissNested() async throws {
        let app = try await AppFixture()
        let record = try await app.coordinator.stack("inbox").dismiss()
        #expect(!record.after.windowList[0].content.holds("compose"))
        #expect(await app.coordinator.containerActors["compose"] == nil)
        #expect(await app.coordinator.audit() == [])
    }

    @Test("a window opened with containers gets their actors, and popping it removes them and its screens")
    func windowWithContainers() async throws {
        let app = try await AppFixture()
        let sheet = WindowContent.stack(StackContainer(id: "settings", root: Screen("prefs")))
        try await app.coordinator.openWindow(sheet, at: .medium)
        #expect(await app.coordinator.containerActors["settings"] != nil)
        try await app.coordinator.stack("settings").push(Screen("about"))
        #expect(await app.coordinator.audit() == [])
        try await app.coordinator.closeWindow(at: .medium)
        #expect(await app.coordinator.containerActors["settings"] == nil)
        #expect(await app.coordinator.audit() == [])
        let ledger = await app.host.ledger
        #expect(ledger.screenCreatedCount == ledger.screenDestroyedCount + ledger.screens.values.map(\.count).reduce(0, +))
    }

    @Test("a window cannot open with a screen or a container another window shows")
    func showRefusesDuplicates() async throws {
        let app = try await AppFixture()
        let taken = await attempt {
            try await app.coordinator.openWindow(.stack(StackContainer(id: "other", root: T.feed)), at: .medium)
        }
        #expect(taken.failure?.code == "duplicateScreen")
        let reused = await attempt {
            try await app.coordinator.openWindow(.stack(StackContainer(id: "news", root: Screen("x"))), at: .medium)
        }
        #expect(reused.failure == .container(.duplicateContainer("news"), in: await app.coordinator.snapshot.windowList[0]))
    }

    @Test("switching tabs keeps each tab's stack")
    func tabsKeepStacks() async throws {
        let app = try await AppFixture()
        try await app.coordinator.stack("news").push(T.post)
        try await app.coordinator.tabs("main").select(1)
        try await app.coordinator.tabs("main").select(0)
        #expect(await app.coordinator.stack("news").items() == [T.feed, T.post])
        #expect(await app.coordinator.stack("inbox").items() == [T.list, T.mail])
        #expect(await app.coordinator.tabs("main").selected() == 0)
    }

    @Test("a root tree that breaks invariant 8 is refused when the coordinator is made")
    func invalidRoot() async {
        let twice = WindowContent.tabs(TabBar(id: "main", .stack(T.news), .stack(StackContainer(id: "news", root: T.list))))
        await #expect(throws: TransitionError.self) { try await Coordinator(root: twice) }
    }
}
