import TestSupport
import Testing
import TransitionCoordinator

@testable import StressHarness

/// The UIKit stress mode: clean seeds pass, and each check of a checkpoint fires on the break it
/// is there for.
@Suite("The UIKit stress mode")
@MainActor
struct UIKitStressTests {
    static let tabs = WindowContent.tabs(
        TabBar(
            id: "main", .stack(StackContainer(id: "a", root: Screen("a0"), pushed: [Screen("a1")])),
            .stack(StackContainer(id: "b", root: Screen("b0")))))

    /// A coordinator showing ``tabs`` through the container host over the fake UIKit.
    static func app() async throws -> (Coordinator, FakeWindowHost) {
        let host = FakeWindowHost()
        let coordinator = try await Coordinator(root: tabs, host: host)
        host.coordinator = coordinator
        return (coordinator, host)
    }

    @Test("sixteen seeds of requests and user actions over the strict fake find no violation, and each checks commits")
    func cleanSeedsPass() async {
        let outcome = await UIKitStress.run(seeds: Array(1...16), steps: 120)
        #expect(outcome.violations.isEmpty, "\(outcome.violations.first.map { "\($0.violation)" } ?? "")")
        #expect(outcome.commits > 16 && outcome.checkpoints >= 16 * 3)
        #expect(outcome.userActions > 16 && outcome.reported > 0)
    }

    @Test("a fake that shows what was not committed is a violation of invariant 6")
    func divergenceFires() async throws {
        let (coordinator, host) = try await Self.app()
        let snapshot = await coordinator.snapshot
        #expect(UIKitStress.violation(host: host, snapshot: snapshot, seed: 1) == nil)
        let window = try #require(snapshot.windowList.first).id
        let stack = try #require(host.controllers.controller(.navigation("a"), in: window) as? FakeController)
        stack.children.removeLast() // UIKit dropped a change: the screen and the state drift apart
        let violation = UIKitStress.violation(host: host, snapshot: snapshot, seed: 1)
        #expect(violation?.invariant == .atomic)
        #expect(violation?.detail.contains("stack a [a0]") == true)
    }

    @Test("a UIKit rule broken is a violation of invariant 8")
    func ruleBrokenFires() async throws {
        let (coordinator, host) = try await Self.app()
        let snapshot = await coordinator.snapshot
        let fake = try #require(host.kit.windows.first)
        fake.note(.changedMidTransition, "navigation a is asked to set its stack while its transition runs")
        let violation = UIKitStress.violation(host: host, snapshot: snapshot, seed: 1)
        #expect(violation?.invariant == .containers)
        #expect(violation?.detail.contains("changedMidTransition") == true)
    }

    @Test("a committed window the host never made is a violation of invariant 6")
    func windowNeverMadeFires() async throws {
        let (_, host) = try await Self.app()
        let other = try await Coordinator(root: Self.tabs, configuration: try CoordinatorConfiguration(levels: [.medium]))
        try await other.openWindow(.screen(Screen("w")), at: .medium)
        let violation = UIKitStress.violation(host: host, snapshot: await other.snapshot, seed: 1)
        #expect(violation?.invariant == .atomic)
        #expect(violation?.detail.contains("never made") == true)
    }

    @Test("a sheet the app holds, swiped away because the host let UIKit dismiss it, is a violation of invariant 7")
    func heldSheetLetGoFires() async throws {
        let (coordinator, host) = try await Self.app()
        try await coordinator.perform(.content(.present(.screen(Screen("form")), from: .container("a"))))
        let window = try #require(await coordinator.snapshot.windowList.first).id
        let sheet = try #require(host.controllers.controller(.screen(Screen("form")), in: window) as? FakeController)
        host.kit.heldByApp = { $0 === sheet }
        // The host was never told the app holds the form: UIKit lets the swipe dismiss it.
        await host.kit.swipeDown(sheet)?.value
        let violation = UIKitStress.violation(host: host, snapshot: await coordinator.snapshot, seed: 1)
        #expect(violation?.invariant == .answered)
        #expect(violation?.detail.contains("screen form away though the app holds it") == true)
    }

    @Test("a request that never returns, with UIKit's transitions all ended, is a violation of invariant 7")
    func waitForeverFires() async {
        let driver = await UIKitStress.Driver(seed: 1, mutants: [])
        driver.patience = .milliseconds(20)
        let never = AsyncStream<Void>.makeStream()
        driver.launch { for await _ in never.stream {} }
        await driver.checkpoint()
        #expect(driver.failure?.invariant == .answered)
        #expect(driver.failure?.detail.contains("waits forever") == true)
        never.continuation.finish()
    }

    @Test("a sheet the user swiped down while nobody watched it is a violation of invariant 7")
    func unwatchedSwipeFires() async throws {
        let (coordinator, host) = try await Self.app()
        let window = try #require(await coordinator.snapshot.windowList.first).id
        let stack = try #require(host.controllers.controller(.navigation("a"), in: window) as? FakeController)
        let loose = try #require(host.kit.windows.first).makeScreen(Screen("m")) as? FakeController
        let sheet = try #require(loose)
        await stack.presentController(sheet, animated: false) // presented behind the host's back: unwatched
        host.kit.swipeDown(sheet)
        let violation = UIKitStress.violation(host: host, snapshot: await coordinator.snapshot, seed: 1)
        #expect(violation?.invariant == .answered)
        #expect(violation?.detail.contains("nobody was told") == true)
    }

    @Test("a back tap the host neither reports nor undoes is a violation of invariant 7")
    func lostPopFires() async throws {
        let (coordinator, host) = try await Self.app()
        let window = try #require(await coordinator.snapshot.windowList.first).id
        let stack = try #require(host.controllers.controller(.navigation("a"), in: window) as? FakeController)
        host.coordinator = nil // a host that tells nobody: it drops the report
        await host.kit.tapBack(stack)?.value
        let violation = UIKitStress.violation(host: host, snapshot: await coordinator.snapshot, seed: 1)
        #expect(violation?.invariant == .answered)
        #expect(violation?.detail.contains("neither reported nor undid") == true)
    }
}
