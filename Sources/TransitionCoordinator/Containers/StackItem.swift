/// A screen with the callbacks its owner wants (as Epoxy's `NavigationModel` carries them): what
/// ``StackHandle/setStack(_:animator:policy:whenLocked:)-([StackItem?],_,_,_)`` and
/// ``StackHandle/push(_:animator:policy:whenLocked:)-(StackItem,_,_,_)`` take.
///
/// The callbacks are kept by the coordinator from the transition that adds the screen (or, for
/// a screen already there, the `setStack` that names it again: the newest item's callbacks win)
/// until the screen leaves its window. See ``ScreenCallbacks`` for when each is called.
public struct StackItem: Sendable, CustomStringConvertible {
    /// The screen (its id is the item's stable id).
    public var screen: Screen
    /// What the coordinator calls as the screen comes, shows, hides and goes.
    public var callbacks: ScreenCallbacks

    /// An item showing `screen`, with the given callbacks (all optional).
    public init(_ screen: Screen, remove: (@Sendable () -> Void)? = nil, didAdd: (@Sendable () -> Void)? = nil,
                didRemove: (@Sendable () -> Void)? = nil, didShow: (@Sendable () -> Void)? = nil,
                didHide: (@Sendable () -> Void)? = nil) {
        self.screen = screen
        self.callbacks = ScreenCallbacks(remove: remove, didAdd: didAdd, didRemove: didRemove, didShow: didShow,
                                         didHide: didHide)
    }

    /// The screen's description.
    public var description: String { screen.description }
}

/// The callbacks of one screen, called by the coordinator after the transition that causes them
/// has committed.
///
/// **When.** In the step that commits the transition, after its record is in
/// ``Coordinator/history``, its `ended` event is sent and the slot is handed on, and before the
/// call that asked for it returns: `didHide`, then `didRemove` and `remove`, then `didAdd`, then
/// `didShow`, in the order of ``TransitionRecord/screenEvents`` (see ``ScreenEvent``).
///
/// **Exactly once.** `didAdd` and `didRemove` are called once each time the screen comes into the
/// window and leaves it again, `didShow` and `didHide` alternate in between (at most one shown screen per window). `remove` is called
/// exactly once whenever the screen leaves by anything but its own stack's `setStack` (a pop,
/// the user's back swipe, a dismissed modal or window, a later navigation), so the owner's state
/// stays true; never when the owner's `setStack` removed it.
///
/// **Isolation.** They run synchronously on the coordinator's executor, outside every
/// transition: they must not block. A request made from a task they start is an ordinary request
/// (not re-entrant); it runs after the transition that called them, by its admission policy.
public struct ScreenCallbacks: Sendable {
    /// Called when the screen leaves by anything but its own stack's `setStack`.
    public var remove: (@Sendable () -> Void)?
    /// Called when the screen enters the window.
    public var didAdd: (@Sendable () -> Void)?
    /// Called when the screen leaves the window.
    public var didRemove: (@Sendable () -> Void)?
    /// Called when the screen becomes its window's top screen.
    public var didShow: (@Sendable () -> Void)?
    /// Called when the screen stops being its window's top screen.
    public var didHide: (@Sendable () -> Void)?

    /// The given callbacks (all optional).
    package init(remove: (@Sendable () -> Void)? = nil, didAdd: (@Sendable () -> Void)? = nil,
                didRemove: (@Sendable () -> Void)? = nil, didShow: (@Sendable () -> Void)? = nil,
                didHide: (@Sendable () -> Void)? = nil) {
        self.remove = remove
        self.didAdd = didAdd
        self.didRemove = didRemove
        self.didShow = didShow
        self.didHide = didHide
    }

    /// Whether no callback is set.
    package var isEmpty: Bool { remove == nil && didAdd == nil && didRemove == nil && didShow == nil && didHide == nil }

    /// Calls what `event` calls, in order: `didRemove` then `remove` for a removal.
    func call(for event: ScreenEvent) {
        switch event.kind {
        case .didHide: didHide?()
        case .didRemove:
            didRemove?()
            if !event.byOwner { remove?() }
        case .didAdd: didAdd?()
        case .didShow: didShow?()
        }
    }
}
