import Testing

@testable import TransitionCoordinator

/// The re-entrancy chain as a linked list: entering, pruning ended links, and liveness shared
/// with the links a pruned chain stands for.
@Suite("Transition scope")
struct TransitionScopeTests {
    static func ids(_ chain: TransitionScope.Chain) -> [UInt64] { chain.markers.map(\.transition.rawValue) }

    @Test("entering adds an innermost link; the chain lists its links outermost first")
    func entering() {
        let (outer, one) = TransitionScope.Chain.empty.entering(7, TransitionID(1))
        let (inner, two) = one.entering(7, TransitionID(2))
        #expect(Self.ids(two) == [1, 2] && two.count == 2 && two.innermost === inner && inner.parent === outer)
        #expect(two.contains { $0.names(7, TransitionID(1)) } && !two.contains { $0.names(8, TransitionID(1)) })
        #expect(TransitionScope.Chain.empty.isEmpty && TransitionScope.Chain.empty.count == 0)
    }

    @Test("pruning drops ended links and keeps the rest in order; the links kept end when their originals do")
    func pruning() {
        let (first, a) = TransitionScope.Chain.empty.entering(7, TransitionID(1))
        let (second, b) = a.entering(7, TransitionID(2))
        let (_, c) = b.entering(7, TransitionID(3))
        #expect(c.pruned().innermost === c.innermost, "all live: the same chain, nothing copied")
        second.end()
        let pruned = c.pruned()
        #expect(Self.ids(pruned) == [1, 3])
        #expect(pruned.markers.allSatisfy { $0.isLive })
        first.end()
        #expect(pruned.markers.map(\.isLive) == [false, true], "a kept link is as live as the one it stands for")
        #expect(Self.ids(pruned.pruned()) == [3])
    }
}
