import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// A refused swipe's undo, and the app's changes around it: what the app presents over the
/// sheet before or while the undo runs, what it dismisses, the lock hiding the window, and the
/// user acting again. Each ends with the fake showing the model and no rule broken.
@Suite("The container host: a refused swipe's undo, and the app's changes around it")
@MainActor
struct SwipeUndoRaceTests {
    typealias App = SwipedPresenterTests.App
    let quick = ContainerHostRaceTests.QuickAnimator()

    /// Refuses the next report: a held transition in another window and a push on the other tab
    /// fill the queue (queue limit 1). Returns what to release afterwards.
    func fillQueue(_ app: App) async -> (GatedAnimator, Task<TransitionRecord, any Error>, Task<TransitionRecord, any Error>) {
        let animator = GatedAnimator(.waitForOpen)
        let hold = Task { [coordinator = app.coordinator] in
            try await coordinator.openWindow(Screen("toast"), at: .high, animator: animator)
        }
        await animator.started(calls: 1)
        let push = Task { [coordinator = app.coordinator] in
            try await coordinator.perform(.content(.push(Screen("more"), onto: "settings")), policy: .enqueue)
        }
        await ContainerHostTests.waiting(app.coordinator, count: 1)
        return (animator, hold, push)
    }

    /// Ends `fake`'s transitions until `task` ended, whatever it returned.
    static func settle<Success>(_ fake: FakeUIKit, _ task: Task<Success, any Error>) async {
        await settle(fake, Task { _ = try? await task.value })
    }

    /// Ends `fake`'s transitions until `task` ended.
    static func settle(_ fake: FakeUIKit, _ task: Task<Void, Never>) async {
        let ended = Box(false)
        let watch = Task {
            await task.value
            ended.value = true
        }
        await App.endTransitions(fake) { ended.value && fake.transitions.isEmpty }
        await watch.value
    }

    /// Ends the swipe's animation (its report is refused) and waits until the undo's present of
    /// the sheet runs (held).
    func refuseAndStartUndo(_ app: App) async {
        app.fake.endTransitions()
        for _ in 0..<2000 where app.sheet.presenter == nil { await Task.yield() }
    }

    /// The user swipes the sheet away while the app presents `over` above it, with the queue
    /// full; the swipe's report is refused, and its undo is presenting the sheet again (held).
    /// Returns the report's task, and what holds the queue full.
    func undoStarted(
        _ app: App
    ) async throws -> (Task<Void, Never>, GatedAnimator, Task<TransitionRecord, any Error>, Task<TransitionRecord, any Error>) {
        let report = try #require(app.kit.swipeDown(app.sheet))
        // Committed while UIKit animates the swipe: the host holds it back once the sheet is out.
        try await app.coordinator.present(.screen(Screen("over")), from: .container("compose"), animator: quick)
        let (animator, hold, push) = await fillQueue(app)
        await refuseAndStartUndo(app)
        #expect(app.sheet.presenter != nil, "the undo presents the sheet again")
        return (report, animator, hold, push)
    }

    /// ``undoStarted(_:)``, then the queue drained while UIKit still presents the sheet again.
    /// Returns the report's task, a task that ends once the queue drained, and whether it did so
    /// with UIKit's transitions left as they are and no change of the host waiting for them.
    /// (Where the undo presented the sheet before the host held `over` back, the host presents
    /// `over` after it, the queue waits for UIKit, and a test ends as in the other orders: with
    /// the model.)
    func undoPresenting(_ app: App) async throws -> (report: Task<Void, Never>, drained: Task<Void, Never>, didDrain: Bool) {
        let (report, animator, hold, push) = try await undoStarted(app)
        animator.open()
        let ended = Box(false)
        let drained = Task {
            _ = try? await hold.value
            _ = try? await push.value
            ended.value = true
        }
        for _ in 0..<10_000 where !ended.value { await Task.yield() }
        // Drained, and not because the host timeout gave up on a change waiting for UIKit.
        return (report, drained, ended.value && !app.host.controllers.isChanging(app.window))
    }

    /// ``undoPresenting(_:)``, then the app makes `change` while the undo's present of the sheet
    /// is held: once the host has it (its content `given`, a bounded wait whose turns each go
    /// through the coordinator, so its work on the change goes on), UIKit's transitions end until
    /// the change, the swipe's report and the queue are done. Returns whether the queue drained
    /// first; else the change waited behind UIKit, and nothing was waited for.
    func whileUndoPresents(
        _ app: App, given: (WindowContent) -> Bool, _ change: @escaping @Sendable (Coordinator) async throws -> Void
    ) async throws -> Bool {
        let (report, drained, didDrain) = try await undoPresenting(app)
        let changed = Task { [coordinator = app.coordinator] in _ = try? await change(coordinator) }
        for _ in 0..<1_000 where didDrain && app.host.controllers.content(of: app.window).map(given) != true {
            _ = await app.coordinator.inFlightTransition
        }
        for task in [changed, report, drained] { await app.endTransitions(until: task) }
        return didDrain
    }

    // MARK: The model presents above the chain while the undo presents it.

    @Test("a modal the app presents over the chain while the undo presents it again is presented too")
    func chainGrowsWhileUndoRuns() async throws {
        let app = try await App(queueLimit: 1)
        // The app presents over `over` while the undo's present of the sheet still animates.
        let didDrain = try await whileUndoPresents(app, given: { $0.shows("over2") }) { [quick] coordinator in
            try await coordinator.present(.screen(Screen("over2")), from: .screen("over"), animator: quick, policy: .enqueue)
        }
        if didDrain {
            #expect(try await app.coordinator.window(at: .root)?.content.shows("over2") == true, "the model presented it")
        }
        try await app.expectShowsModel()
    }

    // MARK: The model dismisses part of the chain while the undo presents it.

    @Test("a modal the app dismisses while the undo presents the sheet again is not dismissed twice")
    func chainShrinksWhileUndoRuns() async throws {
        let app = try await App(queueLimit: 1)
        // The model takes back what it presented over the sheet, which UIKit never showed.
        _ = try await whileUndoPresents(app, given: { !$0.shows("over") }) { [quick] coordinator in
            try await coordinator.dismiss(presentedBy: .container("compose"), animator: quick, policy: .enqueue)
        }
        try await app.expectShowsModel()
    }

    @Test("the sheet the app dismisses while the undo presents it again goes, with what the app presented over it")
    func sheetDismissedWhileUndoRuns() async throws {
        let app = try await App(queueLimit: 1)
        // The model dismisses the sheet itself while UIKit presents it again.
        let didDrain = try await whileUndoPresents(app, given: { !$0.shows("draft") }) { [quick] coordinator in
            try await coordinator.dismiss(presentedBy: .container("inbox"), animator: quick, policy: .enqueue)
        }
        if didDrain {
            #expect(try await app.coordinator.window(at: .root)?.content.shows("draft") == false, "the model dismissed it")
        }
        try await app.expectShowsModel()
    }

    // MARK: A present from inside a swiped tab-bar sheet.

    @Test("a present from a tab of a tab-bar sheet the user swipes away is not made")
    func presentFromChildOfSwipedSheet() async throws {
        let (coordinator, host, kit, window, fake) = try await ContainerHostTests.heldApp()
        let sheetTabs = WindowContent.tabs(
            TabBar(id: "sheetTabs", ContainerHostTests.stack("a", "a1"), ContainerHostTests.stack("b", "b1")))
        let presented = Task { try await coordinator.present(sheetTabs, from: .container("inbox")) }
        await App.endTransitions(fake) { !host.controllers.isChanging(window) && fake.transitions.isEmpty }
        _ = try await presented.value
        let sheet = try #require(host.controllers.controller(.tabBar("sheetTabs"), in: window) as? FakeController)
        let report = try #require(kit.swipeDown(sheet))
        try await coordinator.present(.screen(Screen("over")), from: .container("a"), animator: quick)
        let ended = Box(false)
        let watch = Task {
            await report.value
            ended.value = true
        }
        await App.endTransitions(fake) { ended.value && !host.controllers.isChanging(window) }
        await watch.value
        let model = try #require(try await coordinator.window(at: .root)).content
        #expect(fake.violations.isEmpty, "\(fake.violations)")
        #expect(try fake.content() == Reconciler.shown(model))
    }

    @Test("a refused swipe of a tab-bar sheet presents it again, with the modal over its tab")
    func refusedTabBarSheetSwipe() async throws {
        let sheetTabs = WindowContent.tabs(
            TabBar(id: "sheetTabs", ContainerHostTests.stack("a", "a1"), ContainerHostTests.stack("b", "b1")))
        let app = try await App(queueLimit: 1, sheet: sheetTabs, controller: .tabBar("sheetTabs"))
        // A modal over the sheet's tab, then the swipe, refused for the full queue.
        let over = Task { [coordinator = app.coordinator, quick] in
            _ = try? await coordinator.present(.screen(Screen("over")), from: .container("a"), animator: quick)
        }
        await app.endTransitions(until: over)
        let report = try #require(app.kit.swipeDown(app.sheet))
        let (animator, hold, push) = await fillQueue(app)
        await refuseAndStartUndo(app)
        #expect(app.sheet.presenter != nil, "the undo presents the tab-bar sheet again")
        animator.open()
        await app.settle(hold)
        await app.settle(push)
        await app.endTransitions(until: report)
        #expect(try await app.coordinator.window(at: .root)?.content.shows("over") == true, "the model keeps it all")
        try await app.expectShowsModel()
    }

    // MARK: The user again, around the undo.

    @Test("the user swipes away the top of a chain a refused swipe's undo put back: reported, and it goes")
    func swipeTopOfRestoredChain() async throws {
        let app = try await App(queueLimit: 1)
        let (report, drained, _) = try await undoPresenting(app)
        for task in [report, drained] { await app.endTransitions(until: task) }
        try await app.expectShowsModel()
        // The undo watches what it presented again: the user's swipe of it is reported.
        let over = try #require(app.host.controllers.controller(.screen(Screen("over")), in: app.window) as? FakeController)
        let swiped = try #require(app.kit.swipeDown(over), "the modal the undo presented is watched")
        await app.endTransitions(until: swiped)
        #expect(try await app.coordinator.window(at: .root)?.content.shows("over") == false, "the swipe was reported")
        try await app.expectShowsModel()
    }

    @Test("a tab tapped as a sheet's swipe ends: both are reported, and the screen shows the model")
    func tabTapAsSwipeEnds() async throws {
        let app = try await App()
        let tabBar = try #require(app.host.controllers.controller(.tabBar("main"), in: app.window) as? FakeController)
        let report = try #require(app.kit.swipeDown(app.sheet))
        app.fake.endTransitions()
        let tapped = try #require(app.kit.tapTab(1, of: tabBar), "the tab bar takes the tap once the sheet is gone")
        for task in [report, tapped] { await app.endTransitions(until: task) }
        let content = try #require(try await app.coordinator.window(at: .root)).content
        #expect(!content.shows("draft"), "the swipe was reported")
        #expect(content.description.contains("*stack settings"), "the tap was reported")
        try await app.expectShowsModel()
    }

    // MARK: The lock hides the window while the undo waits for UIKit.

    @Test("the lock hiding the window while the undo waits for UIKit defers the undo until the window shows")
    func hiddenMidUndo() async throws {
        let kit = FakeKit(timing: .held)
        let host = ContainerHost(kit: kit)
        kit.host = host
        let configuration = try CoordinatorConfiguration(
            lock: LifecycleCover(screen: Screen("pin"), level: .low), queueLimit: 1)
        let coordinator = try await Coordinator(
            root: ContainerHostTests.stack("home", "start"), configuration: configuration, host: host)
        host.coordinator = coordinator
        try await coordinator.openWindow(
            .presenting(ContainerHostTests.stack("top", "a", "b"), modal: ContainerHostTests.stack("sheet", "s1")), at: .medium)
        let high = try #require(try await coordinator.window(at: .medium)).id
        let window = try #require(host.controllers.window(high) as? FakeUIKit)
        let sheet = try #require(host.controllers.controller(.navigation("sheet"), in: high) as? FakeController)
        let top = try #require(host.controllers.controller(.navigation("top"), in: high) as? FakeController)
        let report = try #require(kit.swipeDown(sheet))
        let animator = GatedAnimator(.waitForOpen)
        let hold = Task { try await coordinator.openWindow(Screen("toast"), at: .high, animator: animator) }
        await animator.started(calls: 1)
        let push = Task { try await coordinator.perform(.content(.push(Screen("more"), onto: "home")), policy: .enqueue) }
        await ContainerHostTests.waiting(coordinator, count: 1)
        // The swipe's animation ends (its report is refused); the user taps back at once: the undo waits for the pop.
        let undoWaits = Gate()
        window.onWait = { undoWaits.open() }
        window.endTransitions()
        let tapped = try #require(kit.tapBack(top))
        await undoWaits.wait()
        window.onWait = nil
        // The app goes to the background: the lock hides the window while the undo waits.
        let background = Task { _ = try await coordinator.setApplicationState(.background) }
        for _ in 0..<100_000 where !window.isHidden { await Task.yield() }
        #expect(window.isHidden)
        animator.open()
        await Self.settle(window, hold)
        await Self.settle(window, background)
        await Self.settle(window, push)
        await Self.settle(window, report)
        #expect(window.violations.isEmpty, "\(window.violations)")
        _ = try await coordinator.setApplicationState(.active)
        try await coordinator.unlock()
        for _ in 0..<100 where host.controllers.isChanging(high) || !window.transitions.isEmpty {
            window.endTransitions()
            for _ in 0..<50 { await Task.yield() }
        }
        await Self.settle(window, tapped)
        let model = try #require(try await coordinator.window(at: .medium)).content
        #expect(try window.content() == Reconciler.shown(model))
    }

}
