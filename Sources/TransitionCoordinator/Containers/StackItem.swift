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

    /// An item showing `destination` (a ``Screen``, or a value of the app's destination type),
    /// with callbacks that run on the main actor (all optional), so
    /// they can change the app's main-actor state directly: `remove: { form.showStep2 = false }`.
    ///
    /// **Isolation.** Each is called on the main actor, in order, before the call that caused
    /// it returns (see ``ScreenCallbacks``). For callbacks on another isolation, or on none, use
    /// ``init(_:callbacks:)``.
    public init(
        _ destination: some Hashable & Codable & Sendable, remove: (@MainActor @Sendable () -> Void)? = nil,
        didAdd: (@MainActor @Sendable () -> Void)? = nil, didRemove: (@MainActor @Sendable () -> Void)? = nil,
        didShow: (@MainActor @Sendable () -> Void)? = nil, didHide: (@MainActor @Sendable () -> Void)? = nil
    ) {
        self.screen = Screen(destination)
        self.callbacks = ScreenCallbacks(
            remove: remove, didAdd: didAdd, didRemove: didRemove, didShow: didShow,
            didHide: didHide)
    }

    /// An item showing `destination`, with `callbacks`, each called on its own isolation.
    public init(_ destination: some Hashable & Codable & Sendable, callbacks: ScreenCallbacks) {
        self.screen = Screen(destination)
        self.callbacks = callbacks
    }

    /// The screen's description.
    public var description: String { screen.description }
}

/// The callbacks of one screen, called by the coordinator after the transition that causes them
/// has committed.
///
/// **When.** After the transition has committed (its record is in ``Coordinator/history``, its
/// `ended` event is sent and the slot is handed on), and before the call that asked for it
/// returns: `didHide`, then `didRemove` and `remove`, then `didAdd`, then `didShow`, in the order
/// of ``TransitionRecord/screenEvents`` (see ``ScreenEvent``). Which callbacks a transition calls
/// is decided in its commit step, so they always match its record.
///
/// **Exactly once.** `didAdd` and `didRemove` are called once each time the screen comes into the
/// window and leaves it again, `didShow` and `didHide` alternate in between (at most one shown screen per window). Callbacks
/// given to a screen already in the window (the root of a stack built without items, named
/// again by a `setStack` that covers it) begin after that transition's hides and removals: they
/// are not told of its hide, since they never heard the screen shown, and the first call they
/// get for it is a `didShow` when it shows again. `remove` is called
/// exactly once whenever the screen leaves by anything but its own stack's `setStack` (a pop,
/// the user's back swipe, a dismissed modal or window, a later navigation), so the owner's state
/// stays true; never when the owner's `setStack` removed it.
///
/// **Isolation.** Each callback runs on its own isolation (`@isolated(any)`): a `@MainActor`
/// closure (what ``StackItem/init(_:remove:didAdd:didRemove:didShow:didHide:)`` takes) on the
/// main actor, a closure isolated to another global actor on that actor, a nonisolated closure
/// off the coordinator. They must not block. Callbacks are delivered in one order across all
/// transitions: a transition's callbacks are each awaited on their isolation, one after the
/// other, after every callback of the transitions committed before it, and before the call
/// that caused them returns. Delivery happens outside the slot: another transition may begin,
/// and even commit, while a transition's callbacks wait for their actor, but its callbacks come
/// after them. A request made from a task a callback starts is an ordinary request (not
/// re-entrant); it runs by its admission policy, and its own callbacks come after the ones
/// being delivered, so it never waits on them and they never wait on it. The caller of a
/// transition whose callbacks are `@MainActor` must not block the main actor while it waits.
///
/// Callbacks made with ``nonisolated(remove:didAdd:didRemove:didShow:didHide:)`` are called
/// synchronously on the coordinator in the commit step, when no callback before them is still
/// being delivered (else in their turn, off the coordinator).
public struct ScreenCallbacks: Sendable {
    /// One callback and how it is called.
    package enum Call: Sendable {
        /// Called synchronously where it is delivered (nonisolated).
        case inline(@Sendable () -> Void)
        /// Awaited on its own isolation.
        case isolated(@isolated(any) @Sendable () -> Void)
    }

    /// Called when the screen leaves by anything but its own stack's `setStack`.
    package var remove: Call?
    /// Called when the screen enters the window.
    package var didAdd: Call?
    /// Called when the screen leaves the window.
    package var didRemove: Call?
    /// Called when the screen becomes its window's top screen.
    package var didShow: Call?
    /// Called when the screen stops being its window's top screen.
    package var didHide: Call?

    /// The given callbacks (all optional), each awaited on its own isolation: `{ @MainActor in … }`
    /// on the main actor, a nonisolated closure off the coordinator.
    public init(
        remove: (@isolated(any) @Sendable () -> Void)? = nil, didAdd: (@isolated(any) @Sendable () -> Void)? = nil,
        didRemove: (@isolated(any) @Sendable () -> Void)? = nil, didShow: (@isolated(any) @Sendable () -> Void)? = nil,
        didHide: (@isolated(any) @Sendable () -> Void)? = nil
    ) {
        self.remove = remove.map(Call.isolated)
        self.didAdd = didAdd.map(Call.isolated)
        self.didRemove = didRemove.map(Call.isolated)
        self.didShow = didShow.map(Call.isolated)
        self.didHide = didHide.map(Call.isolated)
    }

    /// Nonisolated callbacks (all optional), called synchronously on the coordinator in the step
    /// that commits their transition when no callback before them is still being delivered.
    public static func nonisolated(
        remove: (@Sendable () -> Void)? = nil, didAdd: (@Sendable () -> Void)? = nil,
        didRemove: (@Sendable () -> Void)? = nil, didShow: (@Sendable () -> Void)? = nil,
        didHide: (@Sendable () -> Void)? = nil
    ) -> ScreenCallbacks {
        var callbacks = ScreenCallbacks()
        callbacks.remove = remove.map(Call.inline)
        callbacks.didAdd = didAdd.map(Call.inline)
        callbacks.didRemove = didRemove.map(Call.inline)
        callbacks.didShow = didShow.map(Call.inline)
        callbacks.didHide = didHide.map(Call.inline)
        return callbacks
    }

    /// Whether no callback is set.
    package var isEmpty: Bool { remove == nil && didAdd == nil && didRemove == nil && didShow == nil && didHide == nil }

    /// Appends what `event` calls to `calls`, in order: `didRemove` then `remove` for a removal.
    func append(for event: ScreenEvent, to calls: inout [Call]) {
        switch event.kind {
        case .didHide: if let didHide { calls.append(didHide) }
        case .didRemove:
            if let didRemove { calls.append(didRemove) }
            if !event.byOwner, let remove { calls.append(remove) }
        case .didAdd: if let didAdd { calls.append(didAdd) }
        case .didShow: if let didShow { calls.append(didShow) }
        }
    }
}
