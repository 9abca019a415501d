import TransitionCoordinator

/// A window host's content half, platform-neutral: per window, the real window, the
/// ``ControllerApplier`` holding its controllers, the content it shows, and the change running.
///
/// Each content change is reconciled against the content shown last (``Reconciler``) and applied
/// in order; a change waits for the one running in its window before it starts, so the applier
/// always sees the content it was given last. Main-actor isolated, as UIKit is. The UIKit host
/// keeps one; the tests drive one over the fake UIKit, with a real coordinator.
@MainActor
public final class WindowControllers {
    private struct Shown {
        let window: any WindowRooting
        let applier: ControllerApplier
        var content: WindowContent
        var running: Task<Void, Never>?
    }

    private var shown: [WindowID: Shown] = [:]
    /// The windows whose change is being applied now.
    private var applying: Set<WindowID> = []

    /// Called after each list of operations was applied in a window, with the list: where a host
    /// wires what the containers do not (a sheet's delegate, say).
    public var didApply: (@MainActor (WindowID, [Reconciler.Operation]) -> Void)?

    /// The last list an applier refused, with its window: nil while every list applied. A list
    /// is refused only when the content given does not follow from the content shown, which
    /// ``WindowControllers`` never lets happen; it is kept for diagnosis, since a host's calls
    /// cannot throw.
    public private(set) var lastRefusal: (window: WindowID, error: ApplierError)?

    /// No windows yet.
    public init() {}

    /// Shows `managed`'s content in `window`, with controllers made by `factory`; returns when it is shown.
    public func create(_ managed: ManagedWindow, in window: any WindowRooting, factory: any ControllerFactory) async {
        shown[managed.id] = Shown(
            window: window, applier: ControllerApplier(factory: factory, window: window),
            content: managed.content)
        await apply(Reconciler.operations(from: nil, to: managed.content), in: managed.id, animated: false)
    }

    /// Shows `content` in window `id`: waits for the change running there, then starts this one
    /// and returns without waiting for it (``settled(_:)`` does). Nothing for an unknown window.
    public func show(_ content: WindowContent, in id: WindowID, animated: Bool) async {
        await settled(id)
        guard let current = shown[id] else { return }
        let operations = Reconciler.operations(from: current.content, to: content)
        shown[id]?.content = content
        if operations.isEmpty { return }
        shown[id]?.running = Task { await self.apply(operations, in: id, animated: animated) }
    }

    /// Returns when no change runs in window `id` (at once when none runs): a change that
    /// started while this one waited is waited for too.
    public func settled(_ id: WindowID) async {
        while let running = shown[id]?.running {
            await running.value
            if shown[id]?.running == running { shown[id]?.running = nil }
        }
    }

    /// Whether a content change is being applied in window `id` now.
    public func isChanging(_ id: WindowID) -> Bool { applying.contains(id) }

    /// Waits for the change running in window `id`, releases every controller of its content and
    /// forgets it; returns the real window, for the host to let go of.
    @discardableResult
    public func destroy(_ id: WindowID) async -> (any WindowRooting)? {
        await settled(id)
        guard let current = shown[id] else { return nil }
        await apply(Reconciler.operations(from: current.content, to: nil), in: id, animated: false)
        shown[id] = nil
        return current.window
    }

    /// The real window of window `id`.
    public func window(_ id: WindowID) -> (any WindowRooting)? { shown[id]?.window }

    /// The content window `id` shows (or is animating to).
    public func content(of id: WindowID) -> WindowContent? { shown[id]?.content }

    /// The controller `controller` in window `id`, if made there and not released.
    public func controller(_ controller: ControllerID, in id: WindowID) -> (any PresentingController)? {
        shown[id]?.applier.controller(controller)
    }

    /// Whether window `id`'s content, as UIKit shows it (``Reconciler/shown(_:)``), has the node
    /// `presenter` presenting the controller `modal`, and that controller is alive: what a host
    /// asks before it undoes a user's dismissal that the coordinator refused. A refusal can come
    /// after the model itself dismissed that modal (its own dismissal got there first): the modal
    /// is then presented again only if the model still shows it.
    public func presents(_ modal: ControllerID, from presenter: WindowContent.NodeID, in id: WindowID) -> Bool {
        guard let content = shown[id]?.content, shown[id]?.applier.controller(modal) != nil else { return false }
        func find(_ node: WindowContent) -> Bool {
            switch node {
            case .screen, .stack: return false
            case .tabs(let tabs): return tabs.tabs.contains(where: find)
            case .hop(let hop): return find(hop.current)
            case .presenting(let base, let shownModal):
                if base.nodeID == presenter { return ControllerID(root: shownModal) == modal }
                return find(base) || find(shownModal)
            }
        }
        return find(Reconciler.shown(content))
    }

    /// The windows shown, in no particular order.
    public var windows: [WindowID] { Array(shown.keys) }

    private func apply(_ operations: [Reconciler.Operation], in id: WindowID, animated: Bool) async {
        guard let applier = shown[id]?.applier else { return }
        applying.insert(id)
        defer { applying.remove(id) }
        do {
            try await applier.apply(operations, animated: animated)
            didApply?(id, operations)
        } catch {
            lastRefusal = (id, error)
        }
    }
}
