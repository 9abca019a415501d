import Foundation
import Testing
@testable import TransitionCoordinator

/// The snapshot's chunked window list: it holds what it was given, in that order, and a merge
/// gives what the one-array merge gives, however the windows are chunked.
@Suite("The chunked window list")
struct WindowListTests {
    /// A window at level `rank` × 10 (the root at rank 0), id `rank + 1` unless given.
    static func window(_ rank: Int, id: Int? = nil) -> Window {
        Window(id: WindowID(UInt64(id ?? rank + 1)), level: rank == 0 ? .root : WindowLevel("l\(rank)", rawValue: rank * 10),
               content: .screen(Screen("s\(id ?? rank)")))
    }

    /// Windows at ranks 0, 2, 4, …: `count` of them, with a free level between each two.
    static func spaced(_ count: Int) -> [Window] { (0..<count).map { window($0 * 2) } }

    /// Every chunk holds 1 to `capacity` windows, a list of up to `capacity` is one array, and
    /// the list reads back as `expected`.
    static func expectWellFormed(_ list: WindowList, holding expected: [Window], capacity: Int = WindowList.defaultChunkCapacity,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(list.array == expected, sourceLocation: sourceLocation)
        #expect(Array(list) == expected, sourceLocation: sourceLocation)
        #expect(list.count == expected.count, sourceLocation: sourceLocation)
        #expect(list.isChunked == (expected.count > capacity), sourceLocation: sourceLocation)
        #expect(list.chunkSizes.allSatisfy { list.isChunked ? (1...capacity).contains($0) : $0 == expected.count },
                "chunks \(list.chunkSizes)", sourceLocation: sourceLocation)
    }

    @Test("a list of up to eight windows is one array, and a longer one is chunks of one to eight",
          arguments: [0, 1, 7, 8, 9, 15, 16, 17, 33, 64])
    func chunking(count: Int) {
        Self.expectWellFormed(WindowList(Self.spaced(count)), holding: Self.spaced(count))
    }

    @Test("a pop from anywhere in a chunked list gives what the one-array merge gives", arguments: [9, 17, 32])
    func popsAgree(count: Int) {
        let windows = Self.spaced(count)
        for gone in windows.dropFirst() {
            let merged = WindowList(windows).merged(removing: [gone], inserting: [])
            Self.expectWellFormed(merged, holding: WindowList.merged(windows, removing: [gone], inserting: []))
            #expect(!merged.contains { $0.id == gone.id })
        }
    }

    @Test("a push at any free level of a chunked list goes where the one-array merge puts it", arguments: [8, 9, 16, 32])
    func pushesAgree(count: Int) {
        let windows = Self.spaced(count)
        for rank in stride(from: 1, through: count * 2 + 1, by: 2) {
            let created = Self.window(rank, id: 1_000)
            let merged = WindowList(windows).merged(removing: [], inserting: [created])
            let expected = WindowList.merged(windows, removing: [], inserting: [created])
            Self.expectWellFormed(merged, holding: expected)
            #expect(expected.map(\.level) == expected.map(\.level).sorted(), "the one-array merge itself keeps level order")
        }
    }

    @Test("a merge that removes some windows and inserts others agrees with the one-array merge",
          arguments: [(12, [2, 14], [1, 23]), (20, [0], [0]), (20, Array(1..<20).map { $0 * 2 }, []), (9, [], [3, 7, 17, 1])])
    func mixedMergesAgree(count: Int, goneRanks: [Int], comingRanks: [Int]) {
        let windows = Self.spaced(count)
        let destroyed = windows.filter { window in goneRanks.contains { Self.window($0).level == window.level } }
        let created = comingRanks.enumerated().map { Self.window($1, id: 1_000 + $0) }
        let merged = WindowList(windows).merged(removing: destroyed, inserting: created)
        Self.expectWellFormed(merged, holding: WindowList.merged(windows, removing: destroyed, inserting: created))
    }

    @Test("a list out of level order keeps its order, and a merge into it agrees with the one-array merge")
    func outOfOrderListsAgree() {
        let reversed = Array(Self.spaced(12).reversed())
        let twoAtOneLevel = Self.spaced(10) + [Self.window(4, id: 500), Self.window(2, id: 501)]
        for windows in [reversed, twoAtOneLevel] {
            Self.expectWellFormed(WindowList(windows), holding: windows)
            for created in [Self.window(5, id: 900), Self.window(99, id: 901)] {
                for destroyed in [[], [windows[3]], [windows[0], windows[windows.count - 1]]] {
                    Self.expectWellFormed(WindowList(windows).merged(removing: destroyed, inserting: [created]),
                                          holding: WindowList.merged(windows, removing: destroyed, inserting: [created]))
                }
            }
        }
    }

    @Test("a pop or a push rebuilds only the chunk it changes; every other chunk is the one it came from",
          arguments: [1, 9, 20, 31])
    func untouchedChunksAreShared(position: Int) {
        let windows = Self.spaced(32)
        let list = WindowList(windows)
        for merged in [list.merged(removing: [windows[position]], inserting: []),
                       list.merged(removing: [], inserting: [Self.window(position * 2 + 1, id: 1_000)])] {
            let kept = Set(list.chunkAddresses.compactMap { $0 }).intersection(merged.chunkAddresses.compactMap { $0 })
            #expect(kept.count == list.chunkAddresses.count - 1, "chunks \(list.chunkSizes) → \(merged.chunkSizes)")
        }
    }

    @Test("ids scattered across the list, not rising with the levels, are removed wherever they lie", arguments: [3, 8])
    func scatteredIDsAreRemoved(capacity: Int) {
        // Ids by a fixed permutation of the positions: each chunk's ids span most of the range.
        let windows = (0..<30).map { Self.window($0 * 2, id: ($0 * 17) % 30 + 1) }
        for gone in windows.dropFirst() {
            let merged = WindowList(windows, chunkCapacity: capacity).merged(removing: [gone], inserting: [])
            Self.expectWellFormed(merged, holding: WindowList.merged(windows, removing: [gone], inserting: []), capacity: capacity)
        }
        let several = [windows[3], windows[17], windows[29]]
        Self.expectWellFormed(WindowList(windows, chunkCapacity: capacity).merged(removing: several, inserting: []),
                              holding: WindowList.merged(windows, removing: several, inserting: []), capacity: capacity)
    }

    @Test("pushes and pops back and forth keep every chunk between one and the capacity", arguments: [3, 8])
    func churnKeepsChunksInBounds(capacity: Int) {
        var windows = Self.spaced(24)
        var list = WindowList(windows, chunkCapacity: capacity)
        var next = 2_000
        for step in 0..<400 {
            // Alternately close the window at a rank and open one at the free level beside it.
            let rank = (step * 7) % 47
            let created = rank % 2 == 1 && !windows.contains { $0.level == Self.window(rank).level }
                ? [Self.window(rank, id: next)] : []
            let destroyed = rank % 2 == 0 && rank > 0 ? windows.filter { $0.level == Self.window(rank).level } : []
            next += 1
            windows = WindowList.merged(windows, removing: destroyed, inserting: created)
            list = list.merged(removing: destroyed, inserting: created)
            Self.expectWellFormed(list, holding: windows, capacity: capacity)
        }
    }

    @Test("closing three windows of every four joins what is left into few chunks, not one a chunk")
    func shrinkingChunksAreJoined() {
        var windows = Self.spaced(64)
        var list = WindowList(windows)
        for (offset, window) in windows.enumerated() where offset % 4 != 0 {
            list = list.merged(removing: [window], inserting: [])
            windows = WindowList.merged(windows, removing: [window], inserting: [])
        }
        Self.expectWellFormed(list, holding: windows)
        // Sixteen windows are left, two in each of the eight chunks the list started with: each
        // chunk, once under half full, was joined to the one below.
        #expect(windows.count == 16)
        #expect(list.chunkSizes.count <= 3, "chunks \(list.chunkSizes)")
    }

    @Test("updating a window of a chunked list changes it alone", arguments: [0, 8, 9, 31])
    func updateChangesOneWindow(position: Int) {
        let windows = Self.spaced(32)
        var list = WindowList(windows)
        list.update(at: position) { $0.isHidden = true }
        var expected = windows
        expected[position].isHidden = true
        Self.expectWellFormed(list, holding: expected)
        #expect(WindowList(windows).array == windows, "the list it was copied from is unchanged")
    }

    @Test("the binary search finds every window of a chunked list in level order, and nothing at a free level")
    func levelOrderSearch() {
        for count in [1, 8, 9, 33] {
            let list = WindowList(Self.spaced(count))
            for rank in 0...(count * 2 + 1) {
                #expect(list.inLevelOrder(at: Self.window(rank).level) == (rank % 2 == 0 && rank < count * 2 ? Self.window(rank) : nil))
            }
        }
    }

    @Test("the searches from either end find what the array's find")
    func searches() {
        let windows = Self.spaced(20).enumerated().map { offset, window in
            var window = window
            window.isHidden = offset % 3 == 0
            return window
        }
        let list = WindowList(windows)
        #expect(list.first { $0.isHidden && $0.level.rawValue > 40 } == windows.first { $0.isHidden && $0.level.rawValue > 40 })
        #expect(list.firstIndex { $0.level.rawValue == 100 } == windows.firstIndex { $0.level.rawValue == 100 })
        #expect(list.last { $0.isHidden ? $0.id : nil } == windows.last { $0.isHidden }?.id)
        #expect(list.last { $0.level.rawValue < 0 ? $0 : nil } == nil)
        #expect(list.contains { $0.id == WindowID(39) })
        #expect(!list.contains { $0.id == WindowID(40) })
    }

    @Test("lists are equal and hash alike however they are chunked, and encode as the array")
    func equalityAcrossChunkings() throws {
        let windows = Self.spaced(20)
        // The same windows reached by a merge, chunked differently from a list built whole.
        let merged = WindowList(Self.spaced(21)).merged(removing: [Self.window(40)], inserting: [])
        #expect(merged.chunkSizes != WindowList(windows).chunkSizes)
        #expect(merged == WindowList(windows))
        #expect(merged.hashValue == WindowList(windows).hashValue)
        #expect(WindowList(windows, chunkCapacity: 3) == WindowList(windows))
        #expect(merged != WindowList(Self.spaced(19)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(merged) == encoder.encode(windows))
        #expect(try JSONDecoder().decode(WindowList.self, from: JSONEncoder().encode(windows)) == merged)
    }

    @Test("a snapshot reads, changes and saves its windows the same whether they are chunked or not")
    func snapshotOverChunks() throws {
        let windows = Self.spaced(12)
        let whole = NavigationSnapshot(version: 1, levels: windows.dropFirst().map(\.level), windows: windows, keyWindow: windows.last?.id)
        var chunked = whole.chunked(at: 3)
        #expect(chunked == whole)
        #expect(chunked.windows == windows)
        #expect(chunked.window(at: Self.window(10).level) == Self.window(10))
        #expect(chunked.window(showing: ScreenID("s14")) == Self.window(14))
        #expect(chunked.topMostVisibleWindow == windows.last)
        chunked.windows[5].isHidden = true
        #expect(chunked.windowList.chunkCapacity == 3, "a change through the public array keeps the capacity")
        #expect(chunked.windows[5].isHidden && chunked != whole)
        #expect(try JSONDecoder().decode(NavigationSnapshot.self, from: JSONEncoder().encode(chunked)) == chunked)
    }
}
