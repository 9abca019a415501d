import TransitionCoordinator

extension Coordinator {
    /// Whether `count` requests came to wait in the queue, looked for a bounded number of times:
    /// a scenario whose request never comes (a write that sends nothing, under a mutant) ends
    /// with a violation instead of hanging the run.
    nonisolated func waitingReaches(_ count: Int) async -> Bool {
        for _ in 0..<100_000 {
            if await waitingRequests.count >= count { return true }
            await Task.yield()
        }
        return false
    }
}
