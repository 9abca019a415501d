/// An immutable value behind one reference, so a struct that stores one is a pointer wide:
/// copying it (into the history, an event, a caller's hands) retains one object instead of every
/// array and string inside. ``NavigationSnapshot``, ``TransitionRecord``, ``TransitionPlan``,
/// ``HostFault`` and ``WaitInfo`` keep their fields here, and get their equality and hashing from it.
final class SharedValue<Value: Sendable>: Sendable {
    /// The value, never changed after `init`.
    let value: Value

    /// Shares `value`.
    init(_ value: Value) { self.value = value }
}

extension SharedValue: Equatable where Value: Equatable {
    /// Equal when they are one box, or their values are equal (the box compared first: a copy
    /// of a record, plan or fault shares it).
    static func == (lhs: SharedValue, rhs: SharedValue) -> Bool { lhs === rhs || lhs.value == rhs.value }
}

extension SharedValue: Hashable where Value: Hashable {
    /// Hashes the value, as the value itself does.
    func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
}
