import Testing

@testable import TransitionCoordinator

/// The catch-up a host that missed calls while stuck is sent: a pure plan from what it took to the snapshot.
@Suite("Host catch-up")
struct HostViewTests {
    static let levels: [WindowLevel] = [.low, .medium, .high, WindowLevel("overlay", rawValue: 3_500)]
    static let covers = LifecycleCovers(
        shield: LifecycleCover(screen: Screen("shield"), level: .high),
        lock: LifecycleCover(screen: Screen("pin"), level: .medium))

    static func window(_ id: UInt64, _ level: WindowLevel, hidden: Bool = false) -> ManagedWindow {
        var window = ManagedWindow(id: WindowID(id), level: level, content: .screen(Screen("s\(id)")))
        window.isHidden = hidden
        return window
    }

    @Test("a host that took everything needs no catch-up")
    func upToDate() {
        let snapshot = NavigationSnapshot(
            version: 1, levels: Self.levels, windows: [Self.window(1, .root), Self.window(2, .low)],
            keyWindow: WindowID(2))
        #expect(HostView(snapshot).catchUp(to: snapshot).isEmpty)
    }

    @Test("windows above a cover the host missed are hidden (or, when gone, hidden) before the cover is created and shown")
    func hidesBeforeTheCoverShows() throws {
        // The host took a new root #32 but missed the destroys of #29–#31, then the app locked.
        let view = HostView(
            live: [WindowID(29), WindowID(30), WindowID(31), WindowID(32)],
            visible: [WindowID(29), WindowID(30), WindowID(31), WindowID(32)], key: WindowID(32))
        let target = NavigationSnapshot(
            version: 9, levels: Self.levels,
            windows: [Self.window(32, .root), Self.window(34, .medium)],
            keyWindow: WindowID(34), applicationState: .active, covers: Self.covers)
        let calls = view.catchUp(to: target)
        let showLock = try #require(calls.firstIndex(of: .show(WindowID(34))))
        let makeKey = try #require(calls.firstIndex(of: .makeKey(WindowID(34), resigning: [])))
        for gone in [WindowID(29), WindowID(30), WindowID(31)] {
            let hide = try #require(calls.firstIndex(of: .hide(gone)))
            let destroy = try #require(calls.firstIndex(of: .destroy(gone)))
            #expect(hide < showLock)
            #expect(destroy > makeKey)
        }
        // The view was made without contents, so only the windows are compared.
        let caught = view.applying(view.catchUp(to: target)), expected = HostView(target)
        #expect([caught.live, caught.visible] == [expected.live, expected.visible])
        #expect(caught.key == expected.key)
    }

    @Test("a window the snapshot hides is hidden first; a hidden one it shows again is shown; the key follows")
    func hidesAndShows() {
        let view = HostView(
            live: [WindowID(1), WindowID(2), WindowID(3)], visible: [WindowID(1), WindowID(3)], key: WindowID(3))
        let target = NavigationSnapshot(
            version: 2, levels: Self.levels,
            windows: [Self.window(1, .root), Self.window(2, .low), Self.window(3, .high, hidden: true)],
            keyWindow: WindowID(2))
        #expect(view.catchUp(to: target) == [.hide(WindowID(3)), .show(WindowID(2)), .makeKey(WindowID(2), resigning: [])])
    }

    @Test(
        "a content change the host missed is caught up: arriving screens created, the content set once, departed screens destroyed after the key"
    )
    func contentCatchUp() {
        func snapshot(_ items: [Screen], version: UInt64) -> NavigationSnapshot {
            let stack = StackContainer(id: "inbox", root: items[0], pushed: Array(items.dropFirst()))
            return NavigationSnapshot(
                version: version, levels: Self.levels,
                windows: [ManagedWindow(id: WindowID(1), level: .root, content: .stack(stack))],
                keyWindow: WindowID(1))
        }
        let list = Screen("list"), mail = Screen("mail"), thread = Screen("thread")
        let view = HostView(snapshot([list, mail], version: 1))
        let target = snapshot([list, thread], version: 2)
        let calls = view.catchUp(to: target)
        #expect(
            calls == [
                .createScreen(thread, in: WindowID(1)),
                .setContent(target.windowList[0].content, of: WindowID(1), animated: false),
                .destroyScreen(mail, in: WindowID(1)),
            ])
        #expect(view.applying(calls) == HostView(target))
    }

    @Test("a host stuck between a phase's screen destroys, with the content already set, is sent the destroys it missed")
    func contentSetScreensLeft() {
        let one = Screen("one"), two = Screen("two"), three = Screen("three")
        func window(_ items: [Screen]) -> ManagedWindow {
            ManagedWindow(
                id: WindowID(1), level: .root,
                content: .stack(StackContainer(id: "c0", root: items[0], pushed: Array(items.dropFirst()))))
        }
        let before = NavigationSnapshot(version: 1, levels: Self.levels, windows: [window([one, two])], keyWindow: WindowID(1))
        let after = NavigationSnapshot(version: 2, levels: Self.levels, windows: [window([three])], keyWindow: WindowID(1))
        // The phase: create three, set the content; after the animation, destroy one (stuck), then two (never sent).
        let view = HostView(before).applying([
            .createScreen(three, in: WindowID(1)), .setContent(after.windowList[0].content, of: WindowID(1), animated: false),
            .destroyScreen(one, in: WindowID(1)),
        ])
        #expect(view.catchUp(to: after) == [.destroyScreen(two, in: WindowID(1))])
        #expect(view.applying(view.catchUp(to: after)) == HostView(after))
    }

    @Test("a resign the host missed (a stuck phase's makeKey never sent) is named by the catch-up's makeKey, and only once")
    func missedResign() {
        let alert = UnmanagedWindow(id: "alert", zOrder: 10)
        let target = NavigationSnapshot(
            version: 2, levels: Self.levels, windows: [Self.window(1, .root)], keyWindow: WindowID(1),
            unmanagedWindows: [alert])
        // The phase's makeKey, resigning both, got stuck before it was sent; "gone" was unregistered since.
        let stuck = HostView(target).applying([.makeKey(WindowID(1), resigning: ["alert", "gone"])], returned: 0)
        #expect(stuck.owedResigns == ["alert", "gone"])
        let calls = stuck.catchUp(to: target)
        #expect(calls == [.makeKey(WindowID(1), resigning: ["alert"])], "the key is the host's already; the resign is owed")
        #expect(stuck.applying(calls).catchUp(to: target).isEmpty)
        // Sent after all (the stuck call was that makeKey, and it returned): nothing is owed.
        #expect(HostView(target).applying([.makeKey(WindowID(1), resigning: ["alert"])], returned: 1).owedResigns.isEmpty)
    }
}
