/// What the testing product's event probe needs to know that it has read every event sent so
/// far, without waiting for one that may never come.
extension Coordinator {
    /// ``events()``, with the count of the items (events and `missed(n)`) its stream was given,
    /// each counted once it can be read; another subscriber's drops do not touch it.
    package nonisolated func countedEvents() -> (stream: AsyncStream<CoordinatorEvent>, given: EventTally) {
        hub.subscribeCounted()
    }

    /// How many events were sent to subscribers so far (none are counted while nobody subscribes).
    package nonisolated var eventsSent: Int { hub.sentCount }

    /// How many events were dropped from subscribers' full buffers so far.
    package nonisolated var eventsDropped: Int { hub.droppedCount }
}
