import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// The recording host and the callback log: readable lines, and assertions that fail with a diff.
@Suite("A recording host and a callback log")
struct TestHostTests {
    static let list = Screen("list"), mail = Screen("mail")

    @Test("the host's calls read as lines, in order, and an expectation that matches passes and clears them")
    func hostLines() async throws {
        let host = TestHost()
        let coordinator = await Coordinator(root: Self.list, host: host, clock: TestClock())
        await host.clearLog()
        try await coordinator.perform(.push(Self.mail, at: .high))
        await host.expectCalls(["create #2", "show #2", "makeKey #2"])
        #expect(await host.lines.isEmpty, "cleared for the next step")
        #expect(await host.liveWindows == [WindowID(1), WindowID(2)].reduce(into: []) { $0.insert($1) })
        #expect(await host.keyWindow == WindowID(2))
    }

    @Test("a host expectation that differs records one issue, whose diff shows the missing and the extra call")
    func hostDiff() async throws {
        let host = TestHost()
        let coordinator = await Coordinator(root: Self.list, host: host, clock: TestClock())
        await host.clearLog()
        try await coordinator.perform(.push(Self.mail, at: .high))
        await withKnownIssue {
            await host.expectCalls(["create #2", "makeKey #2"])
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("+ show #2") && text.contains("  create #2")
        }
    }

    @Test("screens' callbacks read as lines in the coordinator's order; an unexpected one fails with a diff")
    func callbackLines() async throws {
        let log = CallbackLog()
        let coordinator = try await Coordinator(root: .stack(StackContainer(id: "inbox", root: Self.list)), clock: TestClock())
        try await coordinator.stack("inbox").push(log.item(Self.mail))
        log.expectCalls(["didAdd mail", "didShow mail"])
        try await coordinator.stack("inbox").pop()
        withKnownIssue {
            log.expectCalls(["didHide mail", "didRemove mail"])
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("+ remove mail")
        }
    }
}
