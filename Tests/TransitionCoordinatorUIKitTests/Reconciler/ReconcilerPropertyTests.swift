import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// Random pairs of valid trees: the operations take the fake from one to exactly the other,
/// breaking no rule, with the fewest operations.
@Suite("The reconciler on random trees")
struct ReconcilerPropertyTests {
    /// How the second tree of a pair is drawn.
    enum Pairing: String, CaseIterable, Sendable {
        /// A random tree from the same pools of ids: screens and containers move between places.
        case independent
        /// The first tree with one to three small edits: pushes, pops, selections, modals, hops.
        case edited
    }

    @Test("for 300 random pairs, applying the operations to the fake gives exactly the target tree", arguments: Pairing.allCases)
    @MainActor
    func reachesTheTarget(_ pairing: Pairing) async throws {
        var generator = TreeGenerator(seed: pairing == .edited ? 29 : 4)
        for pair in 0..<300 {
            let before = generator.tree()
            let after = pairing == .edited ? generator.edited(before) : generator.tree()
            let operations = Reconciler.operations(from: before, to: after)
            let window = try await FakeWindow(showing: before)
            #expect(try window.kit.content() == Reconciler.shown(before), "pair \(pair): the first tree is not built")
            do {
                try await window.apply(operations)
            } catch {
                Issue.record(
                    "pair \(pair): \(error)\n\(before)\n→ \(after)\n\(operations.map(\.description).joined(separator: "\n"))")
                continue
            }
            #expect(try window.kit.content() == Reconciler.shown(after), "pair \(pair): \(before) → \(after)")
            #expect(window.live == controllers(of: after), "pair \(pair): controllers alive are not the tree's")
            checkFewest(operations, before, after, pairing: pairing, pair: pair)
        }
    }

    /// No operation for what did not change on screen (``Reconciler/shown(_:)``): a controller is
    /// made only when new, released only when gone; a container is touched only when its children
    /// or selection changed (or it came or went); a stack gets one `setViewControllers`, two only
    /// to break a cycle of moves.
    private func checkFewest(
        _ operations: [Reconciler.Operation], _ before: WindowContent, _ after: WindowContent,
        pairing: Pairing, pair: Int
    ) {
        let (before, after) = (Reconciler.shown(before), Reconciler.shown(after))
        if before == after { #expect(operations.isEmpty, "pair \(pair): equal trees gave operations") }
        let (was, now) = (controllers(of: before), controllers(of: after))
        let made = operations.compactMap { if case .make(let id) = $0 { id } else { nil } }
        let released = operations.compactMap { if case .release(let id) = $0 { id } else { nil } }
        #expect(Set(made) == now.subtracting(was) && made.count == Set(made).count, "pair \(pair): makes")
        #expect(Set(released) == was.subtracting(now) && released.count == Set(released).count, "pair \(pair): releases")
        var childrenCalls: [ContainerID: Int] = [:]
        for operation in operations {
            switch operation {
            case .setViewControllers(_, let id), .setTabs(_, let id), .setChild(_, let id): childrenCalls[id, default: 0] += 1
            case .select(_, let id):
                #expect(touched(id, before, after), "pair \(pair): select on \(id), which did not change")
            default: break
            }
        }
        for (id, calls) in childrenCalls {
            #expect(touched(id, before, after), "pair \(pair): \(id) was set but did not change")
            // Edits never move a controller between containers, so they never need a second call.
            #expect(calls <= (pairing == .edited ? 1 : 2), "pair \(pair): \(id) set \(calls) times")
        }
        let presentsBefore = before.containersAndScreensPresenting, presentsAfter = after.containersAndScreensPresenting
        #expect(operations.count { if case .dismiss = $0 { true } else { false } } <= presentsBefore, "pair \(pair): dismisses")
        #expect(operations.count { if case .present = $0 { true } else { false } } <= presentsAfter, "pair \(pair): presents")
    }

    /// Whether the container `id` came, went, or changed its children or selection.
    private func touched(_ id: ContainerID, _ before: WindowContent, _ after: WindowContent) -> Bool {
        guard let was = before.find(id)?.base, let now = after.find(id)?.base else { return true }
        switch (was, now) {
        case (.stack(let a), .stack(let b)): return a.items != b.items
        case (.tabs(let a), .tabs(let b)):
            return a.selected != b.selected || a.tabs.map(ControllerID.init(root:)) != b.tabs.map(ControllerID.init(root:))
        case (.hop(let a), .hop(let b)): return ControllerID(root: a.current) != ControllerID(root: b.current)
        default: return true
        }
    }
}

extension WindowContent {
    /// How many presentations the tree holds.
    var containersAndScreensPresenting: Int {
        switch self {
        case .screen, .stack: 0
        case .tabs(let tabs): tabs.tabs.reduce(0) { $0 + $1.containersAndScreensPresenting }
        case .hop(let hop): hop.current.containersAndScreensPresenting
        case .presenting(let base, let modal): 1 + base.containersAndScreensPresenting + modal.containersAndScreensPresenting
        }
    }
}
