import Testing
import TransitionCoordinator

@testable import StressHarness

/// The workload gives the commit paths their turns: a content request is aimed, when it fires,
/// at a container that exists, and a run whose content requests mostly fail is reported.
@Suite("Workload share")
struct WorkloadShareTests {
    static func summary(contentCommitted: Int, refused: Int) -> StressSummary {
        StressSummary(
            answers: [.content: ["committed": contentCommitted, "busy": refused]], rejections: [:], animations: [:],
            animatorKinds: [:], extraFinishCalls: 0, reentrantProbes: 0, committed: contentCommitted, byPolicy: [:],
            lifecycle: [:], violations: [], faultsFired: [:], peakQueueDepth: 0)
    }

    @Test(
        "a standard run committing under 40% of its content requests is reported as a workload shortfall, one at 40% is not",
        arguments: [(39, 61, true), (40, 60, false), (90, 10, false)])
    func shortfall(committed: Int, refused: Int, reported: Bool) {
        let report = StressReport(
            configuration: StressConfiguration(), checker: Self.summary(contentCommitted: committed, refused: refused))
        #expect((report.workloadShortfall != nil) == reported)
        var swarm = StressConfiguration()
        swarm.faults = .swarm(seed: 3)
        #expect(
            StressReport(configuration: swarm, checker: Self.summary(contentCommitted: 1, refused: 99)).workloadShortfall == nil,
            "a swarm seed's own fault plan may refuse what it likes")
        #expect(
            StressReport(
                configuration: StressConfiguration(requests: 200), checker: Self.summary(contentCommitted: 1, refused: 99)
            )
            .workloadShortfall == nil, "a small run's share is left to chance")
    }

    static let tabs = NavigationSnapshot(
        version: 1, levels: WindowLevel.builtIn,
        windows: [ManagedWindow(id: WindowID(1), level: .root, content: Workload.startingTabs)],
        keyWindow: WindowID(1))

    @Test("a push onto a container no window shows is aimed at a stack that is shown; one whose container is shown is left alone")
    func aimsAtShownStacks() {
        let stray = TransitionRequest.content(.push(Screen("content", id: "k3"), onto: "c2"))
        guard case .content(.push(_, let onto), _) = Workload.aimed(stray, roll: 0, at: Self.tabs) else {
            Issue.record("not a push")
            return
        }
        #expect(["c0", "c1"].contains(onto))
        let shown = TransitionRequest.content(.push(Screen("content", id: "k3"), onto: "c1"))
        #expect(Workload.aimed(shown, roll: 0, at: Self.tabs) == shown)
        #expect(Workload.aimed(stray, roll: 99, at: Self.tabs) == stray, "the rest keep their stray id")
    }

    @Test("with no container shown, a content request rebuilds the starting tabs at the root; a pop is left to be refused")
    func rebuildsTabs() {
        let bare = NavigationSnapshot(
            version: 1, levels: WindowLevel.builtIn,
            windows: [ManagedWindow(id: WindowID(1), level: .root, content: .screen(Screen("home")))],
            keyWindow: WindowID(1))
        let push = TransitionRequest.content(.push(Screen("content", id: "k3"), onto: "c0"))
        #expect(Workload.aimed(push, roll: 0, at: bare) == .content(.replace(with: Workload.startingTabs), at: .root))
        let pop = TransitionRequest.content(.pop("c0"))
        #expect(Workload.aimed(pop, roll: 0, at: bare) == pop)
        let atRoot = TransitionRequest.content(.pop("c1"))
        #expect(Workload.aimed(atRoot, roll: 0, at: Self.tabs) == atRoot, "no stack has anything to pop")
    }
}
