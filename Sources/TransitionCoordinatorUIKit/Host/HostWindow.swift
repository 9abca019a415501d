/// A window as ``ContainerHost`` drives it: the root it shows, whether it is hidden, key, and its
/// appearance. `UIWindow` satisfies it.
///
/// Main-actor isolated.
@MainActor
public protocol HostWindow: WindowRooting {
    /// Whether the window is hidden (`isHidden`). A hidden window presents nothing: UIKit refuses
    /// a presentation from a controller whose window is not visible.
    var isHidden: Bool { get set }
    /// Makes the window key (`makeKey()`); the window that was key resigns on its own.
    func makeKey()
    /// Puts back what an animator may have moved: transform, alpha, frame.
    func resetAppearance()
}
