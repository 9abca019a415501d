/// A host call that did not return within ``CoordinatorConfiguration/hostTimeout``.
///
/// While a call is stuck the coordinator makes no other host call: requests are refused with
/// ``TransitionError/hostUnresponsive(_:)`` and lifecycle events commit to the model alone (the
/// shield and lock are recorded, and shown as soon as the host answers). When the stuck call
/// returns, the first transition after it sends the host what it missed, in one catch-up phase.
public struct HostFault: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The call that did not return.
    public let call: HostCall
    /// The transition that made it (``TransitionID`` 0: the coordinator's creation).
    public let transition: TransitionID
    /// Where in that transition the call stood.
    public let phase: HostPhase
    /// When the coordinator gave up waiting, on its clock (since its creation).
    public let since: Duration
    /// When the phase's first call was made, on the same clock: `since - phaseBegan` is the host
    /// timeout the phase was given (the harness checks it is never more).
    public let phaseBegan: Duration

    /// Names a stuck call; `phaseBegan` defaults to `since` when unknown.
    public init(call: HostCall, transition: TransitionID, phase: HostPhase, since: Duration, phaseBegan: Duration? = nil) {
        self.call = call
        self.transition = transition
        self.phase = phase
        self.since = since
        self.phaseBegan = phaseBegan ?? since
    }

    /// As `'create #5' of T12 (before the animation), stuck since 2.0 seconds`.
    public var description: String { "'\(call)' of \(transition) (\(phase)), stuck since \(since)" }
}

/// The group of host calls a transition makes at one point of its lifecycle.
public enum HostPhase: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The root window's creation, in the coordinator's initializer.
    case setup
    /// Calls a host missed while it was stuck, sent before a transition's own.
    case catchUp
    /// Hides, creates and shows, before the animation.
    case beforeAnimation
    /// Resets, the key window and destroys, after the animation.
    case afterAnimation

    /// A short phrase.
    public var description: String {
        switch self {
        case .setup: "setup"
        case .catchUp: "catch-up"
        case .beforeAnimation: "before the animation"
        case .afterAnimation: "after the animation"
        }
    }
}

/// What the host did in one transition.
public enum HostOutcome: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Every call returned in time.
    case completed
    /// A call of this transition did not return in time; the calls after it were not made and the
    /// model committed without them.
    case stuck(HostFault)
    /// A call of an earlier transition was still stuck: no call was made, the model committed alone.
    case skipped(HostFault)

    /// The fault, when the host did not take every call.
    public var fault: HostFault? {
        switch self {
        case .completed: nil
        case .stuck(let fault), .skipped(let fault): fault
        }
    }

    /// A short phrase.
    public var description: String {
        switch self {
        case .completed: "completed"
        case .stuck(let fault): "stuck at \(fault)"
        case .skipped(let fault): "skipped: \(fault)"
        }
    }
}
