import TransitionCoordinator

/// Reads a coordinator's events in order, so a test can wait for exactly the one it needs
/// (a request joining a wait lane, say) instead of guessing with sleeps.
package struct EventProbe {
    private var iterator: AsyncStream<CoordinatorEvent>.Iterator

    /// Subscribes now: every event sent from here on is seen.
    package init(_ coordinator: Coordinator) { iterator = coordinator.events().makeAsyncIterator() }

    /// Suspends until an event matching `predicate` arrives and returns it (nil if the stream ends).
    package mutating func next(where predicate: (CoordinatorEvent) -> Bool) async -> CoordinatorEvent? {
        while let event = await iterator.next() {
            if predicate(event) { return event }
        }
        return nil
    }

    /// Suspends until `request` joins a wait lane; returns the lane.
    @discardableResult
    package mutating func waiting(_ request: TransitionRequest) async -> WaitLane? {
        let event = await next { event in
            if case .waiting(request, _) = event { return true }
            return false
        }
        if case .waiting(_, let lane)? = event { return lane }
        return nil
    }
}
