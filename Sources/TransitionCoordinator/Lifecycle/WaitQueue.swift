/// The requests waiting for the in-flight transition to end, in lanes: a value, decided purely.
///
/// Which waiter goes next, whether there is room, and which waiters a coalescing request
/// supersedes are decided here without any actor or task, so they are tested synchronously.
struct WaitQueue<Ticket> {
    struct Entry {
        let sequence: UInt64
        let request: TransitionRequest
        var lane: WaitLane
        let group: String?
        let deferrable: Bool
        let ticket: Ticket
    }

    private(set) var entries: [Entry] = []
    private var nextSequence: UInt64 = 1

    /// Adds a waiter at the back of `lane`; returns its entry.
    @discardableResult
    mutating func append(_ request: TransitionRequest, lane: WaitLane, group: String?, deferrable: Bool,
                         ticket: Ticket) -> Entry {
        let entry = Entry(sequence: nextSequence, request: request, lane: lane, group: group,
                          deferrable: deferrable, ticket: ticket)
        nextSequence += 1
        entries.append(entry)
        return entry
    }

    /// Puts an entry back, in `lane`, keeping its sequence (its place in arrival order).
    mutating func reinsert(_ entry: Entry, lane: WaitLane) {
        var moved = entry
        moved.lane = lane
        entries.append(moved)
    }

    /// Removes the entries `isDead` says are gone (cancelled tickets).
    mutating func purge(_ isDead: (Ticket) -> Bool) { entries.removeAll { isDead($0.ticket) } }

    /// How many entries wait in `lanes`.
    func count(in lanes: Set<WaitLane>) -> Int { entries.count { lanes.contains($0.lane) } }

    /// The sequence of the newest entry that ever arrived (0 before the first).
    var newestSequence: UInt64 { nextSequence - 1 }

    /// Removes and returns the waiting entries of coalescing `group` in `lanes`.
    mutating func removeGroup(_ group: String, from lanes: Set<WaitLane> = [.queued, .deferred]) -> [Entry] {
        let gone = entries.filter { $0.group == group && lanes.contains($0.lane) }
        entries.removeAll { $0.group == group && lanes.contains($0.lane) }
        return gone
    }

    /// Removes and returns the next entry to serve: the best lane first, FIFO within it; the
    /// deferred lane only when `deferredAllowed`.
    mutating func popNext(deferredAllowed: Bool) -> Entry? {
        let eligible = entries.indices.filter { deferredAllowed || entries[$0].lane != .deferred }
        guard let best = eligible.min(by: { (entries[$0].lane, entries[$0].sequence) < (entries[$1].lane, entries[$1].sequence) })
        else { return nil }
        return entries.remove(at: best)
    }
}
