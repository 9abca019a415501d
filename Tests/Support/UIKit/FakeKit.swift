import TransitionCoordinator
import TransitionCoordinatorUIKit

/// The ``ContainerKit`` of the fake UIKit: each window a ``FakeUIKit`` (its controllers made
/// there), and the user's actions, which call the host as UIKit calls its delegates.
@MainActor
package final class FakeKit: ContainerKit {
    /// The host the user's actions are reported to (UIKit: the delegates).
    package weak var host: ContainerHost?
    /// When each window's transitions end.
    package let timing: FakeUIKit.Timing
    /// Every window made, oldest first.
    package private(set) var windows: [FakeUIKit] = []

    package init(timing: FakeUIKit.Timing = .instant) { self.timing = timing }

    private func world(_ window: any HostWindow) -> FakeUIKit {
        guard let world = window as? FakeUIKit else { preconditionFailure("a window the fake kit did not make") }
        return world
    }

    /// The sheets the user swiped down while nobody watched their dismissal (UIKit: no delegate
    /// on their presentation controller): swipes never reported, whatever the model does next.
    package private(set) var unwatchedSwipes: [ControllerID] = []

    /// Which sheets the app means to hold against the user's swipe (a form a guard protects),
    /// as the app knows them: none by default.
    package var heldByApp: (FakeController) -> Bool = { _ in false }
    /// The sheets ``heldByApp`` holds that UIKit let the user swipe away all the same.
    package private(set) var heldSwipedAway: [ControllerID] = []

    /// Whether each window made records where UIKit traps as a violation instead of trapping
    /// (``FakeUIKit/onTrap``): the stress harness reports it with its seed.
    package var recordsTraps = false

    package func makeWindow(level: WindowLevel) -> any HostWindow {
        let window = FakeUIKit(timing: timing)
        if recordsTraps { window.onTrap = { _ in } }
        windows.append(window)
        return window
    }

    package func makeScreen(_ screen: Screen, in window: any HostWindow) -> any PresentingController {
        world(window).makeScreen(screen)
    }
    package func makeNavigation(_ id: ContainerID, in window: any HostWindow) -> any NavigationControlling {
        world(window).makeNavigation(id)
    }
    package func makeTabBar(_ id: ContainerID, in window: any HostWindow) -> any TabBarControlling {
        world(window).makeTabBar(id)
    }
    package func makeHop(_ id: ContainerID, in window: any HostWindow) -> any HopControlling {
        world(window).makeHop(id)
    }

    package func release(_ controller: any PresentingController, in window: any HostWindow) {
        guard let fake = controller as? FakeController else {
            world(window).note(.notAlive, "a controller the fake did not make is released")
            return
        }
        world(window).release(fake, as: fake.id)
    }

    package func watchDismissal(of sheet: any PresentingController) {
        (sheet as? FakeController)?.dismissalWatched = true
    }

    // MARK: What the user does

    /// The user starts a back swipe on `navigation`; false when UIKit's gesture would not begin:
    /// the host's gate said no (``ContainerHost/allowsPop(of:)``, asked as UIKit asks its
    /// gesture's delegate), or UIKit's own rules refuse it. `gated: false` stands for a swipe the
    /// gate let through a moment before a transition took the slot.
    @discardableResult
    package func swipeBack(_ navigation: FakeController, gated: Bool = true) -> Bool {
        if navigation.world.isDissolving { return false }
        if gated, let host, !host.allowsPop(of: navigation) { return false }
        guard navigation.world.beginInteractivePop(navigation) else { return false }
        host?.userBeganPop(of: navigation)
        return true
    }

    /// The user lifts the finger of the back swipe on `navigation`: `finished`, the pop completes
    /// (and the navigation controller shows its new top); otherwise it is cancelled.
    /// Returns the host's reports of it.
    @discardableResult
    package func liftFinger(_ navigation: FakeController, finished: Bool) -> Task<Void, Never>? {
        navigation.world.endInteractivePop(finished: finished)
        let report = host?.userEndedPop(of: navigation, cancelled: !finished)
        var shown: Task<Void, Never>?
        if finished, let top = navigation.children.last {
            shown = host?.userShowed(top, count: navigation.children.count, in: navigation)
        }
        guard report != nil || shown != nil else { return nil }
        return Task {
            await report?.value
            await shown?.value
        }
    }

    /// The user taps the back button of `navigation`: UIKit pops its top screen, animated (a
    /// transition on it, held until ended with ``FakeUIKit/Timing/held``), and the navigation
    /// controller shows the new top once the animation ends: only then does the host hear of it
    /// (the delegate's `didShow`). Returns a task that ends with the host's report, or at once
    /// when the host does not report it. A sheet above the stack does
    /// not stop the tap: one resting at an undimmed detent (`largestUndimmedDetentIdentifier`)
    /// leaves the area around it, the navigation bar among it, to the user. A tab bar at the
    /// bottom is under such a sheet (``tapTab(_:of:)``).
    @discardableResult
    package func tapBack(_ navigation: FakeController) -> Task<Void, Never>? {
        guard !navigation.world.isDissolving, navigation.children.count > 1, !navigation.isTransitioning,
            let popped = navigation.children.popLast()
        else { return nil }
        if popped.parent === navigation { popped.parent = nil }
        return afterAnimation(on: navigation) { [weak self] in self?.reportShown(navigation) }
    }

    /// UIKit tells the host that `navigation` shows its new top, once the user's pop animated;
    /// notes a pop the host neither reports nor undoes while its model holds more screens.
    private func reportShown(_ navigation: FakeController) -> Task<Void, Never>? {
        guard let top = navigation.children.last else { return nil }
        let report = host?.userShowed(top, count: navigation.children.count, in: navigation)
        if report == nil, let host, case .navigation(let stack) = navigation.id,
            let model = host.controllers.windows.lazy.compactMap({ host.controllers.content(of: $0)?.find(stack)?.base })
                .first,
            case .stack(let shown) = model, shown.items.count > navigation.children.count
        {
            // The host neither reports the pop nor undoes it, while its model holds more screens.
            lostPops.append(navigation.id)
        }
        return report
    }

    /// Starts the animation of a change the user made on `owner` (of `modal`, for a sheet) and
    /// runs `report` when UIKit tells the host of it: once the animation ends. Returns a task
    /// that ends when the report it started does.
    private func afterAnimation(
        on owner: FakeController, modal: FakeController? = nil, _ report: @escaping @MainActor () -> Task<Void, Never>?
    ) -> Task<Void, Never> {
        let (reports, told) = AsyncStream<Task<Void, Never>?>.makeStream()
        owner.world.beginUserAnimation(on: owner, modal: modal) {
            told.yield(report())
            told.finish()
        }
        return Task {
            for await started in reports { await started?.value }
        }
    }

    /// The back taps the host neither reported nor undid while its model held more screens than
    /// the stack the user left.
    package private(set) var lostPops: [ControllerID] = []

    /// The user taps the tab at `index` of `tabBar`, as UIKit selects it; a tap on the selected
    /// tab pops its navigation controller to the root, as UIKit does: animated, as a back tap
    /// (``tapBack(_:)``), the host hearing that the navigation controller shows its root only once
    /// the animation ends. Returns the host's reports of it.
    @discardableResult
    package func tapTab(_ index: Int, of tabBar: FakeController) -> Task<Void, Never>? {
        // A sheet presented in the tab bar's context covers its tabs: nothing to tap.
        guard !tabBar.world.isDissolving, tabBar.children.indices.contains(index), !tabBar.isTransitioning,
            !tabBar.contextPresents,
            host?.allowsSelection(in: tabBar) ?? true
        else { return nil }
        let tab = tabBar.children[index]
        var popped: Task<Void, Never>?
        if tabBar.selected == index, case .navigation = tab.id, tab.children.count > 1, !tab.isTransitioning {
            for child in tab.children.dropFirst() where child.parent === tab { child.parent = nil }
            tab.children.removeSubrange(1...)
            // Animated, as a back tap: the host hears of it once the animation ends.
            popped = afterAnimation(on: tab) { [weak self] in self?.reportShown(tab) }
        }
        tabBar.selectTab(tab)
        let selected = host?.userSelected(tab, in: tabBar)
        return Task {
            await selected?.value
            await popped?.value
        }
    }

    /// The user taps the More tab of `tabBar` (one past five tabs): the More list shows, and UIKit's
    /// `selectedIndex` is `NSNotFound` (nil here). UIKit tells the tab bar's delegate it selected
    /// the More navigation controller, which stands for no node: nothing is reported. False when
    /// the tab bar shows no More tab.
    @discardableResult
    package func tapMore(_ tabBar: FakeController) -> Bool {
        // A sheet presented in the tab bar's context covers the More tab too.
        guard !tabBar.world.isDissolving, tabBar.hasMore, !tabBar.isTransitioning, !tabBar.contextPresents,
            let selected = tabBar.selected
        else { return false }
        tabBar.lastSelected = selected
        tabBar.selected = nil
        return true
    }

    /// The user picks the tab at `index` of `tabBar` from More's list (``tapMore(_:)`` showed it):
    /// UIKit pushes that tab's controller onto More's navigation controller and selects it
    /// (`selectedIndex` is `index` again), but tells the tab bar's delegate nothing: `didSelect`
    /// comes only for taps on the tab bar itself, and a pick from the list is a row of More's
    /// table. So nothing is reported to the host. False when More's list does not show or the
    /// tab is not one More lists (the first four stay in the bar).
    @discardableResult
    package func pickFromMore(_ index: Int, of tabBar: FakeController) -> Bool {
        guard !tabBar.world.isDissolving, tabBar.hasMore, tabBar.selected == nil, !tabBar.isTransitioning,
            !tabBar.contextPresents, tabBar.children.indices.contains(index), index >= 4
        else { return false }
        tabBar.selected = index
        tabBar.lastSelected = nil
        return true
    }

    /// The user reorders the tabs of `tabBar` through More's Edit (`customizableViewControllers`):
    /// its tabs become `order`, a permutation of their indices; the selected controller stays
    /// selected. Nothing is reported: the model's order is the app's. False when the tab bar shows
    /// no More tab or `order` is no permutation.
    @discardableResult
    package func reorderTabs(_ tabBar: FakeController, to order: [Int]) -> Bool {
        guard tabBar.hasMore, order.sorted() == Array(tabBar.children.indices) else { return false }
        let shown = tabBar.selected.map { tabBar.children[$0] }
        tabBar.children = order.map { tabBar.children[$0] }
        tabBar.userOrder = tabBar.children
        tabBar.selected = shown.flatMap { shown in tabBar.children.firstIndex { $0 === shown } }
        return true
    }

    /// The user drags `sheet` down and lets go before it leaves: UIKit runs the sheet's
    /// interactive dismissal, which ends cancelled with the sheet where it was (the next
    /// `endTransitions` of its window ends it), and tells the host nothing. Meanwhile the sheet and
    /// its presenter are transitioning, so a change to them waits. False when nothing presents it,
    /// a transition involving it runs, or the host does not let the user dismiss it (UIKit then
    /// keeps it still, as for ``swipeDown(_:)``).
    @discardableResult
    package func dragWithoutDismissing(_ sheet: FakeController) -> Bool {
        guard let presenter = sheet.presenter, !sheet.world.isDissolving, !sheet.isTransitioning else { return false }
        if sheet.dismissalWatched, let host, !host.allowsDismissal(of: sheet) { return false }
        presenter.world.beginUserAnimation(on: presenter, modal: sheet)
        return true
    }

    /// The user swipes `sheet` down: UIKit dismisses it, and tells the host only when it watches
    /// the sheet, once the dismissal's animation ends; returns a task that ends with its report.
    /// Nil when nothing presents it, a transition involving it
    /// runs, or nobody watches it. A watched sheet the host does not let go
    /// (``ContainerHost/allowsDismissal(of:)``, asked as UIKit asks the presentation controller's
    /// delegate) stays presented, and the host hears of the attempt instead.
    @discardableResult
    package func swipeDown(_ sheet: FakeController) -> Task<Void, Never>? {
        guard let presenter = sheet.presenter, !sheet.world.isDissolving, !sheet.isTransitioning else { return nil }
        if sheet.dismissalWatched, let host, !host.allowsDismissal(of: sheet) {
            return host.userAttemptedDismissal(of: sheet)
        }
        if heldByApp(sheet) { heldSwipedAway.append(sheet.id) }
        presenter.userDismissedPresented()
        guard sheet.dismissalWatched else {
            unwatchedSwipes.append(sheet.id)
            presenter.world.beginUserAnimation(on: presenter, modal: sheet)
            return nil
        }
        return afterAnimation(on: presenter, modal: sheet) { [weak self] in self?.host?.userDismissed(sheet) }
    }
}
