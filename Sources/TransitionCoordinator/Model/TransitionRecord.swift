/// The record of one completed transition: what was asked, the state before and after, what the animation did.
///
/// Times are offsets from the coordinator's creation on its injected clock, so records are
/// comparable and `Codable` whatever the clock.
public struct TransitionRecord: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The record's values, stored once: a record is one reference wide, so keeping it in the
    /// history, an event and the caller's hands copies a pointer, not two snapshots.
    private struct Fields: Sendable, Hashable, Codable {
        var id: TransitionID
        var request: TransitionRequest
        var before: NavigationSnapshot
        var after: NavigationSnapshot
        var hadAnimator: Bool
        var animation: AnimationOutcome
        var hostFault: HostFault?
        var extraFinishCalls: Int
        var waited: WaitInfo?
        var startedAt: Duration
        var endedAt: Duration
        // Optional in the encoding, so records saved before these existed still decode.
        var source: NavigationSource?
        var link: LinkID?
        var animationEndedAt: Duration?
    }

    private let storage: SharedValue<Fields>

    /// The transition's identity.
    public var id: TransitionID { storage.value.id }
    /// The request as it was admitted.
    public var request: TransitionRequest { storage.value.request }
    /// The kind the animator saw.
    package var kind: TransitionKind { request.kind }
    /// The committed state before the transition.
    public var before: NavigationSnapshot { storage.value.before }
    /// The committed state after it; `after.version == before.version + 1`.
    public var after: NavigationSnapshot { storage.value.after }
    /// Whether the request carried an animator (the skip rules depend on it).
    package var hadAnimator: Bool { storage.value.hadAnimator }
    /// What the animation did.
    public var animation: AnimationOutcome { storage.value.animation }
    /// The host call that did not return, when the host did not take every call (see
    /// ``HostFault``); nil when every call returned in time. A fault of this transition's own
    /// (`hostFault.transition == id`) is a call it made that got stuck: the calls after it were not
    /// made. An earlier transition's is a call still stuck when this one ran: no call was made.
    /// Either way the model committed without the calls left out.
    public var hostFault: HostFault? { storage.value.hostFault }
    /// How many times the animator reported completion beyond the first: 0 for an animator that
    /// finishes once. The coordinator acts on the first finish alone; each later one is counted
    /// here (an animator that finishes twice has a bug an app's tests can catch).
    public var extraFinishCalls: Int { storage.value.extraFinishCalls }
    /// How it waited before admission; nil when it was admitted on arrival.
    package var waited: WaitInfo? { storage.value.waited }
    /// When the transition was admitted, since the coordinator's creation.
    public var startedAt: Duration { storage.value.startedAt }
    /// When it committed, since the coordinator's creation.
    public var endedAt: Duration { storage.value.endedAt }
    /// Where it came from: the app, a link, restoration, a gesture, a redirect, the user's report
    /// or the lifecycle.
    public var source: NavigationSource { storage.value.source ?? .app }
    /// The link it followed, when the inbox delivered it: the correlation id from the link's
    /// arrival (``LinkInbox/post(_:expiry:)``) to this record and the link's outcome.
    public var link: LinkID? { storage.value.link }
    /// When the animator returned or was cut short (the animation finished on screen), since the
    /// coordinator's creation; nil when no animator ran. The state commits after it, at ``endedAt``.
    public var animationEndedAt: Duration? { storage.value.animationEndedAt }

    /// Builds a record; the coordinator makes the real ones.
    package init(
        id: TransitionID, request: TransitionRequest, before: NavigationSnapshot, after: NavigationSnapshot,
        hadAnimator: Bool, animation: AnimationOutcome, extraFinishCalls: Int, startedAt: Duration, endedAt: Duration,
        waited: WaitInfo? = nil, hostFault: HostFault? = nil, source: NavigationSource = .app, link: LinkID? = nil,
        animationEndedAt: Duration? = nil
    ) {
        storage = SharedValue(
            Fields(
                id: id, request: request, before: before, after: after, hadAnimator: hadAnimator,
                animation: animation, hostFault: hostFault, extraFinishCalls: extraFinishCalls, waited: waited,
                startedAt: startedAt, endedAt: endedAt, source: source == .app ? nil : source, link: link,
                animationEndedAt: animationEndedAt))
    }

    /// Decodes the fields a record encodes (the same keys as its properties).
    public init(from decoder: any Decoder) throws {
        storage = SharedValue(try Fields(from: decoder))
    }

    /// Encodes every field under its property's name.
    public func encode(to encoder: any Encoder) throws { try storage.value.encode(to: encoder) }

    /// What happened to each screen, in the documented order (see ``ScreenEvent``): worked out
    /// from the request and the states before and after each time it is read, linear in the
    /// screens of the windows that changed.
    public var screenEvents: [ScreenEvent] { ScreenLifecycle.events(of: request, from: before, to: after) }

    /// One line: id, request, versions, animation.
    public var description: String {
        var text = "\(id) \(request) v\(before.version)→v\(after.version) animation \(animation)"
        if extraFinishCalls > 0 { text += ", finished \(extraFinishCalls + 1) times" }
        if let waited { text += ", waited \(waited)" }
        if let hostFault {
            text += hostFault.transition == id ? ", host stuck at \(hostFault)" : ", host skipped: \(hostFault)"
        }
        if source != .app { text += ", from \(source.rawValue)" + (link.map { " \($0)" } ?? "") }
        return text
    }
}
