import TestSupport
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// A window of the fake UIKit driven by a ``ControllerApplier``: what the tests apply operations to.
/// A rule broken where UIKit traps is thrown, as every other, instead of trapping.
@MainActor
struct FakeWindow {
    let kit = FakeUIKit()
    let applier: ControllerApplier

    /// A window built from no content to `content` by the reconciler's own operations.
    init(showing content: WindowContent?) async throws {
        applier = ControllerApplier(factory: kit, window: kit)
        // Where UIKit traps, the violation is thrown by `apply` instead: the mutant tests plant
        // exactly such operations.
        kit.onTrap = { _ in }
        try await apply(Reconciler.operations(from: nil, to: content))
    }

    /// Applies `operations`, then throws the first rule the fake saw broken.
    func apply(_ operations: [Reconciler.Operation]) async throws {
        try await applier.apply(operations)
        try kit.throwIfViolated()
    }

    /// The controllers alive, as ids.
    var live: Set<ControllerID> { Set(kit.live.keys) }
}

/// Every controller `content` needs as UIKit shows it (``Reconciler/shown(_:)``): each screen's and each container's.
func controllers(of content: WindowContent?) -> Set<ControllerID> {
    guard let content = content.map(Reconciler.shown) else { return [] }
    var ids = Set(content.screens.map(ControllerID.screen))
    func visit(_ node: WindowContent) {
        switch node {
        case .screen: break
        case .stack(let stack): ids.insert(.navigation(stack.id))
        case .tabs(let tabs):
            ids.insert(.tabBar(tabs.id))
            tabs.tabs.forEach(visit)
        case .hop(let hop):
            ids.insert(.hop(hop.id))
            visit(hop.current)
        case .presenting(let base, let modal):
            visit(base)
            visit(modal)
        }
    }
    visit(content)
    return ids
}
