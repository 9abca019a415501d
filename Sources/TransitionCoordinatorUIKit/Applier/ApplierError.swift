/// Why `ControllerApplier.apply(_:animated:)` refused a list of operations. Thrown only when
/// nothing was applied: the whole list is checked before its first call.
package enum ApplierError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The operation at `index` names a controller that is not made at that point (never made,
    /// or already released), or a container of another kind.
    case unknownController(ControllerID, at: Int)
    /// The operation at `index` makes a controller that is already made.
    case alreadyMade(ControllerID, at: Int)
    /// Another `apply` is still running (it awaits UIKit's completions): one list at a time.
    case busy

    /// What was refused, and where in the list.
    package var description: String {
        switch self {
        case .unknownController(let id, let index): "operation \(index) names \(id), which is not made at that point"
        case .alreadyMade(let id, let index): "operation \(index) makes \(id), which is already made"
        case .busy: "another list of operations is still being applied"
        }
    }
}
