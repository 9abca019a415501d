/// A hop container (launch and login flows), reached through its coordinator: shows one child at
/// a time, hopping from one to the next.
///
/// Every ``hop(to:animator:policy:whenLocked:)-(WindowContent,_,_,_)`` is one transition, with the
/// guarantees of <doc:ContainersInAWindow>'s handles. A launch or login flow reads as
/// straight-line async code with ``hopAndWait(to:returning:animator:policy:whenLocked:)``:
///
/// ```swift
/// let launch = coordinator.hop("launch")
/// let firstRun: Bool = try await launch.hopAndWait(to: Screen("splash"))
/// if firstRun { let _: Void = try await launch.hopAndWait(to: Screen("signUp")) }
/// try await launch.hop(to: .screen(Screen("main")))
/// ```
///
/// Each `hopAndWait` is one transition (animated as ``ContentAnimation/hop``, which a real
/// animator shows as a crossfade), then a wait, outside every transition, until the screen calls
/// ``unhop(_:with:)``: the in-flight slot is held only while the hop animates. Backgrounding does
/// not break a flow: the lock goes up over it, a hop made meanwhile changes the content behind the
/// lock (unanimated, as the app is not active), and the flow goes on.
///
/// **A hop stay.** One visit of a screen as a hop container's current child is a *stay*: it
/// begins when a hop shows the screen, and ends when the screen unhops or stops being the current
/// child (removed, hopped away from, or moved elsewhere). The current child is the screen the
/// container shows itself, with whatever it presents: a screen inside a stack the container shows,
/// or presented over its child, is not. A stay unhops at most once, and one flow
/// at a time waits on it. A hop to the screen already current, once a flow took its stay's
/// unhop, begins a new stay: a sign-in retried with `hopAndWait` in a loop waits for each
/// attempt's own unhop. An unhop no flow took yet (its flow was cancelled, or none waited) is kept
/// for the next flow that waits on the screen, one that hops to it again included: the screen
/// unhopped once, and may not again.
public struct HopHandle: ContainerHandle {
    /// The hop container's id.
    public let id: ContainerID
    /// The coordinator the calls go through.
    public let coordinator: Coordinator

    /// Shows `content` in place of the current child (animated as a hop; a crossfade is the
    /// usual animator): ``WindowContent``, or a value of the app's destination type (see
    /// ``Screen``'s destinations), shown as its screen alone. Throws ``ContainerError/wrongKind(_:expected:actual:)`` when the id names
    /// another kind of container.
    @discardableResult
    public nonisolated(nonsending) func hop(
        to content: WindowContent, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await coordinator.perform(
            .content(.hop(to: content, in: id)), animator: animator, policy: policy,
            whenLocked: whenLocked)
    }

    /// Shows the screen `destination` stands for alone, as ``hop(to:animator:policy:whenLocked:)-(WindowContent,_,_,_)`` does.
    @discardableResult
    public nonisolated(nonsending) func hop(
        to destination: some Hashable & Codable & Sendable, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject,
        whenLocked: LockedBehavior = .refuse
    ) async throws(TransitionError) -> TransitionRecord {
        try await hop(to: WindowContent.of(destination), animator: animator, policy: policy, whenLocked: whenLocked)
    }

    /// Hops to `destination` (a ``Screen``, or the app's destination value), then waits until it unhops; returns the value it unhops with.
    ///
    /// One flow waits on a screen at a time. Its wait ends in one of three ways, whatever other
    /// flows do:
    /// - the screen unhops: the flow returns the value;
    /// - the screen stops being the container's current child, as the transition that does it
    ///   commits: removed, hopped away from, or moved elsewhere by a replace (into a stack of the
    ///   same window, say: the screen is still shown, but no longer as this container's child);
    /// - this flow's task is cancelled: this flow alone ends; a flow waiting on the same screen
    ///   waits on, and gets the unhop.
    ///
    /// - Parameters:
    ///   - destination: the screen to hop to; it becomes the container's current child.
    ///   - returning: the type of the value (inferred from the caller's use).
    ///   - animator: animates the hop when the skip rules let it run; none by default.
    ///   - policy: how the hop is admitted while another transition runs; a flow waits its turn
    ///     by default.
    ///   - whenLocked: what the hop does while the app is locked.
    /// - Throws: the hop's refusal (nothing changed); or, after the hop committed,
    ///   ``ContainerError/leftBeforeUnhop(_:hop:)`` when the screen stopped being the container's
    ///   current child before it unhopped (as above),
    ///   ``ContainerError/alreadyAwaited(_:hop:)`` when another flow waits for it (that flow
    ///   waits on), ``ContainerError/unhopValueMismatch(_:expected:actual:)`` when the screen
    ///   unhopped, before this flow waited, with a value of another type (kept for a flow that
    ///   takes it; an unhop with such a value while this flow waits is refused to its caller,
    ///   and this flow waits on), and ``ContainerError/flowCancelled(_:hop:)`` when the task is
    ///   cancelled while it waits, or was cancelled by the time the hop committed and no unhop is
    ///   kept (nothing is left waiting; the screen stays, and a later unhop is kept for the next
    ///   flow). A task cancelled before the hop was admitted gets the hop's refusal,
    ///   ``TransitionError/Refusal/cancelled(_:)``, and nothing changed.
    public func hopAndWait<Value: Sendable>(
        to destination: some Hashable & Codable & Sendable, returning: Value.Type = Value.self, animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .enqueue,
        whenLocked: LockedBehavior = .deferUntilUnlocked
    ) async throws(TransitionError) -> Value {
        let screen = Screen(destination)
        let request = TransitionRequest.content(.hop(to: .screen(screen), in: id))
        try await coordinator.perform(request, animator: animator, policy: policy, whenLocked: whenLocked)
        return try await coordinator.awaitUnhop(of: screen.id, in: id, as: Value.self)
    }

    /// Unhops `screen` (a ``ScreenID``, or the app's destination value), the container's current child, with `value`: the flow waiting in
    /// ``hopAndWait(to:returning:animator:policy:whenLocked:)`` returns it (or the next flow to
    /// wait on this screen does). Changes nothing on screen and takes no slot. A screen that is no
    /// longer the current child (hopped away from, removed, or moved elsewhere by a replace) has
    /// already ended its flow's wait with ``ContainerError/leftBeforeUnhop(_:hop:)``.
    ///
    /// - Throws: ``ContainerError/notCurrent(_:hop:)`` when `screen` is not the current child,
    ///   ``ContainerError/alreadyUnhopped(_:hop:)`` on a second unhop of the same hop,
    ///   ``ContainerError/unhopValueMismatch(_:expected:actual:)`` when the flow waiting for it
    ///   takes a value of another type (the flow waits on, for an unhop with one it takes), and
    ///   ``ContainerError/unknownContainer(_:)`` or ``ContainerError/wrongKind(_:expected:actual:)``.
    public func unhop(_ screen: some Hashable & Codable & Sendable, with value: some Sendable) async throws(TransitionError) {
        try await coordinator.unhop(ScreenID(of: screen), in: id, with: value)
    }

    /// Unhops `screen` with no value (a flow waiting for `Void`).
    public func unhop(_ screen: some Hashable & Codable & Sendable) async throws(TransitionError) {
        try await coordinator.unhop(ScreenID(of: screen), in: id, with: ())
    }
}
