import TransitionCoordinator

/// A write from the view that the coordinator refused: the operation reported and its typed error.
///
/// A value, `Sendable`; ``NavigationModel/lastRefusal`` holds the latest one. Nothing changed
/// for it: the model shows the committed state.
public struct RefusedWrite: Sendable, Hashable, CustomStringConvertible {
    /// The operation the model reported as the user's.
    public let operation: ContainerOperation
    /// Why the coordinator refused it.
    public let error: TransitionError

    /// A refused write.
    public init(operation: ContainerOperation, error: TransitionError) {
        self.operation = operation
        self.error = error
    }

    /// As `pop inbox to mail: refused (container.notInStack)`.
    public var description: String { "\(operation): refused (\(error.code))" }
}
