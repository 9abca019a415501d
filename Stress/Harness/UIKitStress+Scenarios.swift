import TestSupport
import TransitionCoordinator
import TransitionCoordinatorUIKit

extension UIKitStress {
    /// The scene goes to the background, comes back and goes again while a push's content call
    /// is unanswered (UIKit still animating), on an app of its own with a shield: once the first
    /// background's transition ended and `.active` takes its shield down, the second background's
    /// shield is not up yet, so the curtain the second background put up must still be up
    /// (mutant ``Mutation/uikitCurtainDownByStaleBackground``). Nil when it held.
    @MainActor
    static func curtainAcrossBackgrounds() async -> InvariantViolation? {
        let host = CoverHoldingHost(coverLevel: .high)
        let root = WindowContent.stack(StackContainer(id: "curtain-stack", root: Screen("list")))
        guard let configuration = try? CoordinatorConfiguration(shield: LifecycleCover(screen: Screen("shield"), level: .high)),
            let coordinator = try? await Coordinator(root: root, configuration: configuration, host: host, clock: TestClock())
        else { return .init(.answered, "the curtain's app could not be made") }
        host.inner.coordinator = coordinator
        host.inner.core.prepareCurtain(Screen("shield"), at: .high)
        guard let curtain = host.inner.kit.windows.last else { return .init(.answered, "no curtain was made") }
        let held = Gate()
        host.content = held
        let push = Task { try? await coordinator.stack("curtain-stack").push(Screen("thread")) }
        var reports: [Task<Void, Never>] = []
        var broken: InvariantViolation?
        // The push reaches its content call first; then each report waits its turn behind it.
        var yields = 0
        while host.content != nil, yields < 100_000 {
            yields += 1
            await Task.yield()
        }
        if host.content != nil { broken = .init(.answered, "the push never reached its content call") }
        let steps: [(String, () -> Task<Void, Never>?)] = [
            ("background", { host.inner.core.enterBackground() }), ("active", { host.inner.core.becomeActive() }),
            ("background again", { host.inner.core.enterBackground() }),
        ]
        for (index, (name, report)) in steps.enumerated() where broken == nil {
            if let task = report() { reports.append(task) }
            if await !coordinator.waitingReaches(index + 1) {
                broken = .init(.answered, "the \(name) report never waited its turn")
            }
        }
        held.open()
        if broken == nil {
            // `.active` takes the first background's shield down; the second's is not up yet.
            await host.downReached.wait()
            if curtain.isHidden {
                broken = .init(
                    .shieldAndLock,
                    "in the background again, with no cover up yet, the curtain was down: the first background's task "
                        + "took down the curtain the second one put up")
            }
        }
        host.down.open()
        _ = await push.value
        for report in reports { await report.value }
        return broken
    }

    /// The user swipes the top sheet of a chain down, and while UIKit animates that dismissal the
    /// model dismisses the whole chain from its base, on a window of its own. UIKit refuses a
    /// dismiss while a dismissal runs higher in the chain, so the applier must wait for it
    /// (mutant ``Mutation/uikitDismissMidChainTransition``); the fake notes a dismiss made
    /// meanwhile. Nil when it held.
    @MainActor
    static func dismissDuringTopSheetSwipe() async -> InvariantViolation? {
        let kit = FakeUIKit(timing: .held)
        let controllers = WindowControllers()
        let window = WindowID(1)
        let base = WindowContent.stack(StackContainer(id: "chain-base", root: Screen("list")))
        let chain = WindowContent.presenting(
            base,
            modal: .presenting(
                .stack(StackContainer(id: "chain-compose", root: Screen("draft"))), modal: .screen(Screen("attach"))))
        await controllers.create(ManagedWindow(id: window, level: .root, content: chain), in: kit, factory: kit)
        guard let compose = controllers.controller(.navigation("chain-compose"), in: window) as? FakeController,
            let attach = controllers.controller(.screen(Screen("attach")), in: window) as? FakeController
        else { return .init(.answered, "the sheet chain's controllers were not made") }
        compose.userDismissedPresented()
        kit.beginUserAnimation(on: compose, modal: attach)
        let parked = Gate()
        kit.onWait = { parked.open() }
        kit.onViolation = { _ in parked.open() }
        let shown = Task { await controllers.show(base, in: window, animated: false) }
        await parked.wait()
        kit.endTransitions()
        await shown.value
        await controllers.settled(window)
        if let violation = kit.violations.first {
            return .init(.atomic, "the model dismissed a sheet chain while its top sheet's dismissal ran: \(violation)")
        }
        guard (try? kit.content()) == base else { return .init(.atomic, "the sheet chain was not dismissed") }
        return nil
    }
    /// The user swipes a sheet down while the app's dismiss of it and its new sheet under the
    /// same stack id wait behind a held transition, on an app of its own: the swipe's report
    /// waits too, and must be refused, leaving the new sheet (mutant
    /// ``Mutation/uikitSwipeNamesContainer``). Nil when it held.
    @MainActor
    static func staleSwipeOverSameStackID() async -> InvariantViolation? {
        let host = FakeWindowHost()
        let tabs = WindowContent.tabs(
            TabBar(id: "same-id-tabs", stack("same-id-inbox", "list"), stack("same-id-settings", "prefs")))
        guard let coordinator = try? await Coordinator(root: tabs, host: host) else {
            return .init(.answered, "the same-id sheet's app could not be made")
        }
        host.coordinator = coordinator
        let inbox = WindowContent.NodeID.container("same-id-inbox")
        guard (try? await coordinator.present(stack("same-id-compose", "draft"), from: inbox)) != nil,
            let window = try? await coordinator.window(at: .root)?.id,
            let old = host.controllers.controller(.navigation("same-id-compose"), in: window) as? FakeController
        else { return .init(.answered, "the first sheet was not presented") }
        let animator = GatedAnimator(.waitForOpen)
        let hold = Task { try? await coordinator.openWindow(Screen("same-id-toast"), at: .high, animator: animator) }
        await animator.started(calls: 1)
        let replaced = stack("same-id-compose", "other")
        let dismiss = Task { try? await coordinator.dismiss(presentedBy: inbox, policy: .enqueue) }
        let queued = await coordinator.waitingReaches(1)
        let again = Task { try? await coordinator.present(replaced, from: inbox, policy: .enqueue) }
        let bothWait = queued ? await coordinator.waitingReaches(2) : false
        let report = bothWait ? host.kit.swipeDown(old) : nil
        let reportWaits = report != nil ? await coordinator.waitingReaches(3) : false
        animator.open()
        _ = await (hold.value, dismiss.value, again.value)
        await report?.value
        await host.core.settled(window)
        guard reportWaits else { return .init(.answered, "the swipe's report never waited behind the app's changes") }
        guard let content = try? await coordinator.window(at: .root)?.content else { return .init(.answered, "no root window") }
        if content.find("same-id-compose") != replaced {
            return .init(
                .atomic,
                "a swipe of the first sheet, reported behind the app's dismiss and a new sheet under the same stack id, "
                    + "acted on the new one: the root shows \(content)")
        }
        return nil
    }

    /// The user swipes a sheet down while a held transition holds the slot and the app's close
    /// of its window fills the queue, on an app of its own, and taps back on the stack beneath as
    /// soon as UIKit's dismissal ends: the report is refused and its undo waits for UIKit's pop,
    /// while the model closes the window. The undo must not present the sheet again (mutant
    /// ``Mutation/uikitUndoUncheckedAfterWait``). Nil when it held.
    @MainActor
    static func undoAfterWindowClosed() async -> InvariantViolation? {
        let host = FakeWindowHost(timing: .held)
        guard let configuration = try? CoordinatorConfiguration(queueLimit: 1),
            let coordinator = try? await Coordinator(
                root: stack("closed-root", "home"), configuration: configuration, host: host)
        else { return .init(.answered, "the closing window's app could not be made") }
        host.coordinator = coordinator
        guard
            (try? await coordinator.openWindow(
                .presenting(stack("closed-top", "a", "b"), modal: .screen(Screen("closed-sheet"))), at: .medium)) != nil,
            let window = try? await coordinator.window(at: .medium)?.id, let kit = host.kits[window],
            let sheet = host.controllers.controller(.screen(Screen("closed-sheet")), in: window) as? FakeController,
            let top = host.controllers.controller(.navigation("closed-top"), in: window) as? FakeController
        else { return .init(.answered, "the sheet's window was not opened") }
        let animator = GatedAnimator(.waitForOpen)
        let hold = Task { try? await coordinator.openWindow(Screen("closed-toast"), at: .high, animator: animator) }
        await animator.started(calls: 1)
        let close = Task { try? await coordinator.closeWindow(at: .medium, policy: .enqueue) }
        guard await coordinator.waitingReaches(1) else {
            animator.open()
            return .init(.answered, "the window's close never waited")
        }
        let undoWaits = Gate()
        let report = host.kit.swipeDown(sheet)
        kit.endTransitions()
        let tapped = host.kit.tapBack(top)
        kit.onWait = { undoWaits.open() }
        if report != nil, tapped != nil { await undoWaits.wait() }
        kit.onWait = nil
        animator.open()
        _ = await hold.value
        for _ in 0..<10_000
        where host.controllers.presents(.screen(Screen("closed-sheet")), from: .container("closed-top"), in: window) {
            await Task.yield()
        }
        let reported = Locked(false)
        let reportEnds = Task {
            await report?.value
            await tapped?.value
            reported.withLock { $0 = true }
        }
        for _ in 0..<100 where !reported.withLock({ $0 }) {
            kit.endTransitions()
            for _ in 0..<50 { await Task.yield() }
        }
        _ = await close.value
        await reportEnds.value
        guard report != nil, tapped != nil else { return .init(.answered, "the swipe or the back tap was not made") }
        if sheet.timesPresented != 1 || !kit.violations.isEmpty {
            return .init(
                .atomic,
                "a sheet whose swipe was refused was presented again (\(sheet.timesPresented) times in all) after the model "
                    + "closed its window: \(kit.violations)")
        }
        return nil
    }

    /// The user drags a sheet while the app presents over it (committed, UIKit's change waiting
    /// for the drag), and the app goes to the background, on an app of its own with a lock: the
    /// window above the lock must be hidden only once the presentation is made, and show it after
    /// the unlock (mutant ``Mutation/uikitHiddenMidChange``). Nil when it held.
    @MainActor
    static func hiddenWhileAPresentationWaits() async -> InvariantViolation? {
        let kit = FakeKit(timing: .held)
        let host = ContainerHost(kit: kit)
        kit.host = host
        let watched = HideWatchingHost(host)
        guard
            let configuration = try? CoordinatorConfiguration(lock: LifecycleCover(screen: Screen("hidden-pin"), level: .medium)),
            let coordinator = try? await Coordinator(
                root: stack("hidden-root", "home"), configuration: configuration, host: watched, clock: TestClock())
        else { return .init(.answered, "the hidden window's app could not be made") }
        host.coordinator = coordinator
        guard
            (try? await coordinator.openWindow(
                .presenting(stack("hidden-top", "a"), modal: stack("hidden-sheet", "s1")), at: .high)) != nil,
            let high = try? await coordinator.window(at: .high)?.id, let window = host.controllers.window(high) as? FakeUIKit,
            let top = host.controllers.controller(.navigation("hidden-top"), in: high) as? FakeController,
            let sheet = host.controllers.controller(.navigation("hidden-sheet"), in: high) as? FakeController
        else { return .init(.answered, "the window above the lock was not opened") }
        window.beginUserAnimation(on: top, modal: sheet)
        guard
            (try? await coordinator.present(
                .screen(Screen("hidden-over")), from: .container("hidden-sheet"), animator: GatedAnimator(.returnAtOnce))) != nil
        else { return .init(.answered, "the present over the dragged sheet was refused") }
        let finished = Locked(false)
        let hiding = Locked(false)
        watched.onHide = { if $0 == high { hiding.withLock { $0 = true } } }
        let background = Task {
            _ = try? await coordinator.setApplicationState(.background)
            finished.withLock { $0 = true }
        }
        // The lock's transition asks the host to hide the window while the drag still runs.
        for _ in 0..<100_000 where !hiding.withLock({ $0 }) && !finished.withLock({ $0 }) { await Task.yield() }
        if !hiding.withLock({ $0 }) {
            window.endTransitions()
            await background.value
            return .init(.answered, "the lock never hid the window above it")
        }
        for _ in 0..<100 where !finished.withLock({ $0 }) {
            window.endTransitions()
            for _ in 0..<50 { await Task.yield() }
        }
        await background.value
        // The drag ends now, if it has not: in the background, with the window hidden.
        window.endTransitions()
        for _ in 0..<50 { await Task.yield() }
        _ = try? await coordinator.setApplicationState(.active)
        _ = try? await coordinator.unlock()
        // Bounded: a presentation UIKit refused in a hidden window never completes.
        for _ in 0..<100 where host.controllers.isChanging(high) {
            window.endTransitions()
            for _ in 0..<50 { await Task.yield() }
        }
        guard let model = try? await coordinator.window(at: .high)?.content else {
            return .init(.answered, "no window above the lock")
        }
        let shown = try? window.content()
        if shown != Reconciler.shown(model) || !window.violations.isEmpty || host.controllers.isChanging(high) {
            return .init(
                .atomic,
                "a presentation that waited for the user's drag when the lock hid its window: after the unlock the screen "
                    + "shows \(shown.map { "\($0)" } ?? "nothing"), the model \(model) \(window.violations)")
        }
        return nil
    }

    /// The user cancels a back swipe while a held transition holds the slot, and taps back at
    /// once, on an app of its own: UIKit's pop ends while the swipe's report still waits its
    /// turn. The host hears of the tap only then, and must report it once the swipe's report
    /// ended: the model pops (mutant ``Mutation/uikitReportDroppedAfterSwipe``). Nil when it held.
    @MainActor
    static func backTapBehindACancelledSwipe() async -> InvariantViolation? {
        let host = FakeWindowHost(timing: .held)
        guard let coordinator = try? await Coordinator(root: stack("tapped-root", "list", "mail"), host: host) else {
            return .init(.answered, "the back tap's app could not be made")
        }
        host.coordinator = coordinator
        guard let window = try? await coordinator.window(at: .root)?.id, let kit = host.kits[window],
            let navigation = host.controllers.controller(.navigation("tapped-root"), in: window) as? FakeController
        else { return .init(.answered, "the back tap's stack was not made") }
        let animator = GatedAnimator(.waitForOpen)
        let hold = Task { try? await coordinator.openWindow(Screen("tapped-toast"), at: .high, animator: animator) }
        await animator.started(calls: 1)
        // The gate let the swipe through a moment before the transition took the slot.
        guard host.kit.swipeBack(navigation, gated: false) else {
            animator.open()
            return .init(.answered, "the back swipe did not begin")
        }
        let cancelled = host.kit.liftFinger(navigation, finished: false)
        let tapped = host.kit.tapBack(navigation)
        kit.endTransitions()
        animator.open()
        _ = await hold.value
        await cancelled?.value
        await tapped?.value
        await host.core.settled(window)
        guard let content = try? await coordinator.window(at: .root)?.content else { return .init(.answered, "no root window") }
        if tapped == nil || !host.kit.lostPops.isEmpty || content != stack("tapped-root", "list") {
            return .init(
                .answered,
                "a back tap right after a cancelled swipe, its pop ended while the swipe's report waited its turn, "
                    + "was not reported: the model shows \(content), the stack [\(navigation.children.map { "\($0.id)" })]")
        }
        return nil
    }

    /// The user taps back, and UIKit's pop ends; before the host's report of it runs, the user
    /// begins a back swipe, then lets it spring back. The swipe must not begin over a stack the
    /// model has not caught up with: with the finger down UIKit's stack leaves out another
    /// screen, and the tap's report, finding a stack other than the one the tap left, takes
    /// itself for undone and is dropped, so the tapped screen stays in the model for good
    /// (mutant ``Mutation/uikitSwipeOverUnreportedPop``). Nil when it held.
    @MainActor
    static func swipeOverUnreportedPop() async -> InvariantViolation? {
        guard let (kit, host, coordinator, window, fake) = await app(showing: stack("unreported", "u0", "u1", "u2")),
            let navigation = host.controllers.controller(.navigation("unreported"), in: window) as? FakeController
        else { return .init(.answered, "the unreported pop's app could not be made") }
        guard let tapped = kit.tapBack(navigation) else { return .init(.answered, "the back tap did not pop") }
        // UIKit's pop ends: the host hears of it, and its report waits for the main actor.
        fake.endTransitions()
        let swiping = kit.swipeBack(navigation)
        // The tap's report runs while the finger is down, then the swipe springs back.
        guard await finished(tapped) else { return .init(.answered, "a back tap's report never ended") }
        let lifted = swiping ? kit.liftFinger(navigation, finished: false) : nil
        guard await settle(Task { await lifted?.value }, in: window, of: host, fake) else {
            return .init(.answered, "a back tap and a swipe over it never settled")
        }
        return await showsModel(coordinator, at: .root, fake, "a back tap, then a swipe begun before its report ran")
    }

    /// The user opens More's list (UIKit reports it to no one, and selects no tab while it
    /// shows), then the app presents a sheet from the model's selected tab, out of the window
    /// now: the host selects that tab again first, so UIKit presents it and the screen shows the
    /// model (mutant ``Mutation/uikitPresentUnderMoreList``: UIKit refuses a presentation from
    /// out of the window). Nil when it held.
    @MainActor
    static func presentUnderMoreList() async -> InvariantViolation? {
        let tabs = ["more-a", "more-b", "more-c", "more-d", "more-e", "more-f"].map { stack(ContainerID($0), "\($0)0") }
        guard let bar = try? TabBar(id: "more-main", tabs: tabs, selected: 0),
            let (kit, host, coordinator, window, fake) = await app(showing: .tabs(bar)),
            let tabBar = host.controllers.controller(.tabBar("more-main"), in: window) as? FakeController
        else { return .init(.answered, "the More list's app could not be made") }
        guard kit.tapMore(tabBar) else { return .init(.answered, "six tabs showed no More tab to tap") }
        let present = Task { _ = try? await coordinator.present(.screen(Screen("more-note")), from: .container("more-a")) }
        guard await settle(present, in: window, of: host, fake) else {
            return .init(.answered, "a sheet presented while More's list showed never settled")
        }
        return await showsModel(coordinator, at: .root, fake, "a sheet presented from the model's tab while More's list showed")
    }

    /// An app of its own: a coordinator showing `root` in its root window through a container host
    /// on a fake UIKit whose transitions wait to be ended, with the queue limit given (the
    /// standard one by default); nil when it could not be made.
    @MainActor
    static func app(
        showing root: WindowContent, queueLimit: Int = CoordinatorConfiguration.standard.queueLimit
    ) async -> (FakeKit, ContainerHost, Coordinator, WindowID, FakeUIKit)? {
        let kit = FakeKit(timing: .held)
        kit.recordsTraps = true
        let host = ContainerHost(kit: kit)
        kit.host = host
        guard let configuration = try? CoordinatorConfiguration(queueLimit: queueLimit),
            let coordinator = try? await Coordinator(root: root, configuration: configuration, host: host),
            let window = try? await coordinator.window(at: .root)?.id, let fake = host.controllers.window(window) as? FakeUIKit
        else { return nil }
        host.coordinator = coordinator
        return (kit, host, coordinator, window, fake)
    }

    /// Nil when the fake shows what the coordinator's window at `level` shows, with no rule of
    /// UIKit broken; else the violation, `what` saying what happened.
    @MainActor
    static func showsModel(
        _ coordinator: Coordinator, at level: WindowLevel, _ fake: FakeUIKit, _ what: String
    ) async -> InvariantViolation? {
        guard let model = try? await coordinator.window(at: level)?.content else {
            return .init(.answered, "\(what): no window at \(level)")
        }
        let shown = try? fake.content()
        guard shown != Reconciler.shown(model) || !fake.violations.isEmpty else { return nil }
        return .init(
            .atomic,
            "\(what): the screen shows \(shown.map { "\($0)" } ?? "nothing"), the model \(model) \(fake.violations)")
    }

    /// Ends UIKit's transitions in `window` (its fake, `fake`) until `task` ended and no change
    /// of `host` there waits for one; false when that never came, with no await left hanging on it.
    @MainActor
    static func settle(
        _ task: Task<Void, Never>, in window: WindowID, of host: ContainerHost, _ fake: FakeUIKit
    ) async -> Bool {
        let ended = Locked(false)
        Task {
            await task.value
            ended.withLock { $0 = true }
        }
        for _ in 0..<1_000 where !ended.withLock({ $0 }) || host.controllers.isChanging(window) || !fake.transitions.isEmpty {
            fake.endTransitions()
            for _ in 0..<50 { await Task.yield() }
        }
        return ended.withLock { $0 } && !host.controllers.isChanging(window)
    }

    /// Whether `task` ends within a bounded number of turns, without UIKit's transitions ending.
    @MainActor
    static func finished(_ task: Task<Void, Never>) async -> Bool {
        let ended = Locked(false)
        Task {
            await task.value
            ended.withLock { $0 = true }
        }
        for _ in 0..<100_000 where !ended.withLock({ $0 }) { await Task.yield() }
        return ended.withLock { $0 }
    }

    /// A stack of `names`, the first its root.
    static func stack(_ id: ContainerID, _ names: String...) -> WindowContent {
        .stack(StackContainer(id: id, root: Screen(names[0]), pushed: names.dropFirst().map { Screen($0) }))
    }
}
