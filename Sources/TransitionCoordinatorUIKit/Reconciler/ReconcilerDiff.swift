import TransitionCoordinator

/// The work behind `Reconciler.operations(from:to:)`: where each controller leaves and joins,
/// and the order that keeps every UIKit rule.
struct ReconcilerDiff {
    /// A place that holds children: the window (its root) or a container controller.
    enum Slot: Hashable {
        case window
        case container(ControllerID)
    }

    /// How a controller leaves its old place.
    enum Leave {
        /// Its place (a container, the window) takes new children without it.
        case slot(Slot)
        /// Its container is released (which lets go of its children).
        case dying(ControllerID)
        /// It was presented, and that presentation ended.
        case dismissed
    }

    /// How a controller takes its new place.
    enum Join {
        /// As a child of a container, or the window's root.
        case slot(Slot)
        /// Presented.
        case presented
    }

    /// One step of the ordered middle phase.
    enum Step: Hashable {
        /// A slot takes its new children.
        case set(Slot)
        /// A container controller that left is released.
        case release(ControllerID)
    }

    private let old: ContentScan
    private let new: ContentScan
    private var leaving: [ControllerID: Leave] = [:]
    private var leavingOrder: [ControllerID] = []
    private var joining: [ControllerID: Join] = [:]
    private var joiningOrder: [ControllerID] = []
    private var steps: [Step] = []
    private var dismisses: [ControllerID] = []
    private var ended: Set<ControllerID> = []
    /// The new tree's presentations that start, worked out once for the joins and the presents.
    private var starting: [ContentScan.Presentation] = []
    private var emitted: [Reconciler.Operation] = []

    init(_ old: ContentScan, _ new: ContentScan) {
        self.old = old
        self.new = new
    }

    /// The operations, in the order `Reconciler` documents.
    mutating func operations() -> [Reconciler.Operation] {
        compareRoots()
        compareContainers()
        comparePresentations()
        let makes = joiningOrder.filter { leaving[$0] == nil }
        emitted.reserveCapacity(makes.count + dismisses.count + steps.count + 2)
        for id in makes { emitted.append(.make(id)) }
        for presenter in dismisses { emitted.append(.dismiss(from: presenter)) }
        orderSteps()
        for presentation in starting { emitted.append(.present(presentation.modal, from: presentation.presenter)) }
        for id in leavingOrder where joining[id] == nil {
            if case .screen = id { emitted.append(.release(id)) }
        }
        return emitted
    }

    // MARK: Where each controller leaves and joins

    private mutating func leave(_ id: ControllerID, _ how: Leave) {
        if leaving.updateValue(how, forKey: id) == nil { leavingOrder.append(id) }
    }

    private mutating func join(_ id: ControllerID, _ how: Join) {
        if joining.updateValue(how, forKey: id) == nil { joiningOrder.append(id) }
    }

    /// The window's root changes: the window is a slot with one child.
    private mutating func compareRoots() {
        guard old.root != new.root else { return }
        steps.append(.set(.window))
        if let root = old.root { leave(root, .slot(.window)) }
        if let root = new.root { join(root, .slot(.window)) }
    }

    /// Every container whose children changed, every new one, every one that left.
    private mutating func compareContainers() {
        for (id, children) in new.containers {
            let slot = Slot.container(id)
            guard let was = old.children(of: id) else {
                steps.append(.set(slot))
                for child in children.controllers { join(child, .slot(slot)) }
                continue
            }
            if case .stack(let gone) = was, case .stack(let came) = children {
                // One pass from each end: a stack's screens are compared once, hashed only where they differ.
                let (start, goneEnd, cameEnd) = Self.sharedEnds(gone, came)
                if start == goneEnd, start == cameEnd { continue }
                steps.append(.set(slot))
                let removed = gone[start..<goneEnd], added = came[start..<cameEnd]
                leaving.reserveCapacity(leaving.count + removed.count)
                joining.reserveCapacity(joining.count + added.count)
                let kept = Set(added), previous = Set(removed)
                for screen in removed where !kept.contains(screen) { leave(.screen(screen), .slot(slot)) }
                for screen in added where !previous.contains(screen) { join(.screen(screen), .slot(slot)) }
                continue
            }
            if was == children { continue }
            steps.append(.set(slot))
            let gone = was.controllers, came = children.controllers
            for child in gone where !came.contains(child) { leave(child, .slot(slot)) }
            for child in came where !gone.contains(child) { join(child, .slot(slot)) }
        }
        for (id, children) in old.containers where new.index[id] == nil {
            steps.append(.release(id))
            for child in children.controllers { leave(child, .dying(id)) }
        }
    }

    /// Where two screen lists stop being equal from the front, and from the back.
    ///
    /// Compares each screen's fields as `Screen`'s `==` does, read in place from the arrays, so
    /// no screen is copied (its strings and parameters retained, then released) to compare it.
    private static func sharedEnds(_ old: [Screen], _ new: [Screen]) -> (start: Int, oldEnd: Int, newEnd: Int) {
        func same(_ a: Int, _ b: Int) -> Bool {
            guard old[a].id.rawValue == new[b].id.rawValue, old[a].name == new[b].name else { return false }
            if old[a].parameters.isEmpty { return new[b].parameters.isEmpty }
            return old[a].parameters == new[b].parameters
        }
        var start = 0
        while start < old.count, start < new.count, same(start, start) { start += 1 }
        var oldEnd = old.count, newEnd = new.count
        while oldEnd > start, newEnd > start, same(oldEnd - 1, newEnd - 1) {
            oldEnd -= 1
            newEnd -= 1
        }
        return (start, oldEnd, newEnd)
    }

    /// The presentations that end (dismissed: the lowest of each chain whose modal changes or
    /// whose presenter moves, and every presentation in what it presented with it) and those that
    /// start. A presenter that moves (another container, the window's root, presented itself)
    /// dismisses first and presents again from its new place: UIKit keeps no presentation across
    /// a move of its presenter.
    private mutating func comparePresentations() {
        var ends = Array(repeating: false, count: old.presentations.count)
        for (index, presentation) in old.presentations.enumerated() {
            if let enclosing = presentation.enclosing, ends[enclosing] {
                ends[index] = true
            } else if new.presented[presentation.presenter] != presentation.modal || leaving[presentation.presenter] != nil {
                dismisses.append(presentation.presenter)
                ends[index] = true
            }
            if ends[index] {
                ended.insert(presentation.presenter)
                leave(presentation.modal, .dismissed)
            }
        }
        // A presentation of the new tree starts when it is new, or ended with a dismiss.
        starting = new.presentations.filter { presentation in
            old.presented[presentation.presenter] != presentation.modal || ended.contains(presentation.presenter)
        }
        for presentation in starting { join(presentation.modal, .presented) }
    }

    // MARK: The middle phase's order

    /// Emits the middle phase: each step after the steps that free what it takes (a container's
    /// new child left its old container first; a released container left its parent first). A
    /// cycle of containers exchanging children is broken by letting one of them go of what leaves it.
    private mutating func orderSteps() {
        guard !steps.isEmpty else { return }
        var position: [Step: Int] = [:]
        for (index, step) in steps.enumerated() { position[step] = index }
        var after = Array(repeating: [Int](), count: steps.count)
        var waiting = Array(repeating: 0, count: steps.count)
        func edge(_ from: Step?, _ to: Step?) {
            guard let from, let to, let source = position[from], let target = position[to], source != target else { return }
            after[source].append(target)
            waiting[target] += 1
        }
        for (id, leave) in leaving {
            if let join = joining[id] { edge(step(leaving: leave), step(joining: join)) }
            if case .screen = id { continue }
            if position[.release(id)] != nil { edge(step(leaving: leave), .release(id)) }
        }
        var done = Array(repeating: false, count: steps.count)
        var remaining = steps.count
        while remaining > 0 {
            if let ready = steps.indices.first(where: { !done[$0] && waiting[$0] == 0 }) {
                emit(steps[ready])
                done[ready] = true
                remaining -= 1
                for next in after[ready] { waiting[next] -= 1 }
                after[ready] = []
                continue
            }
            // A cycle: the first container in it that others wait on lets go of what leaves it.
            guard let breaker = steps.indices.first(where: { !done[$0] && !after[$0].isEmpty && steps[$0] != .set(.window) })
            else {
                break // unreachable for trees that keep invariant 8: every cycle holds a container
            }
            letGo(steps[breaker])
            for next in after[breaker] { waiting[next] -= 1 }
            after[breaker] = []
        }
    }

    /// The step that frees a controller leaving this way, if a step does.
    private func step(leaving how: Leave) -> Step? {
        switch how {
        case .slot(let slot): .set(slot)
        case .dying(let id): .release(id)
        case .dismissed: nil
        }
    }

    /// The step that places a controller joining this way, if a step does.
    private func step(joining how: Join) -> Step? {
        if case .slot(let slot) = how { .set(slot) } else { nil }
    }

    /// Appends the operations of one step.
    private mutating func emit(_ step: Step) {
        switch step {
        case .release(let id):
            emitted.append(.release(id))
        case .set(.window):
            emitted.append(.setRoot(new.root))
        case .set(.container(let id)):
            guard let container = id.container, let children = new.children(of: id) else { return }
            let was = old.children(of: id)
            switch children {
            case .stack(let screens):
                emitted.append(.setViewControllers(screens, of: container))
            case .tabs(let tabs, let selected):
                var tabsChanged = true, selectionChanged = selected != 0
                if case .tabs(let oldTabs, let oldSelected)? = was {
                    tabsChanged = oldTabs != tabs
                    selectionChanged = tabsChanged || oldSelected != selected
                }
                if tabsChanged { emitted.append(.setTabs(tabs, of: container)) }
                if selectionChanged, tabs.indices.contains(selected) { emitted.append(.select(tabs[selected], of: container)) }
            case .hop(let child):
                emitted.append(.setChild(child, of: container))
            }
        }
    }

    /// Breaks a cycle at `step`: a container that stays keeps only its children that stay; one
    /// about to be released lets go of all of them.
    private mutating func letGo(_ step: Step) {
        switch step {
        case .set(.window):
            emitted.append(.setRoot(nil))
        case .set(.container(let id)):
            guard let container = id.container, let was = old.children(of: id) else { return }
            switch was {
            case .stack(let screens):
                emitted.append(.setViewControllers(screens.filter { leaving[.screen($0)] == nil }, of: container))
            case .tabs(let tabs, _): emitted.append(.setTabs(tabs.filter { leaving[$0] == nil }, of: container))
            case .hop: emitted.append(.setChild(nil, of: container))
            }
        case .release(let id):
            guard let container = id.container else { return }
            switch id {
            case .navigation: emitted.append(.setViewControllers([], of: container))
            case .tabBar: emitted.append(.setTabs([], of: container))
            case .hop, .screen: emitted.append(.setChild(nil, of: container))
            }
        }
    }
}
