import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// Each rule the fake enforces fires when broken.
@Suite("The fake UIKit enforces UIKit's rules")
struct FakeUIKitTests {
    typealias Rule = FakeUIKit.Violation.Rule

    /// A breach of one rule, acted out on a fresh fake.
    struct Breach: Sendable, CustomTestStringConvertible {
        let rule: Rule
        let act: @MainActor @Sendable (FakeUIKit) async -> Void
        var testDescription: String { "\(rule)" }
    }

    static let breaches: [Breach] = [
        Breach(rule: .navigationInNavigation) { kit in
            let outer = kit.makeNavigation("a"), inner = kit.makeNavigation("b")
            await outer.showStack([inner], animated: false)
        },
        Breach(rule: .tabBarAsChild) { kit in
            let bar = kit.makeTabBar("t")
            bar.showTabs([kit.makeScreen(Screen("x"))])
            await kit.makeNavigation("a").showStack([bar], animated: false)
        },
        Breach(rule: .tabBarAsChild) { kit in
            let bar = kit.makeTabBar("t")
            bar.showTabs([kit.makeScreen(Screen("x"))])
            await kit.makeHop("h").showChild(bar, animated: false)
        },
        Breach(rule: .userOrderReverted) { kit in
            let bar = kit.makeTabBar("t")
            let stacks = (0..<6).map { kit.makeNavigation(ContainerID("s\($0)")) }
            kit.setRootController(bar)
            bar.showTabs(stacks)
            let fake = bar as? FakeController
            if let fake { FakeKit().reorderTabs(fake, to: [5, 4, 3, 2, 1, 0]) }
            bar.showTabs(stacks)
        },
        Breach(rule: .containment) { kit in
            let hop = kit.makeHop("h"), old = kit.makeScreen(Screen("x"))
            kit.setRootController(hop)
            await hop.showChild(old, animated: false)
            (old as? FakeController)?.parent = nil // removed from its parent behind the hop's back
            await hop.showChild(kit.makeScreen(Screen("y")), animated: true)
        },
        Breach(rule: .presenterBusy) { kit in
            let root = kit.makeScreen(Screen("x"))
            kit.setRootController(root)
            await root.presentController(kit.makeScreen(Screen("m")), animated: false)
            await root.presentController(kit.makeScreen(Screen("n")), animated: false)
        },
        Breach(rule: .presenterOffScreen) { kit in
            let loose = kit.makeScreen(Screen("x"))
            await loose.presentController(kit.makeScreen(Screen("m")), animated: false)
        },
        Breach(rule: .twoParents) { kit in
            let screen = kit.makeScreen(Screen("x"))
            await kit.makeNavigation("a").showStack([screen], animated: false)
            await kit.makeNavigation("b").showStack([screen], animated: false)
        },
        Breach(rule: .tabOutOfRange) { kit in
            let bar = kit.makeTabBar("t")
            bar.showTabs([kit.makeScreen(Screen("x"))])
            bar.selectTab(kit.makeScreen(Screen("y")))
        },
        Breach(rule: .madeTwice) { kit in
            _ = kit.makeScreen(Screen("x"))
            _ = kit.makeScreen(Screen("x"))
        },
        Breach(rule: .notAlive) { kit in
            let screen = kit.makeScreen(Screen("x"))
            kit.release(screen, as: .screen(Screen("x")))
            await kit.makeNavigation("a").showStack([screen], animated: false)
        },
        Breach(rule: .releasedOnScreen) { kit in
            let root = kit.makeScreen(Screen("x"))
            kit.setRootController(root)
            kit.release(root, as: .screen(Screen("x")))
        },
        Breach(rule: .movedWhilePresenting) { kit in
            let stack = kit.makeNavigation("a")
            kit.setRootController(stack)
            await stack.presentController(kit.makeScreen(Screen("m")), animated: false)
            let bar = kit.makeTabBar("t")
            kit.setRootController(bar)
            bar.showTabs([stack])
        },
        Breach(rule: .dismissedNothing) { kit in
            let root = kit.makeScreen(Screen("x"))
            kit.setRootController(root)
            await root.dismissPresented(animated: false)
        },
        Breach(rule: .duplicateChild) { kit in
            let screen = kit.makeScreen(Screen("x"))
            await kit.makeNavigation("a").showStack([screen, screen], animated: false)
        },
    ]

    @Test("breaking a rule is recorded and thrown", arguments: breaches)
    @MainActor
    func ruleFires(_ breach: Breach) async {
        let kit = FakeUIKit()
        kit.onTrap = { _ in }
        await breach.act(kit)
        #expect(kit.violations.map(\.rule) == [breach.rule])
        #expect(throws: FakeUIKit.Violation.self) { try kit.throwIfViolated() }
    }

    @Test("where UIKit traps on a navigation controller pushed onto another, the fake traps")
    func trapsOnNavigationPushed() async {
        await #expect(processExitsWith: .failure) { await FakeUIKitTests.pushNavigation() }
    }

    @Test("where UIKit traps on presenting a controller that is on screen, the fake traps")
    func trapsOnPresentingShown() async {
        await #expect(processExitsWith: .failure) { await FakeUIKitTests.presentShown() }
    }

    @MainActor
    static func pushNavigation() async {
        let kit = FakeUIKit()
        await kit.makeNavigation("a").showStack([kit.makeNavigation("b")], animated: false)
    }

    @MainActor
    static func presentShown() async {
        let kit = FakeUIKit()
        let stack = kit.makeNavigation("a"), screen = kit.makeScreen(Screen("x"))
        kit.setRootController(stack)
        await stack.showStack([screen], animated: false)
        await stack.presentController(screen, animated: false)
    }

    @Test("past five tabs a More tab shows; while its list shows, no tab is selected or on screen")
    @MainActor
    func moreTab() async throws {
        let kit = FakeUIKit(), fakeKit = FakeKit()
        let bar = kit.makeTabBar("t")
        let stacks = (0..<6).map { kit.makeNavigation(ContainerID("s\($0)")) }
        kit.setRootController(bar)
        bar.showTabs(Array(stacks.prefix(5)))
        let barFake = try #require(bar as? FakeController)
        #expect(!fakeKit.tapMore(barFake), "five tabs: no More tab")
        bar.showTabs(stacks)
        #expect(fakeKit.tapMore(barFake))
        #expect(barFake.selected == nil, "selectedIndex is NSNotFound while More's list shows")
        await stacks[0].presentController(kit.makeScreen(Screen("m")), animated: false)
        #expect(kit.violations.map(\.rule) == [.presenterOffScreen])
    }

    @Test("when the selected controller leaves the tabs, UIKit selects the tab at the same index, else the first")
    @MainActor
    func selectionFallback() async throws {
        let kit = FakeUIKit()
        let bar = kit.makeTabBar("t")
        let a = kit.makeScreen(Screen("a")), b = kit.makeScreen(Screen("b")), c = kit.makeScreen(Screen("c"))
        kit.setRootController(bar)
        bar.showTabs([a, b, c])
        bar.selectTab(b)
        bar.showTabs([a, c])
        let fake = try #require(bar as? FakeController)
        #expect(fake.selected == 1, "b left: the tab at b's index, c")
        bar.selectTab(c)
        bar.showTabs([a])
        #expect(fake.selected == 0, "c left and index 1 is gone: the first")
    }

    @Test("a tab bar shows its selected child alone: a stack in another tab is off screen and cannot present")
    @MainActor
    func unselectedTabIsOffScreen() async throws {
        let kit = FakeUIKit()
        let bar = kit.makeTabBar("t"), shown = kit.makeNavigation("a"), hidden = kit.makeNavigation("b")
        kit.setRootController(bar)
        bar.showTabs([shown, hidden])
        await hidden.presentController(kit.makeScreen(Screen("n")), animated: false)
        #expect(kit.violations.map(\.rule) == [.presenterOffScreen])
    }

    @Test(
        "one presentation a presentation context: a tab bar, or a stack in another of its tabs, cannot present while a tab's stack presents",
        arguments: [false, true])
    @MainActor
    func onePresentationPerContext(fromTabBar: Bool) async throws {
        let kit = FakeUIKit()
        let bar = kit.makeTabBar("t"), shown = kit.makeNavigation("a"), other = kit.makeNavigation("b")
        kit.setRootController(bar)
        bar.showTabs([shown, other])
        await shown.presentController(kit.makeScreen(Screen("m")), animated: false)
        try kit.throwIfViolated()
        bar.selectTab(other)
        let second = kit.makeScreen(Screen("n"))
        await (fromTabBar ? bar : other).presentController(second, animated: false)
        #expect(kit.violations.map(\.rule) == [.presenterBusy])
        #expect((second as? FakeController)?.presenter == nil, "a refused presentation links nothing")
    }

    @Test("dismissing a presenter dismisses everything above it")
    @MainActor
    func dismissTakesTheChain() async throws {
        let kit = FakeUIKit()
        let root = kit.makeScreen(Screen("x")), middle = kit.makeNavigation("m"), top = kit.makeScreen(Screen("t"))
        let inside = kit.makeScreen(Screen("i"))
        kit.setRootController(root)
        await root.presentController(middle, animated: false)
        await middle.showStack([inside], animated: false)
        await inside.presentController(top, animated: false)
        await root.dismissPresented(animated: false)
        // Nothing is presented any more: the top can be presented again, by the root.
        await root.presentController(top, animated: false)
        try kit.throwIfViolated()
        #expect(try kit.content() == .presenting(.screen(Screen("x")), modal: .screen(Screen("t"))))
    }
}
