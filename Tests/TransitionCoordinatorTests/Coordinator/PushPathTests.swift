import Foundation
import Testing
import TransitionCoordinator

/// A push's path, function by function, as the architecture article lists it ("A push, function
/// by function"): recorded in a debug build (``PathTrace``), compared entry by entry.
@Suite("A push's path")
struct PushPathTests {
    static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Sources/TransitionCoordinator/TransitionCoordinator.docc/Architecture.md")

    /// The article's list, each entry as the recorder writes it: `File.swift function(labels:)`.
    static func listed() throws -> [String] {
        let text = try String(contentsOf: article, encoding: .utf8)
        guard let start = text.range(of: "## A push, function by function") else { return [] }
        let section = text[start.upperBound...].prefix { _ in true }
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n").compactMap { line -> String? in
            // `12. `File.swift`: `function(labels:)` (what it does)`
            let parts = line.split(separator: "`")
            guard line.first?.isNumber == true, parts.count >= 4 else { return nil }
            return "\(parts[1]) \(parts[3])"
        }
    }

    /// The functions `change` crosses on a coordinator showing the stack `inbox` (list, then
    /// warm pushed and popped, so the host is started and the first transition's work is done).
    static func crossings(
        _ change: @Sendable (Coordinator) async throws(TransitionError) -> TransitionRecord
    ) async throws -> [String] {
        let coordinator = try await Coordinator(root: .stack(StackContainer(id: "inbox", root: Screen("list"))))
        try await coordinator.stack("inbox").push(Screen("warm"))
        try await coordinator.stack("inbox").pop()
        let recorder = PathTrace.Recorder()
        try await PathTrace.$recorder.withValue(recorder) { _ = try await change(coordinator) }
        return recorder.functions
    }

    @Test(
        "a screen push crosses, in order, exactly the functions the architecture article lists",
        .enabled(if: PathTrace.records))
    func pushCrossesTheListedFunctions() async throws {
        let listed = try Self.listed()
        let crossed = try await Self.crossings { coordinator throws(TransitionError) in
            try await coordinator.stack("inbox").push(Screen("mail"))
        }
        #expect(listed.count > 1, "the article lists the path")
        #expect(crossed == listed, "the path changed: update the article's list with it")
    }

    @Test(
        "the comparison sees the path: a pop crosses other functions than a push, and nothing is noted unrecorded",
        .enabled(if: PathTrace.records))
    func theComparisonSeesThePath() async throws {
        let coordinator = try await Coordinator(root: .stack(StackContainer(id: "inbox", root: Screen("list"))))
        try await coordinator.stack("inbox").push(Screen("mail"))
        let pop = PathTrace.Recorder()
        try await PathTrace.$recorder.withValue(pop) { _ = try await coordinator.stack("inbox").pop() }
        #expect(!pop.functions.isEmpty)
        #expect(pop.functions != (try Self.listed()), "a pop is planned through other functions than a push")
        let idle = PathTrace.Recorder()
        PathTrace.$recorder.withValue(idle) {}
        try await coordinator.openWindow(Screen("sheet"), at: .high)
        #expect(idle.functions.isEmpty, "a transition outside the recording task notes nothing")
    }
}
