/// Turns the coordinator's model into real windows: the app's side of the contract.
///
/// The coordinator calls a host only from inside its current transition, one call at a time, in
/// this order. Before the animation: `hideWindow` for windows a cover now hides (first, so nothing
/// a cover must hide is visible while it goes up), `createWindow` (and `showWindow` unless it is
/// created hidden) for incoming windows, bottom to top, and `showWindow` for windows a cover stops
/// hiding. After it: `resetAppearance` for every visible window (only when an animator ran), then
/// `makeKey` (when the key window changes or unmanaged windows must resign), then `destroyWindow`
/// for each outgoing window, exactly once. A key window is thus never destroyed before its
/// successor is key.
///
/// Each of the two phases is awaited at most ``CoordinatorConfiguration/hostTimeout``, counted
/// from its first call (for a host that is an actor, once the actor is entered: see below). When no animation runs, nothing happens between them, so they are sent
/// as one, in the same order, under one timeout. (The default host, a headless model, is called inline
/// instead, within the coordinator's own step, and never times out.) A call that has not
/// returned by then is abandoned (see ``HostFault``): the coordinator makes no further call
/// until it returns, then sends the calls the host missed in one catch-up phase, in the same order.
///
/// **Where the calls run.** A host that is an actor is entered first, and each phase's calls
/// start on it at once, on the thread the coordinator ran on when the actor is free: a call that
/// does not suspend costs no thread hop, and the first one that suspends (an animation awaited, a
/// hop elsewhere) leaves the rest to the phase's task, under the timeout. The calls inherit the
/// request's priority and task-local values. Implement every method on such an actor: one left
/// to a default (the content calls' no-ops) runs off it and costs a
/// hop. Any other host (a `@MainActor` class, a nonisolated one) is called from a detached task
/// of its own. A call may suspend as long as it likes, since the timeout abandons it; but the
/// time counts from the first call, so an actor host busy with other work delays the phase
/// until it is free, and a call that works long without suspending, or blocks its thread (a
/// lock held elsewhere, a semaphore), holds the transition as long, past any timeout. Keep such
/// work off the host's actor.
///
/// The coordinator holds each call as a value of its own, and sends each phase's calls in order
/// through these methods; the testing product's `TestHost` records them as lines (`create #2`,
/// `show #2`).
///
/// On iOS a host is a `@MainActor` type holding one `UIWindow` per ``WindowID`` (its
/// `windowLevel` from ``WindowLevel/rawValue``); see <doc:WindowsLevelsShieldAndLock> and the UIKit product's host. A host must not ask the
/// coordinator for a transition from these calls: that request is refused as re-entrant.
public protocol WindowHost: Sendable {
    /// Creates the real window for `window` (hidden until shown).
    func createWindow(_ window: ManagedWindow) async
    /// Makes the window visible.
    func showWindow(_ id: WindowID) async
    /// Hides the window without destroying it.
    func hideWindow(_ id: WindowID) async
    /// Makes the window key; in the default mode the unmanaged windows named resign key.
    func makeKey(_ id: WindowID, resigning unmanaged: [String]) async
    /// Resets frame, alpha and transform after an animation.
    func resetAppearance(_ id: WindowID) async
    /// Tears the window down; called once per window, after it left the model. The screens in
    /// its content go with it (no ``destroyScreen(_:in:)`` is sent for them).
    func destroyWindow(_ id: WindowID) async
    /// Creates the screen (a view controller, say) that is about to arrive in a live window's
    /// content, before ``setContent(_:of:animated:)`` shows it. The screens of a window's content when the
    /// window is created come with ``createWindow(_:)`` instead.
    func createScreen(_ screen: Screen, in window: WindowID) async
    /// Applies a live window's new content in one call: its stacks, tabs, modals and hop
    /// containers (``HopContainer``) as they now stand (`setViewControllers`, `selectedIndex`,
    /// `present`, `dismiss` on iOS). Sent once per content transition, after the arriving
    /// screens were created, before the animation.
    ///
    /// `animated` says whether an animator is to animate this change, called right after this
    /// phase: a host whose containers animate themselves (UIKit's push and present) animates
    /// then, for that animator to await, and otherwise applies the change at once. It is false
    /// for every change the skip rules exempt: no animator was given, the app is not active, the
    /// user made it (the system has animated it already), the top content did not change; and
    /// for the calls a host missed while stuck. (A transition cut short before its animator is
    /// called still ends at once: the host's own animation then runs its course.) A host that
    /// leaves animation to the animator ignores it.
    func setContent(_ content: WindowContent, of window: WindowID, animated: Bool) async
    /// Tears down a screen that left a live window's content; called once per departed screen,
    /// after the animation.
    func destroyScreen(_ screen: Screen, in window: WindowID) async
}

extension WindowHost {
    /// Does nothing: a host that shows one screen per window needs no content calls.
    public func createScreen(_ screen: Screen, in window: WindowID) async {}
    /// Does nothing: a host that shows one screen per window needs no content calls.
    public func setContent(_ content: WindowContent, of window: WindowID, animated: Bool) async {}
    /// Does nothing: a host that shows one screen per window needs no content calls.
    public func destroyScreen(_ screen: Screen, in window: WindowID) async {}
}
