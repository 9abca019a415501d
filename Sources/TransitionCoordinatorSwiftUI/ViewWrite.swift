/// A value a view wrote, kept until the coordinator answers that write: the value, and the
/// write's number, counted per model. A later write to the same place replaces it, and only the
/// write whose number it holds drops it when answered.
struct ViewWrite<Value: Equatable>: Equatable {
    /// What the view wrote.
    let value: Value
    /// Which write it was.
    let number: Int
}
