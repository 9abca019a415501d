import Synchronization

/// Marks the tasks that run on behalf of a transition, so a request from one of them is recognised as re-entrant.
///
/// The marker is a task-local chain of (coordinator, transition) links: it is bound around the whole
/// transition in the caller's task (covering host calls) and inside the animator's and the host
/// calls' tasks, and it is inherited by every `Task {}` and child task those start (not by
/// `Task.detached`, which the documentation of ``Animator`` points out). A chain rather than a
/// single value means an animator of coordinator A that drives coordinator B, whose animator calls
/// back into A, is still caught.
///
/// A coordinator is named by a number no other coordinator of the process ever gets (never by its
/// address, which a later coordinator may reuse), and a transition's link is marked ended when it
/// commits: a new transition's chain keeps only the links still in flight, so a chain is never
/// longer than the transitions that really enclose it.
package enum TransitionScope {
    /// One link of the chain.
    final class Marker: Sendable {
        let coordinator: UInt64
        let transition: TransitionID
        private let live = Atomic<Bool>(true)

        init(coordinator: UInt64, transition: TransitionID) {
            self.coordinator = coordinator
            self.transition = transition
        }

        /// Whether the transition is still in flight.
        var isLive: Bool { live.load(ordering: .acquiring) }

        /// Marks the transition ended (at its commit).
        func end() { live.store(false, ordering: .releasing) }

        /// Whether this link names `transition` of `coordinator`.
        func names(_ coordinator: UInt64, _ transition: TransitionID) -> Bool {
            self.coordinator == coordinator && self.transition == transition
        }
    }

    /// The transitions the current task runs on behalf of, outermost first.
    @TaskLocal static var chain: [Marker] = []

    /// The number of links the current task's chain holds (the harness checks it stays small).
    package static var depth: Int { chain.count }

    private static let identities = Atomic<UInt64>(0)

    /// A number no coordinator of this process had before.
    static func newCoordinatorIdentity() -> UInt64 {
        identities.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
