import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// A reconciler with its phases in a wrong order: the same operations as the real one, which the
/// fake must refuse.
enum ReconcilerMutant: String, CaseIterable, Sendable {
    /// Presents before the containers are set: a presenter not on screen yet, a modal still in a container.
    case presentsBeforeSets
    /// Releases the screens that leave before anything takes them off screen.
    case releasesFirst
    /// Dismisses after presenting: a presenter still presenting presents again.
    case dismissesLast
    /// A modal chain presented top first: a presenter that is not on screen yet presents.
    case presentsTopDown
    /// The containers set in reverse order: a controller joins a container before leaving its old one.
    case setsReversed

    /// The phase of an operation in the reconciler's order: makes, dismisses, the containers
    /// (and container releases), presents, screen releases.
    private static func phase(_ operation: Reconciler.Operation) -> Int {
        switch operation {
        case .make: 0
        case .dismiss: 1
        case .present: 3
        case .release(.screen): 4
        default: 2
        }
    }

    /// `operations` (the real reconciler's) reordered as this mutant orders them.
    func reorder(_ operations: [Reconciler.Operation]) -> [Reconciler.Operation] {
        let phases = Dictionary(grouping: operations, by: Self.phase)
        func ops(_ phase: Int) -> [Reconciler.Operation] { phases[phase] ?? [] }
        switch self {
        case .presentsBeforeSets: return ops(0) + ops(1) + ops(3) + ops(2) + ops(4)
        case .releasesFirst: return ops(0) + ops(4) + ops(1) + ops(2) + ops(3)
        case .dismissesLast: return ops(0) + ops(2) + ops(3) + ops(1) + ops(4)
        case .presentsTopDown: return ops(0) + ops(1) + ops(2) + ops(3).reversed() + ops(4)
        case .setsReversed: return ops(0) + ops(1) + ops(2).reversed() + ops(3) + ops(4)
        }
    }
}

private func s(_ name: String) -> Screen { Screen(name) }
private func stack(_ id: ContainerID, _ names: String...) -> WindowContent {
    .stack(StackContainer(id: id, root: s(names[0]), pushed: names.dropFirst().map { s($0) }))
}

/// One mutant on a pair of trees it must get wrong, and the rule the fake must see broken.
struct MutantCase: Sendable, CustomTestStringConvertible {
    let mutant: ReconcilerMutant
    let before: WindowContent
    let after: WindowContent
    let rule: FakeUIKit.Violation.Rule
    var testDescription: String { "\(mutant.rawValue) breaks \(rule)" }
}

@Suite("The fake catches a reconciler that orders wrongly")
struct ReconcilerMutantTests {
    static let cases: [MutantCase] = [
        .init(
            mutant: .presentsBeforeSets, before: .screen(s("x")), after: .presenting(stack("a", "x"), modal: .screen(s("m"))),
            rule: .presenterOffScreen),
        .init(mutant: .releasesFirst, before: stack("a", "x", "y"), after: stack("a", "x"), rule: .releasedOnScreen),
        .init(
            mutant: .dismissesLast, before: .presenting(stack("a", "x"), modal: .screen(s("p"))),
            after: .presenting(stack("a", "x"), modal: .screen(s("q"))), rule: .presenterBusy),
        .init(
            mutant: .presentsTopDown, before: stack("a", "x"),
            after: .presenting(stack("a", "x"), modal: .presenting(.screen(s("p")), modal: .screen(s("q")))),
            rule: .presenterOffScreen),
        .init(
            mutant: .setsReversed, before: .tabs(TabBar(id: "t", stack("a", "x", "y"), stack("b", "p"))),
            after: .tabs(TabBar(id: "t", stack("a", "x"), stack("b", "p", "y"))), rule: .twoParents),
    ]

    @Test("each mutant breaks the rule its order breaks, and the fake throws", arguments: cases)
    @MainActor
    func caughtOnItsCase(_ mutantCase: MutantCase) async throws {
        let real = Reconciler.operations(from: mutantCase.before, to: mutantCase.after)
        let mutated = mutantCase.mutant.reorder(real)
        #expect(mutated != real)
        let window = try await FakeWindow(showing: mutantCase.before)
        await #expect(throws: FakeUIKit.Violation.self) { try await window.apply(mutated) }
        #expect(window.kit.violations.first?.rule == mutantCase.rule)
        // The real order passes on the same pair.
        let control = try await FakeWindow(showing: mutantCase.before)
        try await control.apply(real)
        #expect(try control.kit.content() == Reconciler.shown(mutantCase.after))
    }

    @Test(
        "on random pairs where a mutant changes the order, the fake throws for most of them",
        arguments: ReconcilerMutant.allCases)
    @MainActor
    func caughtOnRandomPairs(_ mutant: ReconcilerMutant) async throws {
        var generator = TreeGenerator(seed: 64)
        var changed = 0, caught = 0
        for _ in 0..<300 {
            let before = generator.tree(), after = generator.tree()
            let real = Reconciler.operations(from: before, to: after)
            let mutated = mutant.reorder(real)
            guard mutated != real else { continue }
            changed += 1
            let window = try await FakeWindow(showing: before)
            do {
                try await window.apply(mutated)
            } catch {
                caught += 1
            }
        }
        #expect(changed > 30)
        #expect(caught * 2 > changed, "\(mutant): caught \(caught) of \(changed)")
    }
}
