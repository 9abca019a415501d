import TransitionCoordinator

/// A window host's content half, platform-neutral: per window, the real window, the
/// `ControllerApplier` holding its controllers, the content it shows, and the change running.
///
/// Each content change is reconciled against the content shown last (`Reconciler`) and applied
/// in order; a change waits for the one running in its window before it starts, so the applier
/// always sees the content it was given last. Main-actor isolated, as UIKit is. The UIKit host
/// keeps one; the tests drive one over the fake UIKit, with a real coordinator.
@MainActor
package final class WindowControllers {
    private struct Shown {
        let window: any HostWindow
        let applier: ControllerApplier
        /// What the controllers show (or are being changed to): the base of the next reconcile.
        var content: WindowContent
        /// The content the host was given last: the model's. It differs from ``content`` only
        /// where the user changed the screen on their own (a tab tapped) and the model has not
        /// followed yet.
        var model: WindowContent
        var running: Task<Void, Never>?
        /// Whether the window is being destroyed: its controllers are released, and no undo may
        /// present one again.
        var closing = false
    }

    private var shown: [WindowID: Shown] = [:]
    /// The windows whose change is being applied now.
    private var applying: Set<WindowID> = []
    /// How many changes are started and not finished, by window.
    private var changing: [WindowID: Int] = [:]

    /// Called after each list of operations was applied in a window, with the list: where a host
    /// wires what the containers do not (a sheet's delegate, say).
    package var didApply: (@MainActor (WindowID, [Reconciler.Operation]) -> Void)?

    /// The last list an applier refused, with its window: nil while every list applied. A list
    /// is refused only when the content given does not follow from the content shown, which
    /// `WindowControllers` never lets happen; it is kept for diagnosis, since a host's calls
    /// cannot throw.
    package private(set) var lastRefusal: (window: WindowID, error: ApplierError)?

    /// No windows yet.
    package init() {}

    /// Shows `managed`'s content in `window`, with controllers made by `factory`; returns when it is shown.
    package func create(_ managed: ManagedWindow, in window: any HostWindow, factory: any ControllerFactory) async {
        let applier = ControllerApplier(factory: factory, window: window)
        shown[managed.id] = Shown(window: window, applier: applier, content: managed.content, model: managed.content)
        await apply(Reconciler.operations(from: nil, to: managed.content), in: managed.id, animated: false)
    }

    /// Shows `content` in window `id`: waits for the change running there, then starts this one
    /// and returns without waiting for it (``settled(_:)`` does). Nothing for an unknown window.
    package func show(_ content: WindowContent, in id: WindowID, animated: Bool) async {
        await settled(id)
        guard let current = shown[id] else { return }
        let change = Reconciler.operations(from: current.content, to: content)
        shown[id]?.content = content
        shown[id]?.model = content
        if change.isEmpty { return }
        changing[id, default: 0] += 1
        shown[id]?.running = Task {
            await self.apply(change, in: id, animated: animated)
            self.changing[id, default: 1] -= 1
        }
    }

    /// Returns when no change runs in window `id` (at once when none runs): a change that
    /// started while this one waited is waited for too.
    package func settled(_ id: WindowID) async {
        while let running = shown[id]?.running {
            await running.value
            if shown[id]?.running == running { shown[id]?.running = nil }
        }
    }

    /// Shows the tab showing `tab` selected in the tab bar `bar`, in whichever window shows it,
    /// the model left as it is: for the user's tap, which UIKit showed already (the reconcile
    /// then selects nothing, and presents what that tab presents), and for the undo of a tap the
    /// coordinator refused. Applied after the change running there, without waiting: the next
    /// change is reconciled against what UIKit shows, so a presentation from the tab the model
    /// selects selects that tab first.
    package func showSelected(_ tab: WindowContent.NodeID, of bar: ContainerID) {
        func select(_ node: WindowContent) -> WindowContent {
            switch node {
            case .screen, .stack: return node
            case .tabs(let tabs):
                let index = tabs.id == bar ? tabs.tabs.firstIndex { $0.nodeID == tab } : nil
                return (try? TabBar(id: tabs.id, tabs: tabs.tabs.map(select), selected: index ?? tabs.selected))
                    .map(WindowContent.tabs) ?? node
            case .hop(let hop): return .hop(HopContainer(id: hop.id, showing: select(hop.current)))
            case .presenting(let base, let modal): return .presenting(select(base), modal: select(modal))
            }
        }
        for id in shown.keys {
            guard let content = shown[id]?.content, content.find(bar) != nil else { continue }
            let selected = select(content)
            let change = Reconciler.operations(from: content, to: selected)
            shown[id]?.content = selected
            guard !change.isEmpty else { continue }
            let previous = shown[id]?.running
            changing[id, default: 0] += 1
            shown[id]?.running = Task {
                await previous?.value
                await self.apply(change, in: id, animated: false)
                self.changing[id, default: 1] -= 1
            }
        }
    }

    /// Whether a content change is started and not finished in window `id` (applied, or about
    /// to be): a user's action now would race it.
    package func isChanging(_ id: WindowID) -> Bool { applying.contains(id) || changing[id, default: 0] > 0 }

    /// Waits for the change running in window `id`, releases every controller of its content and
    /// forgets it; returns the real window, for the host to let go of.
    @discardableResult
    package func destroy(_ id: WindowID) async -> (any HostWindow)? {
        await settled(id)
        guard let current = shown[id] else { return nil }
        shown[id]?.closing = true
        await apply(Reconciler.operations(from: current.content, to: nil), in: id, animated: false)
        shown[id] = nil
        return current.window
    }

    /// The real window of window `id`.
    package func window(_ id: WindowID) -> (any HostWindow)? { shown[id]?.window }

    /// The content window `id` was given last (the model's; UIKit may show the user's tab
    /// instead until the model follows, see ``showSelected(_:of:)``).
    package func content(of id: WindowID) -> WindowContent? { shown[id]?.model }

    /// The controller `controller` in window `id`, if made there and not released.
    package func controller(_ controller: ControllerID, in id: WindowID) -> (any PresentingController)? {
        shown[id]?.applier.controller(controller)
    }

    /// Whether window `id`'s content, as UIKit shows it (`Reconciler.shown(_:)`), has the node
    /// `presenter` presenting the controller `modal`, and that controller is alive: what a host
    /// asks before it undoes a user's dismissal that the coordinator refused. A refusal can come
    /// after the model itself dismissed that modal (its own dismissal got there first): the modal
    /// is then presented again only if the model still shows it. False once the window is being destroyed.
    package func presents(_ modal: ControllerID, from presenter: WindowContent.NodeID, in id: WindowID) -> Bool {
        guard let window = shown[id], !window.closing, window.applier.controller(modal) != nil else { return false }
        let content = window.content
        return Self.find(modal, in: Reconciler.shown(content))?.presenter == presenter
    }

    /// What window `id`'s content, as UIKit shows it, presents inside the modal `modal`, each as
    /// its presenter and its modal, a presenter before what it presents: what presenting `modal`
    /// again must present above it. Empty when the content holds no such modal.
    package func presentations(above modal: ControllerID, in id: WindowID) -> [(presenter: ControllerID, modal: ControllerID)] {
        guard let content = shown[id]?.content, let found = Self.find(modal, in: Reconciler.shown(content)) else { return [] }
        return Self.presentations(in: found.content)
    }

    /// The presentations in `node`, read as UIKit shows it (a tab that is not selected presents nothing).
    private static func presentations(in node: WindowContent) -> [(presenter: ControllerID, modal: ControllerID)] {
        switch node {
        case .screen, .stack: []
        case .tabs(let tabs): tabs.tabs.flatMap(presentations)
        case .hop(let hop): presentations(in: hop.current)
        case .presenting(let base, let modal):
            presentations(in: base) + [(ControllerID(root: base), ControllerID(root: modal))] + presentations(in: modal)
        }
    }

    /// The modal `modal` as the content window `id` was given last (the model's) holds it, with
    /// what it presents; nil when the model holds no such modal, or its controller is gone.
    package func modal(_ modal: ControllerID, in id: WindowID) -> WindowContent? {
        guard let content = shown[id]?.model, shown[id]?.applier.controller(modal) != nil else { return nil }
        return Self.find(modal, in: content)?.content
    }

    /// The modal `modal` in `node`, and the node presenting it.
    private static func find(
        _ modal: ControllerID, in node: WindowContent
    ) -> (content: WindowContent, presenter: WindowContent.NodeID)? {
        switch node {
        case .screen, .stack: return nil
        case .tabs(let tabs): return tabs.tabs.lazy.compactMap { find(modal, in: $0) }.first
        case .hop(let hop): return find(modal, in: hop.current)
        case .presenting(let base, let shown):
            if ControllerID(root: shown) == modal { return (shown, base.nodeID) }
            return find(modal, in: base) ?? find(modal, in: shown)
        }
    }

    /// The windows shown, in no particular order.
    package var windows: [WindowID] { Array(shown.keys) }

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
