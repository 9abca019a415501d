import TransitionCoordinator

/// The owner of a stack (an Epoxy-style form) asking for the stack it believes in while the
/// user's swipe holds the slot: the list waits behind the swipe, the swipe removes the top (its
/// `remove` tells the owner), and the list must not bring it back when it runs.
struct OwnerStack {
    let request: TransitionRequest
    let stack: ContainerID
    /// The screen the swipe pops: the stack's top when the list was asked.
    let top: ScreenID
    let label: RequestLabel
    let asked: Duration
    let answer: Task<Result<TransitionRecord, TransitionError>, Never>

    /// Asks, from a task of its own, for `stack` as it stands under the swipe `change`, under
    /// `.enqueue`, or `.coalesce` when the swipe was asked with `.reject`; nil when the swipe is
    /// not a pop of a stack with something to pop.
    static func ask(
        during change: ContainerOperation, swipePolicy: AdmissionPolicy, environment: StressEnvironment,
        coordinator: Coordinator, tally: CallbackTally
    ) async -> OwnerStack? {
        guard case .pop(let stack) = change else { return nil }
        var items: [Screen] = []
        for window in await coordinator.snapshot.windowList {
            if case .stack(let found)? = window.content.find(stack)?.base { items = found.items }
        }
        guard items.count > 1, let top = items.last?.id else { return nil }
        let request = TransitionRequest.content(.setStack(stack, items))
        let policy: AdmissionPolicy = swipePolicy == .reject ? .coalesce(group: "owner-\(stack)") : .enqueue
        let callbacks = tally.items(for: request)
        let answer = Task(executorPreference: environment.taskExecutor) { () async -> Result<TransitionRecord, TransitionError> in
            do throws(TransitionError) {
                return .success(
                    try await coordinator.perform(
                        request, animator: nil, policy: policy, whenLocked: .refuse,
                        items: callbacks))
            } catch {
                return .failure(error)
            }
        }
        var label = RequestLabel(policy: policy, whenLocked: .refuse, cancelled: false)
        label.fromOwner = true
        return OwnerStack(request: request, stack: stack, top: top, label: label, asked: environment.elapsed(), answer: answer)
    }

    /// Whether the list waits in the coordinator's queue now (asked before what happens next).
    func isWaiting(in coordinator: Coordinator) async -> Bool {
        await coordinator.waitingRequests.contains(request)
    }

    /// Reports the answer to the checker; when the list waited behind the swipe that committed
    /// (`swipe`), checks it did not bring the swiped screen back.
    func finish(
        afterSwipe swipe: TransitionRecord?, waitedBehindIt: Bool, environment: StressEnvironment,
        checker: StressChecker, tally: CallbackTally
    ) async {
        switch await answer.value {
        case .success(let record):
            tally.committed(record)
            await checker.committed(record, animator: .none, label: label, wall: environment.elapsed() - asked)
            if waitedBehindIt, let swipe, swipe.screenEvents.contains(where: { $0.callsRemove && $0.screen.id == top }) {
                await checker.ownerStackAfterSwipe(record, stack: stack, removed: top)
            }
        case .failure(let error):
            await checker.rejected(request, error, animator: .none, label: label, asked: asked, answered: environment.elapsed())
        }
    }
}
