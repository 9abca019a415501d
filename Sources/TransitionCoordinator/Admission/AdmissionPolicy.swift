/// What a request does when another transition is in flight.
///
/// Whatever the policy, a request ends with exactly one outcome: a record, or one typed error.
/// A request from inside the transition in flight is refused as re-entrant under every policy
/// (waiting would deadlock), and one whose task is cancelled before admission gets
/// ``TransitionError/Refusal/cancelled(_:)``.
public enum AdmissionPolicy: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Refuse at once with ``TransitionError/Refusal/busy(inFlight:)`` (the default).
    case reject
    /// Wait in the bounded FIFO queue; a full queue refuses with ``TransitionError/Refusal/queueFull(limit:)``.
    /// Cancelling the waiting task removes it with ``TransitionError/Refusal/cancelled(_:)``; nothing changes.
    case enqueue
    /// Wait like ``enqueue``, but keep only the newest waiting request of `group`, in whichever
    /// lane it waits (queued, or deferred until the unlock): the ones it replaces end with
    /// ``TransitionError/Refusal/superseded(group:by:)``. A request of the group that runs at once
    /// (nothing in flight), or finds the app where it asks already, replaces the group's waiting
    /// requests too: an older one deferred until the unlock never runs after a newer one ran.
    case coalesce(group: String)
    /// Tell the animation in flight to finish now, let that transition complete, then run next
    /// (after lifecycle events, before queued requests).
    ///
    /// The animation is cut short only by a request sure to run next: its room in the queue is
    /// checked first, and it is planned against the state the running transition commits; a
    /// refusal there (``TransitionError/Refusal/queueFull(limit:)``, a plan that does not fit) changes
    /// nothing. A request that did cut the animation short is committed to running from then on:
    /// cancelling its task no longer withdraws it (as with an admitted transition, cancellation
    /// only cuts its own animation short), and a host call stuck meanwhile does not refuse it: it
    /// then commits to the model alone, as a lifecycle event does. It can still be refused at
    /// hand-over if a lifecycle event, which goes first and preempts too, changed the state so
    /// that it no longer fits.
    /// When the animation was already cut short, a later preempting request just waits in its lane;
    /// so does one that arrives while the transition in flight may still end without committing
    /// (its guards deciding, a gesture the user holds), and one behind such a request, still
    /// waiting, which runs before it: it cuts nothing, stays cancellable, and is planned when its
    /// turn comes.
    /// A navigation to where the transition in flight leads cuts nothing: once that transition's
    /// guards let it through, it is answered already there (nil); until then, it waits for that
    /// transition's end, then is already there, or runs if the guards refused it.
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
    /// Refuse with ``TransitionError/Refusal/locked(lock:)`` (the default).
    case refuse
    /// Wait, in order and bounded, and run after the unlock.
    case deferUntilUnlocked
}

/// A *lane*: one of the lines a waiting request stands in. When the slot is freed, the lanes are
/// served in the order of their cases, each first-in first-out.
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
package struct WaitInfo: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The wait's values, stored once: a wait is one reference wide, so an admission, which
    /// carries an optional one and is copied several times on every transition, stays small.
    private struct Fields: Sendable, Hashable, Codable {
        var lane: WaitLane
        var sequence: UInt64
        var group: String?
        var newestArrival: UInt64
    }

    private let storage: SharedValue<Fields>

    /// The lane it waited in last.
    package var lane: WaitLane { storage.value.lane }
    /// Its place in arrival order across all lanes (FIFO within a lane means increasing here).
    package var sequence: UInt64 { storage.value.sequence }
    /// Its coalescing group, if it asked with ``AdmissionPolicy/coalesce(group:)``.
    package var group: String? { storage.value.group }
    /// The sequence of the newest request that had arrived in any lane when this one was admitted:
    /// every waiter with a sequence up to this one was waiting beside it or before it.
    package var newestArrival: UInt64 { storage.value.newestArrival }

    /// Describes a wait.
    package init(lane: WaitLane, sequence: UInt64, group: String? = nil, newestArrival: UInt64? = nil) {
        storage = SharedValue(Fields(lane: lane, sequence: sequence, group: group, newestArrival: newestArrival ?? sequence))
    }

    /// Decodes the fields a wait encodes (the same keys as its properties).
    package init(from decoder: any Decoder) throws { storage = SharedValue(try Fields(from: decoder)) }

    /// Encodes every field under its property's name.
    package func encode(to encoder: any Encoder) throws { try storage.value.encode(to: encoder) }

    /// As `queued #4`.
    package var description: String { "\(lane) #\(sequence)" }
}
