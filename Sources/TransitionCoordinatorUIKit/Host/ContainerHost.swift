import TransitionCoordinator

/// A `WindowHost` over real containers, platform-neutral: one ``HostWindow`` per managed window,
/// its content shown through `WindowControllers`, and the user's own changes reported to
/// ``coordinator`` and undone when the coordinator refuses them. `UIKitWindowHost` is this host
/// over UIKit's classes, its delegates forwarding each of the user's actions here in one line;
/// an app can build its own host, or a test its fake, from the same parts (a ``ContainerKit``).
///
/// Main-actor isolated, as UIKit is. What it decides:
/// - **Windows.** Each is made hidden at its level. A hidden window shows its content without
///   presentations (UIKit refuses to present in a window that is not visible); they are presented
///   once the window is shown.
/// - **The user's actions**, reported by what the user acted on, so a report that waits its turn
///   behind a programmatic change never acts on a tab or a sheet that took the place of the one
///   touched: an interactive pop as `beginGesture`, then `commit` or `cancel`; a back button's pop
///   as `userDid(.popTo)`; a tab tapped as `userDid(.selectTab)`, named by its node; a sheet swiped
///   down as `userDid(.dismissModal)`, named by the sheet (a stack sheet by its root screen).
/// - **Each report** runs in a task of its own, which the method returns (nil when nothing is
///   reported), so a test can await the report and its undo.
/// - **Undo.** A change the coordinator refused is undone on the very controller the user
///   touched, and only while that controller is still the one showing the model's node (a
///   controller released and made again meanwhile shows the model already): the stack set back,
///   the model's tab selected again, the sheet presented again where the model still shows it.
///   Each undo waits for UIKit's running transition, as every change does.
/// - **Hiding.** A window is hidden once the change running in it ended, since a presentation
///   that still waits for UIKit could not be made in a hidden window.
@MainActor
public final class ContainerHost: WindowHost {
    /// The coordinator the user's changes are reported to; set it once the coordinator is made.
    public weak var coordinator: Coordinator?
    /// The content half: each window's controllers, content and running change.
    package let controllers = WindowControllers()

    private let kit: any ContainerKit
    private var windows: [WindowID: any HostWindow] = [:]
    /// The content a hidden window is to present once shown (it shows it without presentations).
    private var waitingToShow: [WindowID: WindowContent] = [:]
    /// What each made controller stands for, by its identity, and where.
    private var made: [ObjectIdentifier: (id: ControllerID, window: WindowID)] = [:]
    /// Each sheet being presented or presented: who presents it, and where.
    private var sheets: [ObjectIdentifier: (presenter: ControllerID, modal: ControllerID, window: WindowID)] = [:]
    /// The interactive pops that ended and whose report is under way, by navigation controller:
    /// the report's task, and for a finished pop the controller it left on top (the pop's own
    /// `didShow` shows it, and is not the user's second pop).
    private var popsEnding: [ObjectIdentifier: (token: Int, task: Task<Void, Never>, ownTop: ObjectIdentifier?)] = [:]
    private var ending = 0
    /// The interactive pops in flight, by navigation controller: the gesture they began.
    private var pops: [ObjectIdentifier: Task<InteractiveGesture?, Never>] = [:]
    /// Which sheets the user's swipe may not dismiss on its own, given the sheet's content as
    /// the model holds it (with what it presents): a form with unsaved changes, say, which a guard protects.
    /// Asked as each swipe begins (``allowsDismissal(of:)``); a held sheet's swipe is asked of
    /// the guards instead, so a veto leaves the sheet where it is. None by default: a swipe is
    /// the user's own change, reported after the fact and not guarded.
    public var holdsSheet: @MainActor (WindowContent) -> Bool = { _ in false }
    /// The window shown at once when the scene enters the background, until the covers are up.
    private var curtain: (window: any HostWindow, controller: any PresentingController, screen: Screen)?
    /// How many times the scene reported a lifecycle change (``enterBackground()``,
    /// ``becomeActive()``): a background's task takes the curtain down only if no later report
    /// came, so it never takes down the curtain a later background put up.
    private var lifecycleReports = 0

    /// A host making its windows and controllers with `kit`.
    public init(kit: any ContainerKit) {
        self.kit = kit
    }

    /// `content` as a window that is `hidden` shows it: without presentations while hidden.
    private func shown(_ content: WindowContent, hidden: Bool) -> WindowContent {
        // Mutant: presentations kept in a hidden window.
        hidden && !planted(.uikitPresentInHiddenWindow) ? Self.withoutPresentations(content) : content
    }

    // MARK: WindowHost

    /// Makes the window, hidden, at the window's level, showing its content without presentations.
    public func createWindow(_ managed: ManagedWindow) async {
        let window = kit.makeWindow(level: managed.level)
        window.isHidden = true
        windows[managed.id] = window
        let visible = shown(managed.content, hidden: true)
        if visible != managed.content { waitingToShow[managed.id] = managed.content }
        await controllers.create(
            ManagedWindow(id: managed.id, level: managed.level, content: visible), in: window,
            factory: Factory(host: self, window: managed.id, in: window))
    }

    /// Shows the window, then presents what it waited to present.
    public func showWindow(_ id: WindowID) async {
        windows[id]?.isHidden = false
        guard let content = waitingToShow.removeValue(forKey: id) else { return }
        await controllers.show(content, in: id, animated: false)
        await controllers.settled(id)
    }

    /// Hides the window, keeping it and what it presents, once the change running in it ended:
    /// UIKit refuses to present in a window that is not visible, so a presentation that still
    /// waits for UIKit (the user's drag of a sheet, say) is made first, not lost.
    public func hideWindow(_ id: WindowID) async {
        // Mutant: hidden at once, with a change still under way.
        if !planted(.uikitHiddenMidChange) { await controllers.settled(id) }
        windows[id]?.isHidden = true
    }

    /// Makes the window key.
    public func makeKey(_ id: WindowID, resigning unmanaged: [String]) async { windows[id]?.makeKey() }

    /// Puts back what an animator may have moved.
    public func resetAppearance(_ id: WindowID) async { windows[id]?.resetAppearance() }

    /// Releases every controller of the window's content, then lets the window go, hidden.
    public func destroyWindow(_ id: WindowID) async {
        await controllers.destroy(id)
        windows.removeValue(forKey: id)?.isHidden = true
        waitingToShow[id] = nil
    }

    /// Reconciles the window's content: with UIKit's own animation when an animator is to animate
    /// the change (it waits with ``settled(_:)``), else at once, returning once it is applied. A
    /// hidden window takes the content without presentations, and presents them once shown.
    public func setContent(_ content: WindowContent, of id: WindowID, animated: Bool) async {
        let visible = shown(content, hidden: windows[id]?.isHidden == true)
        waitingToShow[id] = visible == content ? nil : content
        await controllers.show(visible, in: id, animated: animated)
        if !animated { await controllers.settled(id) }
    }

    /// Returns when the content change running in window `id` finished.
    public func settled(_ id: WindowID) async { await controllers.settled(id) }

    /// `content` as a hidden window shows it: every presentation left out.
    package static func withoutPresentations(_ content: WindowContent) -> WindowContent {
        switch content {
        case .screen, .stack: content
        case .tabs(let bar):
            (try? TabBar(id: bar.id, tabs: bar.tabs.map(withoutPresentations), selected: bar.selected))
                .map(WindowContent.tabs) ?? content
        case .hop(let hop): .hop(HopContainer(id: hop.id, showing: withoutPresentations(hop.current)))
        case .presenting(let base, _): withoutPresentations(base)
        }
    }

    // MARK: Before the app switcher's snapshot

    /// Prepares the curtain: a window at `level`, hidden, whose root is `screen`'s controller
    /// (the lock's look, say). Synchronous, like the call that shows it. Call it once the scene
    /// is connected; a second call replaces the curtain, releasing the first one's controller.
    public func prepareCurtain(_ screen: Screen, at level: WindowLevel) {
        if let old = curtain {
            old.window.isHidden = true
            old.window.setRootController(nil)
            kit.release(old.controller, in: old.window)
        }
        let window = kit.makeWindow(level: level)
        window.isHidden = true
        let controller = kit.makeScreen(screen, in: window)
        window.setRootController(controller)
        curtain = (window, controller, screen)
    }

    /// The scene entered the background (UIKit: `sceneDidEnterBackground`). Synchronous: the
    /// curtain (``prepareCurtain(_:at:)``) is shown before this returns, since UIKit takes the
    /// app switcher's snapshot shortly after that method returns, while the coordinator's own
    /// covers (the lock's window, the shield) go up only in its transition. The coordinator is
    /// told `.background` in the task returned; the curtain comes down once that transition
    /// ended (the covers are up, or there are none), unless the scene reported another change
    /// meanwhile: a later background's curtain stays until its own transition ended. Nil without
    /// a coordinator.
    @discardableResult
    public func enterBackground() -> Task<Void, Never>? {
        guard let coordinator else { return nil }
        curtain?.window.isHidden = false
        lifecycleReports += 1
        let report = lifecycleReports
        return Task {
            _ = try? await coordinator.setApplicationState(.background)
            // Mutant: the curtain taken down whatever the scene reported since.
            if self.lifecycleReports == report || planted(.uikitCurtainDownByStaleBackground) {
                self.curtain?.window.isHidden = true
            }
        }
    }

    /// The scene became active again (UIKit: `sceneDidBecomeActive`): the coordinator is told, in
    /// the task returned; the curtain is down. Nil without a coordinator.
    @discardableResult
    public func becomeActive() -> Task<Void, Never>? {
        guard let coordinator else { return nil }
        curtain?.window.isHidden = true
        lifecycleReports += 1
        return Task { _ = try? await coordinator.setApplicationState(.active) }
    }

    // MARK: What the user does

    /// Whether the user's tap on a tab of `tabBar` may select it now (UIKit: the tab bar
    /// delegate's `shouldSelect`): no change is applied, or about to be, in its window, and
    /// UIKit runs no transition on it. A tap that raced the host's own change would select a tab
    /// while a presentation from the model's tab waits to be made.
    public func allowsSelection(in tabBar: any TabBarControlling) -> Bool {
        guard !tabBar.isTransitioning, let window = made[ObjectIdentifier(tabBar)]?.window else { return false }
        // Mutant: a tap let through while the host's own change is under way.
        return !controllers.isChanging(window) || planted(.uikitTapsUngated)
    }

    /// Whether the user's interactive pop of `navigation` may begin now (UIKit: its pop gestures'
    /// `gestureRecognizerShouldBegin`): it shows the model's stack, of two screens or more, and
    /// neither UIKit nor the coordinator runs a transition that would refuse it, nor is a pop of
    /// it in flight. A gesture that could only be refused would pop on screen and be undone.
    /// True promises nothing: a pop the coordinator refuses all the same is undone.
    public func allowsPop(of navigation: any NavigationControlling) -> Bool {
        guard let coordinator, pops[ObjectIdentifier(navigation)] == nil, popsEnding[ObjectIdentifier(navigation)] == nil,
            !navigation.isTransitioning,
            !coordinator.refusesAsBusy,
            case .navigation(let stack)? = made[ObjectIdentifier(navigation)]?.id,
            let found = modelStack(stack), found.stack.items.count > 1, !controllers.isChanging(found.window)
        else { return false }
        // A stack that does not show the model's (a back tap's pop whose report has not run yet)
        // is no place for a swipe: while the finger is down UIKit's stack leaves out the screen
        // it pops, and the report, finding another stack, would take itself for undone.
        // Mutant: a swipe let begin over a stack the model has not caught up with.
        if planted(.uikitSwipeOverUnreportedPop) { return true }
        guard navigation.stack.count == found.stack.items.count,
            case .screen(let top)? = navigation.stack.last.flatMap({ made[ObjectIdentifier($0)]?.id }),
            top.id == found.stack.top?.id
        else { return false }
        return true
    }

    /// The user began an interactive pop of `navigation` (UIKit: the navigation delegate's
    /// `willShow` with an interactive transition, whichever gesture drives it). Call
    /// ``userEndedPop(of:cancelled:)`` when UIKit's transition completes.
    public func userBeganPop(of navigation: any NavigationControlling) {
        guard let coordinator, case .navigation(let stack)? = made[ObjectIdentifier(navigation)]?.id else { return }
        pops[ObjectIdentifier(navigation)] = Task { try? await coordinator.beginGesture(.pop(stack)) }
    }

    /// The interactive pop of `navigation` completed: `cancelled`, or finished. The gesture is
    /// committed or cancelled; a finished pop the coordinator refused is undone. From now on the
    /// navigation controller's reports wait for this one (``userShowed(_:count:in:)``).
    @discardableResult
    public func userEndedPop(of navigation: any NavigationControlling, cancelled: Bool) -> Task<Void, Never>? {
        let key = ObjectIdentifier(navigation)
        guard let begun = pops.removeValue(forKey: key), case .navigation(let stack)? = made[key]?.id else { return nil }
        ending += 1
        let token = ending
        let ended = Task {
            var applied = false
            if let gesture = await begun.value {
                if cancelled { await gesture.cancel() } else { applied = (try? await gesture.commit()) != nil }
            }
            if !cancelled, !applied { await self.showModel(of: stack, in: navigation) }
            if self.popsEnding[key]?.token == token { self.popsEnding[key] = nil }
        }
        popsEnding[key] = (token, ended, cancelled ? nil : navigation.stack.last.map(ObjectIdentifier.init))
        return ended
    }

    /// A navigation controller shows `top` over `count` controllers, after a pop the app did not
    /// ask for (UIKit: the navigation delegate's `didShow`; a back button's pop): reported as
    /// `userDid(.popTo)`, and undone when refused. Nothing while an interactive pop of it is in
    /// flight, nor for a finished interactive pop's own `didShow` (that pop reports itself), nor
    /// when the model shows that already. While the report of an interactive pop that ended is
    /// under way, this one waits for it and then compares with the model: a back tap right after
    /// a cancelled swipe is reported.
    @discardableResult
    public func userShowed(
        _ top: any PresentingController, count: Int, in navigation: any NavigationControlling
    ) -> Task<Void, Never>? {
        let key = ObjectIdentifier(navigation)
        guard pops[key] == nil, coordinator != nil,
            case .navigation(let stack)? = made[key]?.id,
            case .screen(let screen)? = made[ObjectIdentifier(top)]?.id
        else { return nil }
        if let own = popsEnding[key]?.ownTop, own == ObjectIdentifier(top) {
            // The finished pop's own `didShow`: its gesture reports it.
            popsEnding[key]?.ownTop = nil
            return nil
        }
        let before = popsEnding[key]?.task
        // Mutant: a back tap's report dropped while a swipe's report is under way.
        if planted(.uikitReportDroppedAfterSwipe), before != nil { return nil }
        guard before != nil || leavesModel(stack, showing: screen, count: count) else { return nil }
        return Task {
            await before?.value
            // Still what the user left on screen (an undo meanwhile put the stack back), and a
            // pop the model has not made.
            guard let coordinator = self.coordinator, navigation.stack.count == count, navigation.stack.last === top,
                self.leavesModel(stack, showing: screen, count: count)
            else { return }
            if (try? await coordinator.userDid(.popTo(screen.id, in: stack))) == nil {
                await self.showModel(of: stack, in: navigation)
            }
        }
    }

    /// Whether a stack showing `screen` on top of `count` screens is a pop the model's stack
    /// `stack` has not made: its top is another screen, and it holds more.
    private func leavesModel(_ stack: ContainerID, showing screen: Screen, count: Int) -> Bool {
        guard let model = modelStack(stack)?.stack else { return false }
        return model.top?.id != screen.id && model.items.count > count
    }

    /// The user tapped the tab showing `controller` in `tabBar` (UIKit: the tab bar delegate's
    /// `didSelect`): reported by the tab's node, and undone when refused.
    @discardableResult
    public func userSelected(_ controller: any PresentingController, in tabBar: any TabBarControlling) -> Task<Void, Never>? {
        guard let coordinator, case .tabBar(let tabs)? = made[ObjectIdentifier(tabBar)]?.id,
            let tab = made[ObjectIdentifier(controller)]?.id.nodeID
        else { return nil }
        // UIKit shows the tapped tab already: the next change is reconciled against that.
        controllers.showSelected(tab, of: tabs)
        return Task {
            if (try? await coordinator.userDid(.selectTab(tab, in: tabs))) == nil {
                await self.showModelSelection(of: tabs, in: tabBar)
            }
        }
    }

    /// Whether the user's swipe down of `sheet` may dismiss it now (UIKit: the presentation
    /// controller delegate's `presentationControllerShouldDismiss`, asked as the swipe begins):
    /// false for a sheet ``holdsSheet`` holds. UIKit then keeps the sheet on screen, as for
    /// `isModalInPresentation`, and says the user tried
    /// (``userAttemptedDismissal(of:)``), so the guards decide before anything moves.
    public func allowsDismissal(of sheet: any PresentingController) -> Bool {
        // A sheet the model no longer holds was dismissed by a change that passed its guards.
        guard let shown = sheets[ObjectIdentifier(sheet)], let modal = controllers.modal(shown.modal, in: shown.window)
        else { return true }
        // Mutant: every sheet let go, the held ones too.
        return !holdsSheet(modal) || planted(.uikitHeldSheetLetGo)
    }

    /// The user tried to swipe away a sheet ``allowsDismissal(of:)`` kept on screen (UIKit:
    /// `presentationControllerDidAttemptToDismiss`): asked of the coordinator as the app's
    /// dismissal of that sheet (`ContainerOperation.dismissModal`), through the guards,
    /// waiting its turn and animated by ``animator``. A guard's veto leaves the sheet as it is:
    /// nothing was dismissed, so nothing is presented again. Returns the request's task. A second
    /// attempt while the first waits its turn asks again by the same sheet's node: once the first
    /// dismissed it, the second is refused (not presented) and changes nothing.
    @discardableResult
    public func userAttemptedDismissal(of sheet: any PresentingController) -> Task<Void, Never>? {
        guard let coordinator, let shown = sheets[ObjectIdentifier(sheet)] else { return nil }
        let animator = self.animator
        let node = reported(shown.modal, in: shown.window)
        return Task {
            _ = try? await coordinator.perform(.content(.dismissModal(node)), animator: animator, policy: .enqueue)
        }
    }

    /// The user swiped `sheet` down (UIKit: the presentation controller delegate's `didDismiss`):
    /// reported by the sheet itself, so a swipe that waits its turn behind a change that replaced
    /// the sheet is refused instead of dismissing the new one. A refused dismissal is undone: the
    /// sheet is presented again where the model still shows it, then what the model presents
    /// above it (the swipe took those out of the window too), each read from the model once the
    /// one below is presented, and made once UIKit's transition on its presenter ended, only
    /// while the model still shows it then. A window hidden meanwhile takes the model's content
    /// as a hidden window does, and presents it once shown.
    @discardableResult
    public func userDismissed(_ sheet: any PresentingController) -> Task<Void, Never>? {
        guard let coordinator, let shown = sheets[ObjectIdentifier(sheet)] else { return nil }
        let node = reported(shown.modal, in: shown.window)
        return Task {
            guard (try? await coordinator.userDid(.dismissModal(node))) == nil,
                self.undoStep(shown.presenter, shown.modal, in: shown.window)?.modal === sheet
            else { return }
            var next: (presenter: ControllerID, modal: ControllerID)? = (shown.presenter, shown.modal)
            while let (presenter, modal) = next, let step = self.undoStep(presenter, modal, in: shown.window) {
                while step.presenter.isTransitioning { await step.presenter.transitionEnded() }
                // The model may have dismissed the modal meanwhile, or closed its window. Nothing
                // suspends between this check and the present below, so on the main actor no
                // change of the host can come between them.
                // Mutant: not checked again after the wait.
                guard planted(.uikitUndoUncheckedAfterWait) || self.canPresentAgain(step, presenter, modal, in: shown.window)
                else { return }
                // Mutant: presented again in a hidden window.
                if self.windows[shown.window]?.isHidden == true, !planted(.uikitUndoInHiddenWindow) {
                    // UIKit presents nothing in a hidden window: it takes the model's content
                    // without presentations, and presents them once shown.
                    await self.showModelHidden(shown.window)
                    return
                }
                self.sheets[ObjectIdentifier(step.modal)] = (presenter, modal, shown.window)
                self.kit.watchDismissal(of: step.modal)
                await step.presenter.presentController(step.modal, animated: true)
                // Mutant: the sheet presented again alone.
                next = planted(.uikitUndoSheetAlone) ? nil : self.controllers.presentations(above: modal, in: shown.window).first
            }
        }
    }

    /// Gives window `id`, hidden, the model's content as a hidden window shows it (no
    /// presentations), to present once it is shown.
    private func showModelHidden(_ id: WindowID) async {
        guard let model = controllers.content(of: id) else { return }
        await setContent(model, of: id, animated: false)
    }

    /// The controllers of one presentation an undo makes again, `modal` from `presenter`, while
    /// the model still shows it and both are alive; nil otherwise.
    private func undoStep(
        _ presenter: ControllerID, _ modal: ControllerID, in window: WindowID
    ) -> (presenter: any PresentingController, modal: any PresentingController)? {
        guard controllers.presents(modal, from: presenter.nodeID, in: window),
            let presenting = controllers.controller(presenter, in: window),
            let shown = controllers.controller(modal, in: window)
        else { return nil }
        return (presenting, shown)
    }

    /// Whether `step` may be presented now: the model still shows it with the same controllers,
    /// the presenter is in the window and presents nothing, and the modal is out of it.
    private func canPresentAgain(
        _ step: (presenter: any PresentingController, modal: any PresentingController),
        _ presenter: ControllerID, _ modal: ControllerID, in window: WindowID
    ) -> Bool {
        guard let now = undoStep(presenter, modal, in: window) else { return false }
        return now.presenter === step.presenter && now.modal === step.modal && step.presenter.isInWindow
            && step.presenter.presentedController == nil && !step.modal.isInWindow
    }

    /// The node a report of the user's dismissal of the modal `modal` names: a stack by its root
    /// screen as the model holds it now, so a report that waits its turn behind the app's dismiss
    /// and a new sheet under the same stack id (another draft) is refused, not applied to the new
    /// one; any other modal by its own node.
    private func reported(_ modal: ControllerID, in window: WindowID) -> WindowContent.NodeID {
        // Mutant: a stack sheet named by its container alone.
        guard !planted(.uikitSwipeNamesContainer), case .navigation = modal,
            case .stack(let stack)? = controllers.modal(modal, in: window)?.base, let root = stack.root
        else { return modal.nodeID }
        return .screen(root.id)
    }

    // MARK: Undo

    /// Sets `navigation` back to the screens the model's stack `stack` holds, once UIKit's
    /// transition on it ended; nothing when `navigation` no longer shows that stack (released, and
    /// the stack made again: the new controller shows the model already).
    private func showModel(of stack: ContainerID, in navigation: any NavigationControlling) async {
        while navigation.isTransitioning { await navigation.transitionEnded() }
        guard let found = modelStack(stack), controllers.controller(.navigation(stack), in: found.window) === navigation
        else { return }
        let screens = found.stack.items.compactMap { controllers.controller(.screen($0), in: found.window) }
        await navigation.showStack(screens, animated: true)
    }

    /// Selects in `tabBar` the tab the model's tab bar `tabs` selects, while `tabBar` still shows
    /// those tabs, after the change running in its window.
    private func showModelSelection(of tabs: ContainerID, in tabBar: any TabBarControlling) async {
        for window in controllers.windows {
            guard case .tabs(let model)? = controllers.content(of: window)?.find(tabs)?.base,
                controllers.controller(.tabBar(tabs), in: window) === tabBar
            else { continue }
            controllers.showSelected(model.tabs[model.selected].nodeID, of: tabs)
            await controllers.settled(window)
            return
        }
    }

    /// The model's stack `stack`, with the window showing it.
    private func modelStack(_ stack: ContainerID) -> (window: WindowID, stack: StackContainer)? {
        for window in controllers.windows {
            if case .stack(let model)? = controllers.content(of: window)?.find(stack)?.base { return (window, model) }
        }
        return nil
    }

    // MARK: Making controllers

    /// Makes one window's controllers with the kit, noting what each stands for.
    private final class Factory: ControllerFactory {
        unowned let host: ContainerHost
        let window: WindowID
        let real: any HostWindow

        init(host: ContainerHost, window: WindowID, in real: any HostWindow) {
            (self.host, self.window, self.real) = (host, window, real)
        }

        private func note<Controller: AnyObject>(_ controller: Controller, as id: ControllerID) -> Controller {
            host.made[ObjectIdentifier(controller)] = (id, window)
            return controller
        }

        func makeScreen(_ screen: Screen) -> any PresentingController {
            note(host.kit.makeScreen(screen, in: real), as: .screen(screen))
        }
        func makeNavigation(_ id: ContainerID) -> any NavigationControlling {
            note(host.kit.makeNavigation(id, in: real), as: .navigation(id))
        }
        func makeTabBar(_ id: ContainerID) -> any TabBarControlling {
            note(host.kit.makeTabBar(id, in: real), as: .tabBar(id))
        }
        func makeHop(_ id: ContainerID) -> any HopControlling {
            note(host.kit.makeHop(id, in: real), as: .hop(id))
        }

        func release(_ controller: any PresentingController, as id: ControllerID) {
            let key = ObjectIdentifier(controller)
            host.kit.release(controller, in: real)
            host.made[key] = nil
            host.sheets[key] = nil
            // A pop in flight on a released stack ends as cancelled: the model decides what shows.
            if let begun = host.pops.removeValue(forKey: key) { Task { await begun.value?.cancel() } }
        }

        func willPresent(_ controller: any PresentingController, as id: ControllerID, by presenter: ControllerID) {
            host.sheets[ObjectIdentifier(controller)] = (presenter, id, window)
            host.kit.watchDismissal(of: controller)
        }
    }
}
