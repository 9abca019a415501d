/// Marks the tasks that run on behalf of a transition, so a request from one of them is recognised as re-entrant.
///
/// The marker is a task-local chain of (coordinator, transition) pairs: it is bound around the whole
/// transition in the caller's task (covering host calls) and inside the animator's task, and it is
/// inherited by every `Task {}` and child task those start (not by `Task.detached`, which the
/// documentation of ``Animator`` points out). A chain rather than a single value means an animator
/// of coordinator A that drives coordinator B, whose animator calls back into A, is still caught.
enum TransitionScope {
    /// One link of the chain.
    struct Marker: Sendable, Hashable {
        let coordinator: ObjectIdentifier
        let transition: TransitionID
    }

    /// The transitions the current task runs on behalf of, outermost first.
    @TaskLocal static var chain: [Marker] = []
}
