import Foundation
import Testing

@testable import TransitionCoordinator

@Suite("Window levels")
struct WindowLevelTests {
    @Test("levels equal in name and raw value are equal and hash alike; a different name or raw value is another level")
    func equality() {
        let a = WindowLevel("toast-\(UUID())", rawValue: 1_500)
        let same = WindowLevel(a.name, rawValue: 1_500)
        #expect(a == same)
        #expect(a.hashValue == same.hashValue)
        #expect(a != WindowLevel(a.name + "x", rawValue: 1_500))
        #expect(a != WindowLevel(a.name, rawValue: 1_501))
    }

    @Test("levels order by raw value, then by name, whatever order the names were first seen in")
    func order() {
        let suffix = UUID().uuidString
        // Declared "b" first, so its name's number is the smaller one: the order must still follow the names.
        let b = WindowLevel("b-\(suffix)", rawValue: 10)
        let a = WindowLevel("a-\(suffix)", rawValue: 10)
        #expect(a < b)
        #expect(!(b < a))
        #expect(!(a < a))
        #expect(WindowLevel("z-\(suffix)", rawValue: 9) < a)
        #expect([b, a, .high, .root].sorted() == [.root, a, b, .high])
    }

    @Test("a level keeps its name, and encodes and decodes by name and raw value")
    func coding() throws {
        let level = WindowLevel("banner", rawValue: 2_500)
        #expect(level.name == "banner")
        #expect(level.description == "banner(2500)")
        let data = try JSONEncoder().encode(level)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["name"] as? String == "banner")
        #expect(object["rawValue"] as? Int == 2_500)
        let decoded = try JSONDecoder().decode(WindowLevel.self, from: Data(#"{"name":"banner","rawValue":2500}"#.utf8))
        #expect(decoded == level)
    }

    @Test("levels made on many threads at once agree on each name")
    func concurrentNames() async {
        let names = (0..<32).map { "concurrent-\($0)-\(UUID())" }
        let made = await withTaskGroup(of: [WindowLevel].self) { group in
            for _ in 0..<8 { group.addTask { names.map { WindowLevel($0, rawValue: 7) } } }
            return await group.reduce(into: [[WindowLevel]]()) { $0.append($1) }
        }
        for levels in made {
            #expect(levels == made[0])
            #expect(levels.map(\.name) == names)
        }
    }
}

@Suite("Lookups by level in a coordinator's snapshot")
struct LevelOrderLookupTests {
    static let levels = (1...9).map { WindowLevel("l\($0)", rawValue: $0 * 10) }

    /// A snapshot with a window at each of `standing` (indices into ``levels``), in level order.
    static func snapshot(_ standing: [Int]) -> NavigationSnapshot {
        let root = ManagedWindow(id: WindowID(1), level: .root, content: .screen(Screen("root")))
        let windows =
            [root]
            + standing.map { ManagedWindow(id: WindowID(UInt64($0 + 2)), level: levels[$0], content: .screen(Screen("s\($0)"))) }
        return NavigationSnapshot(version: 0, levels: levels, windows: windows, keyWindow: windows.last?.id)
    }

    @Test(
        "the binary search finds what the linear one finds, for every level, standing or not",
        arguments: [[], [0], [8], [0, 8], [1, 3, 5, 7], [0, 1, 2, 3, 4, 5, 6, 7, 8]])
    func agreesWithTheScan(standing: [Int]) {
        let snapshot = Self.snapshot(standing)
        for level in [WindowLevel.root] + Self.levels + [WindowLevel("l3", rawValue: 31), WindowLevel("other", rawValue: 30)] {
            #expect(snapshot.windowInLevelOrder(at: level) == snapshot.window(at: level))
            #expect(snapshot.configures(level) == snapshot.levels.contains(level))
        }
    }
}
