/// Fans coordinator events out to every subscriber's own bounded `AsyncStream`.
///
/// Thread-safe through a lock (`Locked`), so subscribing needs no `await`. Each stream keeps the newest
/// `bufferSize` undelivered events; older ones are dropped and counted in ``droppedCount``.
final class EventHub: Sendable {
    private struct State {
        var nextID: UInt64 = 0
        var subscribers: [UInt64: AsyncStream<CoordinatorEvent>.Continuation] = [:]
        var dropped = 0
    }

    private let state = Locked(State())
    private let bufferSize: Int

    init(bufferSize: Int) { self.bufferSize = bufferSize }

    /// A new subscriber's stream; it ends when the subscriber stops iterating or the hub goes away.
    func subscribe() -> AsyncStream<CoordinatorEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: CoordinatorEvent.self,
                                                            bufferingPolicy: .bufferingNewest(bufferSize))
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.subscribers[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Delivers an event to every subscriber, in call order (only the coordinator actor sends).
    ///
    /// Yields outside the lock, so a subscriber's termination handler can never wait on it.
    func send(_ event: CoordinatorEvent) {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        var dropped = 0
        for continuation in subscribers {
            if case .dropped = continuation.yield(event) { dropped += 1 }
        }
        if dropped > 0 { state.withLock { $0.dropped += dropped } }
    }

    /// How many events were dropped from full buffers so far.
    var droppedCount: Int { state.withLock { $0.dropped } }

    deinit {
        let subscribers = state.withLock { $0.subscribers.values }
        for continuation in subscribers { continuation.finish() }
    }
}
