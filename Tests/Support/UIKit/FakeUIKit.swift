import TransitionCoordinator
import TransitionCoordinatorUIKit

/// A fake of UIKit's containers that enforces UIKit's rules and records each break as a
/// ``Violation``: the window, its root, and every controller made through it.
///
/// The rules: a navigation controller is never pushed into another, nor a controller on screen
/// presented (UIKit traps on both, and so does the fake, through ``onTrap``); a tab bar
/// controller is a root (of the window, a presentation, or the hop container that swaps the
/// window's screens), never a child of a stack or a tab bar; a hop container's animated change
/// starts from its own child (`transition(from:to:)`); past five tabs a More tab shows, and
/// while its list shows no tab is selected (`selectedIndex` is `NSNotFound`); only a presenter that is on
/// screen (in the window's hierarchy, where a tab bar holds its selected child alone) and
/// presents nothing can present; a controller that presents does not move (UIKit would leave its
/// modal behind); dismissing a presenter dismisses everything above it;
/// a controller has one parent at a time (a container, a presenter or the window); a tab index
/// stays in range; a controller is made once, appears only after it is made, and is released
/// once, off screen, and never used after. ``content()`` reads the controllers back as a tree.
///
/// UIKit's timing, with ``Timing/held``: an animated push, pop, presentation or dismissal is a
/// transition that runs until the test ends it (``endTransitions()``), and the user's
/// interactive pop runs from ``beginInteractivePop(_:)`` to ``endInteractivePop(finished:)``.
/// While a transition runs, a change to a controller it involves is dropped or refused as UIKit
/// drops or refuses it (`setViewControllers` changes nothing; `present` and `dismiss` do
/// nothing, and UIKit would never call their completion), and noted as
/// ``Violation/Rule-swift.enum/changedMidTransition``. One presentation per presentation
/// context: a controller presents only if nothing in its context (the controllers joined to it
/// through parents, up to the window's root or a presented controller, and down through
/// children) presents already. With ``Timing/instant`` (the default) every transition ends at once.
@MainActor
package final class FakeUIKit: ControllerFactory, HostWindow {
    /// When UIKit's animated transitions end.
    package enum Timing {
        /// At once, before the call returns.
        case instant
        /// When the test ends them (``endTransitions()``).
        case held
    }

    /// A transition UIKit runs on `owner` (a navigation controller's push or pop, or a presenter's
    /// presentation or dismissal, of `modal`).
    package final class Transition {
        package let owner: FakeController
        package let modal: FakeController?
        package let interactive: Bool
        /// The screen an interactive pop takes off: out of its navigation controller's
        /// `viewControllers` while the finger is down (still its child, animating out), put back
        /// if the pop is cancelled.
        package var popping: FakeController?
        fileprivate var waiters: [CheckedContinuation<Void, Never>] = []
        /// What UIKit calls when the transition ends (a delegate's `didShow`, or
        /// `presentationControllerDidDismiss`), before whoever waits for its end resumes.
        fileprivate var completions: [@MainActor () -> Void] = []
        init(owner: FakeController, modal: FakeController?, interactive: Bool) {
            (self.owner, self.modal, self.interactive) = (owner, modal, interactive)
        }
    }

    package let timing: Timing
    /// The transitions running, oldest first.
    package private(set) var transitions: [Transition] = []
    /// Called when a caller starts waiting for a transition's end (``FakeController/transitionEnded()``).
    package var onWait: (@MainActor () -> Void)?
    /// Called with each violation as it is noted.
    package var onViolation: (@MainActor (Violation) -> Void)?

    /// A fake with no window root and no controllers, whose transitions end as `timing` says.
    package init(timing: Timing = .instant) { self.timing = timing }

    /// A broken rule.
    package struct Violation: Error, CustomStringConvertible, Equatable {
        package enum Rule: Equatable {
            case navigationInNavigation, presenterBusy, presenterOffScreen, twoParents, tabOutOfRange,
                madeTwice, notAlive, releasedOnScreen, dismissedNothing, duplicateChild, movedWhilePresenting,
                changedMidTransition, presentedInHiddenWindow, tabBarAsChild, containment, userOrderReverted
        }
        package let rule: Rule
        package let message: String
        package var description: String { "\(rule): \(message)" }
    }

    /// Why the controllers cannot be read as a tree.
    package struct Unreadable: Error, CustomStringConvertible {
        package let description: String
    }

    package private(set) var violations: [Violation] = []
    package private(set) var root: FakeController?
    /// The controllers made and not released, by id.
    package private(set) var live: [ControllerID: FakeController] = [:]

    /// Throws the first violation recorded, if any.
    package func throwIfViolated() throws {
        if let first = violations.first { throw first }
    }

    /// What UIKit does where it traps (an exception, or a crash): by default the fake traps too;
    /// the stress harness records a violation instead, to report it with its seed.
    package var onTrap: @MainActor (Violation) -> Void = { fatalError("UIKit traps: \($0)") }

    /// Notes the violation, then traps as UIKit does (``onTrap``).
    package func trap(_ rule: Violation.Rule, _ message: String) {
        note(rule, message)
        onTrap(Violation(rule: rule, message: message))
    }

    package func note(_ rule: Violation.Rule, _ message: String) {
        let violation = Violation(rule: rule, message: message)
        violations.append(violation)
        onViolation?(violation)
    }

    // MARK: Transitions

    /// Starts a transition on `owner`; with ``Timing/instant`` (and not interactive) it has
    /// ended already, and nil is returned.
    fileprivate func begin(on owner: FakeController, modal: FakeController?, animated: Bool) -> Transition? {
        guard animated, timing == .held else { return nil }
        let transition = Transition(owner: owner, modal: modal, interactive: false)
        transitions.append(transition)
        return transition
    }

    /// The animation of a change the user made (a back tap's pop, a sheet swiped down) starts
    /// on `owner`: with ``Timing/held``, a transition running until the test ends it.
    /// `completion` is what UIKit calls once the animation ends (the navigation delegate's
    /// `didShow`, the presentation controller delegate's `didDismiss`): with ``Timing/instant``
    /// before this returns, otherwise when the transition ends.
    package func beginUserAnimation(
        on owner: FakeController, modal: FakeController? = nil, completion: @escaping @MainActor () -> Void = {}
    ) {
        guard let transition = begin(on: owner, modal: modal, animated: true) else { return completion() }
        transition.completions.append(completion)
    }

    /// Waits for `transition`'s end (at once for nil).
    fileprivate func end(of transition: Transition?) async {
        guard let transition, transitions.contains(where: { $0 === transition }) else { return }
        await withCheckedContinuation { transition.waiters.append($0) }
    }

    /// The transition running that involves `controller`: one on it, on a controller that holds
    /// it (a parent, a presenter, up the chain), or one that presents or dismisses it.
    package func transition(involving controller: FakeController) -> Transition? {
        var chain: [FakeController] = []
        var node: FakeController? = controller
        while let current = node {
            chain.append(current)
            node = current.parent ?? current.presenter
        }
        return transitions.first { transition in
            chain.contains { $0 === transition.owner } || transition.modal === controller
        }
    }

    /// The dismissal `owner` runs now: a transition on it whose modal it no longer presents.
    package func dismissal(by owner: FakeController) -> Transition? {
        transitions.first { $0.owner === owner && $0.modal != nil && owner.presented !== $0.modal }
    }

    /// The first controller up the chain `presenter` presents that is being presented or
    /// dismissed: a dismiss from `presenter` meanwhile is refused ("while a presentation or
    /// dismiss is in progress"), though `presenter`'s own transition coordinator is nil.
    package func presentationRunning(above presenter: FakeController) -> FakeController? {
        var node = presenter.presentedController as? FakeController
        while let controller = node {
            if controller.isBeingPresentedOrDismissed { return controller }
            node = controller.presentedController as? FakeController
        }
        return nil
    }

    /// Ends every transition that is not the user's (the interactive pop ends by
    /// ``endInteractivePop(finished:)``), oldest first, resuming whoever waits for each.
    package func endTransitions() {
        let ending = transitions.filter { !$0.interactive } + (dissolve.map { [$0] } ?? [])
        transitions.removeAll { !$0.interactive }
        dissolve = nil
        for transition in ending {
            for completion in transition.completions { completion() }
            for waiter in transition.waiters { waiter.resume() }
        }
    }

    /// The user begins an interactive pop of `navigation` (its edge swipe): refused (false) when
    /// it holds fewer than two screens or a transition involving it runs, as UIKit's gesture
    /// does not begin then. As in UIKit, `viewControllers` leaves out the top screen from now on
    /// (`topViewController` is the one below), while the top stays the navigation
    /// controller's child, animating out, until the finger lifts.
    @discardableResult
    package func beginInteractivePop(_ navigation: FakeController) -> Bool {
        guard navigation.children.count >= 2, transition(involving: navigation) == nil else { return false }
        let transition = Transition(owner: navigation, modal: nil, interactive: true)
        transition.popping = navigation.children.popLast()
        transitions.append(transition)
        return true
    }

    /// The user's finger lifts: `finished`, the top screen is popped (it leaves its navigation
    /// controller); otherwise the pop is cancelled and the top screen is put back, the stack as
    /// it was. Whoever waits for the transition's end resumes.
    package func endInteractivePop(finished: Bool) {
        guard let index = transitions.firstIndex(where: \.interactive) else { return }
        let transition = transitions.remove(at: index)
        if let top = transition.popping, top.parent === transition.owner {
            if finished || transition.owner.released {
                top.parent = nil
            } else {
                transition.owner.children.append(top)
            }
        }
        for waiter in transition.waiters { waiter.resume() }
    }

    /// The screen an interactive pop of `navigation` is taking off, while the finger is down.
    package func popping(from navigation: FakeController) -> FakeController? {
        transitions.first { $0.interactive && $0.owner === navigation }?.popping
    }

    // MARK: ControllerFactory

    private func make(_ id: ControllerID) -> FakeController {
        let controller = FakeController(id, world: self)
        if live.updateValue(controller, forKey: id) != nil { note(.madeTwice, "\(id) is made while one is alive") }
        return controller
    }

    package func makeScreen(_ screen: Screen) -> any PresentingController { make(.screen(screen)) }
    package func makeNavigation(_ id: ContainerID) -> any NavigationControlling { make(.navigation(id)) }
    package func makeTabBar(_ id: ContainerID) -> any TabBarControlling { make(.tabBar(id)) }
    package func makeHop(_ id: ContainerID) -> any HopControlling { make(.hop(id)) }

    package func release(_ controller: any PresentingController, as id: ControllerID) {
        guard let fake = controller as? FakeController, alive(fake, "release") else { return }
        if fake.isOnScreenSlot { note(.releasedOnScreen, "\(id) is released while \(fake.placement)") }
        for child in fake.children where child.parent === fake { child.parent = nil }
        if let top = popping(from: fake), top.parent === fake { top.parent = nil }
        fake.children = []
        fake.released = true
        live[fake.id] = nil
    }

    // MARK: HostWindow

    /// Whether the window is hidden: nothing in it can present then, as in UIKit.
    package var isHidden = false
    /// How many times the window was made key.
    package private(set) var madeKey = 0
    package func makeKey() { madeKey += 1 }
    package func resetAppearance() {}

    // MARK: HostWindow (the root)

    package func setRootController(_ controller: (any PresentingController)?) {
        let fake = controller as? FakeController
        if let fake {
            guard alive(fake, "become the root") else { return }
            if fake !== root, fake.parent != nil || fake.presenter != nil {
                note(.twoParents, "\(fake.id) becomes the root while \(fake.placement)")
            }
            if fake !== root, let modal = fake.presented {
                note(.movedWhilePresenting, "\(fake.id) becomes the root while presenting \(modal.id)")
            }
        }
        root = fake
    }

    /// The window's cross-dissolve to a new root, while it runs (``Timing/held``): its waiters,
    /// resumed when ``endTransitions()`` ends it.
    package private(set) var dissolve: Transition?

    /// Whether the window's cross-dissolve to a new root runs: UIKit's
    /// `UIView.transition(with:duration:options:animations:completion:)` around
    /// `rootViewController`, which sets the new root at once (its view is in the window, the old
    /// root's is not) and calls its completion about 0.3 s later. Meanwhile no controller's
    /// `transitionCoordinator` is set, and the window takes no touches (no
    /// `.allowUserInteraction`).
    package var isDissolving: Bool { dissolve != nil }

    /// Makes `controller` the root; animated from another root, with ``Timing/held``, the
    /// cross-dissolve runs until ``endTransitions()`` ends it, and this returns then, as UIKit's
    /// completion comes once the animation ended.
    package func setRootController(_ controller: (any PresentingController)?, animated: Bool) async {
        let changes = animated && root != nil && controller != nil && controller !== root
        if changes, let dissolve {
            note(.changedMidTransition, "the window's root changes while its cross-dissolve runs")
            setRootController(controller)
            return await withCheckedContinuation { dissolve.waiters.append($0) }
        }
        setRootController(controller)
        guard changes, timing == .held, let fake = controller as? FakeController else { return }
        let running = Transition(owner: fake, modal: nil, interactive: false)
        dissolve = running
        await withCheckedContinuation { running.waiters.append($0) }
    }

    /// Notes a change made to `controller` while the window's cross-dissolve runs: UIKit makes
    /// it, inside the dissolve's animation (a push or a presentation cross-fades in with the
    /// new root, its own animation lost, and its completion comes out of step with the
    /// dissolve's).
    fileprivate func noteMidDissolve(_ controller: FakeController, _ what: String) {
        guard isDissolving else { return }
        note(.changedMidTransition, "\(controller.id) is asked to \(what) while the window's cross-dissolve runs")
    }

    // MARK: Rules

    /// Whether `controller` was made and not released; notes a violation when not.
    package func alive(_ controller: FakeController, _ what: String) -> Bool {
        guard !controller.released, live[controller.id] === controller else {
            note(.notAlive, "\(controller.id) is asked to \(what) but is not alive")
            return false
        }
        return true
    }

    /// Whether `controller` is in the window's hierarchy: the root, or a child (the selected one,
    /// of a tab bar) or presented controller of one that is.
    package func isOnScreen(_ controller: FakeController) -> Bool {
        var node: FakeController? = controller
        while let current = node {
            if current === root { return true }
            if let parent = current.parent, case .tabBar = parent.id {
                guard let selected = parent.selected, parent.children.indices.contains(selected),
                    parent.children[selected] === current
                else { return false }
            }
            node = current.parent ?? current.presenter
        }
        return false
    }

    /// The controllers as a content tree; nil with no root.
    package func content() throws -> WindowContent? {
        try root.map { try read($0) }
    }

    private func read(_ controller: FakeController) throws -> WindowContent {
        var content: WindowContent
        switch controller.id {
        case .screen(let screen):
            guard controller.children.isEmpty else { throw Unreadable(description: "screen \(screen) has children") }
            content = .screen(screen)
        case .navigation(let id):
            let screens = try controller.children.map { child -> Screen in
                guard case .screen(let screen) = child.id, child.presented == nil else {
                    throw Unreadable(description: "navigation \(id) holds \(child.id), which a stack cannot")
                }
                return screen
            }
            guard let first = screens.first else { throw Unreadable(description: "navigation \(id) is empty") }
            content = .stack(StackContainer(id: id, root: first, pushed: Array(screens.dropFirst())))
        case .tabBar(let id):
            content = .tabs(try TabBar(id: id, tabs: try controller.children.map(read), selected: controller.selected ?? -1))
        case .hop(let id):
            guard controller.children.count == 1, let child = controller.children.first else {
                throw Unreadable(description: "hop \(id) holds \(controller.children.count) children")
            }
            content = .hop(HopContainer(id: id, showing: try read(child)))
        }
        if let modal = controller.presented { content = .presenting(content, modal: try read(modal)) }
        return content
    }
}

/// One fake controller: a screen's, or a navigation, tab bar or hop container's, by its id.
@MainActor
package final class FakeController: NavigationControlling, TabBarControlling, HopControlling {
    package let id: ControllerID
    package unowned let world: FakeUIKit
    package var children: [FakeController] = []
    package weak var parent: FakeController?
    package weak var presenter: FakeController?
    /// How many times this controller was presented: a sheet presented again after the user's
    /// swipe was undone counts twice.
    package var timesPresented = 0
    package var presented: FakeController?
    package var selected: Int?
    package var released = false
    /// Whether the user's swipe down of this controller, presented, is reported (UIKit: its
    /// presentation controller has the host as its delegate).
    package var dismissalWatched = false
    /// Whether the user dismissed what this controller presented, and it has presented nothing
    /// since: the model's own dismissal of it then finds nothing, as the protocol allows.
    package var userDismissed = false

    package init(_ id: ControllerID, world: FakeUIKit) {
        self.id = id
        self.world = world
    }

    /// Whether it holds a place: a parent, a presenter, the window's root, or a modal over it.
    package var isOnScreenSlot: Bool { parent != nil || presenter != nil || presented != nil || world.root === self }

    /// Where it is, for messages.
    package var placement: String {
        if let parent { return "a child of \(parent.id)" }
        if let presenter { return "presented by \(presenter.id)" }
        if let presented { return "presenting \(presented.id)" }
        return world.root === self ? "the window's root" : "off screen"
    }

    /// Takes `controllers` as the children, checking each may join.
    private func adopt(_ controllers: [any PresentingController], _ what: String) {
        guard world.alive(self, what) else { return }
        let fakes = controllers.compactMap { $0 as? FakeController }
        if case .navigation = id, let inner = fakes.first(where: { if case .navigation = $0.id { true } else { false } }) {
            // Where the trap is recorded instead (``FakeUIKit/onTrap``), nothing changes.
            world.trap(.navigationInNavigation, "navigation \(inner.id) is pushed into \(id): UIKit traps")
            return
        }
        if let ancestor = fakes.first(where: { isHeld(by: $0) }) {
            // UIKit raises UIViewControllerHierarchyInconsistency; where the trap is recorded
            // instead (``FakeUIKit/onTrap``), nothing changes.
            world.trap(.twoParents, "\(ancestor.id) joins \(id), which it holds: UIKit traps")
            return
        }
        var seen = Set<ObjectIdentifier>()
        for child in fakes {
            if !seen.insert(ObjectIdentifier(child)).inserted { world.note(.duplicateChild, "\(id) holds \(child.id) twice") }
            guard world.alive(child, "join \(id)") else { continue }
            if case .tabBar = child.id {
                world.note(.tabBarAsChild, "tab bar \(child.id) joins \(id): a tab bar controller is a window's root")
            }
            if child.parent !== self, child.parent != nil || child.presenter != nil || world.root === child {
                world.note(.twoParents, "\(child.id) joins \(id) while \(child.placement)")
            }
            if child.parent !== self, let modal = child.presented {
                world.note(.movedWhilePresenting, "\(child.id) joins \(id) while presenting \(modal.id)")
            }
        }
        for old in children where old.parent === self { old.parent = nil }
        children = fakes
        for child in fakes { child.parent = self }
    }

    /// Whether `ancestor` is this controller or holds it, through parents and presenters.
    private func isHeld(by ancestor: FakeController) -> Bool {
        var node: FakeController? = self
        while let current = node {
            if current === ancestor { return true }
            node = current.parent ?? current.presenter
        }
        return false
    }

    /// Whether a change made to this controller now would be dropped or refused: notes it so.
    private func refusedMidTransition(_ what: String) -> Bool {
        guard let running = world.transition(involving: self) else { return false }
        world.note(
            .changedMidTransition,
            "\(id) is asked to \(what) while \(running.owner.id)'s \(running.interactive ? "interactive pop" : "transition") runs: UIKit drops it"
        )
        return true
    }

    package var isTransitioning: Bool { world.transition(involving: self) != nil }

    /// What it presents, or, while its dismissal animates, the modal it is dismissing (UIKit
    /// names the modal until the dismissal ended); else what its presentation context presents,
    /// or is dismissing: UIKit forwards a child's `present` to its context, and
    /// `presentedViewController` is non-nil too for a controller whose ancestor presents, so a
    /// stack in a tab and the tab bar, and the other tabs, read one modal.
    package var presentedController: (any PresentingController)? {
        if let own = presented ?? world.dismissal(by: self)?.modal { return own }
        // Never a modal that holds this controller, nor one in a container: only a tree a broken
        // rule left (a modal that joined a container) could read so, in a cycle UIKit never has.
        guard let modal = contextModal()?.modal, modal.parent == nil, !chainLoops(from: modal) else { return nil }
        return modal
    }

    /// Whether the chain of modals read up from `modal` (each one's own, or its context's)
    /// comes back to this controller or round to one read already.
    private func chainLoops(from modal: FakeController) -> Bool {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        var node: FakeController? = modal
        while let current = node {
            if !seen.insert(ObjectIdentifier(current)).inserted { return true }
            node = current.presented ?? current.presentingInContext()?.presented
        }
        return false
    }

    /// The controller of this one's presentation context that presents, or dismisses, a modal
    /// now (this one first, then up its parents, then anywhere in the context), with that modal.
    private func contextModal() -> (presenter: FakeController, modal: FakeController)? {
        if let busy = presentingInContext(), let modal = busy.presented { return (busy, modal) }
        var top = self
        while let parent = top.parent { top = parent }
        func dismissing(_ node: FakeController) -> (FakeController, FakeController)? {
            if let modal = world.dismissal(by: node)?.modal { return (node, modal) }
            for child in node.children where child.parent === node {
                if let found = dismissing(child) { return found }
            }
            return nil
        }
        return dismissing(top)
    }

    /// Whether it is in the window's hierarchy (``FakeUIKit/isOnScreen(_:)``), or is a modal whose
    /// dismissal still animates: UIKit takes a dismissed modal's view out of the window once the
    /// dismissal ended.
    package var isInWindow: Bool { world.isOnScreen(self) || world.transitions.contains { $0.modal === self } }

    package var isBeingPresentedOrDismissed: Bool { world.transitions.contains { $0.modal === self } }

    package func transitionEnded() async {
        guard let running = world.transition(involving: self) else { return }
        world.onWait?()
        await world.end(of: running)
    }

    package func showStack(_ controllers: [any PresentingController], animated: Bool) async {
        if refusedMidTransition("set its stack") { return }
        world.noteMidDissolve(self, "set its stack")
        adopt(controllers, "show a stack")
        await world.end(of: world.begin(on: self, modal: nil, animated: animated))
    }

    package var tabs: [any PresentingController] { children }
    package var stack: [any PresentingController] { children }

    package func showTabs(_ controllers: [any PresentingController]) {
        if refusedMidTransition("set its tabs") { return }
        let index = selected ?? lastSelected
        let was = index.flatMap { children.indices.contains($0) ? children[$0] : nil }
        if let order = userOrder {
            // The tabs staying must keep the order the user gave them through More's Edit.
            let staying = controllers.compactMap { $0 as? FakeController }.filter { tab in order.contains { $0 === tab } }
            let expected = order.filter { tab in staying.contains { $0 === tab } }
            if !staying.elementsEqual(expected, by: ===) {
                world.note(
                    .userOrderReverted,
                    "\(id) is given \(staying.map(\.id)) where the user ordered them \(expected.map(\.id))")
            }
        }
        let moreListShows = selected == nil && lastSelected != nil
        adopt(controllers, "show tabs")
        // While More's list shows, More's navigation controller is the one selected: it stays so
        // as long as a More tab shows.
        if moreListShows, hasMore { return }
        lastSelected = nil
        // As UIKit documents it: the selected controller stays selected where it is still a tab,
        // else the tab at the same index, else the first.
        selected =
            children.isEmpty
            ? nil : (children.firstIndex { $0 === was } ?? index.flatMap { children.indices.contains($0) ? $0 : nil } ?? 0)
    }

    package func selectTab(_ controller: any PresentingController) {
        guard let index = children.firstIndex(where: { $0 === controller }) else {
            world.note(
                .tabOutOfRange, "\((controller as? FakeController)?.id as Any) is selected in \(id), which does not hold it")
            return
        }
        selected = index
        lastSelected = nil
    }

    /// The selected index before the user opened the More list (UIKit's `selectedIndex` is
    /// `NSNotFound`, here nil, while the More list shows).
    package var lastSelected: Int?

    /// The tabs in the order the user gave them through More's Edit, once they did.
    package var userOrder: [FakeController]?

    /// Whether the tab bar shows a More tab: past five tabs, as UIKit's does.
    package var hasMore: Bool { children.count > 5 }

    package func showChild(_ child: (any PresentingController)?, animated: Bool) async {
        if refusedMidTransition("show a child") { return }
        world.noteMidDissolve(self, "show a child")
        // `transition(from:to:)` takes two children of this controller: the old one must still be its own.
        if animated, child != nil, let old = children.first, old.parent !== self {
            world.note(.containment, "\(id) transitions from \(old.id), which is no longer its child")
        }
        adopt(child.map { [$0] } ?? [], "show a child")
        await world.end(of: world.begin(on: self, modal: nil, animated: animated))
    }

    package func presentController(_ controller: any PresentingController, animated: Bool) async {
        guard let modal = controller as? FakeController, world.alive(self, "present"), world.alive(modal, "be presented") else {
            return
        }
        if refusedMidTransition("present \(modal.id)") { return }
        world.noteMidDissolve(self, "present \(modal.id)")
        if world.isHidden {
            world.note(.presentedInHiddenWindow, "\(id) presents \(modal.id) while its window is hidden: UIKit refuses it")
            return
        }
        if let busy = presentingInContext() {
            world.note(
                .presenterBusy,
                "\(id) presents \(modal.id) while \(busy.id), in its presentation context, presents \(busy.presented?.id as Any)")
            return
        }
        if !world.isOnScreen(self) {
            // UIKit refuses it ("…whose view is not in the window hierarchy") and never calls its completion.
            world.note(.presenterOffScreen, "\(id) presents \(modal.id) while not in the window: UIKit refuses it")
            return
        }
        if modal.parent != nil || modal.presenter != nil || world.root === modal || isHeld(by: modal) {
            // Where the trap is recorded instead (``FakeUIKit/onTrap``), nothing is linked.
            world.trap(.twoParents, "\(modal.id) is presented while \(modal.placement): UIKit traps")
            return
        }
        if let above = modal.presented {
            world.note(.movedWhilePresenting, "\(modal.id) is presented while presenting \(above.id)")
        }
        presented = modal
        modal.presenter = self
        modal.timesPresented += 1
        userDismissed = false
        await world.end(of: world.begin(on: self, modal: modal, animated: animated))
    }

    /// Whether something in this controller's presentation context presents (a sheet covers it).
    package var contextPresents: Bool { presentingInContext() != nil }

    /// The controller of this one's presentation context that presents, if any: UIKit forwards
    /// a child's `present` to its context, and reads `presentedViewController` through
    /// ancestors, so a context presents one controller at a time.
    private func presentingInContext() -> FakeController? {
        var top = self
        while let parent = top.parent { top = parent }
        func find(_ node: FakeController) -> FakeController? {
            if node.presented != nil { return node }
            for child in node.children where child.parent === node {
                if let found = find(child) { return found }
            }
            return nil
        }
        return find(top)
    }

    package func dismissPresented(animated: Bool) async {
        guard world.alive(self, "dismiss") else { return }
        guard let modal = presented else {
            // The protocol's own case: the user swiped the sheet down before the model said so.
            if userDismissed {
                userDismissed = false
            } else {
                world.note(.dismissedNothing, "\(id) dismisses but presents nothing")
            }
            // UIKit's `presentedViewController` reads the context's modal too: the conformance
            // then calls `dismiss`, which dismisses what the context presents.
            if let (owner, _) = contextModal(), owner !== self, owner.presented != nil {
                world.note(.dismissedNothing, "\(id) dismisses, and UIKit dismisses what \(owner.id) in its context presents")
                await owner.dismissPresented(animated: animated)
            }
            return
        }
        if refusedMidTransition("dismiss \(modal.id)") { return }
        world.noteMidDissolve(self, "dismiss \(modal.id)")
        if let running = world.presentationRunning(above: self) {
            world.note(
                .changedMidTransition,
                "\(id) is asked to dismiss \(modal.id) while \(running.id) is being presented or dismissed in that chain: "
                    + "UIKit refuses it")
            return
        }
        presented = nil
        modal.presenter = nil
        modal.dismissAbove()
        await world.end(of: world.begin(on: self, modal: modal, animated: animated))
    }

    /// The user swiped what this controller presents down: it is dismissed, with everything above it.
    package func userDismissedPresented() {
        guard let modal = presented else { return }
        userDismissed = true
        presented = nil
        modal.presenter = nil
        modal.dismissAbove()
    }

    /// Ends every presentation in this controller's subtree: what it and its children present.
    private func dismissAbove() {
        for child in children { child.dismissAbove() }
        if let modal = presented {
            presented = nil
            modal.presenter = nil
            modal.dismissAbove()
        }
    }
}
