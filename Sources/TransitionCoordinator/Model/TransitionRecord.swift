/// The record of one completed transition: what was asked, the state before and after, what the animation did.
///
/// Times are offsets from the coordinator's creation on its injected clock, so records are
/// comparable and `Codable` whatever the clock.
public struct TransitionRecord: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The transition's identity.
    public let id: TransitionID
    /// The request as it was admitted.
    public let request: TransitionRequest
    /// The kind the animator saw.
    public var kind: TransitionKind { request.kind }
    /// The committed state before the transition.
    public let before: NavigationSnapshot
    /// The committed state after it; `after.version == before.version + 1`.
    public let after: NavigationSnapshot
    /// Whether the request carried an animator (the skip rules depend on it).
    public let hadAnimator: Bool
    /// What the animation did.
    public let animation: AnimationOutcome
    /// What the host did: every call returned, or one got stuck (see ``HostFault``).
    public let host: HostOutcome
    /// How many times the animator reported completion beyond the first (ignored, but noted).
    public let extraFinishCalls: Int
    /// How it waited before admission; nil when it was admitted on arrival.
    public let waited: WaitInfo?
    /// When the transition was admitted, since the coordinator's creation.
    public let startedAt: Duration
    /// When it committed, since the coordinator's creation.
    public let endedAt: Duration

    /// Builds a record; the coordinator makes the real ones.
    public init(id: TransitionID, request: TransitionRequest, before: NavigationSnapshot, after: NavigationSnapshot,
                hadAnimator: Bool, animation: AnimationOutcome, extraFinishCalls: Int, startedAt: Duration, endedAt: Duration,
                waited: WaitInfo? = nil, host: HostOutcome = .completed) {
        self.host = host
        self.id = id
        self.request = request
        self.before = before
        self.after = after
        self.hadAnimator = hadAnimator
        self.animation = animation
        self.extraFinishCalls = extraFinishCalls
        self.waited = waited
        self.startedAt = startedAt
        self.endedAt = endedAt
    }

    /// One line: id, request, versions, animation.
    public var description: String {
        var text = "\(id) \(request) v\(before.version)→v\(after.version) animation \(animation)"
        if extraFinishCalls > 0 { text += ", finished \(extraFinishCalls + 1) times" }
        if let waited { text += ", waited \(waited)" }
        if host != .completed { text += ", host \(host)" }
        return text
    }
}
