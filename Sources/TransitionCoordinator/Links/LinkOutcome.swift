/// A link's identity in a ``LinkInbox``: the correlation id that follows it from arrival to its
/// transition (the record's ``TransitionRecord/request`` names its route) and its outcome.
public struct LinkID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The number, increasing in arrival order within an inbox (restored links keep theirs).
    public let rawValue: UInt64

    /// A link id.
    package init(_ rawValue: UInt64) { self.rawValue = rawValue }

    /// Arrival order.
    public static func < (lhs: LinkID, rhs: LinkID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `L7`.
    public var description: String { "L\(rawValue)" }
}

/// How a link ended: exactly one per link the inbox accepted.
public enum LinkOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The app navigated to it: the transition's record.
    case navigated(TransitionRecord)
    /// The app showed it already when its turn came: nothing changed.
    case alreadyThere
    /// It waited longer than its expiry before its turn came (the app was not ready, say).
    case expired(waited: Duration)
    /// A newer link arrived before this one's turn: the newer one is followed instead.
    case superseded(by: LinkID)
    /// The same route was pending or on its way already: that link stands for this one.
    case duplicate(of: LinkID)
    /// The coordinator refused it (a route that does not compile, a host that does not answer…).
    case refused(TransitionError)

    /// `navigated`, `alreadyThere`, `expired`, `superseded`, `duplicate`, or `refused.<code>`.
    public var code: String {
        switch self {
        case .navigated: "navigated"
        case .alreadyThere: "alreadyThere"
        case .expired: "expired"
        case .superseded: "superseded"
        case .duplicate: "duplicate"
        case .refused(let error): "refused.\(error.code)"
        }
    }

    /// What happened, in words.
    public var description: String {
        switch self {
        case .navigated(let record): "navigated: \(record.id)"
        case .alreadyThere: "already there"
        case .expired(let waited): "expired after waiting \(waited)"
        case .superseded(let newer): "superseded by \(newer)"
        case .duplicate(let earlier): "a duplicate of \(earlier)"
        case .refused(let error): "refused: \(error)"
        }
    }
}

/// A link waiting in an inbox, as saved with the app's state: it survives the process being
/// killed, and a restored inbox follows it (see ``LinkInbox/restore(_:)``).
public struct SavedLink: Sendable, Hashable, Codable {
    /// Its id.
    public var id: LinkID
    /// Where it leads.
    public var route: Route
    /// How much longer it may wait before it expires (counted again from the restore).
    public var remaining: Duration

    /// A saved link (the inbox makes them in ``LinkInbox/saved()``; tests and migrations may too).
    package init(id: LinkID, route: Route, remaining: Duration) {
        self.id = id
        self.route = route
        self.remaining = remaining
    }
}
