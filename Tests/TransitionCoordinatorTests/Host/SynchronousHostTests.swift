import TestSupport
import Testing

@testable import TransitionCoordinator

/// A host whose calls never suspend is called inline: the same calls in the same order as an
/// async host gets, with no task and no alarm, and it can never be reported stuck.
@Suite("Synchronous host")
struct SynchronousHostTests {
    /// A synchronous host that keeps every call, in order.
    final class Recorder: SynchronousWindowHost {
        private let recorded = Locked<[HostCommand]>([])
        var calls: [HostCommand] { recorded.withLock { $0 } }
        func apply(_ command: HostCommand) { recorded.withLock { $0.append(command) } }
    }

    /// Requests that touch every kind of host call: create, show, hide, reset, makeKey, destroy.
    static let top = WindowLevel("top", rawValue: 4_000)
    static let requests: [(TransitionRequest, Bool)] = [
        (.push(Screens.tutorial, at: .low), true), (.push(Screens.pin, at: top), false),
        (.setApplicationState(.inactive), false), (.setApplicationState(.background), false),
        (.setApplicationState(.active), false), (.unlock, true), (.popAll, true), (.replaceRoot(Screens.login), false),
    ]

    @Test("it receives exactly the calls an async host receives, in the same order")
    func sameCallsAsAnAsyncHost() async throws {
        let covers = LifecycleCovers(
            shield: LifecycleCover(screen: Screens.shield, level: .high),
            lock: LifecycleCover(screen: Screen("lock"), level: .medium))
        let configuration = try CoordinatorConfiguration(
            levels: [.low, .medium, .high, Self.top], shield: covers.shield, lock: covers.lock)
        let recorder = Recorder(), recording = TestHost()
        let inline = await Coordinator(root: Screens.home, configuration: configuration, host: recorder, clock: TestClock())
        let awaited = await Coordinator(root: Screens.home, configuration: configuration, host: recording, clock: TestClock())
        for (request, animated) in Self.requests {
            for coordinator in [inline, awaited] {
                _ = await attempt {
                    try await coordinator.perform(request, animator: animated ? GatedAnimator(.returnAtOnce) : nil)
                }
            }
        }
        #expect(recorder.calls == (await recording.calls))
        let kinds = Set(recorder.calls.map { call -> String in String(describing: call).prefix { $0 != " " }.description })
        #expect(kinds == ["create", "show", "hide", "reset", "makeKey", "destroy"])
        #expect(await inline.snapshot == (await awaited.snapshot))
    }

    @Test("the coordinator reaches a synchronous host inline, and any other through its async methods")
    func link() {
        if case .inline = HostLink(Recorder()) {} else { Issue.record("a synchronous host was not linked inline") }
        if case .awaited = HostLink(TestHost()) {} else { Issue.record("an async host was linked inline") }
        if case .inline = HostLink(InMemoryHost()) {} else { Issue.record("the default host was not linked inline") }
    }

    @Test("the default host's ledger is read without a hop and balances against the snapshot")
    func defaultHost() async throws {
        let host = InMemoryHost()
        let coordinator = await Coordinator(root: Screens.home, host: host, clock: TestClock())
        try await coordinator.openWindow(Screens.pin, at: .medium)
        try await coordinator.closeWindow(at: .medium)
        #expect(InvariantChecker.checkHost(host.ledger, against: await coordinator.snapshot) == [])
        #expect(host.ledger.createdCount == 2 && host.ledger.destroyedCount == 1)
    }
}
