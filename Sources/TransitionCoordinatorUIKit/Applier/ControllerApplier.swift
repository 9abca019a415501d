import TransitionCoordinator

/// Performs `Reconciler` operations on real containers: keeps each controller the factory made,
/// by its ``ControllerID``, from its make to its release, and turns each operation into one call
/// on the small protocols UIKit's classes satisfy.
///
/// Main-actor isolated, as UIKit is. One list at a time: a second ``apply(_:animated:)`` while one
/// awaits UIKit's completions is refused as `ApplierError.busy`. The whole list is checked
/// before the first call (every controller named is made at that point, of the right kind), so
/// an `apply` that throws changed nothing; one that returns performed every operation, in order.
@MainActor
package final class ControllerApplier {
    /// A controller the applier keeps, with the protocol its kind is driven through.
    private enum Made {
        case screen(any PresentingController)
        case navigation(any NavigationControlling)
        case tabBar(any TabBarControlling)
        case hop(any HopControlling)

        var controller: any PresentingController {
            switch self {
            case .screen(let controller): controller
            case .navigation(let controller): controller
            case .tabBar(let controller): controller
            case .hop(let controller): controller
            }
        }
    }

    private let factory: any ControllerFactory
    private let window: any HostWindow
    private var made: [ControllerID: Made] = [:]
    /// Each modal this applier presented or was to present, with its presenter, until it
    /// dismisses it or releases it.
    private var presenters: [ControllerID: ControllerID] = [:]
    /// The modals among them it did not present: their presenter was out of the window.
    private var withheld: Set<ControllerID> = []
    /// The container holding each controller it placed in one (a stack's screens, a tab bar's
    /// tabs, a hop container's child).
    private var parents: [ControllerID: ControllerID] = [:]
    private var applying = false

    /// An applier that makes controllers with `factory` and shows the root in `window`; it keeps
    /// no controller yet (the first list starts from no content).
    package init(factory: any ControllerFactory, window: any HostWindow) {
        self.factory = factory
        self.window = window
    }

    /// The controller made for `id`, if it is made and not released.
    package func controller(_ id: ControllerID) -> (any PresentingController)? {
        made[id]?.controller
    }

    /// How many controllers are made and not yet released.
    package var madeCount: Int { made.count }

    /// Performs `operations` in order; with `animated`, the containers animate as UIKit does and
    /// each call returns when its completion ran.
    ///
    /// - Throws: `ApplierError` when an operation names a controller not made at that point, makes
    ///   one twice, or another list is being applied; nothing was performed then.
    package func apply(_ operations: [Reconciler.Operation], animated: Bool = false) async throws(ApplierError) {
        guard !applying else { throw .busy }
        try check(operations)
        applying = true
        defer { applying = false }
        for operation in operations { await perform(operation, animated: animated) }
    }

    /// Checks that each operation names controllers made at that point, of the kind it needs.
    private func check(_ operations: [Reconciler.Operation]) throws(ApplierError) {
        var live = Set(made.keys)
        for (index, operation) in operations.enumerated() {
            func need(_ id: ControllerID) throws(ApplierError) {
                if !live.contains(id) { throw .unknownController(id, at: index) }
            }
            switch operation {
            case .make(let id):
                if !live.insert(id).inserted { throw .alreadyMade(id, at: index) }
            case .release(let id):
                try need(id)
                live.remove(id)
            case .setRoot(let id):
                if let id { parents[id] = nil }
                if let id { try need(id) }
            case .setViewControllers(let screens, let stack):
                try need(.navigation(stack))
                for screen in screens { try need(.screen(screen)) }
            case .setTabs(let tabs, let bar):
                try need(.tabBar(bar))
                for tab in tabs { try need(tab) }
            case .select(let tab, let bar):
                try need(.tabBar(bar))
                try need(tab)
            case .setChild(let child, let hop):
                try need(.hop(hop))
                if let child { try need(child) }
            case .present(let controller, let presenter):
                try need(controller)
                try need(presenter)
            case .dismiss(let presenter):
                try need(presenter)
            }
        }
    }

    /// Returns once no transition runs on `controller`: UIKit drops or refuses a change made to a
    /// controller while one runs (the user's own back swipe among them), so every call waits
    /// for it, and then makes its change with no suspension in between.
    private func idle(_ controller: any PresentingController) async {
        // Mutant: the change made while UIKit runs a transition.
        if planted(.uikitChangeMidTransition) { return }
        while controller.isTransitioning { await controller.transitionEnded() }
    }

    /// Returns once no transition runs on `presenter`, and no presentation or dismissal up the
    /// chain it presents (the user's swipe of the top sheet still animating, say): UIKit refuses
    /// a dismiss while one runs anywhere in the chain it would dismiss. Each wait lets another
    /// transition begin, so both are looked at again after it.
    private func idleChain(from presenter: any PresentingController) async {
        await idle(presenter)
        while let busy = Self.presentationRunning(above: presenter) {
            await busy.transitionEnded()
            // Should a modal be in its dismissal with no transition to wait for, the main actor
            // still turns: UIKit's run loop goes on between the looks.
            await Task.yield()
            await idle(presenter)
        }
    }

    /// The first controller up the chain `presenter` presents that is being presented or dismissed.
    private static func presentationRunning(above presenter: any PresentingController) -> (any PresentingController)? {
        // Mutant: only the presenter is waited for.
        if planted(.uikitDismissMidChainTransition) { return nil }
        var node = presenter.presentedController
        while let controller = node {
            if controller.isBeingPresentedOrDismissed { return controller }
            node = controller.presentedController
        }
        return nil
    }

    /// Whether `id`'s controller is out of the window inside a modal: the user swiped that modal
    /// away, or one beneath it, while this list waited for that dismissal. UIKit refuses to present from
    /// it, and it presents nothing to dismiss. The user's report of the swipe follows: the model
    /// dismisses the modal, or the host's undo presents it again with what the model presents
    /// above it.
    private func swipedAway(_ id: ControllerID, _ controller: any PresentingController) -> Bool {
        guard !controller.isInWindow else { return false }
        // In a modal: the controller itself, or one its containers' chain reaches.
        var node: ControllerID? = id
        while let current = node {
            if presenters[current] != nil { return true }
            // Mutant: the containers holding the controller not read.
            node = planted(.uikitSwipedParentsUnread) ? nil : parents[current]
        }
        return false
    }

    /// Notes `children` as what `container` holds now.
    private func place(_ children: [ControllerID], in container: ControllerID) {
        parents = parents.filter { $0.value != container }
        for child in children { parents[child] = container }
    }

    /// Forgets the modals `presenter` presents, and those above them: dismissed.
    private func dismissed(above presenter: ControllerID) {
        for (modal, below) in presenters where below == presenter {
            presenters[modal] = nil
            withheld.remove(modal)
            dismissed(above: modal)
        }
    }

    /// Selects, in each tab bar holding `id` (through the containers this applier placed it in)
    /// that shows none of its tabs, the tab holding it: what the content shows selected already,
    /// where UIKit shows More's list, opened by the user and reported by no delegate call. A tab
    /// bar showing another tab is left as it is: that tab is the user's, and the host's gates
    /// keep a tap from racing its changes.
    private func selectTabs(holding id: ControllerID) async {
        var child = id
        while let container = parents[child] {
            if case .tabBar(let tabBar)? = made[container], let tab = made[child]?.controller,
                !tabBar.tabs.contains(where: \.isInWindow)
            {
                await idle(tabBar)
                tabBar.selectTab(tab)
            }
            child = container
        }
    }

    /// `wanted`, with the tabs the tab bar shows already kept in the order it shows them (the
    /// user's, after a reorder through More): each place of `wanted` that holds a tab staying
    /// takes the next staying tab in the shown order, and a new tab keeps its place.
    static func inUsersOrder(
        _ wanted: [any PresentingController], shown: [any PresentingController]
    ) -> [any PresentingController] {
        let wantedIDs = Set(wanted.map(ObjectIdentifier.init)), shownIDs = Set(shown.map(ObjectIdentifier.init))
        var staying = shown.filter { wantedIDs.contains(ObjectIdentifier($0)) }.makeIterator()
        return wanted.map { shownIDs.contains(ObjectIdentifier($0)) ? staying.next() ?? $0 : $0 }
    }

    /// One operation, on controllers ``check(_:)`` found made; each call to UIKit waits for
    /// the transition running on its controller to end (``idle(_:)``).
    private func perform(_ operation: Reconciler.Operation, animated: Bool) async {
        switch operation {
        case .make(let id):
            switch id {
            case .screen(let screen): made[id] = .screen(factory.makeScreen(screen))
            case .navigation(let stack): made[id] = .navigation(factory.makeNavigation(stack))
            case .tabBar(let bar): made[id] = .tabBar(factory.makeTabBar(bar))
            case .hop(let hop): made[id] = .hop(factory.makeHop(hop))
            }
        case .release(let id):
            presenters[id] = nil
            withheld.remove(id)
            parents[id] = nil
            if let controller = made.removeValue(forKey: id)?.controller { factory.release(controller, as: id) }
        case .setRoot(let id):
            if let id { parents[id] = nil }
            await window.setRootController(id.flatMap { made[$0]?.controller }, animated: animated)
        case .setViewControllers(let screens, let stack):
            guard case .navigation(let navigation)? = made[.navigation(stack)] else { return }
            place(screens.map(ControllerID.screen), in: .navigation(stack))
            await idle(navigation)
            await navigation.showStack(screens.compactMap { made[.screen($0)]?.controller }, animated: animated)
        case .setTabs(let tabs, let bar):
            guard case .tabBar(let tabBar)? = made[.tabBar(bar)] else { return }
            place(tabs, in: .tabBar(bar))
            await idle(tabBar)
            let wanted = tabs.compactMap { made[$0]?.controller }
            // Mutant: the tabs given in the model's order.
            tabBar.showTabs(planted(.uikitTabsInModelOrder) ? wanted : Self.inUsersOrder(wanted, shown: tabBar.tabs))
        case .select(let tab, let bar):
            guard case .tabBar(let tabBar)? = made[.tabBar(bar)], let controller = made[tab]?.controller else { return }
            await idle(tabBar)
            tabBar.selectTab(controller)
        case .setChild(let child, let hop):
            guard case .hop(let container)? = made[.hop(hop)] else { return }
            place(child.map { [$0] } ?? [], in: .hop(hop))
            await idle(container)
            await container.showChild(child.flatMap { made[$0]?.controller }, animated: animated)
        case .present(let controller, let presenter):
            guard let shown = made[controller]?.controller, let presenting = made[presenter]?.controller else { return }
            await idle(presenting)
            presenters[controller] = presenter
            // Presented already: the undo of the user's refused swipe got there first.
            if presenting.presentedController === shown {
                withheld.remove(controller)
                return
            }
            // Mutant: presented from a modal the user swiped out of the window.
            guard !swipedAway(presenter, presenting) || planted(.uikitPresentOutsideWindow) else {
                withheld.insert(controller)
                return
            }
            withheld.remove(controller)
            // The user may have opened More's list since (UIKit tells the host nothing of it, and
            // `selectedIndex` is `NSNotFound` then): the presenter is out of the window, and UIKit
            // would refuse the presentation. Its tabs are selected again, as the content shows them.
            // Mutant: presented from where it is, out of the window.
            if !presenting.isInWindow && !planted(.uikitPresentUnderMoreList) {
                await selectTabs(holding: presenter)
                await idle(presenting)
            }
            // Mutant: the sheet watched only once its presentation completed.
            if !planted(.uikitSheetWatchedLate) { factory.willPresent(shown, as: controller, by: presenter) }
            await presenting.presentController(shown, animated: animated)
            if planted(.uikitSheetWatchedLate) { factory.willPresent(shown, as: controller, by: presenter) }
        case .dismiss(let presenter):
            guard let presenting = made[presenter]?.controller else { return }
            await idleChain(from: presenting)
            let wasWithheld = presenters.contains { $0.value == presenter && withheld.contains($0.key) }
            dismissed(above: presenter)
            // Nothing to dismiss: the user's swipe took it out of the window, with what it
            // presented, or its modal was never presented.
            // Mutant: a modal held back from UIKit dismissed all the same.
            if presenting.presentedController == nil,
                (wasWithheld && !planted(.uikitDismissWithheld)) || swipedAway(presenter, presenting)
            {
                return
            }
            await presenting.dismissPresented(animated: animated)
        }
    }
}
