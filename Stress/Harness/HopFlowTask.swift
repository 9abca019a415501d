import TransitionCoordinator

/// A launch flow racing everything else (seed 002): round after round, a window holding the hop
/// container `flow` is opened if none stands, the flow hops to the round's screen and waits for
/// it to unhop, while another task unhops it with the round's number after a drawn delay. Workers
/// pop windows, replace trees and background the app meanwhile, so a wait may end because the
/// screen left (`leftBeforeUnhop`), and an unhop may find the screen gone (`notCurrent`).
///
/// What must hold: a flow that gets a value gets the one its screen was unhopped with, and only
/// after that unhop succeeded; every wait ends (a flow left waiting forever stalls the run, which
/// the simulation reports as nothing able to run).
enum HopFlowTask {
    static let container: ContainerID = "flow"

    static func run(rounds: Int, levels: [WindowLevel], pause: Duration, hostTimeout: Duration, environment: StressEnvironment,
                    coordinator: Coordinator, checker: StressChecker, seed: UInt64) async {
        var rng = SplitMix64(seed: seed).split(0xF10)
        let levels = ScriptedRequest.freeLevels(levels, of: coordinator)
        var label = RequestLabel(policy: .enqueue, whenLocked: .deferUntilUnlocked, cancelled: false)
        label.fromHopFlow = true
        for round in 0..<rounds {
            // Paced like a worker; and while the host is stuck, a flow waits for it as a client would.
            try? await environment.sleep(pause * (Double(rng.below(1_000)) / 1_000))
            if await coordinator.hostFault != nil { try? await environment.sleep(hostTimeout) }
            let screen = Screen("step", id: ScreenID("flow\(round)"))
            if await coordinator.snapshot.windows.allSatisfy({ !$0.content.holds(container) }) {
                let tree = WindowContent.hop(HopContainer(id: container, showing: .screen(Screen("start", id: ScreenID("flowStart\(round)")))))
                await ScriptedRequest.send(.show(tree, at: rng.pick(levels)), label: label, environment: environment, coordinator: coordinator,
                          checker: checker)
            }
            let hopped = await ScriptedRequest.send(.content(.hop(to: .screen(screen), in: container)), label: label, environment: environment,
                                   coordinator: coordinator, checker: checker)
            guard hopped else { continue }
            let delay = Duration.microseconds(rng.below(2_000))
            let unhopper = Task(executorPreference: environment.taskExecutor) { () async -> Bool in
                try? await environment.sleep(delay)
                do throws(TransitionError) {
                    try await coordinator.hop(container).unhop(screen.id, with: round)
                    return true
                } catch {
                    return false
                }
            }
            let waited: Result<any Sendable, TransitionError>
            do throws(TransitionError) {
                waited = .success(try await coordinator.awaitUnhop(of: screen.id, in: container,
                                                                  request: .content(.hop(to: .screen(screen), in: container))))
            } catch {
                waited = .failure(error)
            }
            let unhopped = await unhopper.value
            await checker.flowEnded(screen: screen.id, round: round, waited: waited, unhopped: unhopped)
        }
    }
}
