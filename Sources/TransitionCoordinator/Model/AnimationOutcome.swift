/// What the animation of one transition did.
///
/// Whatever the outcome, the transition itself completed: an outcome never means a half-applied state.
public enum AnimationOutcome: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The animator ran and reported completion.
    case ran
    /// The animator was not called, for the reason given.
    case skipped(SkipReason)
    /// The animator did not report completion within the configured timeout; the transition completed anyway.
    case timedOut(after: Duration)
    /// The animator threw; the transition completed anyway. The payload describes the error.
    case failed(String)
    /// The animation was cut short because the task that asked for the transition was cancelled.
    case callerCancelled
    /// The animation was cut short because a request with the preempt policy (or a lifecycle
    /// event) asked it to finish now.
    case preempted

    /// Whether the animation was ended from outside before the animator could be called (a
    /// transition that was to animate, not one the skip rules exempt).
    package var endedBeforeStart: Bool {
        switch self {
        case .skipped(.timedOutBeforeStart), .skipped(.preemptedBeforeStart), .skipped(.cancelledBeforeStart): true
        default: false
        }
    }

    /// Why the animation was cut short, when it was.
    package var cutShortReason: CutShortReason? {
        switch self {
        case .callerCancelled: .callerCancelled
        case .preempted: .preempted
        case .ran, .skipped, .timedOut, .failed: nil
        }
    }

    /// Whether the animator was called at all.
    public var animatorWasCalled: Bool {
        if case .skipped = self { return false }
        return true
    }

    /// A short phrase, as `skipped (app not active)`.
    public var description: String {
        switch self {
        case .ran: "ran"
        case .skipped(let reason): "skipped (\(reason))"
        case .timedOut(let after): "timed out after \(after)"
        case .failed(let message): "failed: \(message)"
        case .callerCancelled: "cut short (caller cancelled)"
        case .preempted: "cut short (preempted)"
        }
    }
}

/// Why an animator was not called.
public enum SkipReason: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The request carried no animator.
    case noAnimator
    /// The application was not active.
    case applicationNotActive
    /// The top-most visible window is the same before and after the transition, and so is the
    /// screen on top of it.
    case topWindowUnchanged
    /// The transition kind is never animated (an application state change).
    case notAnimatable
    /// The timeout passed before the animator's task could call it (it was never called).
    case timedOutBeforeStart
    /// A preemption ended the animation before the animator's task could call it.
    case preemptedBeforeStart
    /// The caller was cancelled before the animator's task could call it.
    case cancelledBeforeStart
    /// The host did not take the calls that put the windows up (see ``HostFault``).
    case hostUnresponsive
    /// The user made the change on screen already (``TransitionRequest/userDid(_:at:)``).
    case madeByUser

    /// A short phrase.
    public var description: String {
        switch self {
        case .noAnimator: "no animator"
        case .applicationNotActive: "app not active"
        case .topWindowUnchanged: "top window unchanged"
        case .notAnimatable: "not animatable"
        case .timedOutBeforeStart: "timed out before the animator started"
        case .preemptedBeforeStart: "preempted before the animator started"
        case .cancelledBeforeStart: "caller cancelled before the animator started"
        case .hostUnresponsive: "host unresponsive"
        case .madeByUser: "made by the user"
        }
    }
}

/// Why a running animation was told to stop early: ``AnimationOutcome/callerCancelled`` or
/// ``AnimationOutcome/preempted`` once the animator was called.
package enum CutShortReason: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The task that asked for the transition was cancelled.
    case callerCancelled
    /// A request with the preempt policy (or a lifecycle event) asked the animation to finish now.
    case preempted

    /// A short phrase.
    package var description: String {
        switch self {
        case .callerCancelled: "caller cancelled"
        case .preempted: "preempted"
        }
    }
}
