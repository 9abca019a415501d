/// What the testing product's event probe needs to know that it has read every event sent so
/// far, without waiting for one that may never come.
extension Coordinator {
    /// ``events()``, with the count of the items (events and `missed(n)`) its stream was given,
    /// each counted once it can be read; another subscriber's drops do not touch it.
    package nonisolated func countedEvents() -> (stream: AsyncStream<CoordinatorEvent>, given: EventTally) {
        hub.subscribeCounted()
    }

    /// Gives the counted stream `tally` counts the `missed(n)` it is owed now, if any, when it
    /// has room: for a reader that read all it was given, so that a gap no later event revealed
    /// yet is told (and counted) before anything sent after.
    package nonisolated func claimMissedEvents(of tally: EventTally) { hub.giveMissed(to: tally) }

    /// How many events were sent to subscribers so far (none are counted while nobody subscribes).
    package nonisolated var eventsSent: Int { hub.sentCount }

    /// How many events were dropped from subscribers' full buffers so far.
    package nonisolated var eventsDropped: Int { hub.droppedCount }
}
