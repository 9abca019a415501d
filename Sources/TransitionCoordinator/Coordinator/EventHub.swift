import Synchronization

/// Fans coordinator events out to every subscriber's own bounded `AsyncStream`.
///
/// Thread-safe through a lock (`Locked`), so subscribing needs no `await`. Each stream holds,
/// in order, `bufferSize` undelivered items and one more, kept so that a stream that fell behind
/// is told so with room for what follows; an event sent while it is full is dropped from it (and
/// counted in ``droppedCount``), and once it has room again the stream is given
/// `CoordinatorEvent.missed(n)` first, where the gap is, so its subscriber learns what it missed.
final class EventHub: Sendable {
    private typealias Continuation = AsyncStream<CoordinatorEvent>.Continuation

    private typealias Subscriber = (continuation: Continuation, tally: EventTally?)

    private struct State {
        var nextID: UInt64 = 0
        var subscribers: [UInt64: Subscriber] = [:]
        /// The subscribers in subscription order, rebuilt when one comes or goes, so a send copies no dictionary.
        var fanOut: [(id: UInt64, subscriber: Subscriber)] = []
        var dropped = 0
        /// How many events were fanned out (sent while someone subscribed).
        var sent = 0

        mutating func rebuild() { fanOut = subscribers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }

    private let state = Locked(State())
    /// How many events each subscriber that fell behind has missed since it was last told. Held
    /// for a whole delivery, yields included, so one delivery at a time reads and writes it:
    /// events come from more than the coordinator's actor (a `.reject` request refused in its
    /// caller's context), and two deliveries that each read a count and wrote it back would lose
    /// one. Nothing is called while it is held but `state`'s lock and the streams' yields, which
    /// take neither (a subscriber's termination handler takes `state`'s alone).
    private let missed = Locked<[UInt64: Int]>([:])
    /// How many subscribers there are, read without the lock: with none, an event is not even built.
    private let count = Atomic<Int>(0)
    private let bufferSize: Int

    init(bufferSize: Int) { self.bufferSize = bufferSize }

    /// A new subscriber's stream; it ends when the subscriber stops iterating or the hub goes away.
    func subscribe() -> AsyncStream<CoordinatorEvent> { subscribe(id: newID(), tally: nil) }

    /// ``subscribe()``, with the count of what the stream is given: each event and each
    /// `missed(n)` is counted once it is in the stream's buffer, so a reader that took fewer
    /// items than the tally says is sure to get one at once. Another subscriber's drops do not
    /// touch it. The tally also names the stream, to claim the `missed(n)` it is owed before any
    /// later event (``giveMissed(to:)``).
    func subscribeCounted() -> (stream: AsyncStream<CoordinatorEvent>, given: EventTally) {
        let id = newID()
        let tally = EventTally(subscriber: id)
        return (subscribe(id: id, tally: tally), tally)
    }

    /// The next subscriber's id.
    private func newID() -> UInt64 {
        state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
    }

    private func subscribe(id: UInt64, tally: EventTally?) -> AsyncStream<CoordinatorEvent> {
        // One slot more than the events', so a stream that fell behind and was read has room for
        // its `missed(n)` and the next event: with none, the marker would take the slot that event
        // needed, and the stream would stay one behind for good.
        // Mutant: no slot for the marker.
        let (stream, continuation) = AsyncStream.makeStream(
            of: CoordinatorEvent.self,
            bufferingPolicy: .bufferingOldest(planted(.missedMarkerTakesEventSlot) ? bufferSize : bufferSize + 1))
        state.withLock { state in
            state.subscribers[id] = (continuation, tally)
            state.rebuild()
            count.store(state.subscribers.count, ordering: .releasing)
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            state.withLock { state in
                guard state.subscribers.removeValue(forKey: id) != nil else { return }
                state.rebuild()
                count.store(state.subscribers.count, ordering: .releasing)
            }
        }
        return stream
    }

    /// How many events were fanned out so far.
    var sentCount: Int { state.withLock { $0.sent } }

    /// Whether anyone subscribes now (read without the lock; a subscriber arriving concurrently
    /// may be missed, as ``send(_:)`` may miss it).
    var hasSubscribers: Bool { count.load(ordering: .acquiring) > 0 }

    /// Delivers an event to every subscriber, in call order; concurrent calls (a refusal sent from
    /// its caller's context) are delivered one after the other.
    ///
    /// Yields outside `state`'s lock, so a subscriber's termination handler can never wait on it. With
    /// no subscriber the event is never built. A subscriber that arrives during a send may miss
    /// that event: a stream sees the events sent after `subscribe()` returned.
    func send(_ event: @autoclosure () -> CoordinatorEvent) {
        PathTrace.enter()
        guard count.load(ordering: .acquiring) > 0 else { return }
        deliver(event())
    }

    /// ``send(_:)`` past its check: fans `event` out.
    ///
    /// A stream that missed events is given `.missed(n)` before this event; while it is still
    /// full, this event is missed too. The counts are read and written under ``missed``'s lock,
    /// held until every stream was given the event.
    private func deliver(_ event: CoordinatorEvent) {
        let dropped = missed.withLock { missed in
            let subscribers = state.withLock { state in
                state.sent += 1
                return state.fanOut
            }
            var dropped = 0
            for (id, (continuation, tally)) in subscribers {
                var behind = missed.isEmpty ? 0 : missed[id] ?? 0
                let before = behind
                var lost = false
                if behind > 0 {
                    if Self.dropped(continuation.yield(.missed(behind)), counting: tally) {
                        behind += 1
                        lost = true
                    } else {
                        behind = 0
                    }
                }
                if !lost, Self.dropped(continuation.yield(event), counting: tally) {
                    behind = 1
                    lost = true
                }
                if lost { dropped += 1 }
                if behind != before { missed[id] = behind == 0 ? nil : behind }
            }
            // Subscribers that left: their counts go with them.
            if missed.count > subscribers.count {
                let present = Set(subscribers.map(\.id))
                missed = missed.filter { present.contains($0.key) }
            }
            return dropped
        }
        if dropped > 0 { state.withLock { $0.dropped += dropped } }
    }

    /// Gives the counted stream `tally` counts the `missed(n)` it is owed, now, when it has room:
    /// for a reader that read all it was given, whose gap no later event has revealed yet (a
    /// stream is otherwise told with the next event, the only moment the hub acts). Under
    /// ``missed``'s lock, as a delivery is, so the marker stands where the next delivery would
    /// have put it, and that delivery then owes nothing. Nothing happens while the stream is
    /// still full, or once it ended.
    func giveMissed(to tally: EventTally) {
        let id = tally.subscriber
        missed.withLock { missed in
            // Mutant: the marker owed is kept until the next event.
            guard let behind = missed[id], !planted(.missedOwedKept),
                let (continuation, tally) = state.withLock({ $0.subscribers[id] })
            else { return }
            if !Self.dropped(continuation.yield(.missed(behind)), counting: tally) { missed[id] = nil }
        }
    }

    /// Whether a yield that gave `result` dropped its item; one enqueued is counted in `tally`.
    private static func dropped(_ result: Continuation.YieldResult, counting tally: EventTally?) -> Bool {
        switch result {
        case .dropped: return true
        case .enqueued: tally?.add()
        case .terminated: break
        @unknown default: break
        }
        return false
    }

    /// How many events were dropped from full buffers so far.
    var droppedCount: Int { state.withLock { $0.dropped } }

    deinit {
        let subscribers = state.withLock { $0.subscribers.values }
        for subscriber in subscribers { subscriber.continuation.finish() }
    }
}

/// How many items (events, and `missed(n)` markers) one counted subscriber's stream was given:
/// what the testing product's probe reads to know it took every item sent to it.
package final class EventTally: Sendable {
    private let given = Atomic<Int>(0)
    /// The stream's subscriber, as the hub knows it.
    fileprivate let subscriber: UInt64

    fileprivate init(subscriber: UInt64) { self.subscriber = subscriber }

    /// Counted by the hub once the item is in the stream's buffer.
    fileprivate func add() { given.add(1, ordering: .releasing) }

    /// How many items the stream was given so far.
    package var count: Int { given.load(ordering: .acquiring) }
}
