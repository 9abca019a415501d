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
    /// One link of the chain: a transition of a coordinator, and the link it runs inside.
    final class Marker: Sendable {
        let coordinator: UInt64
        let transition: TransitionID
        /// The link enclosing this one (the chain runs innermost to outermost through it).
        let parent: Marker?
        /// The link this one stands for in a pruned chain (its liveness is that link's); nil for an original.
        private let original: Marker?
        private let live = Atomic<Bool>(true)

        init(coordinator: UInt64, transition: TransitionID, parent: Marker? = nil) {
            self.coordinator = coordinator
            self.transition = transition
            self.parent = parent
            original = nil
        }

        /// A link standing for `original` under another `parent` (a pruned chain).
        private init(standingFor original: Marker, parent: Marker?) {
            coordinator = original.coordinator
            transition = original.transition
            self.parent = parent
            self.original = original
        }

        /// `self` under `parent`, standing for the same transition.
        func under(_ parent: Marker?) -> Marker { Marker(standingFor: original ?? self, parent: parent) }

        /// Whether the transition is still in flight.
        var isLive: Bool { (original ?? self).live.load(ordering: .acquiring) }

        /// Marks the transition ended (at its commit).
        func end() {
            PathTrace.enter()
            live.store(false, ordering: .releasing)
        }

        /// Whether this link names `transition` of `coordinator`.
        func names(_ coordinator: UInt64, _ transition: TransitionID) -> Bool {
            self.coordinator == coordinator && self.transition == transition
        }
    }

    /// The transitions a task runs on behalf of: a linked list of markers, innermost first, so a
    /// chain of one is one object (no array to allocate for each transition).
    struct Chain: Sendable {
        /// The innermost link, if any.
        let innermost: Marker?

        /// No transition encloses the task.
        static let empty = Chain(innermost: nil)

        /// Whether no transition encloses the task.
        var isEmpty: Bool { innermost == nil }

        /// The links, outermost first.
        var markers: [Marker] {
            var links: [Marker] = []
            var link = innermost
            while let current = link {
                links.append(current)
                link = current.parent
            }
            return links.reversed()
        }

        /// How many links the chain holds.
        var count: Int {
            var count = 0
            var link = innermost
            while let current = link {
                count += 1
                link = current.parent
            }
            return count
        }

        /// Whether a link satisfies `predicate`.
        func contains(where predicate: (Marker) -> Bool) -> Bool {
            var link = innermost
            while let current = link {
                if predicate(current) { return true }
                link = current.parent
            }
            return false
        }

        /// The chain without the links whose transitions ended (itself when all are live).
        func pruned() -> Chain {
            guard contains(where: { !$0.isLive }) else { return self }
            var rebuilt: Marker?
            for link in markers where link.isLive { rebuilt = link.under(rebuilt) }
            return Chain(innermost: rebuilt)
        }

        /// The chain with a new innermost link for `transition` of `coordinator`.
        func entering(_ coordinator: UInt64, _ transition: TransitionID) -> (Marker, Chain) {
            PathTrace.enter()
            let marker = Marker(coordinator: coordinator, transition: transition, parent: innermost)
            return (marker, Chain(innermost: marker))
        }
    }

    /// The transitions the current task runs on behalf of.
    @TaskLocal static var chain: Chain = .empty

    /// The number of links the current task's chain holds (the harness checks it stays small).
    package static var depth: Int { chain.count }

    private static let identities = Atomic<UInt64>(0)

    /// A number no coordinator of this process had before.
    static func newCoordinatorIdentity() -> UInt64 {
        identities.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
