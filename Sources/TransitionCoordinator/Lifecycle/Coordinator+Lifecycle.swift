/// The app's lifecycle: background, foreground, the privacy shield and the lock screen, as the
/// configured covers say (``LifecycleCover``).
extension Coordinator {
    /// Records the application state, putting the shield and the lock up (or the shield down) as
    /// the configured covers say (``LifecycleCover``). Never animated.
    ///
    /// Lifecycle events take precedence: if a transition is in flight its animation is told to
    /// finish now, and this event runs as soon as that transition commits, ahead of every waiting
    /// request (other lifecycle events excepted, which keep their order). It is never refused for
    /// room. A transition whose guards are still deciding is waited for until they answer, at
    /// most ``CoordinatorConfiguration/guardTimeout``. When it returns, the state is committed: after `.inactive` the shield is the
    /// top-most, key window; after `.background` the lock is up beneath it.
    ///
    /// Once it has arrived it is committed to running: it cuts the animation in flight short, and
    /// cancelling its task no longer withdraws it. A stuck host does not hold it up: while a host
    /// call is stuck it commits to the model alone (its record says so), and the first transition
    /// after the host answers again sends it the shield and lock before anything else.
    ///
    /// - Throws: only ``TransitionError/Refusal/reentrant(inFlight:)`` (called from inside a transition)
    ///   or ``TransitionError/Refusal/cancelled(_:)`` (the caller was cancelled before it arrived).
    @discardableResult
    public func setApplicationState(_ state: ApplicationState) async throws(TransitionError) -> TransitionRecord {
        let request = TransitionRequest.setApplicationState(state)
        guard let record = try await submit(request, animator: nil, mode: .lifecycle, whenLocked: .refuse) else {
            throw alreadyShown(request)
        }
        return record
    }

    /// Removes the lock screen (animated) and shows again the windows it hid; then requests
    /// deferred while locked run, in order.
    ///
    /// Only an active app can be unlocked: a person types the PIN into an app in front of them. A
    /// waiting unlock is planned when its turn comes, so one that waited while the app went to the
    /// background is refused then, and the lock stays up.
    ///
    /// - Throws: ``TransitionError/InvalidRequest/notLocked`` when no lock is up,
    ///   ``TransitionError/InvalidRequest/unlockWhileNotActive(_:)`` when the app is not active; the policy's
    ///   errors when busy.
    @discardableResult
    public nonisolated(nonsending) func unlock(
        animator: (any Animator)? = nil,
        policy: AdmissionPolicy = .reject
    ) async throws(TransitionError) -> TransitionRecord {
        try await perform(.unlock, animator: animator, policy: policy)
    }
}
