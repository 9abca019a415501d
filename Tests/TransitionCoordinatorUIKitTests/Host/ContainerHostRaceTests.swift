import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// The races UIKit itself makes, met by the container host: a report of the user's swipe that
/// waits its turn while the app swaps the sheet, a refused swipe whose sheet the model releases
/// while the undo waits for UIKit, and a window hidden while a presentation in it still waits for
/// the user's drag. Each ends with the fake showing the committed content and no rule broken.
@Suite("The container host: UIKit's own races")
@MainActor
struct ContainerHostRaceTests {
    /// An app's own animator that ends at once: the change commits while UIKit's waits.
    struct QuickAnimator: Animator {
        func animate(_ context: TransitionContext) async throws {}
    }

    @Test("a swipe reported behind the app's dismiss and a new sheet under the same stack id is refused: the new sheet stays")
    func staleSwipeOverSameStackID() async throws {
        let host = FakeWindowHost()
        let coordinator = try await Coordinator(root: ContainerHostTests.tabs, host: host)
        host.coordinator = coordinator
        let window = try #require(try await coordinator.window(at: .root)).id
        try await coordinator.present(ContainerHostTests.stack("compose", "draft"), from: .container("inbox"))
        let old = try #require(host.controllers.controller(.navigation("compose"), in: window) as? FakeController)
        let animator = GatedAnimator(.waitForOpen)
        let hold = Task { try await coordinator.openWindow(Screen("toast"), at: .high, animator: animator) }
        await animator.started(calls: 1)
        // The app dismisses the draft and presents another under the same stack id; both wait.
        let dismiss = Task { try await coordinator.dismiss(presentedBy: .container("inbox"), policy: .enqueue) }
        await ContainerHostTests.waiting(coordinator, count: 1)
        let again = Task {
            try await coordinator.present(
                ContainerHostTests.stack("compose", "other"), from: .container("inbox"), policy: .enqueue)
        }
        await ContainerHostTests.waiting(coordinator, count: 2)
        // The user swipes the draft away: the report waits its turn behind both.
        let report = try #require(host.kit.swipeDown(old))
        await ContainerHostTests.waiting(coordinator, count: 3)
        animator.open()
        _ = try await hold.value
        _ = try await dismiss.value
        _ = try await again.value
        await report.value
        await host.core.settled(window)
        let content = try #require(try await coordinator.window(at: .root)).content
        #expect(content.description.contains("stack compose [other]"), "the new sheet stays: \(content)")
        #expect(
            try await coordinator.history.last?.request
                == .content(.present(ContainerHostTests.stack("compose", "other"), from: .container("inbox"))))
        try host.throwIfBroken()
        #expect(try host.kits[window]?.content() == Reconciler.shown(content))
    }

    @Test(
        "a tap on the selected tab pops its stack as UIKit animates it: the model hears of the pop at the animation's end, after a push the app made meanwhile"
    )
    func selectedTabPopAnimates() async throws {
        let (coordinator, host, kit, window, fake) = try await ContainerHostTests.heldApp()
        let bar = try #require(host.controllers.controller(.tabBar("main"), in: window) as? FakeController)
        let inbox = try #require(host.controllers.controller(.navigation("inbox"), in: window) as? FakeController)
        let tapped = try #require(kit.tapTab(0, of: bar))
        #expect(inbox.isTransitioning, "UIKit animates the pop to the root")
        let during = try #require(try await coordinator.window(at: .root)).content.description
        #expect(during.contains("mail"), "the model has not heard of the pop while it animates: \(during)")
        // The app pushes onto that stack while UIKit animates: it commits, and UIKit shows it once the animation ends.
        let push = Task { try await coordinator.stack("inbox").push(Screen("new"), policy: .enqueue) }
        await SwipedPresenterTests.App.endTransitions(fake) {
            !host.controllers.isChanging(window) && fake.transitions.isEmpty
        }
        await tapped.value
        _ = try await push.value
        await SwipedPresenterTests.App.endTransitions(fake) {
            !host.controllers.isChanging(window) && fake.transitions.isEmpty
        }
        let content = try #require(try await coordinator.window(at: .root)).content
        #expect(fake.violations.isEmpty, "\(fake.violations)")
        // The push committed while UIKit animated; the user's pop, heard at the animation's end, came after it.
        let requests = await coordinator.history.suffix(2).map(\.request)
        #expect(
            requests == [.content(.push(Screen("new"), onto: "inbox")), .userDid(.popTo(ScreenID("list"), in: "inbox"))])
        #expect(kit.lostPops.isEmpty, "the host neither reported nor undid the pop")
        #expect(try fake.content() == Reconciler.shown(content))
    }

    @Test("a refused swipe's sheet that the model released while the undo waited for UIKit is not presented again")
    func undoAfterTheModelReleasedTheSheet() async throws {
        let host = FakeWindowHost(timing: .held)
        let coordinator = try await Coordinator(
            root: ContainerHostTests.tabs, configuration: try CoordinatorConfiguration(queueLimit: 1), host: host)
        host.coordinator = coordinator
        try await coordinator.openWindow(
            .presenting(ContainerHostTests.stack("top", "a", "b"), modal: .screen(Screen("sheet"))), at: .medium)
        let sheetWindow = try #require(try await coordinator.window(at: .medium)).id
        let kit = try #require(host.kits[sheetWindow])
        let sheet = try #require(host.controllers.controller(.screen(Screen("sheet")), in: sheetWindow) as? FakeController)
        let top = try #require(host.controllers.controller(.navigation("top"), in: sheetWindow) as? FakeController)
        // A transition holds the slot, and the app's close of the window fills the queue.
        let animator = GatedAnimator(.waitForOpen)
        let hold = Task { try await coordinator.openWindow(Screen("toast"), at: .high, animator: animator) }
        await animator.started(calls: 1)
        let close = Task { try await coordinator.closeWindow(at: .medium, policy: .enqueue) }
        await ContainerHostTests.waiting(coordinator, count: 1)
        // The user swipes the sheet away; once UIKit's dismissal ends the host hears of it, and
        // the user taps back on the stack beneath at once. The report is refused (the queue is
        // full) and its undo waits for UIKit's pop.
        let undoWaits = Gate()
        let report = try #require(host.kit.swipeDown(sheet))
        kit.endTransitions()
        let tapped = try #require(host.kit.tapBack(top))
        kit.onWait = { undoWaits.open() }
        await undoWaits.wait()
        kit.onWait = nil
        // Meanwhile the model closes the window, releasing the sheet; then UIKit's dismissal ends.
        animator.open()
        _ = try await hold.value
        for _ in 0..<10_000 where host.controllers.presents(.screen(Screen("sheet")), from: .container("top"), in: sheetWindow) {
            await Task.yield()
        }
        // UIKit's transitions end (the pop, then any present the undo made).
        let reported = Box(false)
        let reportEnds = Task {
            await report.value
            await tapped.value
            reported.value = true
        }
        for _ in 0..<100 where !reported.value {
            kit.endTransitions()
            for _ in 0..<50 { await Task.yield() }
        }
        _ = try await close.value
        await reportEnds.value
        #expect(sheet.released)
        #expect(kit.violations.isEmpty, "\(kit.violations)")
        #expect(sheet.timesPresented == 1, "the released sheet was presented again")
    }

    @Test(
        "a window the lock hides while a presentation in it waits for the user's drag presents it first, and shows it after the unlock"
    )
    func hiddenWhileAPresentationWaits() async throws {
        let kit = FakeKit(timing: .held)
        let host = ContainerHost(kit: kit)
        kit.host = host
        let watched = HideWatchingHost(host)
        let configuration = try CoordinatorConfiguration(lock: LifecycleCover(screen: Screen("pin"), level: .medium))
        let coordinator = try await Coordinator(
            root: ContainerHostTests.stack("home", "start"), configuration: configuration, host: watched, clock: TestClock())
        host.coordinator = coordinator
        try await coordinator.openWindow(
            .presenting(ContainerHostTests.stack("top", "a"), modal: ContainerHostTests.stack("sheet", "s1")), at: .high)
        let high = try #require(try await coordinator.window(at: .high)).id
        let window = try #require(host.controllers.window(high) as? FakeUIKit)
        let top = try #require(host.controllers.controller(.navigation("top"), in: high) as? FakeController)
        let sheet = try #require(host.controllers.controller(.navigation("sheet"), in: high) as? FakeController)
        // The user drags the sheet; the app presents over it, committed while UIKit's change waits.
        window.beginUserAnimation(on: top, modal: sheet)
        try await coordinator.present(.screen(Screen("over")), from: .container("sheet"), animator: QuickAnimator())
        #expect(host.controllers.isChanging(high))
        // The app goes to the background: the lock hides the window above it, once the drag ended.
        let finished = Box(false)
        let hiding = Gate()
        watched.onHide = { if $0 == high { hiding.open() } }
        let background = Task {
            _ = try await coordinator.setApplicationState(.background)
            finished.value = true
        }
        await hiding.wait()
        #expect(!window.isHidden, "the window stays shown while its presentation waits")
        // The drag ends without dismissing; UIKit's present over the sheet then runs, and ends.
        for _ in 0..<100 where !finished.value {
            window.endTransitions()
            for _ in 0..<50 { await Task.yield() }
        }
        try await background.value
        #expect(window.isHidden)
        // Were the drag still on, it would end now, with the window hidden.
        window.endTransitions()
        for _ in 0..<50 { await Task.yield() }
        _ = try await coordinator.setApplicationState(.active)
        try await coordinator.unlock()
        // Bounded: a presentation UIKit refused in a hidden window would never complete.
        for _ in 0..<100 where host.controllers.isChanging(high) {
            window.endTransitions()
            for _ in 0..<50 { await Task.yield() }
        }
        #expect(!host.controllers.isChanging(high), "the window's change ended")
        #expect(!window.isHidden)
        #expect(window.violations.isEmpty, "\(window.violations)")
        let model = try #require(try await coordinator.window(at: .high)).content
        #expect(try window.content() == Reconciler.shown(model))
    }

    @Test("a back tap is reported once UIKit's pop has animated, when UIKit calls the navigation delegate's didShow")
    func backTapReportedWhenThePopEnds() async throws {
        let host = FakeWindowHost(timing: .held)
        let coordinator = try await Coordinator(root: ContainerHostTests.tabs, host: host)
        host.coordinator = coordinator
        let window = try #require(try await coordinator.window(at: .root)).id
        let kit = try #require(host.kits[window])
        let inbox = try #require(host.controllers.controller(.navigation("inbox"), in: window) as? FakeController)
        let events = EventProbe(coordinator)
        let tapped = try #require(host.kit.tapBack(inbox))
        for _ in 0..<100 { await Task.yield() }
        #expect(events.unread == 0, "nothing reported while the pop animates")
        kit.endTransitions()
        await tapped.value
        #expect(try await coordinator.history.last?.request == .userDid(.popTo("list", in: "inbox")))
        try await ContainerHostTests.expectShowsModel(coordinator, host, window)
    }
}

/// The app presents over a sheet while the user's swipe of that sheet animates: UIKit refuses to
/// present from a controller no longer in a window, so the host must not ask it to, and the
/// undo of a refused swipe must present the whole chain again.
@Suite("The container host: a present over a sheet the user swipes away")
@MainActor
struct SwipedPresenterTests {
    /// The tabs app with `sheet` (the stack `compose`, by default) presented from `inbox`, on a
    /// held fake, through a bare container host, so the app's change commits while UIKit's waits.
    @MainActor
    struct App {
        let coordinator: Coordinator
        let host: ContainerHost
        let kit: FakeKit
        let window: WindowID
        let fake: FakeUIKit
        let sheet: FakeController

        init(
            queueLimit: Int = 8, sheet content: WindowContent = ContainerHostTests.stack("compose", "draft"),
            controller: ControllerID = .navigation("compose")
        ) async throws {
            (coordinator, host, kit, window, fake) = try await ContainerHostTests.heldApp(queueLimit: queueLimit)
            let presented = Task { [coordinator] in
                try await coordinator.present(content, from: .container("inbox"))
            }
            await Self.endTransitions(fake) { [host, window, fake] in
                !host.controllers.isChanging(window) && fake.transitions.isEmpty
            }
            _ = try await presented.value
            sheet = try #require(host.controllers.controller(controller, in: window) as? FakeController)
        }

        /// Ends UIKit's transitions until `done` says the work is over (bounded).
        static func endTransitions(_ fake: FakeUIKit, until done: () -> Bool) async {
            for _ in 0..<100 where !done() {
                fake.endTransitions()
                for _ in 0..<50 { await Task.yield() }
            }
        }

        /// Ends UIKit's transitions until `task` ended and the window's changes with it.
        func endTransitions(until task: Task<Void, Never>) async {
            let ended = Box(false)
            let watch = Task {
                await task.value
                ended.value = true
            }
            // UIKit's transitions end until the task ended and no change waits for one.
            await Self.endTransitions(fake) { [host, window, fake] in
                ended.value && !host.controllers.isChanging(window) && fake.transitions.isEmpty
            }
            await watch.value
        }

        /// Ends UIKit's transitions until `task` ended, whatever it returned.
        func settle<Success>(_ task: Task<Success, any Error>) async {
            await endTransitions(until: Task { _ = try? await task.value })
        }

        /// Expects the fake to show the model's content, with no rule broken.
        func expectShowsModel(sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let content = try #require(try await coordinator.window(at: .root), sourceLocation: sourceLocation).content
            #expect(fake.violations.isEmpty, "\(fake.violations)", sourceLocation: sourceLocation)
            #expect(try fake.content() == Reconciler.shown(content), sourceLocation: sourceLocation)
        }
    }

    @Test("a present over a sheet whose swipe the coordinator accepts is not made: the sheet and what it would present go")
    func acceptedSwipe() async throws {
        let app = try await App()
        let report = try #require(app.kit.swipeDown(app.sheet))
        try await app.coordinator.present(
            .screen(Screen("over")), from: .container("compose"), animator: ContainerHostRaceTests.QuickAnimator())
        await app.endTransitions(until: report)
        #expect(try await app.coordinator.history.last?.request == .userDid(.dismissModal(.screen("draft"))))
        try await app.expectShowsModel()
    }

    @Test("a refused swipe's undo presents the sheet again with what the model presented over it meanwhile")
    func refusedSwipe() async throws {
        let app = try await App(queueLimit: 1)
        let report = try #require(app.kit.swipeDown(app.sheet))
        try await app.coordinator.present(
            .screen(Screen("over")), from: .container("compose"), animator: ContainerHostRaceTests.QuickAnimator())
        // A transition holds the slot and a push on the other tab fills the queue: the swipe's report is refused.
        let animator = GatedAnimator(.waitForOpen)
        let hold = Task { try await app.coordinator.openWindow(Screen("toast"), at: .high, animator: animator) }
        await animator.started(calls: 1)
        let push = Task {
            try await app.coordinator.perform(.content(.push(Screen("more"), onto: "settings")), policy: .enqueue)
        }
        await ContainerHostTests.waiting(app.coordinator, count: 1)
        await app.endTransitions(until: report)
        #expect(app.sheet.timesPresented == 2)
        animator.open()
        await app.settle(hold)
        await app.settle(push)
        await app.endTransitions(until: Task {})
        try await app.expectShowsModel()
    }
}
