import TransitionCoordinator

/// The least a transition can cost while keeping the coordinator's documented guarantees, written
/// in plain Swift with none of the coordinator's code: the floor that shows how much of a
/// transition's cost the contract itself charges, beside the bare-call floor.
///
/// Each step below is there because a guarantee needs it, done the cheapest way we know:
/// - **One hop onto the actor** (serialization): the bare call.
/// - **Re-entrancy refusal** (a request from inside a transition's own work is refused, not
///   deadlocked): read the task-local chain on arrival, and bind it while the host is called, so
///   a task the host starts inherits it.
/// - **Cancellation** (a request cancelled before admission changes nothing): one check.
/// - **The busy gate** (a busy refusal is answered without the actor, so it costs ~1 call): the
///   transition in flight is published under a lock on admission and withdrawn before commit.
/// - **Records** (each returned record says when it was admitted and committed): two clock reads.
/// - **Snapshots** (a record keeps the state before and after; observers read committed values):
///   the after-state is a new array (the before-state stays shared by the record).
/// - **The host** (windows created, shown, made key and destroyed through the app's host): the
///   same calls through an existential of the same no-op host the case uses.
/// - **Level ownership** (each level's window is held by its owner): one write per change.
/// - **History** (bounded): the record goes into a ring of the same size.
/// - **Events** (transition ended, to subscribers): one locked check that there are none.
enum ContractFloor {
    /// A window as the floor keeps it: an id and a level, as small as a window can be.
    struct Entry: Sendable {
        var id: Int
        var level: Int
    }

    /// What the floor's transition returns: the two states and the two instants.
    struct Record: Sendable {
        var id: Int
        var before: [Entry]
        var after: [Entry]
        var admittedAt: ContinuousClock.Instant
        var committedAt: ContinuousClock.Instant
    }

    /// The floor's re-entrancy chain: the transitions whose work the current task runs in.
    enum Scope {
        @TaskLocal static var chain: [Int] = []
    }

    /// An error the floor throws where the coordinator would refuse.
    enum Refusal: Error { case reentrant, cancelled, busy }

    /// The floor's coordinator: push and pop of one window at a level, unanimated.
    actor Floor {
        private let host: any SynchronousWindowHost
        private let clock = ContinuousClock()
        private let gate = Locked<Int?>(nil)
        private let subscribers = Locked(0)
        private var windows: [Entry] = []
        private var levels: [Int: Int] = [:]
        private var history: [Record] = []
        private var oldest = 0
        private var nextID = 0
        private var announced = 0

        init(host: any SynchronousWindowHost) {
            self.host = host
            history.reserveCapacity(16)
        }

        /// Opens a window at `level`.
        func push(at level: Int) throws(Refusal) -> Record {
            try transition { windows in
                windows.append(Entry(id: nextID, level: level))
            }
        }

        /// Closes the top window.
        func pop() throws(Refusal) -> Record {
            try transition { windows in
                _ = windows.popLast()
            }
        }

        private func transition(_ change: (inout [Entry]) -> Void) throws(Refusal) -> Record {
            guard Scope.chain.isEmpty else { throw .reentrant }
            guard !Task.isCancelled else { throw .cancelled }
            nextID &+= 1
            let id = nextID
            gate.withLock { $0 = id }
            let admittedAt = clock.now
            let before = windows
            var after = before
            change(&after)
            Scope.$chain.withValue([id]) {
                if let added = after.last, after.count > before.count {
                    host.apply(.create(TransitionCoordinator.Window(id: WindowID(UInt64(added.id)), level: .low, content: .screen(screen))))
                    host.apply(.show(WindowID(UInt64(added.id))))
                    host.apply(.makeKey(WindowID(UInt64(added.id)), resigning: []))
                } else if let removed = before.last {
                    if let key = after.last { host.apply(.makeKey(WindowID(UInt64(key.id)), resigning: [])) }
                    host.apply(.destroy(WindowID(UInt64(removed.id))))
                }
            }
            levels[after.last?.level ?? 0] = after.last?.id
            gate.withLock { $0 = nil }
            windows = after
            let record = Record(id: id, before: before, after: after, admittedAt: admittedAt, committedAt: clock.now)
            if history.count < 16 {
                history.append(record)
            } else {
                history[oldest] = record
                oldest = (oldest + 1) % 16
            }
            if subscribers.withLock({ $0 }) > 0 { announced &+= 1 }
            return record
        }
    }

    private static let screen = Screen("floor")

    /// `pairs` push + pop pairs through the floor, one caller, on `host` (called as `SynchronousWindowHost`).
    static func pushPop(pairs: Int, host: any SynchronousWindowHost) async throws -> Int {
        let floor = Floor(host: host)
        for _ in 0..<pairs {
            _ = try await floor.push(at: 10)
            _ = try await floor.pop()
        }
        return pairs
    }
}
