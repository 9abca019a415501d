/// What a request does when another transition is in flight.
///
/// Whatever the policy, a request ends with exactly one outcome: a record, or one typed error.
/// A request from inside the transition in flight is refused as re-entrant under every policy
/// (waiting would deadlock), and one whose task is cancelled before admission gets
/// ``TransitionError/cancelled(_:)``.
public enum AdmissionPolicy: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Refuse at once with ``TransitionError/busy(inFlight:)`` (the default).
    case reject
    /// Wait in the bounded FIFO queue; a full queue refuses with ``TransitionError/queueFull(limit:)``.
    /// Cancelling the waiting task removes it with ``TransitionError/cancelled(_:)``; nothing changes.
    case enqueue
    /// Wait like ``enqueue``, but keep only the newest waiting request of `group`: the one it
    /// replaces ends with ``TransitionError/superseded(group:by:)``.
    case coalesce(group: String)
    /// Tell the animation in flight to finish now, let that transition complete, then run next
    /// (after lifecycle events, before queued requests).
    case preempt

    /// As `coalesce(search)`.
    public var description: String {
        switch self {
        case .reject: "reject"
        case .enqueue: "enqueue"
        case .coalesce(let group): "coalesce(\(group))"
        case .preempt: "preempt"
        }
    }
}

/// What a request that would show something above the lock screen does while the app is locked.
public enum LockedBehavior: String, Sendable, Hashable, Codable, CaseIterable {
    /// Refuse with ``TransitionError/locked(lock:)`` (the default).
    case refuse
    /// Wait, in order and bounded, and run after the unlock.
    case deferUntilUnlocked
}

/// The line a waiting request stood in; lines are served in this order, each first-in first-out.
public enum WaitLane: Int, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// Application state changes: they put up the shield and the lock, so they go first.
    case lifecycle
    /// Requests with ``AdmissionPolicy/preempt``.
    case preempt
    /// Requests deferred while locked (served only when unlocked).
    case deferred
    /// Requests with ``AdmissionPolicy/enqueue`` or ``AdmissionPolicy/coalesce(group:)``.
    case queued

    /// Orders lanes by service priority.
    public static func < (lhs: WaitLane, rhs: WaitLane) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The lane's name.
    public var description: String {
        switch self {
        case .lifecycle: "lifecycle"
        case .preempt: "preempt"
        case .deferred: "deferred"
        case .queued: "queued"
        }
    }
}

/// How a committed transition waited before it was admitted.
public struct WaitInfo: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The lane it waited in last.
    public let lane: WaitLane
    /// Its place in arrival order across all lanes (FIFO within a lane means increasing here).
    public let sequence: UInt64

    /// Describes a wait.
    public init(lane: WaitLane, sequence: UInt64) {
        self.lane = lane
        self.sequence = sequence
    }

    /// As `queued #4`.
    public var description: String { "\(lane) #\(sequence)" }
}
