import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// UIKit drops a `setViewControllers` sent while a transition runs, and refuses a `present` or
/// `dismiss` without calling its completion. The fake does the same with held transitions; the
/// window's changes must wait for each transition's end, the user's own back swipe among them.
@Suite("Changes wait for UIKit's running transition")
@MainActor
struct UIKitTimingTests {
    static let window = WindowID(1)

    static func stack(_ names: String...) -> WindowContent {
        .stack(StackContainer(id: "s", root: Screen(names[0]), pushed: names.dropFirst().map { Screen($0) }))
    }

    /// A window of a fake UIKit whose transitions end when the test ends them, showing `content`.
    static func shown(_ content: WindowContent) async -> (WindowControllers, FakeUIKit) {
        let kit = FakeUIKit(timing: .held)
        let controllers = WindowControllers()
        await controllers.create(ManagedWindow(id: window, level: .root, content: content), in: kit, factory: kit)
        return (controllers, kit)
    }

    /// Opens `parked` when the window's change waits for a transition's end, or when the fake
    /// notes a broken rule (a change made mid-transition): whichever comes first.
    static func watch(_ kit: FakeUIKit) -> Gate {
        let parked = Gate()
        kit.onWait = { parked.open() }
        kit.onViolation = { _ in parked.open() }
        return parked
    }

    @Test(
        "a stack change sent while the user's back swipe runs waits for the swipe's end, then shows the model's stack",
        arguments: [true, false])
    func changeDuringBackSwipe(finished: Bool) async throws {
        let (controllers, kit) = await Self.shown(Self.stack("a", "b"))
        let navigation = try #require(controllers.controller(.navigation("s"), in: Self.window) as? FakeController)
        #expect(kit.beginInteractivePop(navigation))
        let parked = Self.watch(kit)
        await controllers.show(Self.stack("a", "b", "c"), in: Self.window, animated: false)
        await parked.wait()
        #expect(kit.violations.isEmpty, "the change was sent mid-swipe: \(kit.violations)")
        #expect(
            navigation.children.map(\.id) == [.screen(Screen("a"))],
            "nothing changed yet: mid-swipe, UIKit's viewControllers leaves out the screen being popped")
        kit.endInteractivePop(finished: finished)
        await controllers.settled(Self.window)
        try kit.throwIfViolated()
        #expect(try kit.content() == Self.stack("a", "b", "c"), "the model's stack, whatever the swipe did")
    }

    @Test("a presentation from a stack while the user's back swipe runs on it waits for the swipe's end")
    func presentDuringBackSwipe() async throws {
        let (controllers, kit) = await Self.shown(Self.stack("a", "b"))
        let navigation = try #require(controllers.controller(.navigation("s"), in: Self.window) as? FakeController)
        #expect(kit.beginInteractivePop(navigation))
        let parked = Self.watch(kit)
        let presenting = WindowContent.presenting(Self.stack("a", "b"), modal: .screen(Screen("sheet")))
        await controllers.show(presenting, in: Self.window, animated: false)
        await parked.wait()
        #expect(kit.violations.isEmpty, "the presentation was sent mid-swipe: \(kit.violations)")
        kit.endInteractivePop(finished: false)
        await controllers.settled(Self.window)
        try kit.throwIfViolated()
        #expect(try kit.content() == presenting)
    }

    @Test("a dismissal while the user's back swipe runs under the sheet's presenter waits for the swipe's end")
    func dismissDuringBackSwipe() async throws {
        let sheet = WindowContent.presenting(Self.stack("a", "b"), modal: .screen(Screen("sheet")))
        let (controllers, kit) = await Self.shown(sheet)
        let navigation = try #require(controllers.controller(.navigation("s"), in: Self.window) as? FakeController)
        #expect(kit.beginInteractivePop(navigation))
        let parked = Self.watch(kit)
        await controllers.show(Self.stack("a", "b"), in: Self.window, animated: false)
        await parked.wait()
        #expect(kit.violations.isEmpty, "the dismissal was sent mid-swipe: \(kit.violations)")
        kit.endInteractivePop(finished: false)
        await controllers.settled(Self.window)
        try kit.throwIfViolated()
        #expect(try kit.content() == Self.stack("a", "b"))
    }

    @Test("a dismissal of a sheet chain while the user's swipe of its top sheet animates waits for that dismissal's end")
    func dismissChainDuringTopSheetSwipe() async throws {
        let base = Self.stack("a")
        let chain = WindowContent.presenting(
            base,
            modal: .presenting(.stack(StackContainer(id: "compose", root: Screen("draft"))), modal: .screen(Screen("attach"))))
        let (controllers, kit) = await Self.shown(chain)
        let compose = try #require(controllers.controller(.navigation("compose"), in: Self.window) as? FakeController)
        let attach = try #require(controllers.controller(.screen(Screen("attach")), in: Self.window) as? FakeController)
        // The user swipes `attach` down: UIKit animates its dismissal from `compose`.
        compose.userDismissedPresented()
        kit.beginUserAnimation(on: compose, modal: attach)
        let parked = Self.watch(kit)
        // The model dismisses the whole chain from the base meanwhile.
        await controllers.show(base, in: Self.window, animated: false)
        await parked.wait()
        #expect(kit.violations.isEmpty, "the chain was dismissed while its top sheet's dismissal ran: \(kit.violations)")
        kit.endTransitions()
        await controllers.settled(Self.window)
        try kit.throwIfViolated()
        #expect(try kit.content() == base)
    }
}

/// The fake refuses as UIKit refuses: each rule of its timing, shown firing.
@Suite("The fake UIKit's transitions take time")
@MainActor
struct FakeUIKitTimingTests {
    @Test("setViewControllers during an animated push is dropped, and noted")
    func droppedDuringPush() async throws {
        let kit = FakeUIKit(timing: .held)
        let navigation = try #require(kit.makeNavigation("s") as? FakeController)
        kit.setRootController(navigation)
        let a = kit.makeScreen(Screen("a")), b = kit.makeScreen(Screen("b")), c = kit.makeScreen(Screen("c"))
        await navigation.showStack([a], animated: false)
        let push = Task { await navigation.showStack([a, b], animated: true) }
        while kit.transitions.isEmpty { await Task.yield() }
        #expect(navigation.isTransitioning)
        await navigation.showStack([a, b, c], animated: false)
        #expect(kit.violations.map(\.rule) == [.changedMidTransition])
        #expect(navigation.children.count == 2, "the change was dropped")
        kit.endTransitions()
        await push.value
        #expect(!navigation.isTransitioning)
    }

    @Test("a present or a dismiss while a transition runs does nothing, and is noted", arguments: [true, false])
    func refusedPresentation(present: Bool) async throws {
        let kit = FakeUIKit(timing: .held)
        let navigation = try #require(kit.makeNavigation("s") as? FakeController)
        kit.setRootController(navigation)
        let a = kit.makeScreen(Screen("a")), b = kit.makeScreen(Screen("b"))
        let sheet = try #require(kit.makeScreen(Screen("sheet")) as? FakeController)
        await navigation.showStack([a, b], animated: false)
        if !present { await navigation.presentController(sheet, animated: false) }
        #expect(kit.beginInteractivePop(navigation))
        if present {
            await navigation.presentController(sheet, animated: true)
            #expect(sheet.presenter == nil, "a refused presentation links nothing")
        } else {
            await navigation.dismissPresented(animated: true)
            #expect(navigation.presented === sheet, "a refused dismissal leaves the sheet")
        }
        #expect(kit.violations.map(\.rule) == [.changedMidTransition])
    }

    @Test("a dismiss from a presenter while a sheet higher in its chain is being dismissed does nothing, and is noted")
    func refusedDismissMidChain() async throws {
        let kit = FakeUIKit(timing: .held)
        let base = try #require(kit.makeNavigation("s") as? FakeController)
        kit.setRootController(base)
        await base.showStack([kit.makeScreen(Screen("a"))], animated: false)
        let compose = try #require(kit.makeNavigation("compose") as? FakeController)
        let attach = try #require(kit.makeScreen(Screen("attach")) as? FakeController)
        await compose.showStack([kit.makeScreen(Screen("draft"))], animated: false)
        await base.presentController(compose, animated: false)
        await compose.presentController(attach, animated: false)
        compose.userDismissedPresented()
        kit.beginUserAnimation(on: compose, modal: attach)
        #expect(!base.isTransitioning, "the base's own transition coordinator is nil")
        #expect(compose.presentedController === attach, "UIKit names the modal until its dismissal ended")
        await base.dismissPresented(animated: true)
        #expect(base.presented === compose, "a refused dismissal leaves the chain")
        #expect(kit.violations.map(\.rule) == [.changedMidTransition])
    }

    @Test("the user's back swipe: finished, it pops the top screen; cancelled, the stack is as it was", arguments: [true, false])
    func backSwipe(finished: Bool) async throws {
        let kit = FakeUIKit(timing: .held)
        let navigation = try #require(kit.makeNavigation("s") as? FakeController)
        kit.setRootController(navigation)
        await navigation.showStack([kit.makeScreen(Screen("a")), kit.makeScreen(Screen("b"))], animated: false)
        #expect(kit.beginInteractivePop(navigation))
        #expect(!kit.beginInteractivePop(navigation), "one swipe at a time")
        kit.endInteractivePop(finished: finished)
        #expect(navigation.children.count == (finished ? 1 : 2))
        #expect(!kit.beginInteractivePop(navigation) || !finished, "no swipe back from the root")
        try kit.throwIfViolated()
    }
}
