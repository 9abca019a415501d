import TransitionCoordinator

/// Reads a coordinator's events in order, so a test awaits exactly the one it needs (a request
/// joining a wait lane, a transition ending) instead of guessing with sleeps, and reads every
/// event sent so far without waiting for one that may never come (`drain()`).
///
/// Subscribes when created: it sees every event sent from then on, in the order the coordinator
/// sent them. Use it from one task (it is a value holding a stream's iterator), one that is not
/// cancelled: as for any `AsyncStream`, a read in a cancelled task ends the probe's stream, and
/// it sees nothing sent after. Events dropped
/// from its full buffer (`CoordinatorConfiguration/eventBufferSize`) are never seen: where they
/// were, the probe reads `CoordinatorEvent/missed(_:)` with their count, as any event (with the
/// next event, or from `drain()`, which reads it even when none came after). What
/// another subscriber drops does not touch it. It does not keep the coordinator alive: once
/// the coordinator is gone, `next()` returns nil.
public struct EventProbe {
    /// How many items its stream was given (events and `missed` markers), counted as each can be read.
    private let given: EventTally
    /// The coordinator, weakly: the probe does not keep it alive.
    private weak var coordinator: Coordinator?
    private var iterator: AsyncStream<CoordinatorEvent>.Iterator
    /// Events read so far (`missed` markers among them).
    public private(set) var readCount = 0

    /// Subscribes now: every event sent from here on is seen.
    public init(_ coordinator: Coordinator) {
        let (stream, given) = coordinator.countedEvents()
        self.given = given
        self.coordinator = coordinator
        iterator = stream.makeAsyncIterator()
    }

    /// How many events were sent to this probe and not read yet (a `missed` marker among them).
    public var unread: Int { max(0, given.count - readCount) }

    /// Suspends until the next event and returns it (nil if the stream ends).
    ///
    /// It waits as long as it takes: await it when an event is sure to come, or use `drain()`.
    public mutating func next() async -> CoordinatorEvent? {
        let event = await iterator.next()
        if event != nil { readCount += 1 }
        return event
    }

    /// Suspends until an event matching `predicate` arrives and returns it (nil if the stream
    /// ends); the events before it are read and skipped.
    public mutating func next(where predicate: (CoordinatorEvent) -> Bool) async -> CoordinatorEvent? {
        while let event = await next() {
            if predicate(event) { return event }
        }
        return nil
    }

    /// Suspends until a transition ends (skipping other events) and returns its record.
    public mutating func ended() async -> TransitionRecord? {
        let event = await next { event in
            if case .ended = event { return true }
            return false
        }
        if case .ended(let record)? = event { return record }
        return nil
    }

    /// Suspends until `request` joins a wait lane; returns the lane.
    @discardableResult
    public mutating func waiting(_ request: TransitionRequest) async -> WaitLane? {
        let event = await next { event in
            if case .waiting(request, _) = event { return true }
            return false
        }
        if case .waiting(_, let lane)? = event { return lane }
        return nil
    }

    /// Reads and returns every event sent to this probe so far and not yet read, in order;
    /// never waits for an event that was not sent: each is counted only once it is in the
    /// probe's buffer. Events its full buffer dropped end it with `CoordinatorEvent/missed(_:)`
    /// even when no event came after them (a stream is otherwise told with the next event).
    public mutating func drain() async -> [CoordinatorEvent] {
        var events = await readGiven()
        // All it was given is read, so there is room: a gap no later event revealed is told now.
        coordinator?.claimMissedEvents(of: given)
        events += await readGiven()
        return events
    }

    /// Reads every item its stream was given and it has not read.
    private mutating func readGiven() async -> [CoordinatorEvent] {
        var events: [CoordinatorEvent] = []
        while unread > 0, let event = await next() { events.append(event) }
        return events
    }
}

extension CoordinatorEvent {
    /// One readable line, as expectations compare and diffs show events: `began push mail`,
    /// `ended push mail (ran)`, `rejected pop: busy`, `waiting push mail (enqueued)`,
    /// `cancelled the user did: pop inbox`. Ids and snapshots are left out, so a line states what
    /// a test can know in advance.
    public var line: String {
        switch self {
        case .began(let transition, _): "began \(transition.request)"
        case .ended(let record): "ended \(record.request) (\(record.animation))"
        case .cancelled(let transition): "cancelled \(transition.request)"
        case .rejected(let request, let error): "rejected \(request): \(error.code)"
        case .waiting(let request, let lane): "waiting \(request) (\(lane))"
        case .missed(let count): "missed \(count) events"
        }
    }
}
