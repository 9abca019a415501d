import TransitionCoordinator
import TransitionCoordinatorUIKit

/// The UIKit layer's cases: the reconciler on a long stack's change and on a deep link's tree.
enum ReconcilerCases {
    /// Two stacks of `size` screens that differ in one screen at `end`, as ``ContainerCases`` changes them.
    static func stacks(size: Int, at end: ContainerCases.End) -> (WindowContent, WindowContent) {
        let base = ContainerCases.items(size)
        var other = base
        switch end {
        case .top: other[other.count - 1] = Screen("item", id: "changed")
        case .bottom: other[0] = Screen("item", id: "changed")
        }
        func stack(_ items: [Screen]) -> WindowContent {
            .stack(StackContainer(id: "bench", root: items[0], pushed: Array(items.dropFirst())))
        }
        return (stack(base), stack(other))
    }

    /// Two stacks of `size` screens that share none.
    static func replacedStacks(size: Int) -> (WindowContent, WindowContent) {
        let (old, new) = (ContainerCases.items(size, prefix: "a"), ContainerCases.items(size))
        return (
            .stack(StackContainer(id: "bench", root: old[0], pushed: Array(old.dropFirst()))),
            .stack(StackContainer(id: "bench", root: new[0], pushed: Array(new.dropFirst())))
        )
    }

    /// The root window's content after navigating to each of the two variants of a `steps`-step
    /// path (``RouteCases/navigablePath(steps:variant:)``): the trees a deep link gives, differing
    /// at their top screen.
    static func routeTrees(steps: Int) async throws -> (WindowContent, WindowContent) {
        let coordinator = try await CoordinatorCases.coordinator(host: NoopHost(), screens: RouteCases.registry())
        var trees: [WindowContent] = []
        for variant in ["a", "b"] {
            let route = try Route(parsing: RouteCases.navigablePath(steps: steps, variant: variant))
            guard try await coordinator.navigate(to: route) != nil,
                let content = try await coordinator.window(at: .root)?.content
            else { throw BenchError.setup("a navigation changed nothing") }
            trees.append(content)
        }
        return (trees[0], trees[1])
    }

    /// Reconciles `first` to `second` and back, `times` reconciliations in all; returns how many.
    static func reconcile(_ first: WindowContent?, _ second: WindowContent, times: Int) throws -> Int {
        var operations = 0
        for index in 0..<times {
            operations &+=
                index.isMultiple(of: 2)
                ? Reconciler.operations(from: first, to: second).count
                : (first.map { Reconciler.operations(from: second, to: $0).count } ?? 1)
        }
        guard operations > 0 else { throw BenchError.setup("the reconciler found nothing to do") }
        return times
    }
}

/// A host on an actor of its own, as an app's main-actor host is reached (each phase of calls a
/// hop), that reconciles every content change as the UIKit host does, applying nothing: the
/// coordinator's cost on the path apps use, reconciler included.
actor ReconcilingHost: WindowHost {
    private var contents: [WindowID: WindowContent] = [:]
    /// Every operation the reconciler gave, counted so that none is optimized away.
    private(set) var operations = 0

    func createWindow(_ window: ManagedWindow) async {
        operations &+= Reconciler.operations(from: nil, to: window.content).count
        contents[window.id] = window.content
    }

    func showWindow(_ id: WindowID) async {}
    func hideWindow(_ id: WindowID) async {}
    func makeKey(_ id: WindowID, resigning unmanaged: [String]) async {}
    func resetAppearance(_ id: WindowID) async {}

    func destroyWindow(_ id: WindowID) async {
        operations &+= Reconciler.operations(from: contents[id], to: nil).count
        contents[id] = nil
    }

    func setContent(_ content: WindowContent, of window: WindowID, animated: Bool) async {
        operations &+= Reconciler.operations(from: contents[window], to: content).count
        contents[window] = content
    }

    // A real host makes and releases each screen's controller here, on its own actor.
    func createScreen(_ screen: Screen, in window: WindowID) async { operations &+= 1 }
    func destroyScreen(_ screen: Screen, in window: WindowID) async { operations &+= 1 }
}

extension ReconcilerCases {
    /// A coordinator on a ``ReconcilingHost`` whose root window shows the stack `bench` of `count` screens.
    static func reconcilingCoordinator(stackOf count: Int) async throws -> Coordinator {
        let configuration = try CoordinatorConfiguration(levels: WindowLevel.builtIn, historyLimit: 16)
        let screens = ContainerCases.items(count)
        let stack = StackContainer(id: "bench", root: screens[0], pushed: Array(screens.dropFirst()))
        return try await Coordinator(root: .stack(stack), configuration: configuration, host: ReconcilingHost())
    }
}

/// ``ReconcilingHost``'s work called inline, as a ``SynchronousWindowHost`` is: the same change
/// without the hand-off of the host's calls to a task of their own and back.
final class InlineReconcilingHost: SynchronousWindowHost {
    private struct State {
        var contents: [WindowID: WindowContent] = [:]
        var operations = 0
    }

    private let state = Locked(State())

    func apply(_ command: HostCommand) {
        state.withLock { state in
            switch command {
            case .create(let window):
                state.operations &+= Reconciler.operations(from: nil, to: window.content).count
                state.contents[window.id] = window.content
            case .destroy(let id):
                state.operations &+= Reconciler.operations(from: state.contents[id], to: nil).count
                state.contents[id] = nil
            case .setContent(let content, let window, _):
                state.operations &+= Reconciler.operations(from: state.contents[window], to: content).count
                state.contents[window] = content
            case .show, .hide, .makeKey, .reset, .createScreen, .destroyScreen:
                break
            }
        }
    }
}
