import TestSupport
import Testing

@testable import TransitionCoordinator

/// How a phase of calls reaches an async host: on the host's own actor, at once, when the host is
/// an actor; from a detached task otherwise. Either way the calls come in order, carry the
/// transition's chain, and a call that never returns is abandoned at the host timeout.
@Suite("Host call runner")
struct HostCallRunnerTests {
    static let timeout = Duration.seconds(5)

    /// What a host saw of one call: the call, whether the transition's chain was bound around it.
    struct Seen: Sendable, Equatable {
        let call: HostCommand
        let inChain: Bool
    }

    /// An actor host whose methods are its own (none left to the protocol's defaults); a call
    /// for a window in `waiting` opens `arrived`, then waits at `gate`.
    actor ActorHost: WindowHost {
        private(set) var seen: [Seen] = []
        let gate = Gate(), arrived = Gate()
        let waiting: Set<WindowID>

        init(waitingAt waiting: Set<WindowID> = []) { self.waiting = waiting }

        func createWindow(_ window: ManagedWindow) async { await take(.create(window), window.id) }
        func showWindow(_ id: WindowID) async { await take(.show(id), id) }
        func hideWindow(_ id: WindowID) async { await take(.hide(id), id) }
        func makeKey(_ id: WindowID, resigning unmanaged: [String]) async {
            await take(.makeKey(id, resigning: unmanaged), id)
        }
        func resetAppearance(_ id: WindowID) async { await take(.reset(id), id) }
        func destroyWindow(_ id: WindowID) async { await take(.destroy(id), id) }
        func createScreen(_ screen: Screen, in window: WindowID) async { await take(.createScreen(screen, in: window), window) }
        func setContent(_ content: WindowContent, of window: WindowID, animated: Bool) async {
            await take(.setContent(content, of: window, animated: animated), window)
        }
        func destroyScreen(_ screen: Screen, in window: WindowID) async { await take(.destroyScreen(screen, in: window), window) }

        private func take(_ call: HostCommand, _ window: WindowID) async {
            if waiting.contains(window) {
                arrived.open()
                await gate.wait()
            }
            seen.append(Seen(call: call, inChain: !TransitionScope.chain.isEmpty))
        }
    }

    /// The same host as a nonisolated class, reached from a detached task.
    final class PlainHost: CommandHost {
        private let recorded = Locked<[Seen]>([])
        let gate = Gate(), arrived = Gate()
        let waiting: Set<WindowID>

        init(waitingAt waiting: Set<WindowID> = []) { self.waiting = waiting }

        var seen: [Seen] { recorded.withLock { $0 } }

        func perform(_ call: HostCommand) async {
            if case .show(let id) = call, waiting.contains(id) {
                arrived.open()
                await gate.wait()
            }
            let inChain = !TransitionScope.chain.isEmpty
            recorded.withLock { $0.append(Seen(call: call, inChain: inChain)) }
        }
    }

    static let calls: [HostCommand] = [.show(WindowID(1)), .show(WindowID(2)), .makeKey(WindowID(2), resigning: [])]

    /// A watchdog on a test clock, and a transition's chain.
    static func setting() -> (Watchdog, TransitionScope.Chain, TestClock) {
        let clock = TestClock()
        let watchdog = Watchdog(clock: CoordinatorClock(clock), step: timeout, taskExecutor: nil)
        let (_, chain) = TransitionScope.Chain.empty.entering(TransitionScope.newCoordinatorIdentity(), TransitionID(1))
        return (watchdog, chain, clock)
    }

    /// A phase of ``calls`` to `host` inside a transition's chain, on a watchdog of a test clock.
    static func phase(to host: any WindowHost) -> (HostCallRunner.Phase, TestClock) {
        let (watchdog, chain, clock) = setting()
        let phase = HostCallRunner.Phase(commands: calls, host: host, timeout: timeout, watchdog: watchdog, chain: chain)
        return (phase, clock)
    }

    @Test("a phase started on an idle host actor has made every call, in the chain, by the time it is started")
    func actorHostAtOnce() async {
        let host = ActorHost()
        let (phase, clock) = Self.phase(to: host)
        await phase.start(on: host, preferring: nil)
        #expect(phase.progress.isSettled, "the calls ran on the host's actor without a hop")
        #expect(await host.seen == Self.calls.map { Seen(call: $0, inChain: true) })
        #expect(clock.armedTimeouts.isEmpty, "the alarm was disarmed once every call returned")
        #expect(await phase.progress.settled() == nil)
    }

    @Test("a call that waits on the host actor hands the rest to the task, which makes them in order")
    func actorHostWaits() async {
        let host = ActorHost(waitingAt: [WindowID(2)])
        let (phase, clock) = Self.phase(to: host)
        await phase.start(on: host, preferring: nil)
        #expect(!phase.progress.isSettled, "the second call waits")
        #expect(phase.progress.completedCount == 1)
        #expect(clock.armedTimeouts.map(\.kind) == [.host])
        host.gate.open()
        #expect(await phase.progress.settled() == nil)
        #expect(await host.seen == Self.calls.map { Seen(call: $0, inChain: true) })
    }

    @Test("a phase enqueued on the host actor (an OS without Task.immediate) makes every call, in order, in the chain")
    func actorHostEnqueued() async {
        let host = ActorHost(waitingAt: [WindowID(2)])
        let (phase, clock) = Self.phase(to: host)
        await phase.enqueue(on: host, preferring: nil)
        #expect(phase.progress.completedCount == 0, "the task waits for its turn on the actor: nothing ran inline")
        await host.arrived.wait()
        #expect(phase.progress.completedCount == 1)
        #expect(clock.armedTimeouts.map(\.kind) == [.host], "the alarm counts from the first call")
        host.gate.open()
        #expect(await phase.progress.settled() == nil)
        #expect(await host.seen == Self.calls.map { Seen(call: $0, inChain: true) })
        #expect(clock.armedTimeouts.isEmpty)
    }

    /// A host of either kind whose second call waits, with its gates and what it saw.
    struct WaitingHost: Sendable {
        let host: any WindowHost
        /// Opened when the second call arrives; the call returns once `gate` opens.
        let arrived: Gate, gate: Gate
        let seen: @Sendable () async -> [Seen]

        init(actor: Bool) {
            if actor {
                let host = ActorHost(waitingAt: [WindowID(2)])
                (self.host, arrived, gate, seen) = (host, host.arrived, host.gate, { await host.seen })
            } else {
                let host = PlainHost(waitingAt: [WindowID(2)])
                (self.host, arrived, gate, seen) = (host, host.arrived, host.gate, { host.seen })
            }
        }
    }

    @Test("a call that has not returned at the host timeout is abandoned, on an actor host or another", arguments: [true, false])
    func stuckCallAbandoned(onActor: Bool) async throws {
        let waiting = WaitingHost(actor: onActor)
        let link = HostLink(waiting.host)
        if case .awaited(_, let actor) = link {
            #expect((actor != nil) == onActor, "the link names the host's actor exactly when it is one")
        } else {
            Issue.record("an async host was linked inline")
        }
        let (watchdog, chain, clock) = Self.setting()
        let running = Task {
            await HostCallRunner.run(
                Self.calls, on: link, timeout: Self.timeout, watchdog: watchdog, taskExecutor: nil, chain: chain)
        }
        await waiting.arrived.wait()
        #expect(clock.advance(toDeadlineOf: .host)?.kind == .host)
        guard case .stuck(let index, let progress) = await running.value else {
            Issue.record("the phase was not reported stuck")
            return
        }
        #expect(index == 1, "the second call is the stuck one")
        #expect(!progress.hasReturned)
        #expect(await waiting.seen() == Self.calls.prefix(1).map { Seen(call: $0, inChain: true) })
        waiting.gate.open()
        watchdog.close()
    }
}
