/// A planned change of one window's content: the trees before and after, the one animation that
/// shows it, and which screens leave and arrive. A pure value; nothing has happened yet.
///
/// A change is always one transition, animated once, however many steps it takes (a sheet
/// dismissed, a pop and a push): observers never see the trees in between.
public struct ContentChange: Sendable, Hashable, CustomStringConvertible {
    /// What was asked.
    public let operation: ContainerOperation
    /// The content before.
    public let before: WindowContent
    /// The content after.
    public let after: WindowContent
    /// How the change is shown: the kind of the change itself, as the trees before and after
    /// say it, whichever call made it (a handle's push or present, a link, a whole tree): the
    /// same change is always the same kind.
    public let animation: ContentAnimation
    /// Screens that leave the window (by id, or replaced by a screen with the same id and other
    /// parameters), in the order ``WindowContent/screens`` lists them before.
    public let departed: [Screen]
    /// Screens that arrive (new ids, or replacements), in the order listed after.
    public let arrived: [Screen]

    /// The screen on top before (the animator's from-screen).
    public var from: Screen { before.topScreen }
    /// The screen on top after (the animator's to-screen).
    public var to: Screen { after.topScreen }

    /// A change from `before` to `after`, with its departures and arrivals worked out. `animation`
    /// is the kind the call makes where it shows (a push, a select…); a change that leaves the
    /// top screen as it is is `.none`, whichever call made it (a push onto a tab not shown, a
    /// select under a sheet), as ``ContentAnimation/between(_:_:)`` says of the two trees.
    package init(_ operation: ContainerOperation, before: WindowContent, after: WindowContent, animation: ContentAnimation) {
        self.operation = operation
        self.before = before
        self.after = after
        // Mutant: the call's kind, even where the top screen stays.
        let topStays = before.topScreen == after.topScreen && !planted(.kindByCallWhereTopStays)
        self.animation = topStays ? .none : animation
        (departed, arrived) = Self.difference(before, after)
    }

    /// Screens of `before` without an equal screen (same id and parameters) in `after`, and the
    /// reverse; linear in the screens of both.
    ///
    /// The two trees are read side by side (``differing(_:_:gone:came:)``): the screens a stack
    /// starts and ends with in both are equal in both and skipped without hashing or copying
    /// (ids are unique in a window, so none of them can match a screen elsewhere): a change at
    /// either end of a long stack, or at the top of a deep route, hashes only what changed.
    static func difference(_ before: WindowContent, _ after: WindowContent) -> (departed: [Screen], arrived: [Screen]) {
        PathTrace.enter()
        var gone: [Screen] = [], came: [Screen] = []
        differing(before, after, gone: &gone, came: &came)
        if gone.isEmpty || came.isEmpty { return (gone, came) }
        var kept: [ScreenID: Screen] = [:]
        kept.reserveCapacity(came.count)
        for screen in came { kept[screen.id] = screen }
        var previous: [ScreenID: Screen] = [:]
        previous.reserveCapacity(gone.count)
        for screen in gone { previous[screen.id] = screen }
        return (gone.filter { kept[$0.id] != $0 }, came.filter { previous[$0.id] != $0 })
    }

    /// Appends to `gone` the screens of `old`, and to `came` those of `new`, that the two do not
    /// hold equal at the same place, each in its tree's order (``WindowContent/screens``): nodes
    /// of the same kind and id are read side by side, a stack's shared ends skipped; other nodes
    /// are listed whole, less the ends the two lists share (a stack that comes to present a
    /// modal, or to be a tab, keeps its screens).
    private static func differing(_ old: WindowContent, _ new: WindowContent, gone: inout [Screen], came: inout [Screen]) {
        PathTrace.enter()
        switch (old, new) {
        case (.stack(let was), .stack(let now)) where was.id == now.id:
            let (start, oldEnd, newEnd) = sharedEnds(was.items, now.items)
            gone += was.items[start..<oldEnd]
            came += now.items[start..<newEnd]
        case (.screen(let was), .screen(let now)) where was == now:
            break
        case (.tabs(let was), .tabs(let now)) where was.id == now.id && was.tabs.count == now.tabs.count:
            for (oldTab, newTab) in zip(was.tabs, now.tabs) { differing(oldTab, newTab, gone: &gone, came: &came) }
        case (.hop(let was), .hop(let now)) where was.id == now.id:
            differing(was.current, now.current, gone: &gone, came: &came)
        case (.presenting(let oldBase, let oldModal), .presenting(let newBase, let newModal)):
            differing(oldBase, newBase, gone: &gone, came: &came)
            differing(oldModal, newModal, gone: &gone, came: &came)
        default:
            var was: [Screen] = [], now: [Screen] = []
            old.appendScreens(to: &was)
            new.appendScreens(to: &now)
            let (start, oldEnd, newEnd) = sharedEnds(was, now)
            gone += was[start..<oldEnd]
            came += now[start..<newEnd]
        }
    }

    /// Where two lists stop being equal from the front (`start`) and from the back (the end of
    /// each's differing middle), comparing screens, hashing none.
    static func sharedEnds(_ old: [Screen], _ new: [Screen]) -> (start: Int, oldEnd: Int, newEnd: Int) {
        PathTrace.enter()
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var oldEnd = old.count, newEnd = new.count
        while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
        }
        return (start, oldEnd, newEnd)
    }

    /// `push mail onto inbox: list → mail (push)`.
    public var description: String { "\(operation): \(from) → \(to) (\(animation))" }
}

/// How a content change is shown: one animation per change.
public enum ContentAnimation: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Nothing to animate: the top screen did not change.
    case none
    /// A new screen comes on top of a stack.
    case push
    /// The top goes back to a screen that was already below it.
    case pop
    /// Another tab is shown.
    case select
    /// A modal comes up.
    case present
    /// A modal goes away.
    case dismiss
    /// A hop container shows another child (a crossfade by default).
    case hop

    /// The raw value.
    public var description: String { rawValue }

    /// The kind of the change from `before` to `after`, worked out from the two trees alone, so
    /// the same change is the same kind whichever call made it (a handle, a link, a whole tree):
    ///
    /// - none when the top screen is the same screen (same id and parameters);
    /// - otherwise, following the shown path down both trees while it names the same nodes: a
    ///   modal that comes up is a present, one that goes away (and the screen under it shows) a
    ///   dismiss, another modal in its place a present; another tab selected is a select; a hop
    ///   container showing another child (or another screen) is a hop;
    /// - where the paths part otherwise (a stack's top, a node replaced): a pop when the new top
    ///   screen was already in the tree, below, as it is; a push when it is new. A screen with the
    ///   same id and other parameters is a new screen.
    ///
    /// Linear in the depth of the trees, plus one search of `before` for the new top.
    package static func between(_ before: WindowContent, _ after: WindowContent) -> ContentAnimation {
        if before.topScreen == after.topScreen { return .none }
        var old = before, new = after
        while old.nodeID == new.nodeID {
            switch (old.presented, new.presented) {
            case (nil, _?):
                return .present
            case (_?, nil):
                return .dismiss
            case (let was?, let now?):
                if was.nodeID != now.nodeID { return .present }
                (old, new) = (was, now)
                continue
            case (nil, nil):
                break
            }
            switch (old, new) {
            case (.tabs(let was), .tabs(let now)):
                guard let shown = was.selectedContent, let showing = now.selectedContent else { return fallback(before, after) }
                // Another tab is the one shown, not another index: tabs reordered with the selection's index kept select too.
                // Mutant: the selections compared by index.
                let selects =
                    planted(.tabSelectionByIndex) ? was.selected != now.selected : shown.base.nodeID != showing.base.nodeID
                if selects { return .select }
                (old, new) = (shown, showing)
            case (.hop(let was), .hop(let now)):
                if was.current.nodeID != now.current.nodeID { return .hop }
                // The same screen with other parameters is another screen; the same one, with the
                // modal it presented gone, is a dismiss (as the path down finds).
                // Mutant: any screen shown is a hop, whatever it shows over it.
                if case .screen = now.current, planted(.hopHidesDismiss) || was.current.base != now.current { return .hop }
                (old, new) = (was.current, now.current)
            default:
                return fallback(before, after)
            }
        }
        return fallback(before, after)
    }

    /// A pop when `after`'s top screen is in `before` as it is, a push when it is new.
    private static func fallback(_ before: WindowContent, _ after: WindowContent) -> ContentAnimation {
        before.shows(after.topScreen) ? .pop : .push
    }
}
