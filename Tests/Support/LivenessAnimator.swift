import TransitionCoordinator

/// An animator that notes which windows of its context are dead at the host when it is entered
/// and when it returns, and returns only when the test opens ``proceed`` (not on cancellation,
/// so a cut-short animation keeps running until the test says so).
package final class LivenessAnimator: Animator {
    package struct Call: Sendable, Equatable {
        package var windows: [WindowID]
        package var deadAtEntry: [WindowID]
        package var deadAtReturn: [WindowID]?
    }

    private let deadWindows: @Sendable ([WindowID]) async -> [WindowID]
    private let onReturn: @Sendable () async -> Void
    private let state = Box<[Call]>([])
    /// Opened when the animator has been entered.
    package let entered = Gate()
    /// Opened by the test to let the animator return.
    package let proceed = Gate()
    /// Opened when the animator has returned.
    package let returned = Gate()

    /// `deadWindows` answers which of the ids are not live at the host; `onReturn` runs just before the animator returns.
    package init(
        deadWindows: @escaping @Sendable ([WindowID]) async -> [WindowID],
        onReturn: @escaping @Sendable () async -> Void = {}
    ) {
        self.deadWindows = deadWindows
        self.onReturn = onReturn
    }

    /// Every call so far.
    package var calls: [Call] { state.value }

    package func animate(_ context: TransitionContext) async throws {
        let ids = context.managedWindowIDs
        let deadAtEntry = await deadWindows(ids)
        let index = state.update { calls in
            calls.append(Call(windows: ids, deadAtEntry: deadAtEntry))
            return calls.count - 1
        }
        entered.open()
        await proceed.wait()
        let deadAtReturn = await deadWindows(ids)
        state.update { $0[index].deadAtReturn = deadAtReturn }
        await onReturn()
        returned.open()
    }
}
