/// The requests waiting for the in-flight transition to end, in lanes: decided without any actor
/// or task, so it is tested synchronously.
///
/// Which waiter goes next, whether there is room, and which waiters a coalescing request
/// supersedes are decided here, each in O(1) amortized or O(log n):
/// - Each lane is a ``MinHeap`` of entries by arrival sequence: first-in first-out, and an entry
///   put back (``reinsert(_:lane:)``) lands at its place in arrival order, even mid-lane.
/// - Dead entries (cancelled, superseded) are deleted lazily: skipped and dropped when they reach
///   the front, and a lane whose dead entries outnumber its live ones is compacted on the next
///   insert, so the storage stays within about twice the live waiters.
/// - A lane's live count is the entries put there minus its count in ``CancelledCounts``, which a
///   ticket bumps, from any thread, when its cancellation wins: a cancelled waiter frees its room at
///   once, with no scan (see ``AdmissionTicket`` for why each is counted exactly once).
/// - ``CoalescingGroups`` finds a group's members without a scan.
///
/// The tickets and the counts are shared objects, so a copy of a queue would share them with the
/// original: the coordinator owns its one queue and never copies it. (It stays copyable only so
/// that tests can read it inside `#expect`.)
struct WaitQueue {
    /// A waiter's place in a lane: its ticket, which holds the request, group and arrival sequence.
    struct Entry: Comparable {
        /// The lane it stands in (or, once popped, stood in).
        let lane: WaitLane
        /// The waiter's ticket.
        let ticket: AdmissionTicket

        /// Its place in arrival order across all lanes.
        var sequence: UInt64 { ticket.sequence }

        /// Orders by arrival.
        static func < (lhs: Entry, rhs: Entry) -> Bool { lhs.ticket.sequence < rhs.ticket.sequence }

        /// The same arrival (so the same ticket).
        static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.ticket === rhs.ticket }
    }

    /// The lanes in the order they are served.
    private static let serviceOrder: [WaitLane] = [.lifecycle, .preempt, .deferred, .queued]

    /// Dead entries a lane may hold beyond its live ones before it is compacted.
    private static var deadAllowance: Int { 16 }

    /// Each lane's entries, live or dead, indexed by the lane's raw value.
    private var lanes: [MinHeap<Entry>] = Array(repeating: MinHeap(), count: WaitLane.allCases.count)
    /// Per lane, the entries the queue put there whose ticket still stands there, ended or not.
    private var attached: [Int] = Array(repeating: 0, count: WaitLane.allCases.count)
    /// Per lane, the ones of those that ended; bumped by the tickets themselves.
    private let cancelled = CancelledCounts()
    /// The members of each coalescing group.
    private var groups = CoalescingGroups()
    /// The waiters that push a screen, by the screen's id (a double tap's second push is refused).
    private var pushes = CoalescingGroups()
    /// The sequence the next arrival gets.
    private var nextSequence: UInt64 = 1

    /// An empty queue.
    init() {}

    /// Adds a waiter at the back of `lane`; returns its entry, whose ticket the waiter waits on.
    @discardableResult
    mutating func append(
        _ request: TransitionRequest, from origin: TransitionMachine.Origin = .init(source: .app),
        lane: WaitLane, group: String?, deferrable: Bool, hasActed: Bool = false
    ) -> Entry {
        let ticket = AdmissionTicket(
            request: request, origin: origin, group: group, sequence: nextSequence,
            deferrable: deferrable, hasActed: hasActed, lane: lane, counts: cancelled)
        nextSequence += 1
        let entry = Entry(lane: lane, ticket: ticket)
        store(entry)
        return entry
    }

    /// Puts a popped entry back, in `lane`, keeping its sequence (its place in arrival order); false,
    /// changing nothing, when its ticket ended since it was popped.
    @discardableResult
    mutating func reinsert(_ entry: Entry, lane: WaitLane) -> Bool {
        guard entry.ticket.enter(lane) else { return false }
        store(Entry(lane: lane, ticket: entry.ticket))
        return true
    }

    /// How many live waiters stand in `lane`; O(1).
    func count(in lane: WaitLane) -> Int { attached[lane.rawValue] - cancelled[lane] }

    /// How many live members of coalescing `group` stand in `lane`.
    func count(of group: String, in lane: WaitLane) -> Int {
        groups.count(of: group) { $0.isWaiting(in: lane) }
    }

    /// A live waiter that pushes the screen `id`, other than members of coalescing `group` (which
    /// a request of that group supersedes); O(1) but for such members.
    func waitingPush(of id: ScreenID, outside group: String?) -> TransitionRequest? {
        // The hot path: no push waits, so no screen id is hashed.
        guard holdsPushes else { return nil }
        return pushes.first(of: id.rawValue) { $0.isInLine && $0.isLive && ($0.group == nil || $0.group != group) }?.request
    }

    /// Whether any waiter that pushes a screen is in line (dead ones not yet dropped included).
    var holdsPushes: Bool { pushes.count > 0 }

    /// The sequence of the newest entry that ever arrived (0 before the first).
    var newestSequence: UInt64 { nextSequence - 1 }

    /// Whether no entry is stored, live or cancelled: nothing to hand the slot to.
    var isEmpty: Bool { lanes.allSatisfy(\.isEmpty) }

    /// Whether a live waiter stands in any lane: a cancelled entry the queue has not dropped yet
    /// (one in the deferred lane stays until the unlock) does not count.
    var hasLiveWaiter: Bool { WaitLane.allCases.contains { count(in: $0) > 0 } }

    /// How many entries the lanes hold, dead ones included (what compaction bounds).
    var storageCount: Int { lanes.reduce(0) { $0 + $1.count } }

    /// How many entries the lanes have room for without growing.
    var storageCapacity: Int { lanes.reduce(0) { $0 + $1.capacity } }

    /// How many coalescing groups have members in line.
    var groupCount: Int { groups.count }

    /// How many cancelled entries `lane` holds that the queue has not dropped yet.
    func cancelledCount(in lane: WaitLane) -> Int { cancelled[lane] }

    /// The live waiters in serving order (lanes first, then arrival); O(n log n), for diagnostics.
    var waitingEntries: [Entry] {
        Self.serviceOrder.flatMap { lane in
            lanes[lane.rawValue].elements.filter { $0.ticket.isWaiting(in: lane) }.sorted()
        }
    }

    /// Removes and returns the live waiters of coalescing `group` in `lanes`, oldest first.
    mutating func removeGroup(_ group: String, from lanes: Set<WaitLane> = [.queued, .deferred]) -> [Entry] {
        var removed: [Entry] = []
        for ticket in groups.take(group) {
            switch ticket.leave(where: { lanes.contains($0) }) {
            case .waiting(let lane):
                attached[lane.rawValue] -= 1
                forgetPush(ticket)
                removed.append(Entry(lane: lane, ticket: ticket))
            case .ended(let lane):
                attached[lane.rawValue] -= 1
                cancelled.takeBack(lane)
                forgetPush(ticket)
            case .absent:
                // Standing in a lane not asked about: it stays a member.
                if ticket.isInLine { groups.add(ticket, to: group) }
            }
        }
        return removed
    }

    /// Removes and returns the next live entry to serve: the best lane first, FIFO within it; the
    /// deferred lane only when `deferredAllowed`. Dead entries met on the way are dropped.
    mutating func popNext(deferredAllowed: Bool) -> Entry? {
        for lane in Self.serviceOrder where deferredAllowed || lane != .deferred {
            while let entry = lanes[lane.rawValue].removeMin() {
                switch entry.ticket.leave(where: { $0 == lane }) {
                case .waiting:
                    attached[lane.rawValue] -= 1
                    forget(entry.ticket)
                    return entry
                case .ended:
                    attached[lane.rawValue] -= 1
                    cancelled.takeBack(lane)
                    forget(entry.ticket)
                case .absent:
                    // A leftover of a superseded member: its counts were settled when it was removed.
                    continue
                }
            }
        }
        return nil
    }

    /// Stores an entry whose ticket stands in its lane, and compacts that lane if it is mostly dead.
    private mutating func store(_ entry: Entry) {
        let index = entry.lane.rawValue
        attached[index] += 1
        lanes[index].insert(entry)
        if let group = entry.ticket.group { groups.add(entry.ticket, to: group) }
        if let screen = entry.ticket.request.pushedScreen { pushes.add(entry.ticket, to: screen.rawValue) }
        let live = count(in: entry.lane)
        if lanes[index].count - live > max(live, Self.deadAllowance) { compact(entry.lane) }
    }

    /// Drops `lane`'s dead entries in O(entries): the ones whose ticket ended (taking their counts
    /// back) and the leftovers of superseded members. Run only when the dead outnumber the live, so
    /// each dead entry is dropped once and the cost is amortized over the inserts that made them.
    private mutating func compact(_ lane: WaitLane) {
        var ended: [AdmissionTicket] = []
        lanes[lane.rawValue].removeAll { entry in
            switch entry.ticket.leaveIfEnded(lane) {
            case .waiting: return false
            case .ended:
                ended.append(entry.ticket)
                return true
            case .absent: return true
            }
        }
        for ticket in ended {
            attached[lane.rawValue] -= 1
            cancelled.takeBack(lane)
            forget(ticket)
        }
    }

    /// Removes a ticket that left the queue from its group's members and the pushes.
    private mutating func forget(_ ticket: AdmissionTicket) {
        if let group = ticket.group { groups.remove(ticket, from: group) }
        forgetPush(ticket)
    }

    /// Removes a ticket that left the queue from the pushes.
    private mutating func forgetPush(_ ticket: AdmissionTicket) {
        if let screen = ticket.request.pushedScreen { pushes.remove(ticket, from: screen.rawValue) }
    }
}
