import TestSupport
import Testing

@testable import TransitionCoordinator

/// A synchronous host's carry-out: the same scenario carried out with no guard (nothing
/// suspends) and with a guard that allows everything (the guard's await first) makes the same
/// host calls, in the same order, under the same re-entrancy chain, and the same records.
@Suite("Inline carry-out")
struct InlineCarryOutTests {
    /// A synchronous host that notes each call with the transitions its chain names.
    final class ChainHost: SynchronousWindowHost {
        let calls = Box<[String]>([])
        func apply(_ command: HostCommand) {
            let chain = TransitionScope.chain.markers.map { "\($0.transition)\($0.isLive ? "" : "(ended)")" }
            calls.mutate { $0.append("\(command) chain=\(chain)") }
        }
    }

    static func scenario(guarded: Bool) async throws -> ([String], [String]) {
        let host = ChainHost()
        let allow = NavigationGuard("allow") { _ in .allow }
        let coordinator = await Coordinator(
            root: Screen("launch"), host: host, clock: TestClock(),
            screens: RouteCompilerTests.registry(), guards: guarded ? [allow] : [])
        let animator = AnyAnimator { _ in }
        try await coordinator.openWindow(Screen("a"), at: .low)
        try await coordinator.setApplicationState(.inactive)
        try await coordinator.openWindow(Screen("b"), at: .medium, animator: animator) // skipped: not active
        try await coordinator.closeWindow(at: .medium, animator: animator)
        try await coordinator.setApplicationState(.active)
        try await coordinator.closeWindow(at: .low)
        try await coordinator.navigate(to: try Route(parsing: "^/home/friend"))
        try await coordinator.navigate(to: try Route(parsing: "^/home"), animator: animator) // animated: async in both
        try await coordinator.navigate(to: try Route(parsing: "^/home/friend"))
        let records = await coordinator.history.map {
            "\($0.id) \($0.request) hadAnimator=\($0.hadAnimator) \($0.animation) hostFault=\(String(describing: $0.hostFault)) source=\($0.source) link=\(String(describing: $0.link)) waited=\(String(describing: $0.waited)) \($0.before == $0.after)"
        }
        return (host.calls.value, records)
    }

    @Test("inline and async carry-outs make the same host calls under the same chain, and the same records")
    func sameCallsSameRecords() async throws {
        let (inlineCalls, inlineRecords) = try await Self.scenario(guarded: false)
        let (asyncCalls, asyncRecords) = try await Self.scenario(guarded: true)
        #expect(inlineCalls == asyncCalls)
        #expect(inlineRecords == asyncRecords)
        #expect(inlineRecords.count == 9)
    }
}
