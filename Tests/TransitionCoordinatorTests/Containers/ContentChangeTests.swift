import TestSupport
import Testing

@testable import TransitionCoordinator

/// A change's departures and arrivals, worked out by reading the two trees side by side, are
/// exactly what the definition gives by brute force.
@Suite("A content change's departures and arrivals")
struct ContentChangeTests {
    /// The screens of `tree` without an equal screen in `other`, in `tree`'s order: the definition.
    static func missing(_ tree: WindowContent, from other: WindowContent) -> [Screen] {
        let others = other.screens
        return tree.screens.filter { !others.contains($0) }
    }

    @Test(
        "for random pairs of trees, unrelated or one an edit of the other, the screens that depart and arrive are those without an equal screen in the other tree, in tree order",
        arguments: [false, true])
    func matchesTheDefinition(edited: Bool) {
        var generator = TreeGenerator(seed: edited ? 11 : 12)
        for pair in 0..<500 {
            let before = generator.tree()
            let after = edited ? generator.edited(before) : generator.tree()
            let (departed, arrived) = ContentChange.difference(before, after)
            #expect(departed == Self.missing(before, from: after), "pair \(pair): \(before) → \(after)")
            #expect(arrived == Self.missing(after, from: before), "pair \(pair): \(before) → \(after)")
        }
    }

    @Test("a stack that comes to present a modal, or to be a tab, keeps its screens: only the new ones arrive")
    func structureChanged() throws {
        let stack = WindowContent.stack(StackContainer(id: "a", root: Screen("x"), pushed: [Screen("y")]))
        let sheet = WindowContent.stack(StackContainer(id: "m", root: Screen("p")))
        let presenting = WindowContent.presenting(stack, modal: sheet)
        #expect(ContentChange.difference(stack, presenting) == ([], [Screen("p")]))
        #expect(ContentChange.difference(presenting, stack) == ([Screen("p")], []))
        let tabs = WindowContent.tabs(try TabBar(id: "t", tabs: [stack, sheet], selected: 0))
        #expect(ContentChange.difference(stack, tabs) == ([], [Screen("p")]))
    }
}
