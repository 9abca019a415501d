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
}
