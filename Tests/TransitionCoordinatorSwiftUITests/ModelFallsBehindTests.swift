import Dispatch
import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// `NavigationModel.run()` when its stream falls behind (the main actor busy while commits go by).
@Suite("Navigation model: falling behind")
@MainActor
struct ModelFallsBehindTests {
    typealias T = Trees

    /// Holds the calling thread until `done` is signalled: a synchronous wait, which an async
    /// context may not make itself.
    nonisolated static func holdThread(until done: DispatchSemaphore) { done.wait() }

    @Test(
        "a model whose stream dropped the last commits while the main actor was busy catches up with the committed state, with no later commit needed"
    )
    func catchesUpWithoutALaterEvent() async throws {
        // Two items fit in the stream: one transition's began and ended.
        let coordinator = try await Coordinator(
            root: T.app, configuration: try CoordinatorConfiguration(eventBufferSize: 1), clock: TestClock())
        let model = NavigationModel(coordinator: coordinator)
        let follower = Task { await model.run() }
        defer { follower.cancel() }
        // The model follows: it subscribed before its first read of the snapshot.
        await model.applied(through: 0)
        // It read this transition's two events: its stream is empty.
        let first = try await coordinator.change(.pop("inbox"))
        await model.caughtUp(to: first)

        // The main actor is busy (a long layout pass, say) while two transitions commit: the
        // stream keeps the first one's began and ended, and drops the second one's.
        let done = DispatchSemaphore(value: 0)
        let records = Box<[TransitionRecord]>([])
        Task.detached {
            if let tab = try? await coordinator.change(.select(tab: 1, in: "main")),
                let back = try? await coordinator.change(.select(tab: 0, in: "main"))
            {
                records.value = [tab, back]
            }
            done.signal()
        }
        Self.holdThread(until: done)
        let last = try #require(records.value.last)
        await model.caughtUp(to: try #require(records.value.first))
        #expect(coordinator.droppedEventCount > 0, "the stream fell behind")

        // Nothing else happens in the app. The model must end up showing the committed state.
        let arrived = Box(false)
        let waiter = Task { @MainActor in
            await model.caughtUp(to: last)
            arrived.value = true
        }
        // Bounded: the main actor runs every other job queued meanwhile, the model's included.
        for _ in 0..<10_000 where !arrived.value { await Task.yield() }
        let caughtUp = arrived.value
        let shown = model.version
        // The views read the model: tab 1 still selected, while the committed state went back to tab 0.
        #expect(model.selection(of: "main") == 0, "the last commit selected tab 0")
        if !caughtUp {
            // Ends the model's wait: one more event (a refused pop) tells the stream its gap.
            _ = try? await coordinator.change(.pop("compose"))
        }
        await waiter.value
        #expect(caughtUp, "the model still showed version \(shown), the coordinator committed \(last.after.version)")
    }
}
