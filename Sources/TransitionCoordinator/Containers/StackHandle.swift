/// A navigation stack, reached through its coordinator: push, pop, pop to a screen or to the
/// root, and declarative `setStack` (the whole stack as a function of the app's state), each
/// one transition.
///
/// Every call is one transition, with the guarantees of <doc:ContainersInAWindow>'s handles. A push of a screen id already shown
/// anywhere (a double tap's second push) is refused with
/// ``ContainerError/duplicateScreen(_:container:)`` or ``TransitionError/InvalidRequest/duplicateScreen(_:shownIn:)``.
public struct StackHandle: ContainerHandle {
    /// The stack's id.
    public let id: ContainerID
    /// The coordinator the calls go through.
    public let coordinator: Coordinator

    /// Pushes `destination` on top of the stack (animated as a push): a ``Screen``, or a value of
    /// the app's own destination type, shown as the screen it stands for (see ``Screen``'s
    /// destinations).
    @inlinable @discardableResult
    public nonisolated(nonsending) func push(
        _ destination: some Hashable & Codable & Sendable, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        PathTrace.enter()
        return try await coordinator.perform(
            .content(.push(Screen(destination), onto: id)), animator: animator, policy: policy,
            whenLocked: whenLocked)
    }

    /// Not a screen: a stack holds screens, and a content tree (a stack on a stack, which UIKit
    /// refuses too) would be taken as a destination value and pushed as a screen named after its
    /// encoding. Present the tree from the stack instead
    /// (``Coordinator/present(_:from:animator:policy:whenLocked:)-(WindowContent,_,_,_,_)``).
    @available(*, unavailable, message: "a stack holds screens; present a content tree from it instead")
    public nonisolated(nonsending) func push(
        _ content: WindowContent, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await coordinator.perform(
            .content(.push(Screen(content), onto: id)), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Pushes `item`'s screen on top of the stack and keeps its callbacks (see ``ScreenCallbacks``).
    @discardableResult
    public nonisolated(nonsending) func push(
        _ item: StackItem, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        PathTrace.enter()
        return try await coordinator.perform(
            .content(.push(item.screen, onto: id)), animator: animator, policy: policy,
            whenLocked: whenLocked, items: [item.screen.id: item.callbacks])
    }

    /// Pops the top screen. Throws ``ContainerError/popAtRoot(stack:root:)`` at the root.
    @discardableResult
    public nonisolated(nonsending) func pop(
        animator: (any Animator)? = nil, policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await coordinator.perform(.content(.pop(id)), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Pops down to `destination` (a ``ScreenID``, a ``Screen``, or a value of the app's
    /// destination type), which stays on top. Throws ``ContainerError/notInStack(_:stack:)`` or
    /// ``ContainerError/alreadyOnTop(_:stack:)``.
    @inlinable @discardableResult
    public nonisolated(nonsending) func pop(
        to destination: some Hashable & Codable & Sendable, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await coordinator.perform(
            .content(.popTo(ScreenID(of: destination), in: id)), animator: animator, policy: policy,
            whenLocked: whenLocked)
    }

    /// Pops down to the root. Throws ``ContainerError/popAtRoot(stack:root:)`` at the root.
    @discardableResult
    public nonisolated(nonsending) func popToRoot(
        animator: (any Animator)? = nil, policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await coordinator.perform(.content(.popToRoot(id)), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Sets the whole stack from `items` (screens, or values of the app's destination type), nil
    /// items dropped: diffed by id against the current
    /// stack and applied as one transition, animated once (a push when the new top is new, a pop
    /// when it was below, not at all when the top stays the same screen; a screen with the same
    /// id and other parameters is a new one). With ``AdmissionPolicy/coalesce(group:)``
    /// the latest stack wins and the replaced callers are told they were superseded. Throws
    /// ``ContainerError/emptyStack(_:)`` when no item is left.
    ///
    /// **A list that waited.** Under `.enqueue`, `.coalesce` or `.preempt` the list may wait its
    /// turn. When it runs, every screen removed since it was asked by anything but this stack's own
    /// `setStack` (a pop, the user's back swipe, a dismissed sheet: the departures whose
    /// `remove` callback (``ScreenCallbacks``) fires, so the owner's state says they are gone) is dropped from the
    /// list, unless the stack holds it again by then. The record's request is the list that ran.
    /// A list left empty is refused with ``ContainerError/emptyStack(_:)``; nothing changes then.
    /// A `.preempt` list is pruned this way before it cuts the animation in flight (of the screens
    /// that transition removes), so one that would be refused never cuts it.
    @inlinable @discardableResult
    public nonisolated(nonsending) func setStack<Destination: Hashable & Codable & Sendable>(
        _ items: [Destination?], animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await setStack(items.compactMap { $0 }, animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Sets the whole stack to `destinations`, as the `setStack` of a list with nil items
    /// does, without a list of optionals to drop (a long stack of screens is not copied on the way).
    @inlinable @discardableResult
    public nonisolated(nonsending) func setStack<Destination: Hashable & Codable & Sendable>(
        _ destinations: [Destination], animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        // A list of screens is taken as it is: specialized for `Screen` (the method is
        // inlinable), the cast is the identity, and the list is not copied.
        let screens = destinations as? [Screen] ?? destinations.map { Screen($0) }
        return try await coordinator.perform(
            .content(.setStack(id, screens)), animator: animator, policy: policy,
            whenLocked: whenLocked)
    }

    /// Sets the whole stack from `items`, nil items dropped, as
    /// the `setStack` of destinations does, and keeps each item's
    /// callbacks (the newest item's win for a screen that stays). A screen the new stack drops is
    /// removed by its owner: its `didRemove` is called, its `remove` is not.
    @discardableResult
    public nonisolated(nonsending) func setStack(
        _ items: [StackItem?], animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        let present = items.compactMap { $0 }
        var callbacks: [ScreenID: ScreenCallbacks] = [:]
        for item in present { callbacks[item.screen.id] = item.callbacks }
        return try await coordinator.perform(
            .content(.setStack(id, present.map(\.screen))), animator: animator,
            policy: policy, whenLocked: whenLocked, items: callbacks)
    }

    /// The stack's screens as committed now, bottom to top, as values of `type` (``Screen`` by
    /// default); nil when no window shows it (or it is not a stack). A screen that stands for no
    /// value of `type` (one shown by another name) is left out.
    @inlinable
    public func items<Destination: Hashable & Codable & Sendable>(
        as type: Destination.Type = Screen.self
    ) async -> [Destination]? {
        guard case .stack(let stack) = await content()?.base else { return nil }
        return stack.items as? [Destination] ?? stack.items.compactMap { $0.destination(as: type) }
    }

    /// The screens above the stack's root as committed now, bottom to top, as values of `type`:
    /// what `NavigationStack(path:)` holds (`[.mail(id: 42)]` over an inbox). Nil as ``items(as:)``.
    @inlinable
    public func path<Destination: Hashable & Codable & Sendable>(
        as type: Destination.Type = Screen.self
    ) async -> [Destination]? {
        guard case .stack(let stack) = await content()?.base else { return nil }
        let above = stack.items.dropFirst()
        return Array(above) as? [Destination] ?? above.compactMap { $0.destination(as: type) }
    }
}
