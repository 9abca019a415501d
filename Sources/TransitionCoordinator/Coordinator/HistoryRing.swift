/// The newest records, at most `limit` of them, kept in a ring: adding one is O(1) and moves no
/// other (an array trimmed with `removeFirst` would shift every record on each commit).
struct HistoryRing {
    /// The records, in ring order: once full, `oldest` is where the next one goes.
    private var storage: [TransitionRecord] = []
    /// The index of the oldest record once the ring is full.
    private var oldest = 0
    /// The most records kept.
    let limit: Int

    /// An empty ring of at most `limit` records (at least one).
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Adds `record` as the newest, dropping the oldest when full.
    mutating func append(_ record: TransitionRecord) {
        PathTrace.enter()
        if storage.count < limit {
            storage.append(record)
        } else {
            storage[oldest] = record
            oldest = oldest + 1 == limit ? 0 : oldest + 1
        }
    }

    /// The records, oldest first.
    var records: [TransitionRecord] {
        guard oldest > 0 else { return storage }
        return Array(storage[oldest...] + storage[..<oldest])
    }
}
