import Testing

@testable import TransitionCoordinator

@Suite("The planner's one-pass window merge")
struct WindowMergeTests {
    static let levels = [WindowLevel.root, .low, .medium, .high]

    static func window(_ id: UInt64, _ level: WindowLevel) -> ManagedWindow {
        ManagedWindow(id: WindowID(id), level: level, content: .screen(Screen("s\(id)")))
    }

    /// What removing, then inserting one by one after the last lower level, gives: the merge must agree.
    static func stepByStep(
        _ windows: [ManagedWindow], removing destroyed: [ManagedWindow], inserting created: [ManagedWindow]
    ) -> [ManagedWindow] {
        var result = windows.filter { window in !destroyed.contains { $0.id == window.id } }
        for window in created {
            let index = result.lastIndex { $0.level < window.level }.map { $0 + 1 } ?? 0
            result.insert(window, at: index)
        }
        return result
    }

    @Test(
        "the merge removes and inserts as removing then inserting one by one would",
        arguments: [
            ([0, 1], [], [2]), // a push on top
            ([0, 2], [], [1]), // a push between
            ([0, 1, 2, 3], [3], []), // a pop of the top
            ([0, 1, 2, 3], [1], []), // a pop below others
            ([0, 1, 3], [0], [0]), // the root replaced
            ([0], [], [3, 1]), // two windows created out of level order
            ([0, 1, 2, 3], [1, 2, 3], []), // everything above the root closed
            ([0, 2], [2], [3, 1]), // one gone, two come
        ] as [([Int], [Int], [Int])])
    func agreesWithStepByStep(standing: [Int], gone: [Int], coming: [Int]) {
        let windows = standing.map { Self.window(UInt64($0 + 1), Self.levels[$0]) }
        let destroyed = windows.filter { window in gone.contains { Self.levels[$0] == window.level } }
        let created = coming.map { Self.window(UInt64(100 + $0), Self.levels[$0]) }
        let merged = NavigationSnapshot.merged(windows, removing: destroyed, inserting: created)
        #expect(merged == Self.stepByStep(windows, removing: destroyed, inserting: created))
        #expect(merged.map(\.level) == merged.map(\.level).sorted())
    }
}
