/// An immutable value behind one reference, so a struct that stores one is a pointer wide:
/// copying it (into the history, an event, a caller's hands) retains one object instead of every
/// array and string inside. ``TransitionRecord`` and ``TransitionPlan`` keep their fields here.
final class SharedValue<Value: Sendable>: Sendable {
    /// The value, never changed after `init`.
    let value: Value

    /// Shares `value`.
    init(_ value: Value) { self.value = value }
}
