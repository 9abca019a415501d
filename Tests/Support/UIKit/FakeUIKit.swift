import TransitionCoordinator
import TransitionCoordinatorUIKit

/// A fake of UIKit's containers that enforces UIKit's rules and records each break as a
/// ``Violation``: the window, its root, and every controller made through it.
///
/// The rules: a navigation controller is never pushed into another; only a presenter that is on
/// screen (in the window's hierarchy, where a tab bar holds its selected child alone) and
/// presents nothing can present; a controller that presents does not move (UIKit would leave its
/// modal behind); dismissing a presenter dismisses everything above it;
/// a controller has one parent at a time (a container, a presenter or the window); a tab index
/// stays in range; a controller is made once, appears only after it is made, and is released
/// once, off screen, and never used after. ``content()`` reads the controllers back as a tree.
@MainActor
package final class FakeUIKit: ControllerFactory, WindowRooting {
    /// A fake with no window root and no controllers.
    package init() {}

    /// A broken rule.
    package struct Violation: Error, CustomStringConvertible, Equatable {
        package enum Rule: Equatable {
            case navigationInNavigation, presenterBusy, presenterOffScreen, twoParents, tabOutOfRange,
                madeTwice, notAlive, releasedOnScreen, dismissedNothing, duplicateChild, movedWhilePresenting
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

    package func note(_ rule: Violation.Rule, _ message: String) {
        violations.append(Violation(rule: rule, message: message))
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
        fake.children = []
        fake.released = true
        live[fake.id] = nil
    }

    // MARK: WindowRooting

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
    package var presented: FakeController?
    package var selected: Int?
    package var released = false

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
        var seen = Set<ObjectIdentifier>()
        for child in fakes {
            if !seen.insert(ObjectIdentifier(child)).inserted { world.note(.duplicateChild, "\(id) holds \(child.id) twice") }
            guard world.alive(child, "join \(id)") else { continue }
            if case .navigation = id, case .navigation = child.id {
                world.note(.navigationInNavigation, "navigation \(child.id) is pushed into \(id)")
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

    package func showStack(_ controllers: [any PresentingController], animated: Bool) async {
        adopt(controllers, "show a stack")
    }

    package func showTabs(_ controllers: [any PresentingController]) {
        let was = selected.flatMap { children.indices.contains($0) ? children[$0] : nil }
        adopt(controllers, "show tabs")
        // As UIKit: the selected controller stays selected where it is still a tab, else the first.
        selected = children.isEmpty ? nil : (children.firstIndex { $0 === was } ?? 0)
    }

    package func selectTab(_ index: Int) {
        guard children.indices.contains(index) else {
            world.note(.tabOutOfRange, "tab \(index) of \(id), which holds \(children.count)")
            return
        }
        selected = index
    }

    package func showChild(_ child: (any PresentingController)?, animated: Bool) async {
        adopt(child.map { [$0] } ?? [], "show a child")
    }

    package func presentController(_ controller: any PresentingController, animated: Bool) async {
        guard let modal = controller as? FakeController, world.alive(self, "present"), world.alive(modal, "be presented") else {
            return
        }
        if let presented { world.note(.presenterBusy, "\(id) presents \(modal.id) while presenting \(presented.id)") }
        if !world.isOnScreen(self) { world.note(.presenterOffScreen, "\(id) presents \(modal.id) while not on screen") }
        if modal.parent != nil || modal.presenter != nil || world.root === modal {
            world.note(.twoParents, "\(modal.id) is presented while \(modal.placement)")
        }
        if let above = modal.presented {
            world.note(.movedWhilePresenting, "\(modal.id) is presented while presenting \(above.id)")
        }
        presented = modal
        modal.presenter = self
    }

    package func dismissPresented(animated: Bool) async {
        guard world.alive(self, "dismiss") else { return }
        guard let modal = presented else {
            world.note(.dismissedNothing, "\(id) dismisses but presents nothing")
            return
        }
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
