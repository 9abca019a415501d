/// One step in a screen's life inside its window, as a transition's record lists them
/// (``TransitionRecord/screenEvents``) and as the coordinator calls a ``StackItem``'s callbacks.
///
/// **Balanced (invariant 9).** Over a coordinator's history each screen gets `didAdd` and
/// `didRemove` once each time it comes into a window and leaves it again, and `didShow`/`didHide`
/// alternate between them. A window shows one screen at a time, its ``WindowContent/topScreen``
/// (the top of the modal chain), so at most one item of any container is shown.
///
/// **Order within a transition.** Every `didHide`, then every `didRemove`, then every `didAdd`,
/// then every `didShow`; within each kind, windows bottom to top and screens in the order
/// ``WindowContent/screens`` lists them.
public enum ScreenEvent: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The screen stopped being its window's top screen (or left with it).
    case didHide(Screen, in: WindowID)
    /// The screen left its window's content. `byOwner`: it left a stack through that stack's own
    /// ``ContainerOperation/setStack(_:_:)`` (its owner asked), so its `remove` callback
    /// (``ScreenCallbacks``) is not called; false for every other departure (a pop, the user's
    /// back swipe, a dismissed modal, a window that went).
    case didRemove(Screen, in: WindowID, byOwner: Bool)
    /// The screen entered a window's content.
    case didAdd(Screen, in: WindowID)
    /// The screen became its window's top screen.
    case didShow(Screen, in: WindowID)

    /// What happened, without the screen: the order of a transition's events goes by it.
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case didHide, didRemove, didAdd, didShow
    }

    /// An event of `kind` (`byOwner` counts for `didRemove` alone); the coordinator's records list the real ones.
    package init(_ kind: Kind, _ screen: Screen, in window: WindowID, byOwner: Bool = false) {
        switch kind {
        case .didHide: self = .didHide(screen, in: window)
        case .didRemove: self = .didRemove(screen, in: window, byOwner: byOwner)
        case .didAdd: self = .didAdd(screen, in: window)
        case .didShow: self = .didShow(screen, in: window)
        }
    }

    /// The screen (a screen replaced by one with the same id and other parameters leaves and
    /// arrives: the old value is removed, the new one added).
    public var screen: Screen {
        switch self {
        case .didHide(let screen, _), .didRemove(let screen, _, _), .didAdd(let screen, _), .didShow(let screen, _): screen
        }
    }

    /// The window it happened in.
    public var window: WindowID {
        switch self {
        case .didHide(_, let window), .didRemove(_, let window, _), .didAdd(_, let window), .didShow(_, let window): window
        }
    }

    /// What happened.
    package var kind: Kind {
        switch self {
        case .didHide: .didHide
        case .didRemove: .didRemove
        case .didAdd: .didAdd
        case .didShow: .didShow
        }
    }

    /// Whether a `didRemove` was asked for by the screen's stack's owner.
    package var byOwner: Bool {
        if case .didRemove(_, _, let byOwner) = self { byOwner } else { false }
    }

    /// Whether the screen's `remove` callback (``ScreenCallbacks``) is called: a `didRemove` its owner did not ask for.
    package var callsRemove: Bool { kind == .didRemove && !byOwner }

    /// `didRemove mail in #2 (by its owner)`.
    public var description: String {
        "\(kind.rawValue) \(screen) in \(window)" + (byOwner ? " (by its owner)" : "")
    }
}

/// Works out a transition's ``ScreenEvent``s from its request and the states before and after:
/// a pure function, linear in the screens of the windows that changed.
enum ScreenLifecycle {
    /// The events, in the documented order (see ``ScreenEvent``).
    static func events(
        of request: TransitionRequest, from before: NavigationSnapshot,
        to after: NavigationSnapshot
    ) -> [ScreenEvent] {
        var hides: [ScreenEvent] = [], removes: [ScreenEvent] = [], adds: [ScreenEvent] = [], shows: [ScreenEvent] = []
        let owned = ownedItems(of: request, in: before)
        for (from, to) in pairs(before, after) {
            guard let id = from?.id ?? to?.id, from?.content != to?.content else { continue }
            let oldTop = from?.content.topScreen, newTop = to?.content.topScreen
            if let oldTop, oldTop != newTop { hides.append(ScreenEvent(.didHide, oldTop, in: id)) }
            let (departed, arrived): ([Screen], [Screen])
            switch (from, to) {
            case let (from?, to?): (departed, arrived) = ContentChange.difference(from.content, to.content)
            case let (from?, nil): (departed, arrived) = (from.content.screens, [])
            case let (nil, to?): (departed, arrived) = ([], to.content.screens)
            case (nil, nil): (departed, arrived) = ([], [])
            }
            for screen in departed {
                removes.append(ScreenEvent(.didRemove, screen, in: id, byOwner: owned.contains(screen)))
            }
            for screen in arrived { adds.append(ScreenEvent(.didAdd, screen, in: id)) }
            if let newTop, oldTop != newTop { shows.append(ScreenEvent(.didShow, newTop, in: id)) }
        }
        return hides + removes + adds + shows
    }

    /// Each window before with the same window after (nil when it went), then each new window
    /// (with nil before), ordered by level, a level's going window before its coming one.
    private static func pairs(_ before: NavigationSnapshot, _ after: NavigationSnapshot) -> [(ManagedWindow?, ManagedWindow?)] {
        var coming: [WindowID: ManagedWindow] = [:]
        for window in after.windowList { coming[window.id] = window }
        var pairs: [(ManagedWindow?, ManagedWindow?)] = before.windowList.map { ($0, coming.removeValue(forKey: $0.id)) }
        for window in after.windowList where coming[window.id] != nil { pairs.append((nil, window)) }
        // `sort` is stable: at one level the going window (listed first) stays first.
        pairs.sort { ($0.0 ?? $0.1)?.level ?? .root < ($1.0 ?? $1.1)?.level ?? .root }
        return pairs
    }

    /// The screens a `setStack` request's own stack held before (their departures are the owner's).
    private static func ownedItems(of request: TransitionRequest, in before: NavigationSnapshot) -> Set<Screen> {
        guard case .content(.setStack(let id, _), _) = request else { return [] }
        for window in before.windowList {
            if case .stack(let stack)? = window.content.find(id)?.base { return Set(stack.items) }
        }
        return []
    }
}
