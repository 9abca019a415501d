import Foundation
import Testing

@testable import TransitionCoordinator

@Suite("A snapshot's window list")
struct WindowListTests {
    static func window(_ id: Int, level: Int? = nil) -> ManagedWindow {
        let rawValue = level ?? id
        return ManagedWindow(
            id: WindowID(UInt64(id + 1)),
            level: rawValue == 0 ? .root : WindowLevel("l\(rawValue)", rawValue: rawValue),
            content: .screen(Screen("s\(id)")))
    }

    static func windows(_ count: Int) -> [ManagedWindow] { (0..<count).map { window($0) } }

    /// A small deterministic generator, so a failing case prints the seed that replays it.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return bound == 0 ? 0 : Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test("every change leaves the list equal to the same change made to an array", arguments: 0..<40)
    func agreesWithAnArray(seed: Int) {
        var random = Generator(state: UInt64(seed))
        var array = Self.windows(random.next(30))
        var list = WindowList(array)
        var nextID = 1_000
        for step in 0..<60 {
            switch random.next(4) {
            case 0: // replace a range with fresh windows
                let lower = random.next(array.count + 1)
                let upper = lower + random.next(array.count - lower + 1)
                let fresh = (0..<random.next(12)).map { _ in
                    defer { nextID += 1 }
                    return Self.window(nextID)
                }
                array.replaceSubrange(lower..<upper, with: fresh)
                list.replaceSubrange(lower..<upper, with: fresh)
            case 1 where !array.isEmpty: // change one window in place
                let index = random.next(array.count)
                array[index].isHidden.toggle()
                list[index].isHidden.toggle()
            case 2: // remove some
                let modulus = 2 + random.next(4)
                array.removeAll { $0.id.rawValue % UInt64(modulus) == 0 }
                list.removeAll { $0.id.rawValue % UInt64(modulus) == 0 }
            default: // append
                defer { nextID += 1 }
                array.append(Self.window(nextID))
                list.append(Self.window(nextID))
            }
            #expect(Array(list) == array, "seed \(seed), step \(step)")
            #expect(list.count == array.count, "seed \(seed), step \(step)")
            #expect(list == WindowList(array), "seed \(seed), step \(step)")
        }
    }

    @Test("a merge gives what the one-array merge gives, wherever the change falls", arguments: 0..<40)
    func mergeAgreesWithTheArrayMerge(seed: Int) {
        var random = Generator(state: UInt64(seed) &+ 7)
        // One window a level, in level order, as a coordinator keeps them.
        let levels = (1..<64).filter { _ in random.next(2) == 0 }
        let windows = [Self.window(0)] + levels.map { Self.window($0) }
        let destroyed = windows.dropFirst().filter { _ in random.next(6) == 0 }
        let free = (1..<64).filter { !levels.contains($0) }
        let created = free.filter { _ in random.next(10) == 0 }.map { Self.window(1_000 + $0, level: $0) }
        let list = WindowList(windows).merging(removing: Array(destroyed), inserting: created)
        #expect(Array(list) == NavigationSnapshot.merged(windows, removing: Array(destroyed), inserting: created))
    }

    @Test("a push and a pop at the top level share every page below the last with the list they came from")
    func topChangesShareTheLowerPages() {
        let standing = WindowList(Self.windows(33))
        let pushed = standing.merging(removing: [], inserting: [Self.window(40)])
        let pages = (33 + WindowList.pageSize - 1) / WindowList.pageSize
        #expect(pushed.sharedPages(with: standing) == pages - 1)
        let popped = pushed.merging(removing: [Self.window(40)], inserting: [])
        #expect(popped == standing)
        #expect(popped.sharedPages(with: standing) == pages - 1)
    }

    @Test("a change to the bottom window copies only its page")
    func bottomChangeCopiesOnePage() {
        let standing = WindowList(Self.windows(32))
        var changed = standing
        changed[0].isHidden = true
        #expect(changed.sharedPages(with: standing) == 0)
        #expect(zip(changed.dropFirst(), standing.dropFirst()).allSatisfy(==))
        #expect(changed != standing)
    }

    @Test("a list encodes as the array of its windows, and equal lists hash alike")
    func codesAsAnArray() throws {
        let windows = Self.windows(19)
        let list = WindowList(windows)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = try encoder.encode(list)
        #expect(encoded == (try encoder.encode(windows)))
        #expect(try JSONDecoder().decode(WindowList.self, from: encoded) == list)
        var built = WindowList()
        for window in windows { built.append(window) }
        #expect(built == list && built.hashValue == list.hashValue)
    }
}
