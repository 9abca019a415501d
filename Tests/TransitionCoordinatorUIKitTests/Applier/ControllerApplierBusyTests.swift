import Testing
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// Containers whose stack change waits for a gate the test opens: UIKit's completion, held.
@MainActor
private final class GatedKit: ControllerFactory, HostWindow {
    final class Node: NavigationControlling, TabBarControlling, HopControlling {
        unowned let kit: GatedKit
        init(kit: GatedKit) { self.kit = kit }
        func showStack(_ controllers: [any PresentingController], animated: Bool) async {
            await withCheckedContinuation { kit.gate = $0 }
        }
        func showTabs(_ controllers: [any PresentingController]) {}
        var tabs: [any PresentingController] { [] }
        var stack: [any PresentingController] { [] }
        func selectTab(_ controller: any PresentingController) {}
        func showChild(_ child: (any PresentingController)?, animated: Bool) async {}
        func presentController(_ controller: any PresentingController, animated: Bool) async {}
        func dismissPresented(animated: Bool) async {}
        var presentedController: (any PresentingController)? { nil }
        var isInWindow: Bool { true }
        var isBeingPresentedOrDismissed: Bool { false }
        var isTransitioning: Bool { false }
        func transitionEnded() async {}
    }

    var gate: CheckedContinuation<Void, Never>?

    func makeScreen(_ screen: Screen) -> any PresentingController { Node(kit: self) }
    func makeNavigation(_ id: ContainerID) -> any NavigationControlling { Node(kit: self) }
    func makeTabBar(_ id: ContainerID) -> any TabBarControlling { Node(kit: self) }
    func makeHop(_ id: ContainerID) -> any HopControlling { Node(kit: self) }
    func setRootController(_ controller: (any PresentingController)?) {}
    var isHidden = false
    func makeKey() {}
    func resetAppearance() {}
}

@Suite("The applier, one list at a time")
struct ControllerApplierBusyTests {
    @Test("refuses a second list while the first awaits UIKit's completion, and takes lists again after")
    @MainActor
    func busyWhileAwaiting() async throws {
        let kit = GatedKit()
        let applier = ControllerApplier(factory: kit, window: kit)
        let first = Task {
            try await applier.apply(Reconciler.operations(from: nil, to: .stack(StackContainer(id: "a", root: Screen("x")))))
        }
        while kit.gate == nil { await Task.yield() }
        await #expect(throws: ApplierError.busy) { try await applier.apply([.make(.screen(Screen("y")))]) }
        #expect(applier.controller(.screen(Screen("y"))) == nil)
        kit.gate?.resume()
        try await first.value
        try await applier.apply([.make(.screen(Screen("y")))])
        #expect(applier.madeCount == 3)
    }
}
