/// A host call that did not return within ``CoordinatorConfiguration/hostTimeout``.
///
/// While a call is stuck the coordinator makes no other host call: requests are refused with
/// ``TransitionError/Refusal/hostUnresponsive(_:)``, and lifecycle events (and a preempting request
/// that cut the animation short already) commit to the model alone: the shield and lock are
/// recorded, not shown. When the stuck call returns, the first transition after it sends the host
/// what it missed, the shield and lock included, in one catch-up phase before its own calls (the
/// app's next lifecycle event is such a transition).
public struct HostFault: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The fault's values, stored once: a fault is one reference wide, so every value that may
    /// carry one (an arrival's circumstances, a record's `hostFault`, an error) stays small
    /// and is copied cheaply on every transition, though a fault is rare.
    private struct Fields: Sendable, Hashable, Codable {
        var call: HostCommand
        var transition: TransitionID
        var phase: HostPhase
        var since: Duration
        var phaseBegan: Duration
    }

    private let storage: SharedValue<Fields>

    /// The call that did not return.
    package var call: HostCommand { storage.value.call }
    /// The transition that made it (``TransitionID`` 0: the coordinator's creation).
    public var transition: TransitionID { storage.value.transition }
    /// Where in that transition the call stood.
    package var phase: HostPhase { storage.value.phase }
    /// When the coordinator gave up waiting, on its clock (since its creation).
    public var since: Duration { storage.value.since }
    /// When the phase's first call was made, on the same clock: `since - phaseBegan` is the host
    /// timeout the phase was given (the harness checks it is never more).
    package var phaseBegan: Duration { storage.value.phaseBegan }

    /// Names a stuck call; `phaseBegan` defaults to `since` when unknown.
    package init(call: HostCommand, transition: TransitionID, phase: HostPhase, since: Duration, phaseBegan: Duration? = nil) {
        storage = SharedValue(
            Fields(
                call: call, transition: transition, phase: phase, since: since,
                phaseBegan: phaseBegan ?? since))
    }

    /// Decodes the fields a fault encodes (the same keys as its properties).
    public init(from decoder: any Decoder) throws { storage = SharedValue(try Fields(from: decoder)) }

    /// Encodes every field under its property's name.
    public func encode(to encoder: any Encoder) throws { try storage.value.encode(to: encoder) }

    /// As `'create #5' of T12 (before the animation), stuck since 2.0 seconds`.
    public var description: String { "'\(call)' of \(transition) (\(phase)), stuck since \(since)" }
}

/// The group of host calls a transition makes at one point of its lifecycle.
package enum HostPhase: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The root window's creation, in the coordinator's initializer.
    case setup
    /// Calls a host missed while it was stuck, sent before a transition's own.
    case catchUp
    /// Hides, creates and shows, before the animation.
    case beforeAnimation
    /// Resets, the key window and destroys, after the animation.
    case afterAnimation

    /// A short phrase.
    package var description: String {
        switch self {
        case .setup: "setup"
        case .catchUp: "catch-up"
        case .beforeAnimation: "before the animation"
        case .afterAnimation: "after the animation"
        }
    }
}
