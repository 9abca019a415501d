import TestSupport
import Testing

@testable import TransitionCoordinator

/// A launch flow (``HopHandle/hopAndWait(to:returning:animator:policy:whenLocked:)``) as straight-line async code: each hop returns when its screen unhops,
/// with the value it unhops with; the slot is free while a flow waits; a second unhop, an unhop
/// of a screen no longer current, a cancelled flow and a backgrounded app each end as documented.
@Suite("Hop flows")
struct HopFlowTests {
    typealias T = ContentTrees
    static let blank = Screen("blank")
    static let launch = WindowContent.hop(HopContainer(id: "launch", showing: .screen(blank)))

    static func coordinator(covers: LifecycleCovers = .none) async throws -> Coordinator {
        let configuration = try CoordinatorConfiguration(levels: WindowLevel.builtIn, shield: covers.shield, lock: covers.lock)
        return try await Coordinator(root: launch, configuration: configuration, clock: TestClock())
    }

    /// Waits until the hop to `screen` in `container` commits.
    static func hopped(to screen: Screen, in container: ContainerID = "launch", _ probe: inout EventProbe) async {
        _ = await probe.next { event in
            if case .ended(let record) = event, record.request == .content(.hop(to: .screen(screen), in: container)) {
                return true
            }
            return false
        }
    }

    /// A coordinator and a flow, started on a task, that hopped to splash and waits for a `V`.
    static func waitingOnSplash<V: Sendable>(for type: V.Type) async throws -> (Coordinator, Task<V, any Error>) {
        let coordinator = try await Self.coordinator()
        var probe = EventProbe(coordinator)
        let flow = Task { () async throws -> V in try await coordinator.hop("launch").hopAndWait(to: T.splash) }
        await Self.hopped(to: T.splash, &probe)
        return (coordinator, flow)
    }

    @Test("a launch flow reads top to bottom: splash, sign-up on first run, then main")
    func launchFlow() async throws {
        let coordinator = try await Self.coordinator()
        var probe = EventProbe(coordinator)
        let flow = Task {
            let flow = coordinator.hop("launch")
            let firstRun: Bool = try await flow.hopAndWait(to: T.splash)
            var signedUpAs: String?
            if firstRun { signedUpAs = try await flow.hopAndWait(to: T.signUp) }
            try await coordinator.hop("launch").hop(to: .screen(T.main))
            return signedUpAs
        }
        await Self.hopped(to: T.splash, &probe)
        #expect(await coordinator.inFlightTransition == nil, "no slot is held while the flow waits")
        try await coordinator.openWindow(Screen("toast"), at: .high)
        try await coordinator.hop("launch").unhop(T.splash.id, with: true)
        await Self.hopped(to: T.signUp, &probe)
        try await coordinator.hop("launch").unhop(T.signUp.id, with: "ada")
        #expect(try await flow.value == "ada")
        let hops = await coordinator.history.compactMap { record -> ScreenID? in
            guard case .content(.hop(let content, _), _) = record.request else { return nil }
            return content.topScreen.id
        }
        #expect(hops == [T.splash.id, T.signUp.id, T.main.id])
        #expect(await coordinator.snapshot.windowList[0].content == .hop(HopContainer(id: "launch", showing: .screen(T.main))))
    }

    @Test("a second unhop, an unhop of a screen no longer current and an unhop on a stack are typed errors")
    func badUnhops() async throws {
        let coordinator = try await Self.coordinator()
        let launch = coordinator.hop("launch")
        try await launch.hop(to: .screen(T.splash))
        try await launch.unhop(T.splash.id)
        await #expect(
            throws: TransitionError.container(
                .alreadyUnhopped(T.splash.id, hop: "launch"),
                in: await coordinator.snapshot.windowList[0])
        ) {
            try await launch.unhop(T.splash.id)
        }
        let root = await coordinator.snapshot.windowList[0]
        await #expect(throws: TransitionError.container(.notCurrent(Self.blank.id, hop: "launch"), in: root)) {
            try await launch.unhop(Self.blank.id)
        }
        try await coordinator.openWindow(.stack(T.news), at: .low)
        let sheet = try #require(await coordinator.snapshot.window(at: .low))
        await #expect(throws: TransitionError.container(.wrongKind("news", expected: .hop, actual: .stack), in: sheet)) {
            try await coordinator.hop("news").unhop(T.feed.id)
        }
        await #expect(throws: TransitionError.container(.unknownContainer("nowhere"), in: nil)) {
            try await coordinator.hop("nowhere").unhop(T.feed.id)
        }
    }

    @Test("a flow that hops again to the screen still current, after it unhopped, waits for that visit's own unhop")
    func retriedHopWaitsAfresh() async throws {
        let coordinator = try await Self.coordinator()
        var probe = EventProbe(coordinator)
        // A sign-in retried until it succeeds: each attempt hops to the screen it is on already.
        let flow = Task { () async throws -> Int in
            var attempts = 0
            while true {
                attempts += 1
                let signedIn: Bool = try await coordinator.hop("launch").hopAndWait(to: T.splash)
                if signedIn { return attempts }
            }
        }
        await Self.hopped(to: T.splash, &probe)
        try await coordinator.hop("launch").unhop(T.splash.id, with: false)
        await Self.hopped(to: T.splash, &probe)
        try await coordinator.hop("launch").unhop(T.splash.id, with: true)
        #expect(try await flow.value == 2)
    }

    @Test("a flow whose task is cancelled ends with a cancellation, and the screen's later unhop waits for the next flow")
    func cancelledFlow() async throws {
        let (coordinator, flow) = try await Self.waitingOnSplash(for: Int.self)
        flow.cancel()
        #expect(await flow.result.failure as? TransitionError == .container(.flowCancelled(T.splash.id, hop: "launch"), in: nil))
        try await coordinator.hop("launch").unhop(T.splash.id, with: 7)
        #expect(try await coordinator.awaitUnhop(of: T.splash.id, in: "launch", as: Int.self) == 7)
    }

    @Test(
        "a flow cancelled while its hop animates: the hop commits and stays, and the flow ends with flowCancelled, not a refusal")
    func cancelledWhileHopping() async throws {
        let coordinator = try await Self.coordinator()
        let animator = GatedAnimator()
        let flow = Task { () async throws -> Int in
            try await coordinator.hop("launch").hopAndWait(to: T.splash, animator: animator)
        }
        await animator.started()
        flow.cancel()
        animator.open()
        #expect(await flow.result.failure as? TransitionError == .container(.flowCancelled(T.splash.id, hop: "launch"), in: nil))
        #expect(await coordinator.history.last?.request == .content(.hop(to: .screen(T.splash), in: "launch")))
        #expect(await coordinator.snapshot.rootWindow?.content.topScreen == T.splash, "the hop stays")
    }

    @Test("an unhop no flow took is kept for the next flow, one that hops again to the screen still current included")
    func untakenUnhopKeptThroughAHopAgain() async throws {
        let coordinator = try await Self.coordinator()
        try await coordinator.hop("launch").hop(to: .screen(T.splash))
        // The screen unhopped with no flow waiting (the app's launch task restarted, say).
        try await coordinator.hop("launch").unhop(T.splash.id, with: 1)
        let value: Int = try await coordinator.hop("launch").hopAndWait(to: T.splash)
        #expect(value == 1, "the screen unhopped once, and may not again: its value is this flow's")
        // Taken now: a hop there again begins a new stay, which waits for its own unhop.
        var probe = EventProbe(coordinator)
        let again = Task { () async throws -> Int in try await coordinator.hop("launch").hopAndWait(to: T.splash) }
        await Self.hopped(to: T.splash, &probe)
        await Self.flowWaits(on: T.splash, coordinator)
        try await coordinator.hop("launch").unhop(T.splash.id, with: 2)
        #expect(try await again.value == 2)
    }

    @Test("a flow whose screen is hopped away before it unhops is told so")
    func leftBeforeUnhop() async throws {
        let (coordinator, flow) = try await Self.waitingOnSplash(for: Void.self)
        try await coordinator.hop("launch").hop(to: .screen(T.main))
        #expect(
            await flow.result.failure as? TransitionError == .container(.leftBeforeUnhop(T.splash.id, hop: "launch"), in: nil))
        #expect(await coordinator.machine.stays.isEmpty, "nothing is left waiting")
    }

    /// Waits until a flow waits for `screen` to unhop (the coordinator parks it on its own turn).
    static func flowWaits(on screen: Screen, _ coordinator: Coordinator) async {
        while await !coordinator.flowWaits(on: screen.id) { await Task.yield() }
    }

    @Test("an unhop with a value of another type than the waiting flow takes is refused, and the flow waits on for one it takes")
    func valueMismatchWhileWaiting() async throws {
        let (coordinator, flow) = try await Self.waitingOnSplash(for: Int.self)
        await Self.flowWaits(on: T.splash, coordinator)
        await #expect(
            throws: TransitionError.container(
                .unhopValueMismatch(T.splash.id, expected: "Int", actual: "String"),
                in: await coordinator.snapshot.windowList[0])
        ) {
            try await coordinator.hop("launch").unhop(T.splash.id, with: "seven")
        }
        #expect(await coordinator.flowWaits(on: T.splash.id), "the flow waits on")
        try await coordinator.hop("launch").unhop(T.splash.id, with: 7)
        #expect(try await flow.value == 7)
    }

    @Test("a value of another type kept from before the flow waited is refused to it, and kept for a flow that takes it")
    func keptValueMismatch() async throws {
        let coordinator = try await Self.coordinator()
        try await coordinator.hop("launch").hop(to: .screen(T.splash))
        try await coordinator.hop("launch").unhop(T.splash.id, with: "seven")
        await #expect(
            throws: TransitionError.container(.unhopValueMismatch(T.splash.id, expected: "Int", actual: "String"), in: nil)
        ) {
            try await coordinator.awaitUnhop(of: T.splash.id, in: "launch", as: Int.self)
        }
        #expect(try await coordinator.awaitUnhop(of: T.splash.id, in: "launch", as: String.self) == "seven")
    }

    @Test("backgrounding during a flow puts the lock up; the flow goes on behind it and is there after the unlock")
    func backgroundDuringFlow() async throws {
        let covers = LifecycleCovers(lock: LifecycleCover(screen: Screen("pin"), level: .medium))
        let coordinator = try await Self.coordinator(covers: covers)
        var probe = EventProbe(coordinator)
        let flow = Task { () async throws -> Void in
            let _: Void = try await coordinator.hop("launch").hopAndWait(to: T.splash)
            let _: Void = try await coordinator.hop("launch").hopAndWait(to: T.signUp)
        }
        await Self.hopped(to: T.splash, &probe)
        try await coordinator.setApplicationState(.inactive)
        try await coordinator.setApplicationState(.background)
        #expect(await coordinator.snapshot.isLocked)
        try await coordinator.hop("launch").unhop(T.splash.id)
        await Self.hopped(to: T.signUp, &probe)
        let signUp = try #require(await coordinator.history.last)
        #expect(signUp.animation == .skipped(.applicationNotActive) || signUp.animation == .skipped(.noAnimator))
        #expect(signUp.after.isLocked, "the hop happened behind the lock")
        try await coordinator.setApplicationState(.active)
        try await coordinator.unlock()
        try await coordinator.hop("launch").unhop(T.signUp.id)
        try await flow.value
        #expect(await coordinator.snapshot.windowList.map(\.content.topScreen) == [T.signUp])
    }

    @Test("a flow cancelled while another waits on the same screen ends only itself; the other gets the screen's unhop")
    func cancellationEndsOnlyItsOwnFlow() async throws {
        // A guard the test holds, for the second flow's hop only: admitted, not yet carried out.
        let holding = Box(false), entered = Gate(), release = Gate()
        let held = NavigationGuard("held") { _ in
            guard holding.value else { return .allow }
            entered.open()
            await release.wait()
            return .allow
        }
        let configuration = try CoordinatorConfiguration(levels: WindowLevel.builtIn)
        let coordinator = try await Coordinator(
            root: Self.launch, configuration: configuration, clock: TestClock(), guards: [held])
        var probe = EventProbe(coordinator)
        let first = Task { () async throws -> Int in try await coordinator.hop("launch").hopAndWait(to: T.splash) }
        await Self.hopped(to: T.splash, &probe)
        holding.value = true
        let second = Task { () async throws -> Int in try await coordinator.hop("launch").hopAndWait(to: T.splash) }
        await entered.wait()
        second.cancel()
        release.open()
        let hop = TransitionRequest.content(.hop(to: .screen(T.splash), in: "launch"))
        #expect(
            await second.result.failure as? TransitionError == .container(.flowCancelled(T.splash.id, hop: "launch"), in: nil),
            "the cancelled flow ends with its cancellation, which says its hop stays")
        #expect(await coordinator.history.filter { $0.request == hop }.count == 2, "its hop committed before it was told")
        try await coordinator.hop("launch").unhop(T.splash.id, with: 7)
        #expect(try await first.value == 7, "the flow that was not cancelled still waits, and gets the value")
    }

    @Test(
        "a flow whose screen a replace moves out of its hop container is told it left, though the screen is still in the window")
    func movedScreenEndsTheWait() async throws {
        let boot = Screen("boot"), other = Screen("other"), x = Screen("x")
        func tree(hopShowing current: Screen, stack: [Screen]) -> WindowContent {
            .tabs(
                TabBar(
                    id: "root", .hop(HopContainer(id: "h", showing: .screen(current))),
                    .stack(StackContainer(id: "st", root: stack[0], pushed: Array(stack.dropFirst())))))
        }
        let configuration = try CoordinatorConfiguration(levels: WindowLevel.builtIn)
        let coordinator = try await Coordinator(
            root: tree(hopShowing: boot, stack: [x]), configuration: configuration, clock: TestClock())
        var probe = EventProbe(coordinator)
        let flow = Task { () async throws -> Void in try await coordinator.hop("h").hopAndWait(to: T.splash) }
        await Self.hopped(to: T.splash, in: "h", &probe)
        try await coordinator.change(.replace(with: tree(hopShowing: other, stack: [x, T.splash])), at: .root)
        let root = await coordinator.snapshot.windowList[0]
        #expect(root.content.screens.contains(T.splash), "the screen is still in the window, in the stack")
        await #expect(throws: TransitionError.container(.notCurrent(T.splash.id, hop: "h"), in: root)) {
            try await coordinator.hop("h").unhop(T.splash.id)
        }
        // Its wait ended with the replace: a cancellation now changes nothing.
        flow.cancel()
        #expect(await flow.result.failure as? TransitionError == .container(.leftBeforeUnhop(T.splash.id, hop: "h"), in: nil))
        #expect(await coordinator.machine.stays.isEmpty, "nothing is left waiting")
    }

    @Test("a flow whose screen a replace moves into a stack the hop container shows is told it left: it is no longer the child")
    func screenMovedIntoTheHopsStack() async throws {
        let (coordinator, flow) = try await Self.waitingOnSplash(for: Bool.self)
        let moved = WindowContent.hop(HopContainer(id: "launch", showing: .stack(StackContainer(id: "s", root: T.splash))))
        try await coordinator.change(.replace(with: moved), at: .root)
        let root = await coordinator.snapshot.windowList[0]
        await #expect(throws: TransitionError.container(.notCurrent(T.splash.id, hop: "launch"), in: root)) {
            try await coordinator.hop("launch").unhop(T.splash.id, with: true)
        }
        #expect(
            await flow.result.failure as? TransitionError == .container(.leftBeforeUnhop(T.splash.id, hop: "launch"), in: nil))
    }

    @Test(
        "a screen pushed on the stack a hop container shows, or presented over its child, is not the current child: its unhop is refused",
        arguments: ["pushed", "presented"])
    func unhopOfAScreenInsideTheChild(way: String) async throws {
        let flow = WindowContent.stack(StackContainer(id: "flow", root: Screen("a")))
        let coordinator = try await Coordinator(
            root: .hop(HopContainer(id: "launch", showing: flow)), clock: TestClock())
        let inside = Screen("b")
        if way == "pushed" {
            try await coordinator.stack("flow").push(inside)
        } else {
            try await coordinator.present(.screen(inside), from: .container("flow"))
        }
        let before = await coordinator.snapshot
        let root = before.windowList[0]
        await #expect(throws: TransitionError.container(.notCurrent(inside.id, hop: "launch"), in: root)) {
            try await coordinator.hop("launch").unhop(inside.id)
        }
        #expect(await coordinator.snapshot == before)
    }
}
