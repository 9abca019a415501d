import Synchronization
import TransitionCoordinator

/// Epoxy's `FormViewController`: a three-step form whose stack is a function of its state.
///
/// ``stack`` lists step 1 always, step 2 and step 3 when the state shows them; every change of
/// the state sets the whole stack (``update(animator:_:)``). When a step leaves the stack any
/// other way (a back swipe the user finished, the back button), its `remove` callback sets its
/// flag back to false, so the state always says what is shown. A cancelled swipe calls nothing.
///
/// `Sendable`: the state sits behind a mutex, since item callbacks run on the coordinator.
public final class ThreeStepForm: Sendable {
    /// Which steps the form shows; step 1 always is.
    public struct State: Sendable, Hashable {
        /// Whether step 2 is on the stack.
        public var showStep2 = false
        /// Whether step 3 is on the stack.
        public var showStep3 = false

        /// A state showing the steps given.
        public init(showStep2: Bool = false, showStep3: Bool = false) {
            self.showStep2 = showStep2
            self.showStep3 = showStep3
        }
    }

    /// The form's screens, as the app's own values.
    public enum Destination: String, Hashable, Codable, Sendable {
        /// A step of the form.
        case step1, step2, step3
    }

    /// The form's navigation stack.
    public static let container: ContainerID = "form"
    /// The root content: the stack at step 1.
    public static let root = WindowContent.stack(StackContainer(id: container, root: Destination.step1))

    /// The coordinator, made synchronously.
    public let coordinator: Coordinator
    private let current = Mutex(State())

    /// A form shown through `host` (a headless one when nil), at step 1.
    ///
    /// - Throws: nothing in practice: the root content is valid.
    public init(host: (any WindowHost)? = nil) throws {
        coordinator = try Coordinator(root: Self.root, host: host)
    }

    /// The state now.
    public var state: State { current.withLock { $0 } }

    /// The stack the state asks for, in order; nil for a step not shown.
    public var stack: [StackItem?] {
        let state = state
        return [
            StackItem(Destination.step1),
            state.showStep2
                ? StackItem(Destination.step2, remove: { [weak self] in self?.current.withLock { $0.showStep2 = false } }) : nil,
            state.showStep3
                ? StackItem(Destination.step3, remove: { [weak self] in self?.current.withLock { $0.showStep3 = false } }) : nil,
        ]
    }

    /// Changes the state, then sets the stack from it. Quick changes coalesce: the latest stack
    /// wins, and an earlier caller is told it was superseded. It runs on the caller's actor, so
    /// `change` may touch what the caller isolates (a main-actor view's state, say).
    @discardableResult
    public nonisolated(nonsending) func update(
        animator: (any Animator)? = nil,
        _ change: (inout State) -> Void
    ) async throws(TransitionError) -> TransitionRecord {
        current.withLock { change(&$0) }
        return try await coordinator.stack(Self.container).setStack(stack, animator: animator, policy: .coalesce(group: "form"))
    }

    /// A step's Next button: step 1 shows step 2, step 2 shows step 3; step 3 finishes the form
    /// (nothing to push).
    @discardableResult
    public func next(from step: Int, animator: (any Animator)? = nil) async throws(TransitionError) -> TransitionRecord? {
        switch step {
        case 1: return try await update(animator: animator) { $0.showStep2 = true }
        case 2: return try await update(animator: animator) { $0.showStep3 = true }
        default: return nil
        }
    }

    /// The steps on the form's stack, bottom to top, as committed.
    public var steps: [Destination] { get async { await coordinator.stack(Self.container).items(as: Destination.self) ?? [] } }
}
