import TransitionCoordinator

/// A launch flow (``HopHandle/hopAndWait(to:returning:animator:policy:whenLocked:)``) racing everything else: round after round, a window holding the hop
/// container `flow` is opened if none stands, the flow hops to the round's screen and waits for
/// it to unhop, while another task unhops it with the round's number after a drawn delay. Workers
/// pop windows, replace trees and background the app meanwhile, so a wait may end because the
/// screen left (`leftBeforeUnhop`), and an unhop may find the screen gone (`notCurrent`).
///
/// Two faults race the waiting flow itself: a replace that moves its screen into a stack of the
/// same window, beside the hop or as its child (``FaultPlan/Kind/movedFlowScreen``: still shown,
/// no longer the hop's current child), and a second flow that hops to the same screen and whose task is cancelled as it begins
/// to wait (``FaultPlan/Kind/cancelledRivalFlow``).
///
/// What must hold: a flow that gets a value gets the one its screen was unhopped with, and only
/// after that unhop succeeded; a flow whose task was not cancelled never ends `cancelled`; and no
/// flow waits past its screen's hop stay (see ``HopHandle``): once the round's unhop was answered,
/// the flow's wait ends (within `grace`) unless its screen is still the current child and was not
/// unhopped (see ``StressChecker/flowStillWaits(screen:hop:round:unhopped:in:)``). A flow still
/// waiting then is cancelled, so the run goes on.
enum HopFlowTask {
    static let container: ContainerID = "flow"

    static func run(
        rounds: Int, levels: [WindowLevel], pause: Duration, hostTimeout: Duration, grace: Duration, faults: FaultPlan,
        environment: StressEnvironment, coordinator: Coordinator, checker: StressChecker, seed: UInt64
    ) async {
        var rng = SplitMix64(seed: seed).split(0xF10)
        let levels = ScriptedRequest.freeLevels(levels, of: coordinator)
        var label = RequestLabel(policy: .enqueue, whenLocked: .deferUntilUnlocked, cancelled: false)
        label.fromHopFlow = true
        for round in 0..<rounds {
            // Paced like a worker; and while the host is stuck, a flow waits for it as a client would.
            try? await environment.sleep(pause * (Double(rng.below(1_000)) / 1_000))
            if await coordinator.hostFault != nil { try? await environment.sleep(hostTimeout) }
            let screen = Screen("step", id: ScreenID("flow\(round)"))
            if await coordinator.snapshot.windowList.allSatisfy({ !$0.content.holds(container) }) {
                let tree = WindowContent.hop(
                    HopContainer(id: container, showing: .screen(Screen("start", id: ScreenID("flowStart\(round)")))))
                await ScriptedRequest.send(
                    .show(tree, at: rng.pick(levels)), label: label, environment: environment, coordinator: coordinator,
                    checker: checker)
            }
            let hop = TransitionRequest.content(.hop(to: .screen(screen), in: container))
            let hopped = await ScriptedRequest.send(
                hop, label: label, environment: environment, coordinator: coordinator, checker: checker)
            guard hopped else { continue }
            let started = Locked(false), ended = Locked(false)
            let flow = Task(executorPreference: environment.taskExecutor) { () async -> Result<any Sendable, TransitionError> in
                started.withLock { $0 = true }
                let waited = await wait(for: screen, hop: hop, coordinator: coordinator)
                ended.withLock { $0 = true }
                return waited
            }
            // The faults race a flow that waits: once its task asked to wait, the coordinator
            // (an actor) parks it before it serves anything asked later.
            while !started.withLock({ $0 }) { await Task.yield() }
            let rival =
                rng.chance(faults.rate(.cancelledRivalFlow))
                ? await cancelledRival(
                    screen: screen, hop: hop, label: label, yields: rng.chance(50), environment: environment,
                    coordinator: coordinator, checker: checker)
                : nil
            let movedAway =
                rng.chance(faults.rate(.movedFlowScreen))
                ? await move(
                    screen, round: round, label: label, retryAfter: hostTimeout, environment: environment,
                    coordinator: coordinator, checker: checker)
                : false
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
            let unhopped = await unhopper.value
            if movedAway, unhopped {
                // No request hops to the round's screen again: once moved, it is never current.
                await checker.noteViolation(
                    .init(
                        .answered,
                        "\(screen.id) unhopped in round \(round) after a replace moved it into a stack, "
                            + "where it is no longer hop \(container)'s current child"))
            }
            if let rival {
                await checker.flowEnded(
                    screen: screen.id, round: round, waited: await rival.value, unhopped: unhopped, cancelled: true)
            }
            // No flow waits past its screen's stay: given time to be told, it must have ended. In a
            // simulation, virtual time moves only once every ready job ran, so the shortest sleep
            // lets a flow that was told run (a longer one would let later departures end it).
            let step = environment.isSimulated ? Duration.nanoseconds(1) : hostTimeout
            var waitedFor = Duration.zero
            repeat {
                try? await environment.sleep(step)
                waitedFor += step
            } while !ended.withLock({ $0 }) && waitedFor < (environment.isSimulated ? step : grace)
            var cancelled = false
            if !ended.withLock({ $0 }) {
                await checker.flowStillWaits(
                    screen: screen.id, hop: container, round: round, unhopped: unhopped,
                    in: await coordinator.snapshot)
                flow.cancel()
                cancelled = true
            }
            await checker.flowEnded(
                screen: screen.id, round: round, waited: await flow.value, unhopped: unhopped, cancelled: cancelled)
        }
        await runOwnApps(environment: environment, checker: checker)
    }

    /// A flow's wait for `screen`, as ``HopHandle/hopAndWait(to:returning:animator:policy:whenLocked:)`` waits after its hop.
    private static func wait(
        for screen: Screen, hop: TransitionRequest, coordinator: Coordinator
    ) async -> Result<any Sendable, TransitionError> {
        do throws(TransitionError) {
            return .success(try await coordinator.awaitUnhop(of: screen.id, in: container, as: Int.self))
        } catch {
            return .failure(error)
        }
    }

    /// A second flow hops to `screen` (already shown: the hop changes nothing), and its task is
    /// cancelled as it begins to wait (at once, or after a yield); nil when its hop was refused.
    private static func cancelledRival(
        screen: Screen, hop: TransitionRequest, label: RequestLabel, yields: Bool,
        environment: StressEnvironment, coordinator: Coordinator, checker: StressChecker
    )
        async -> Task<Result<any Sendable, TransitionError>, Never>?
    {
        await checker.noteFault(.cancelledRivalFlow)
        guard await ScriptedRequest.send(hop, label: label, environment: environment, coordinator: coordinator, checker: checker)
        else {
            return nil
        }
        let rival = Task(executorPreference: environment.taskExecutor) { () async -> Result<any Sendable, TransitionError> in
            await wait(for: screen, hop: hop, coordinator: coordinator)
        }
        if yields { await Task.yield() }
        rival.cancel()
        return rival
    }

    /// Replaces the content of the window whose hop container shows `screen` with tabs of the hop
    /// (now showing another screen) and a stack holding `screen`, or (every other round) with the
    /// hop showing that stack: the screen stays in the window. Whether the replace committed.
    private static func move(
        _ screen: Screen, round: Int, label: RequestLabel, retryAfter hostTimeout: Duration, environment: StressEnvironment,
        coordinator: Coordinator, checker: StressChecker
    ) async -> Bool {
        await checker.noteFault(.movedFlowScreen)
        guard
            let window = await coordinator.snapshot.windowList.first(where: {
                isCurrent(screen.id, hop: container, in: $0.content)
            })
        else {
            return false
        }
        // Every other round the stack holding the screen is the hop's own child: still inside
        // the hop, and no longer its current child either.
        let stack = WindowContent.stack(StackContainer(id: "flowStack", root: screen))
        let tree =
            round.isMultiple(of: 2)
            ? WindowContent.hop(HopContainer(id: container, showing: stack))
            : WindowContent.tabs(
                TabBar(
                    id: "flowTabs",
                    .hop(HopContainer(id: container, showing: .screen(Screen("start", id: ScreenID("flowMoved\(round)"))))),
                    stack))
        var moved = false
        for attempt in 0..<3 where !moved {
            if attempt > 0 { try? await environment.sleep(hostTimeout) }
            moved = await ScriptedRequest.send(
                .content(.replace(with: tree), at: window.level), label: label, environment: environment,
                coordinator: coordinator, checker: checker)
        }
        return moved
    }

    /// Whether `screen` is the current child of hop container `hop` in `content`: the child
    /// itself (with what it presents), not a screen inside it.
    static func isCurrent(_ screen: ScreenID, hop: ContainerID, in content: WindowContent) -> Bool {
        guard case .hop(let container)? = content.find(hop)?.base, case .screen(let child) = container.current.base else {
            return false
        }
        return child.id == screen
    }
}
