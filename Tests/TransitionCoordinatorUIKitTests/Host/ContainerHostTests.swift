import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// The UIKit host's decisions, on the fake UIKit with a real coordinator: what the user does is
/// reported by what they touched and committed, or refused and undone, and the fake ends each
/// step showing exactly the committed content.
@Suite("The container host: the user's actions, reported or undone")
@MainActor
struct ContainerHostTests {
    static func stack(_ id: ContainerID, _ names: String...) -> WindowContent {
        .stack(StackContainer(id: id, root: Screen(names[0]), pushed: names.dropFirst().map { Screen($0) }))
    }

    static let tabs = WindowContent.tabs(TabBar(id: "main", stack("inbox", "list", "mail"), stack("settings", "prefs")))

    /// A coordinator showing `root` through a container host on the fake UIKit.
    static func app(_ root: WindowContent) async throws -> (Coordinator, FakeWindowHost, WindowID) {
        let host = FakeWindowHost()
        let coordinator = try await Coordinator(root: root, host: host)
        host.coordinator = coordinator
        let window = try #require(try await coordinator.window(at: .root)).id
        return (coordinator, host, window)
    }

    /// A coordinator showing the tabs app through a bare container host on a held fake UIKit, so
    /// the app's changes commit while UIKit's transitions wait to be ended; its queue holds
    /// `queueLimit` requests (nil: the default).
    static func heldApp(
        queueLimit: Int? = nil
    ) async throws -> (coordinator: Coordinator, host: ContainerHost, kit: FakeKit, window: WindowID, fake: FakeUIKit) {
        let kit = FakeKit(timing: .held)
        let host = ContainerHost(kit: kit)
        kit.host = host
        let configuration = try queueLimit.map { try CoordinatorConfiguration(queueLimit: $0) } ?? CoordinatorConfiguration()
        let coordinator = try await Coordinator(root: tabs, configuration: configuration, host: host)
        host.coordinator = coordinator
        let window = try #require(try await coordinator.window(at: .root)).id
        let fake = try #require(host.controllers.window(window) as? FakeUIKit)
        return (coordinator, host, kit, window, fake)
    }

    /// Returns once `count` requests wait in the coordinator's queue.
    static func waiting(_ coordinator: Coordinator, count: Int) async {
        let events = coordinator.events()
        if await coordinator.waitingRequests.count >= count { return }
        for await event in events {
            if case .waiting = event, await coordinator.waitingRequests.count >= count { return }
        }
    }

    /// The fake controller made for `id` in `window`.
    static func controller(_ id: ControllerID, _ host: FakeWindowHost, _ window: WindowID) throws -> FakeController {
        try #require(host.controllers.controller(id, in: window) as? FakeController)
    }

    /// The fake shows the committed content of the root window, and broke no rule.
    static func expectShowsModel(_ coordinator: Coordinator, _ host: FakeWindowHost, _ window: WindowID) async throws {
        try host.throwIfBroken()
        let model = try #require(try await coordinator.window(at: .root)).content
        #expect(try host.kits[window]?.content() == Reconciler.shown(model))
    }

    @Test("a tab tapped is reported by the tab's node, and the model selects it")
    func tabTapped() async throws {
        let (coordinator, host, window) = try await Self.app(Self.tabs)
        let bar = try Self.controller(.tabBar("main"), host, window)
        await host.kit.tapTab(1, of: bar)?.value
        #expect(try await coordinator.window(at: .root)?.content.description.contains("*stack settings") == true)
        #expect(try await coordinator.history.last?.request == .userDid(.selectTab(.container("settings"), in: "main")))
        try await Self.expectShowsModel(coordinator, host, window)
    }

    @Test("a tap on the selected tab pops its stack to the root, as UIKit does, and the model follows")
    func selectedTabTapped() async throws {
        let (coordinator, host, window) = try await Self.app(Self.tabs)
        let bar = try Self.controller(.tabBar("main"), host, window)
        await host.kit.tapTab(0, of: bar)?.value
        let shown = try #require(try await coordinator.window(at: .root)).content.description
        #expect(shown.contains("*stack inbox [list]"), "\(shown)")
        try await Self.expectShowsModel(coordinator, host, window)
    }

    @Test("a back swipe finished is the user's pop; a cancelled one changes nothing", arguments: [true, false])
    func backSwipe(finished: Bool) async throws {
        let (coordinator, host, window) = try await Self.app(Self.tabs)
        let inbox = try Self.controller(.navigation("inbox"), host, window)
        #expect(host.kit.swipeBack(inbox))
        await host.kit.liftFinger(inbox, finished: finished)?.value
        let shown = try #require(try await coordinator.window(at: .root)).content.description
        #expect(shown.contains("stack inbox [list, mail]") != finished)
        try await Self.expectShowsModel(coordinator, host, window)
    }

    @Test("a back swipe the coordinator refuses (a transition holds the slot) is undone: the stack shows the model's again")
    func backSwipeRefused() async throws {
        let (coordinator, host, window) = try await Self.app(Self.tabs)
        let animator = GatedAnimator(.waitForOpen)
        let push = Task { try await coordinator.stack("inbox").push(Screen("thread"), animator: animator) }
        await animator.started(calls: 1)
        let inbox = try Self.controller(.navigation("inbox"), host, window)
        #expect(inbox.children.count == 3, "the push is shown while it animates")
        #expect(!host.kit.swipeBack(inbox), "the gate keeps the swipe from beginning while the push holds the slot")
        // A swipe the gate let through a moment before the push took the slot:
        #expect(host.kit.swipeBack(inbox, gated: false))
        await host.kit.liftFinger(inbox, finished: true)?.value
        #expect(inbox.children.count == 3, "the refused pop was undone on the controller the user swiped")
        animator.open()
        _ = try await push.value
        try await Self.expectShowsModel(coordinator, host, window)
    }

    @Test("a back button's pop is reported as a pop to the screen left on top")
    func backButton() async throws {
        let (coordinator, host, window) = try await Self.app(Self.tabs)
        let inbox = try Self.controller(.navigation("inbox"), host, window)
        await host.kit.tapBack(inbox)?.value
        #expect(try await coordinator.history.last?.request == .userDid(.popTo("list", in: "inbox")))
        try await Self.expectShowsModel(coordinator, host, window)
    }

    @Test("a sheet's swipe down is watched from before it is presented, reported by the sheet, and dismissed in the model")
    func sheetSwipedDown() async throws {
        let (coordinator, host, window) = try await Self.app(Self.tabs)
        try await coordinator.perform(.content(.present(.screen(Screen("compose")), from: .container("inbox"))))
        let sheet = try Self.controller(.screen(Screen("compose")), host, window)
        #expect(sheet.dismissalWatched)
        await host.kit.swipeDown(sheet)?.value
        #expect(try await coordinator.history.last?.request == .userDid(.dismissModal(.screen("compose"))))
        try await Self.expectShowsModel(coordinator, host, window)
    }

    @Test("a sheet swipe the coordinator refuses (the app replaced the sheet first) is not undone over the new one")
    func sheetSwipeAfterReplacement() async throws {
        let (coordinator, host, window) = try await Self.app(Self.tabs)
        try await coordinator.perform(.content(.present(.screen(Screen("compose")), from: .container("inbox"))))
        let sheet = try Self.controller(.screen(Screen("compose")), host, window)
        let report = try #require(host.kit.swipeDown(sheet))
        // Before the report runs, the app dismisses the sheet and presents another.
        try await coordinator.perform(.content(.dismiss(.container("inbox"))))
        try await coordinator.perform(.content(.present(.screen(Screen("search")), from: .container("inbox"))))
        await report.value
        #expect(try await coordinator.history.last?.request != .userDid(.dismissModal(.screen("compose"))))
        try await Self.expectShowsModel(coordinator, host, window)
        #expect(try await coordinator.window(at: .root)?.content.description.contains("! search") == true)
    }

    @Test(
        "a held sheet stays on screen when swiped, and its dismissal is asked of the guards: a veto leaves it, untouched",
        arguments: [true, false])
    func heldSheetAskedOfGuards(allowed: Bool) async throws {
        let host = FakeWindowHost()
        let form = NavigationGuard.onMainActor("unsaved form") { context in
            context.leaving.contains(Screen("compose")) && !allowed ? .deny("the draft is not saved") : .allow
        }
        let coordinator = try await Coordinator(root: Self.tabs, host: host, guards: [form])
        host.coordinator = coordinator
        host.core.holdsSheet = { $0.screens.contains(Screen("compose")) }
        let window = try #require(try await coordinator.window(at: .root)).id
        try await coordinator.perform(.content(.present(.screen(Screen("compose")), from: .container("inbox"))))
        let sheet = try Self.controller(.screen(Screen("compose")), host, window)
        let presenter = try #require(sheet.presenter)
        let attempt = try #require(host.kit.swipeDown(sheet))
        // UIKit kept the sheet: nothing moved before the guards answered.
        #expect(sheet.presenter === presenter && !sheet.isTransitioning)
        await attempt.value
        await host.core.settled(window)
        let last = try #require(await coordinator.history.last)
        #expect((last.request == .content(.dismissModal(.screen("compose")))) == allowed)
        #expect((sheet.presenter == nil) == allowed)
        #expect(sheet.timesPresented == 1)
        try await Self.expectShowsModel(coordinator, host, window)
    }

    @Test("a sheet the app does not hold is dismissed by the swipe itself, reported as the user's, unguarded")
    func unheldSheetSwipedAway() async throws {
        let (coordinator, host, window) = try await Self.app(Self.tabs)
        host.core.holdsSheet = { $0.screens.contains(Screen("compose")) }
        try await coordinator.perform(.content(.present(.screen(Screen("search")), from: .container("inbox"))))
        let sheet = try Self.controller(.screen(Screen("search")), host, window)
        #expect(host.core.allowsDismissal(of: sheet))
        await host.kit.swipeDown(sheet)?.value
        #expect(try await coordinator.history.last?.request == .userDid(.dismissModal(.screen("search"))))
        try await Self.expectShowsModel(coordinator, host, window)
    }

    @Test("a window whose content presents is made hidden, and presents once it is shown (UIKit refuses in a hidden window)")
    func presentsOnceShown() async throws {
        let root = WindowContent.presenting(Self.stack("inbox", "list"), modal: .screen(Screen("onboarding")))
        let (coordinator, host, window) = try await Self.app(root)
        #expect(host.kits[window]?.isHidden == false)
        try await Self.expectShowsModel(coordinator, host, window)
    }

    @Test("a window made while hidden shows its content without presentations until it is shown")
    func hiddenWindowWaits() async throws {
        let host = FakeWindowHost()
        let managed = ManagedWindow(
            id: WindowID(7), level: .root,
            content: .presenting(Self.stack("inbox", "list"), modal: .screen(Screen("onboarding"))))
        await host.createWindow(managed)
        let kit = try #require(host.kits[WindowID(7)])
        #expect(kit.isHidden)
        #expect(try kit.content() == Self.stack("inbox", "list"))
        await host.showWindow(WindowID(7))
        try host.throwIfBroken()
        #expect(try kit.content() == managed.content)
    }

    @Test("a refused swipe in a sheet's stack whose controllers were released and made again meanwhile touches neither")
    func undoAfterRelease() async throws {
        let root = WindowContent.tabs(
            TabBar(
                id: "main", .presenting(Self.stack("inbox", "list"), modal: Self.stack("compose", "draft", "attach")),
                Self.stack("settings", "prefs")))
        let (coordinator, host, window) = try await Self.app(root)
        let animator = GatedAnimator(.waitForOpen)
        let push = Task { try await coordinator.stack("compose").push(Screen("more"), animator: animator) }
        await animator.started(calls: 1)
        let compose = try Self.controller(.navigation("compose"), host, window)
        let bar = try Self.controller(.tabBar("main"), host, window)
        #expect(host.kit.swipeBack(compose, gated: false), "the swipe begins; the coordinator refuses it, busy")
        // The app switches tabs away and back (the sheet covers the tab bar: the user cannot),
        // both waiting behind the push.
        #expect(host.kit.tapTab(1, of: bar) == nil, "the sheet covers the tabs")
        let away = Task { try await coordinator.tabs("main").select(1, policy: .enqueue) }
        await Self.waiting(coordinator, count: 1)
        let back = Task { try await coordinator.tabs("main").select(0, policy: .enqueue) }
        await Self.waiting(coordinator, count: 2)
        animator.open()
        _ = try await push.value
        _ = try await away.value
        _ = try await back.value
        #expect(compose.released, "the sheet's stack was released while its tab was not shown")
        await host.kit.liftFinger(compose, finished: true)?.value
        try await Self.expectShowsModel(coordinator, host, window)
        let remade = try Self.controller(.navigation("compose"), host, window)
        #expect(remade !== compose && remade.children.count == 3, "the live stack keeps its screens")
    }

    @Test("tabs the user reordered through More keep the user's order, and a select picks the model's tab by its controller")
    func tabsReorderedThroughMore() async throws {
        let names = ["inbox", "sent", "drafts", "archive", "spam", "trash"]
        let root = WindowContent.tabs(
            try TabBar(id: "main", tabs: names.map { Self.stack(ContainerID($0), "\($0)-list") }, selected: 0))
        let (coordinator, host, window) = try await Self.app(root)
        let bar = try Self.controller(.tabBar("main"), host, window)
        #expect(host.kit.reorderTabs(bar, to: [5, 4, 3, 2, 1, 0]), "six tabs: UIKit shows a More tab, and the user may reorder")
        try await coordinator.tabs("main").select(1)
        let sent = try Self.controller(.navigation("sent"), host, window)
        #expect(bar.selected.map { bar.children[$0] } === sent, "the model's tab 1 is selected, wherever the user put it")
        // The app adds a tab: the user's order stays, the new tab takes its place.
        try await coordinator.change(
            .replace(
                with: .tabs(
                    try TabBar(
                        id: "main", tabs: (names + ["junk"]).map { Self.stack(ContainerID($0), "\($0)-list") }, selected: 1))))
        #expect(
            bar.children.map(\.id.description)
                == (names.reversed() + ["junk"]).map { ControllerID.navigation(ContainerID($0)).description })
        #expect(bar.selected.map { bar.children[$0] } === sent)
        try host.throwIfBroken()
    }

    @Test(
        "the pop gesture does not begin where no pop could be admitted: at the root, while a transition holds the slot, or while UIKit changes the stack"
    )
    func popGestureGated() async throws {
        let (coordinator, host, window) = try await Self.app(Self.tabs)
        let inbox = try Self.controller(.navigation("inbox"), host, window)
        let settings = try Self.controller(.navigation("settings"), host, window)
        #expect(!host.core.allowsPop(of: settings), "one screen: nothing to pop")
        #expect(host.core.allowsPop(of: inbox))
        let animator = GatedAnimator(.waitForOpen)
        let push = Task { try await coordinator.stack("inbox").push(Screen("thread"), animator: animator) }
        await animator.started(calls: 1)
        #expect(!host.core.allowsPop(of: inbox), "a push holds the slot: the swipe would be refused, then undone on screen")
        #expect(!host.kit.swipeBack(inbox))
        animator.open()
        _ = try await push.value
        #expect(host.core.allowsPop(of: inbox))
        try await Self.expectShowsModel(coordinator, host, window)
    }

    @Test("entering the background shows the curtain before the call returns, and takes it down once the lock's window is up")
    func curtainBeforeSnapshot() async throws {
        let pin = LifecycleCover(screen: Screen("pin"), level: .medium)
        let host = FakeWindowHost()
        let coordinator = try await Coordinator(
            root: Self.tabs, configuration: try CoordinatorConfiguration(lock: pin), host: host)
        host.coordinator = coordinator
        host.core.prepareCurtain(Screen("pin"), at: .medium)
        let curtain = try #require(host.kit.windows.last)
        #expect(curtain.isHidden)
        let locking = host.core.enterBackground()
        #expect(!curtain.isHidden, "up before sceneDidEnterBackground returns: the snapshot shows it")
        await locking?.value
        #expect(curtain.isHidden, "down once the coordinator's lock is up")
        let lock = try #require(try await coordinator.window(at: .medium))
        #expect(host.kits[lock.id]?.isHidden == false)
        await host.core.becomeActive()?.value
        #expect(try await coordinator.window(at: .medium) != nil, "the lock stays until the PIN is entered")
        // A second curtain replaces the first, whose controller is let go off screen.
        let first = try #require(curtain.root)
        host.core.prepareCurtain(Screen("pin"), at: .medium)
        #expect(first.released && curtain.root == nil)
        try curtain.throwIfViolated()
    }

    @Test("a first background's task leaves up the curtain a second background put up, until that one's cover is up")
    func staleBackgroundLeavesCurtain() async throws {
        let host = CoverHoldingHost(coverLevel: .high)
        let coordinator = try await Coordinator(
            root: Self.tabs,
            configuration: try CoordinatorConfiguration(shield: LifecycleCover(screen: Screen("shield"), level: .high)),
            host: host, clock: TestClock())
        host.inner.coordinator = coordinator
        host.inner.core.prepareCurtain(Screen("shield"), at: .high)
        let curtain = try #require(host.inner.kit.windows.last)
        // A push whose host call UIKit has not answered holds the slot: background, active and
        // background again wait behind it.
        let held = Gate()
        host.content = held
        let push = Task { try await coordinator.stack("inbox").push(Screen("thread")) }
        while host.content != nil { await Task.yield() }
        let first = host.inner.core.enterBackground()
        await Self.waiting(coordinator, count: 1)
        let active = host.inner.core.becomeActive()
        await Self.waiting(coordinator, count: 2)
        let second = host.inner.core.enterBackground()
        await Self.waiting(coordinator, count: 3)
        held.open()
        // The first background ended; `.active` takes its shield down, the second's is not up yet.
        await host.downReached.wait()
        #expect(!curtain.isHidden, "in the background with no cover up: the curtain must stay")
        host.down.open()
        _ = try await push.value
        _ = await (first?.value, active?.value, second?.value)
        #expect(curtain.isHidden, "down once the second background's shield is up")
        #expect(host.calls.suffix(3) == ["destroy #2", "create #3 at high(3000)", "show #3"])
    }

    @Test("a back tap right after a cancelled back swipe, while the swipe's report is under way, is reported: the model pops")
    func backTapAfterCancelledSwipe() async throws {
        let (coordinator, host, window) = try await Self.app(Self.tabs)
        let inbox = try Self.controller(.navigation("inbox"), host, window)
        #expect(host.kit.swipeBack(inbox))
        let cancelled = host.kit.liftFinger(inbox, finished: false)
        let tapped = host.kit.tapBack(inbox)
        #expect(tapped != nil, "reported once the swipe's report ended, not dropped")
        await cancelled?.value
        await tapped?.value
        let shown = try #require(try await coordinator.window(at: .root)).content.description
        #expect(shown.contains("stack inbox [list]"), "\(shown)")
        try await Self.expectShowsModel(coordinator, host, window)
    }

    @Test("a finished back swipe's own didShow is not a second pop: a push the app asked meanwhile stays")
    func finishedSwipeOwnDidShow() async throws {
        let (coordinator, host, window) = try await Self.app(Self.tabs)
        let inbox = try Self.controller(.navigation("inbox"), host, window)
        #expect(host.kit.swipeBack(inbox))
        let push = Task { try await coordinator.stack("inbox").push(Screen("thread"), policy: .enqueue) }
        await Self.waiting(coordinator, count: 1)
        inbox.world.endInteractivePop(finished: true)
        let ended = host.core.userEndedPop(of: inbox, cancelled: false)
        let top = try #require(inbox.children.last)
        #expect(host.core.userShowed(top, count: inbox.children.count, in: inbox) == nil, "the gesture reports this pop")
        await ended?.value
        _ = try await push.value
        let shown = try #require(try await coordinator.window(at: .root)).content.description
        #expect(shown.contains("stack inbox [list, thread]"), "\(shown)")
        try await Self.expectShowsModel(coordinator, host, window)
    }
}
