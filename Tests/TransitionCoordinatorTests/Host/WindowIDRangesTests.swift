import Testing

@testable import TransitionCoordinator

/// The range set behind the host ledger: exact answers, merged neighbours, memory bounded by gaps.
@Suite("Window id ranges")
struct WindowIDRangesTests {
    static func ranges(_ ids: [UInt64]) -> WindowIDRanges {
        var set = WindowIDRanges()
        for id in ids { set.insert(WindowID(id)) }
        return set
    }

    static let max = UInt64.max

    @Test(
        "inserting ids in any order gives the sorted, merged ranges",
        arguments: [
            (ids: [], expected: []),
            (ids: [1, 2, 3], expected: [1...3]),
            (ids: [3, 2, 1], expected: [1...3]),
            (ids: [1, 3], expected: [1...1, 3...3]),
            (ids: [1, 3, 2], expected: [1...3]),
            (ids: [5, 1, 3, 2, 4], expected: [1...5]),
            (ids: [9, 1, 5, 7], expected: [1...1, 5...5, 7...7, 9...9]),
            (ids: [9, 1, 5, 7, 8, 6], expected: [1...1, 5...9]),
            (ids: [4, 4, 2, 2], expected: [2...2, 4...4]),
            (ids: [10, 0, max], expected: [0...0, 10...10, max...max]),
            (ids: [max, 0, max - 1, 1], expected: [0...1, (max - 1)...max]),
        ] as [(ids: [UInt64], expected: [ClosedRange<UInt64>])])
    func insertMerges(ids: [UInt64], expected: [ClosedRange<UInt64>]) {
        let set = Self.ranges(ids)
        #expect(set.ranges == expected)
        #expect(set.count == Set(ids).count)
        #expect(set.rangeCount == expected.count)
    }

    @Test("insert says whether the id was new, and a repeated id changes nothing")
    func insertReportsNew() {
        var set = Self.ranges([1, 2, 5])
        let answers = [3, 3, 1, 5].map { set.insert(WindowID($0)) }
        #expect(answers == [true, false, false, false])
        #expect(set.ranges == [1...3, 5...5])
        #expect(set.count == 4)
    }

    @Test(
        "contains is exact at the edges of every range and in the gaps",
        arguments: [
            (id: 0, expected: false), (id: 2, expected: false), (id: 3, expected: true), (id: 4, expected: true),
            (id: 5, expected: true), (id: 6, expected: false), (id: 7, expected: false), (id: 8, expected: true),
            (id: 9, expected: false), (id: 20, expected: true), (id: 21, expected: false), (id: max, expected: false),
        ] as [(id: UInt64, expected: Bool)])
    func containsAtEdges(id: UInt64, expected: Bool) {
        let set = Self.ranges([8, 3, 4, 5, 20])
        #expect(set.ranges == [3...5, 8...8, 20...20])
        #expect(set.contains(WindowID(id)) == expected)
    }

    @Test("an empty set contains nothing")
    func emptyContainsNothing() {
        let set = WindowIDRanges()
        #expect(set.isEmpty && set.count == 0 && set.rangeCount == 0)
        #expect(![0, 1, Self.max].contains { set.contains(WindowID($0)) })
    }

    @Test("the same ids inserted in different orders give equal sets")
    func canonical() {
        #expect(Self.ranges([1, 2, 3, 7, 5, 6]) == Self.ranges([7, 6, 5, 3, 2, 1]))
        #expect(Self.ranges([1, 3]) != Self.ranges([1, 2, 3]))
    }

    @Test("random ids in random order: the set answers exactly as a Set does, its ranges sorted, disjoint and apart")
    func matchesSet() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(below bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % bound
        }
        var set = WindowIDRanges()
        var reference = Set<UInt64>()
        for _ in 0..<3_000 {
            let id = next(below: 2_000)
            let inserted = set.insert(WindowID(id))
            #expect(inserted == reference.insert(id).inserted)
        }
        #expect(set.count == reference.count)
        #expect((0..<2_001).allSatisfy { set.contains(WindowID($0)) == reference.contains($0) })
        #expect(zip(set.ranges, set.ranges.dropFirst()).allSatisfy { $0.upperBound + 1 < $1.lowerBound })
        #expect(set.ranges.reduce(0) { $0 + Int($1.count) } == reference.count)
    }

    @Test("creating and destroying 100,000 ids in order while keeping a few alive keeps one range per gap")
    func boundedRanges() {
        let keptAlive: Set<UInt64> = [1, 17, 25_000, 50_001, 99_999]
        var created = WindowIDRanges()
        var destroyed = WindowIDRanges()
        for id in 1...UInt64(100_000) {
            created.insert(WindowID(id))
            if !keptAlive.contains(id) { destroyed.insert(WindowID(id)) }
        }
        #expect(created.ranges == [1...100_000])
        #expect(destroyed.rangeCount == keptAlive.count) // 2...16, 18...24_999, …, 100_000...100_000
        #expect(destroyed.count == 100_000 - keptAlive.count)
        #expect(keptAlive.allSatisfy { !destroyed.contains(WindowID($0)) })
        #expect(destroyed.contains(WindowID(2)) && destroyed.contains(WindowID(100_000)))

        for id in keptAlive { destroyed.insert(WindowID(id)) }
        #expect(destroyed.ranges == [1...100_000])
    }
}
