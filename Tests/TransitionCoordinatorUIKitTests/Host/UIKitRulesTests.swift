import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// UIKit's rules the fake keeps, and the container host on them: a presentation context read
/// from any of its controllers, the window's cross-dissolve to a new root, the stack while the
/// user's finger is down on an interactive pop, and More's list. Each fake test pins what UIKit
/// does; each host test ends with the fake showing the model and no rule broken.
@Suite("UIKit's rules in the fake, and the container host on them")
@MainActor
struct UIKitRulesTests {
    /// Six stacks in a tab bar: UIKit shows a More tab.
    static let sixTabs = WindowContent.tabs(
        try! TabBar(
            id: "main",
            tabs: ["inbox", "sent", "drafts", "archive", "spam", "trash"].map {
                ContainerHostTests.stack(ContainerID($0), "\($0)-list")
            },
            selected: 0))

    /// A tab bar whose first tab's stack is on screen, the second's not.
    static func tabBar(_ kit: FakeUIKit) async -> (bar: any TabBarControlling, shown: FakeController, other: FakeController) {
        let bar = kit.makeTabBar("t"), shown = kit.makeNavigation("a"), other = kit.makeNavigation("b")
        kit.setRootController(bar)
        await shown.showStack([kit.makeScreen(Screen("a1"))], animated: false)
        await other.showStack([kit.makeScreen(Screen("b1"))], animated: false)
        bar.showTabs([shown, other])
        return (bar, shown as! FakeController, other as! FakeController)
    }

    // MARK: The presentation context (APPLE-NOTES rule 1)

    @Test(
        "a stack in a tab, its tab bar and the other tabs all read the modal the stack presents, as UIKit's presentedViewController does"
    )
    func contextReadsOneModal() async throws {
        let kit = FakeUIKit()
        let (bar, shown, other) = await Self.tabBar(kit)
        let sheet = kit.makeScreen(Screen("sheet"))
        await shown.presentController(sheet, animated: false)
        #expect(shown.presentedController === sheet)
        #expect(bar.presentedController === sheet, "UIKit forwards the stack's present to the tab bar")
        #expect(other.presentedController === sheet, "an ancestor presents")
        #expect(sheet.presentedController == nil, "the sheet is a context of its own")
        try kit.throwIfViolated()
    }

    @Test(
        "a dismiss from a tab's stack that presents nothing dismisses what its context presents, as UIKit's would, and is noted")
    func dismissFromChildDismissesContext() async throws {
        let kit = FakeUIKit()
        let (bar, _, other) = await Self.tabBar(kit)
        let sheet = kit.makeScreen(Screen("sheet"))
        await bar.presentController(sheet, animated: false)
        await other.dismissPresented(animated: false)
        #expect(bar.presentedController == nil, "UIKit's conformance reads the tab bar's modal and dismisses it")
        #expect(kit.violations.map(\.rule).contains(.dismissedNothing))
    }

    // MARK: The interactive pop (APPLE-NOTES rule 5)

    @Test("a back swipe does not begin over a stack whose back tap is not reported yet; the tap's report lands, then it may")
    func swipeWaitsForTheTapsReport() async throws {
        let (coordinator, host, window) = try await ContainerHostTests.app(ContainerHostTests.stack("s", "s0", "s1", "s2"))
        let navigation = try ContainerHostTests.controller(.navigation("s"), host, window)
        let tapped = try #require(host.kit.tapBack(navigation), "UIKit popped s2")
        // The report has not run: the stack shows [s0, s1], the model [s0, s1, s2].
        #expect(!host.kit.swipeBack(navigation), "a swipe now would hide s1 from the tap's report")
        await tapped.value
        #expect(await coordinator.stack("s").items()?.map(\.name) == ["s0", "s1"], "the tap was reported")
        #expect(host.kit.swipeBack(navigation), "caught up: the swipe may begin")
        await host.kit.liftFinger(navigation, finished: false)?.value
        try await ContainerHostTests.expectShowsModel(coordinator, host, window)
    }

    @Test("while the finger is down, the stack leaves out the screen being popped; a cancelled pop puts it back")
    func interactivePopStack() async throws {
        let kit = FakeUIKit()
        let navigation = kit.makeNavigation("s")
        kit.setRootController(navigation)
        let a = kit.makeScreen(Screen("a")), b = kit.makeScreen(Screen("b"))
        await navigation.showStack([a, b], animated: false)
        let fake = try #require(navigation as? FakeController)
        #expect(kit.beginInteractivePop(fake))
        #expect(navigation.stack.map(ObjectIdentifier.init) == [ObjectIdentifier(a)], "topViewController is the one below")
        #expect((b as? FakeController)?.parent === fake, "the popped screen is still a child, animating out")
        #expect(b.isTransitioning)
        kit.endInteractivePop(finished: false)
        #expect(navigation.stack.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init), "cancelled: restored")
        #expect(kit.beginInteractivePop(fake))
        kit.endInteractivePop(finished: true)
        #expect(navigation.stack.map(ObjectIdentifier.init) == [ObjectIdentifier(a)])
        #expect((b as? FakeController)?.parent == nil)
        try kit.throwIfViolated()
    }

    // MARK: The window's cross-dissolve

    @Test(
        "the window's cross-dissolve swaps the root at once and completes when ended; a change meanwhile is noted, and touches do nothing"
    )
    func crossDissolve() async throws {
        let kit = FakeUIKit(timing: .held), fakeKit = FakeKit(timing: .held)
        let old = kit.makeScreen(Screen("old")), new = kit.makeNavigation("new")
        await new.showStack([kit.makeScreen(Screen("n1")), kit.makeScreen(Screen("n2"))], animated: false)
        kit.setRootController(old)
        let done = Box(false)
        let dissolve = Task {
            await kit.setRootController(new, animated: true)
            done.value = true
        }
        for _ in 0..<50 where !kit.isDissolving { await Task.yield() }
        #expect(kit.isDissolving && kit.root === new as AnyObject && !done.value)
        #expect(!new.isTransitioning, "a view animation sets no transition coordinator")
        #expect(fakeKit.tapBack(try #require(new as? FakeController)) == nil, "no touches during the dissolve")
        await new.presentController(kit.makeScreen(Screen("m")), animated: false)
        #expect(kit.violations.map(\.rule) == [.changedMidTransition])
        kit.endTransitions()
        await dissolve.value
        #expect(done.value && !kit.isDissolving)
    }

    @Test("a hop to a new root that presents presents only once the window's cross-dissolve completed")
    func hopThenPresentWaitsForDissolve() async throws {
        let kit = FakeKit(timing: .held)
        let host = ContainerHost(kit: kit)
        kit.host = host
        let launch = WindowContent.hop(HopContainer(id: "flow", showing: .screen(Screen("launch"))))
        let coordinator = try await Coordinator(root: launch, host: host)
        host.coordinator = coordinator
        let window = try #require(try await coordinator.window(at: .root)).id
        let fake = try #require(host.controllers.window(window) as? FakeUIKit)
        let home = WindowContent.hop(
            HopContainer(id: "flow", showing: .presenting(.screen(Screen("home")), modal: .screen(Screen("tip")))))
        let changed = Box(false)
        let change = Task {
            defer { changed.value = true }
            try await coordinator.replaceContent(with: home, animator: host.animator)
        }
        // The dissolve runs first: no present is made until UIKit's completion.
        for _ in 0..<2000 where !fake.isDissolving { await Task.yield() }
        #expect(fake.isDissolving)
        for _ in 0..<50 { await Task.yield() }
        #expect(fake.violations.isEmpty, "nothing is made in the window while the dissolve runs: \(fake.violations)")
        await SwipedPresenterTests.App.endTransitions(fake) { [host, window] in
            changed.value && !host.controllers.isChanging(window)
        }
        _ = try await change.value
        try fake.throwIfViolated()
        let model = try #require(try await coordinator.window(at: .root)).content
        #expect(try fake.content() == Reconciler.shown(model))
    }

    // MARK: More's list (APPLE-NOTES rule 6)

    @Test(
        "a sheet the app presents from its selected tab while the user has More's list open is presented, the tab selected again")
    func presentWhileMoreListShows() async throws {
        let (coordinator, host, window) = try await ContainerHostTests.app(Self.sixTabs)
        let bar = try ContainerHostTests.controller(.tabBar("main"), host, window)
        #expect(host.kit.tapMore(bar), "six tabs: a More tab; its list shows and no tab is selected")
        try await coordinator.present(.screen(Screen("note")), from: .container("inbox"))
        #expect(bar.selected == 0, "the model's tab is selected again: UIKit presents only from the window's hierarchy")
        try await ContainerHostTests.expectShowsModel(coordinator, host, window)
    }

    @Test("a tab picked from More's list reaches the model (UIKit tells the tab bar's delegate nothing of it)")
    func tabPickedFromMore() async throws {
        let (coordinator, host, window) = try await ContainerHostTests.app(Self.sixTabs)
        let bar = try ContainerHostTests.controller(.tabBar("main"), host, window)
        #expect(host.kit.tapMore(bar))
        #expect(host.kit.pickFromMore(5, of: bar), "the sixth tab, listed in More")
        await withKnownIssue("the host hears of no pick from More's list: the user's choice is lost") {
            try await ContainerHostTests.expectShowsModel(coordinator, host, window)
        }
    }
}
