import TransitionCoordinator

/// One content tree read as UIKit's controllers: each container's children, each presentation,
/// the window's root. Screens in a stack are not visited one by one: a stack's items are kept as
/// the array the tree holds (shared, not copied).
///
/// Only what is on screen presents: a modal that a tab which is not selected presents (in the
/// tree, kept for when its tab is selected) is not read, since UIKit presents only from a
/// controller in the window's hierarchy. Its tab's own controllers are read all the same.
///
/// Two trees are read together (``pair(_:_:)``): where both hold the same node at the same place
/// and the subtrees are equal, neither is read, since nothing in it changes; nor is a presenter
/// equal in both whose modal changed (its presentation is read, and what it presents).
struct ContentScan {
    /// A container controller's children, as UIKit holds them.
    enum Children: Equatable {
        /// A navigation controller's screens, bottom to top.
        case stack([Screen])
        /// A tab bar controller's tabs and its selected index.
        case tabs([ControllerID], selected: Int)
        /// A hop container's one child.
        case hop(ControllerID)

        /// Every child controller, in order.
        var controllers: [ControllerID] {
            switch self {
            case .stack(let screens): screens.map(ControllerID.screen)
            case .tabs(let tabs, _): tabs
            case .hop(let child): [child]
            }
        }
    }

    /// One presentation read.
    struct Presentation {
        let presenter: ControllerID
        let modal: ControllerID
        /// The index of the nearest presentation whose modal holds this one: dismissing that one
        /// ends this one too.
        let enclosing: Int?
    }

    /// The window's root controller; nil for no content.
    private(set) var root: ControllerID?
    /// Every container controller read with its children, in tree order (a container before what it holds).
    private(set) var containers: [(id: ControllerID, children: Children)] = []
    /// Each container's index in ``containers``.
    private(set) var index: [ControllerID: Int] = [:]
    /// Each presentation read, base before modal (a presenter is on screen before what it presents).
    private(set) var presentations: [Presentation] = []
    /// The controller each presenter read presents.
    private(set) var presented: [ControllerID: ControllerID] = [:]
    /// The presentation whose modal is being read.
    private var enclosing: Int?

    private init(root: ControllerID?) { self.root = root }

    /// Reads both trees, skipping the subtrees they share unchanged at the same place.
    static func pair(_ old: WindowContent?, _ new: WindowContent?) -> (old: ContentScan, new: ContentScan) {
        var pair = (
            old: ContentScan(root: old.map(ControllerID.init(root:))), new: ContentScan(root: new.map(ControllerID.init(root:)))
        )
        switch (old, new) {
        case (let old?, let new?): read(old, new, shown: (true, true), into: &pair)
        case (let old?, nil): pair.old.visit(old, shown: true)
        case (nil, let new?): pair.new.visit(new, shown: true)
        case (nil, nil): break
        }
        return pair
    }

    /// The children of the container `id`, if it was read.
    func children(of id: ControllerID) -> Children? {
        index[id].map { containers[$0].children }
    }

    /// Reads two nodes at the same place unless they are equal and as much on screen in both: a
    /// tab not shown, a hop container's child, often unchanged beside the path a change took.
    /// (Not the whole trees, which a transition changed, nor each modal of a chain: comparing
    /// every level's subtree would compare a deep chain once a level.)
    private static func readIfChanged(
        _ old: WindowContent, _ new: WindowContent, shown: (old: Bool, new: Bool),
        into pair: inout (old: ContentScan, new: ContentScan)
    ) {
        if shown.old != shown.new || old != new { read(old, new, shown: shown, into: &pair) }
    }

    /// Reads two nodes at the same place: the same container (same kind and id) side by side,
    /// pairing what each holds; anything else each on its own. `shown` says, for each tree,
    /// whether the node is on screen (what it presents is read only then).
    private static func read(
        _ old: WindowContent, _ new: WindowContent, shown: (old: Bool, new: Bool),
        into pair: inout (old: ContentScan, new: ContentScan)
    ) {
        let (oldBase, newBase) = (old.base, new.base)
        let (oldPresenter, newPresenter) = (ControllerID(root: oldBase), ControllerID(root: newBase))
        let samePresenter = oldPresenter == newPresenter
        if samePresenter {
            // A presenter equal in both and as much on screen, as each level of a chain of modals
            // under the one that changed is: nothing in it changes. The base alone is compared,
            // not what it presents, so a chain's levels are compared once each; a base that
            // presents nothing is not compared, since it is what changed (a long stack's top).
            let presents = old.presented != nil && new.presented != nil
            if !presents || shown.old != shown.new || oldBase != newBase {
                readBase(oldBase, newBase, shown: shown, into: &pair)
            }
        } else {
            pair.old.visit(oldBase, shown: shown.old)
            pair.new.visit(newBase, shown: shown.new)
        }
        let (oldModal, newModal) = (shown.old ? old.presented : nil, shown.new ? new.presented : nil)
        let (oldIndex, newIndex) = (pair.old.enclosing, pair.new.enclosing)
        let (oldModalID, newModalID) = (oldModal.map(ControllerID.init(root:)), newModal.map(ControllerID.init(root:)))
        if let oldModalID { pair.old.present(oldModalID, from: oldPresenter) }
        if let newModalID { pair.new.present(newModalID, from: newPresenter) }
        switch (oldModal, newModal) {
        case (let oldModal?, let newModal?) where samePresenter && oldModalID == newModalID:
            // The same presenter presents the same modal: the presentation stays, and so does what
            // is presented above it unless it changed. (Another presenter dismisses the whole
            // chain, which is then presented again: both modals are read whole.)
            read(oldModal, newModal, shown: (true, true), into: &pair)
        default:
            if let oldModal { pair.old.visit(oldModal, shown: true) }
            if let newModal { pair.new.visit(newModal, shown: true) }
        }
        pair.old.enclosing = oldIndex
        pair.new.enclosing = newIndex
    }

    /// Reads the same container in both trees, pairing the tabs at the same index and a hop's children.
    private static func readBase(
        _ old: WindowContent, _ new: WindowContent, shown: (old: Bool, new: Bool),
        into pair: inout (old: ContentScan, new: ContentScan)
    ) {
        switch (old, new) {
        case (.tabs(let was), .tabs(let now)):
            pair.old.addContainer(old)
            pair.new.addContainer(new)
            for index in 0..<max(was.tabs.count, now.tabs.count) {
                let tabShown = (old: shown.old && index == was.selected, new: shown.new && index == now.selected)
                switch (was.tabs.indices.contains(index), now.tabs.indices.contains(index)) {
                case (true, true) where tabShown.old && tabShown.new:
                    // The tab shown before and after, where a change most often is: read without comparing first.
                    read(was.tabs[index], now.tabs[index], shown: tabShown, into: &pair)
                case (true, true): readIfChanged(was.tabs[index], now.tabs[index], shown: tabShown, into: &pair)
                case (true, false): pair.old.visit(was.tabs[index], shown: tabShown.old)
                case (false, true): pair.new.visit(now.tabs[index], shown: tabShown.new)
                case (false, false): break
                }
            }
        case (.hop(let was), .hop(let now)):
            pair.old.addContainer(old)
            pair.new.addContainer(new)
            readIfChanged(was.current, now.current, shown: shown, into: &pair)
        default:
            pair.old.visit(old, shown: shown.old)
            pair.new.visit(new, shown: shown.new)
        }
    }

    /// Records `content`'s containers and, where it is `shown`, its presentations, recursing
    /// into what they hold (a tab that is not selected is not shown).
    private mutating func visit(_ content: WindowContent, shown: Bool) {
        switch content {
        case .screen:
            break
        case .stack:
            addContainer(content)
        case .tabs(let tabs):
            addContainer(content)
            for (index, tab) in tabs.tabs.enumerated() { visit(tab, shown: shown && index == tabs.selected) }
        case .hop(let hop):
            addContainer(content)
            visit(hop.current, shown: shown)
        case .presenting(let base, let modal):
            visit(base, shown: shown)
            guard shown else { return }
            let outer = enclosing
            present(ControllerID(root: modal), from: ControllerID(root: base))
            visit(modal, shown: true)
            enclosing = outer
        }
    }

    /// Records a presentation; what is read next, until the caller restores ``enclosing``, is
    /// inside its modal.
    private mutating func present(_ modal: ControllerID, from presenter: ControllerID) {
        presentations.append(Presentation(presenter: presenter, modal: modal, enclosing: enclosing))
        presented[presenter] = modal
        enclosing = presentations.count - 1
    }

    /// Records one container node (not what it holds).
    private mutating func addContainer(_ content: WindowContent) {
        let id = ControllerID(root: content)
        let children: Children
        switch content {
        case .stack(let stack): children = .stack(stack.items)
        case .tabs(let tabs): children = .tabs(tabs.tabs.map(ControllerID.init(root:)), selected: tabs.selected)
        case .hop(let hop): children = .hop(ControllerID(root: hop.current))
        case .screen, .presenting: return
        }
        index[id] = containers.count
        containers.append((id, children))
    }
}
