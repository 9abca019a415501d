import TestSupport
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// The UIKit scenarios about a sheet the user swipes away while the app changes what it
/// presents, and the host's undo when the coordinator refuses the swipe: each on an app of its
/// own, run at the end of every seed (`UIKitStress+Scenarios.swift` has the others, and the
/// helpers they share).
extension UIKitStress {
    /// The user swipes a sheet down and, while UIKit animates the dismissal, the app presents
    /// over that sheet (committed, UIKit's present waiting for the dismissal), on an app of its
    /// own. UIKit refuses to present from a sheet out of the window, so the host must not try
    /// (mutant ``Mutation/uikitPresentOutsideWindow``). With `refused`, a held transition and a
    /// push fill the queue, so the swipe's report is refused: its undo must present the sheet
    /// again and what the model presents over it (mutant ``Mutation/uikitUndoSheetAlone``).
    /// Either way the screen ends showing the model. Nil when it held.
    @MainActor
    static func presentOverASwipedSheet(refused: Bool) async -> InvariantViolation? {
        let root = WindowContent.tabs(TabBar(id: "swiped-tabs", stack("swiped-inbox", "list"), stack("swiped-other", "prefs")))
        guard let (kit, host, coordinator, window, fake) = await app(showing: root, queueLimit: 1) else {
            return .init(.answered, "the swiped sheet's app could not be made")
        }
        func endTransitions(until task: Task<Void, Never>) async -> Bool {
            await settle(task, in: window, of: host, fake)
        }
        let never = InvariantViolation(.answered, "a request or a report over the swiped sheet never returned")
        guard
            await endTransitions(
                until: Task {
                    _ = try? await coordinator.present(stack("swiped-sheet", "draft"), from: .container("swiped-inbox"))
                }),
            let sheet = host.controllers.controller(.navigation("swiped-sheet"), in: window) as? FakeController,
            let report = kit.swipeDown(sheet)
        else { return .init(.answered, "the sheet was not presented, or not swiped") }
        guard
            (try? await coordinator.present(
                .presenting(.screen(Screen("swiped-over")), modal: .screen(Screen("swiped-top"))),
                from: .container("swiped-sheet"), animator: GatedAnimator(.returnAtOnce))) != nil
        else { return .init(.answered, "the present over the swiped sheet was refused") }
        let animator = GatedAnimator(.waitForOpen)
        var hold: Task<Void, Never>?
        var push: Task<Void, Never>?
        if refused {
            hold = Task { _ = try? await coordinator.openWindow(Screen("swiped-toast"), at: .high, animator: animator) }
            await animator.started(calls: 1)
            push = Task {
                _ = try? await coordinator.perform(.content(.push(Screen("more"), onto: "swiped-other")), policy: .enqueue)
            }
            if await !coordinator.waitingReaches(1) {
                animator.open()
                return .init(.answered, "the push never waited")
            }
        }
        guard await endTransitions(until: report) else {
            animator.open()
            return never
        }
        animator.open()
        guard await endTransitions(until: Task { await hold?.value }), await endTransitions(until: Task { await push?.value })
        else { return never }
        return await showsModel(
            coordinator, at: .root, fake,
            "a present over a sheet the user swiped away, the swipe \(refused ? "refused" : "accepted")")
    }

    /// The user swipes a sheet away with the queue full, and taps back on the stack beneath as
    /// soon as the dismissal ends, on an app of its own with a lock: the report is refused and
    /// its undo waits for UIKit's pop, while the app goes to the background and the lock hides
    /// the window. UIKit presents nothing in a hidden window, so the undo must leave the sheet to
    /// the window's showing: after the unlock the screen shows the model (mutant
    /// ``Mutation/uikitUndoInHiddenWindow``). Nil when it held.
    @MainActor
    static func undoWhileTheLockHides() async -> InvariantViolation? {
        let kit = FakeKit(timing: .held)
        kit.recordsTraps = true
        let host = ContainerHost(kit: kit)
        kit.host = host
        let watched = HideWatchingHost(host)
        guard
            let configuration = try? CoordinatorConfiguration(
                lock: LifecycleCover(screen: Screen("locked-pin"), level: .low), queueLimit: 1),
            let coordinator = try? await Coordinator(
                root: stack("locked-root", "home"), configuration: configuration, host: watched)
        else { return .init(.answered, "the locked undo's app could not be made") }
        host.coordinator = coordinator
        guard
            (try? await coordinator.openWindow(
                .presenting(stack("locked-top", "a", "b"), modal: stack("locked-sheet", "s1")), at: .medium)) != nil,
            let medium = try? await coordinator.window(at: .medium)?.id, let fake = host.controllers.window(medium) as? FakeUIKit,
            let sheet = host.controllers.controller(.navigation("locked-sheet"), in: medium) as? FakeController,
            let top = host.controllers.controller(.navigation("locked-top"), in: medium) as? FakeController
        else { return .init(.answered, "the locked undo's sheet was not presented") }
        func settled(_ task: Task<Void, Never>) async -> Bool { await settle(task, in: medium, of: host, fake) }
        let never = InvariantViolation(.answered, "a request or a report around the locked undo never returned")
        guard let report = kit.swipeDown(sheet) else { return .init(.answered, "the sheet was not swiped") }
        let animator = GatedAnimator(.waitForOpen)
        let hold = Task { _ = try? await coordinator.openWindow(Screen("locked-toast"), at: .high, animator: animator) }
        await animator.started(calls: 1)
        let push = Task {
            _ = try? await coordinator.perform(.content(.push(Screen("more"), onto: "locked-root")), policy: .enqueue)
        }
        if await !coordinator.waitingReaches(1) {
            animator.open()
            return .init(.answered, "the push never waited")
        }
        // The dismissal ends: the report is refused, and its undo waits for the user's pop.
        let undoWaits = Locked(false)
        fake.onWait = { undoWaits.withLock { $0 = true } }
        fake.endTransitions()
        guard let tapped = kit.tapBack(top) else {
            animator.open()
            return .init(.answered, "the back tap was not made")
        }
        for _ in 0..<100_000 where !undoWaits.withLock({ $0 }) { await Task.yield() }
        fake.onWait = nil
        // The app goes to the background: the lock hides the window while the undo waits.
        let hiding = Locked(false)
        watched.onHide = { if $0 == medium { hiding.withLock { $0 = true } } }
        let background = Task { _ = try? await coordinator.setApplicationState(.background) }
        for _ in 0..<100_000 where !fake.isHidden { await Task.yield() }
        animator.open()
        guard undoWaits.withLock({ $0 }), hiding.withLock({ $0 }), fake.isHidden else {
            _ = await settled(Task { await hold.value })
            return .init(.answered, "the undo never waited for the pop, or the lock never hid the window")
        }
        for task in [hold, background, push, report] {
            guard await settled(task) else { return never }
        }
        _ = try? await coordinator.setApplicationState(.active)
        _ = try? await coordinator.unlock()
        guard await settled(tapped) else { return never }
        return await showsModel(
            coordinator, at: .medium, fake, "a refused swipe's undo while the lock hid its window, after the unlock")
    }

    /// The user swipes a sheet down while the app presents over it, with the queue full: the
    /// swipe's report is refused, and its undo presents the sheet again. While UIKit animates
    /// that, the app changes what it presented over the sheet, which UIKit never showed (its
    /// presenter was out of the window), on an app of its own. With `dismissing`, the app
    /// dismisses it: the host must not ask the sheet to dismiss what it does not present (mutant
    /// ``Mutation/uikitDismissWithheld``). Else the app presents over it: the undo must present
    /// the sheet, that modal and the new one, reading each step from the model once the one
    /// below is presented (mutant ``Mutation/uikitUndoSheetAlone``). Nil when it held.
    @MainActor
    static func changeOverAModalHeldBack(dismissing: Bool) async -> InvariantViolation? {
        let root = WindowContent.tabs(TabBar(id: "held-tabs", stack("held-inbox", "list"), stack("held-other", "prefs")))
        guard let (kit, host, coordinator, window, fake) = await app(showing: root, queueLimit: 1) else {
            return .init(.answered, "the held-back modal's app could not be made")
        }
        func settled(_ task: Task<Void, Never>) async -> Bool { await settle(task, in: window, of: host, fake) }
        let never = InvariantViolation(.answered, "a request or a report around the held-back modal never returned")
        guard
            await settled(
                Task { _ = try? await coordinator.present(stack("held-sheet", "draft"), from: .container("held-inbox")) }),
            let sheet = host.controllers.controller(.navigation("held-sheet"), in: window) as? FakeController,
            let report = kit.swipeDown(sheet)
        else { return .init(.answered, "the sheet was not presented, or not swiped") }
        // Committed while UIKit animates the swipe: the host holds it back once the sheet is out.
        guard
            (try? await coordinator.present(
                .screen(Screen("held-over")), from: .container("held-sheet"), animator: GatedAnimator(.returnAtOnce))) != nil
        else { return .init(.answered, "the present over the swiped sheet was refused") }
        // A held transition and a push fill the queue: the swipe's report is refused.
        let animator = GatedAnimator(.waitForOpen)
        let hold = Task { _ = try? await coordinator.openWindow(Screen("held-toast"), at: .high, animator: animator) }
        await animator.started(calls: 1)
        let push = Task {
            _ = try? await coordinator.perform(.content(.push(Screen("more"), onto: "held-other")), policy: .enqueue)
        }
        guard await coordinator.waitingReaches(1) else {
            animator.open()
            return .init(.answered, "the push never waited")
        }
        // The swipe's dismissal ends: the report is refused, and the undo presents the sheet again.
        fake.endTransitions()
        for _ in 0..<100_000 where sheet.presenter == nil { await Task.yield() }
        guard sheet.presenter != nil else {
            animator.open()
            _ = await settled(Task { await hold.value })
            return .init(.answered, "the undo never presented the sheet again")
        }
        // The queue drains while UIKit still presents the sheet again; then the model changes
        // what it presented over the sheet. When the undo presented the sheet before the host
        // held the modal back, the host presents the modal after it, waiting for the sheet, and
        // the queue waits for that: nothing was held back, and the screen is checked as it ends.
        animator.open()
        let drained = await finished(hold) ? await finished(push) : false
        // Drained, and not because the host timeout gave up on a change waiting for UIKit.
        let heldBack = drained && !fake.transitions.isEmpty && !host.controllers.isChanging(window)
        let quick = GatedAnimator(.returnAtOnce)
        let changed = Task {
            if dismissing {
                _ = try? await coordinator.dismiss(presentedBy: .container("held-sheet"), animator: quick, policy: .enqueue)
            } else {
                _ = try? await coordinator.present(
                    .screen(Screen("held-over2")), from: .screen("held-over"), animator: quick, policy: .enqueue)
            }
        }
        // Given to the host before UIKit's present of the sheet ends, so the undo reads it there.
        // Each turn goes through the coordinator, so its work on the change goes on meanwhile.
        let given: (WindowContent) -> Bool = { dismissing ? !$0.shows("held-over") : $0.shows("held-over2") }
        for _ in 0..<10_000 where heldBack && host.controllers.content(of: window).map(given) != true {
            _ = await coordinator.inFlightTransition
        }
        for task in [hold, push, changed, report] {
            guard await settled(task) else { return never }
        }
        return await showsModel(
            coordinator, at: .root, fake,
            "a \(dismissing ? "dismiss of" : "present over") a modal \(heldBack ? "held back from" : "presented after") "
                + "a sheet the user swiped away and a refused report presented again")
    }

    /// The user swipes away a sheet that is a tab bar while the app presents from one of its
    /// tabs, on an app of its own. The tab is out of the window with its sheet, and UIKit refuses
    /// a present from it: the host must know it (mutant ``Mutation/uikitSwipedParentsUnread``).
    /// Nil when it held.
    @MainActor
    static func presentFromATabOfASwipedSheet() async -> InvariantViolation? {
        guard let (kit, host, coordinator, window, fake) = await app(showing: stack("tabbed-root", "home")) else {
            return .init(.answered, "the tab-bar sheet's app could not be made")
        }
        func settled(_ task: Task<Void, Never>) async -> Bool { await settle(task, in: window, of: host, fake) }
        let sheetTabs = WindowContent.tabs(TabBar(id: "tabbed-sheet", stack("tabbed-a", "a1"), stack("tabbed-b", "b1")))
        guard await settled(Task { _ = try? await coordinator.present(sheetTabs, from: .container("tabbed-root")) }),
            let sheet = host.controllers.controller(.tabBar("tabbed-sheet"), in: window) as? FakeController,
            let report = kit.swipeDown(sheet)
        else { return .init(.answered, "the tab-bar sheet was not presented, or not swiped") }
        guard
            (try? await coordinator.present(
                .screen(Screen("tabbed-over")), from: .container("tabbed-a"), animator: GatedAnimator(.returnAtOnce))) != nil
        else { return .init(.answered, "the present from the swiped sheet's tab was refused") }
        guard await settled(report) else {
            return .init(.answered, "the swipe's report over the tab-bar sheet never returned")
        }
        return await showsModel(coordinator, at: .root, fake, "a present from a tab of a tab-bar sheet the user swiped away")
    }
}
