import TransitionCoordinator

extension TransitionContext {
    /// Every managed window the context names: the top ones and the underlying ones, before and after.
    package var managedWindowIDs: [WindowID] {
        let underlying = (underlyingFromWindows + underlyingToWindows).compactMap { window -> WindowID? in
            if case .managed(let managed) = window { return managed.id }
            return nil
        }
        var seen = Set<WindowID>()
        return ([topFromWindow.id, topToWindow.id] + underlying).filter { seen.insert($0).inserted }
    }
}
