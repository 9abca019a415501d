import TransitionCoordinator

/// What the harness app does by hand, between links, to what they built: each request made as
/// the app's own code makes it, and answered like a worker's (its record is checked, and its
/// events are expected).
extension LinkTask {
    /// Pushes `screen` onto the declared stack `stack`, by the id the app declared.
    static func pushByHand(
        _ screen: Screen, onto stack: ContainerID, environment: StressEnvironment, coordinator: Coordinator,
        checker: StressChecker
    ) async {
        await byHand(.content(.push(screen, onto: stack)), environment: environment, checker: checker) {
            () async throws(TransitionError) in try await coordinator.stack(stack).push(screen)
        }
    }

    /// A link's modal screen moved by the app into the stack under it, then a link through where
    /// it now stands (and one step on, so that the link changes what is shown). The screen keeps
    /// the id the first link made for it in the modal, which is not the id the second link makes
    /// at its new place, so the second link must make it anew: a route may take a screen an
    /// earlier route made only where that route made it (mutant ``Mutation/madeScreenAnyPlace``).
    /// Other tasks may change what is shown in between; then the move is not made.
    static func moveModalScreen(
        rng: inout SplitMix64, environment: StressEnvironment, coordinator: Coordinator, checker: StressChecker
    ) async {
        // Screens no guard stalls on, so that both links go through.
        let modal = Route(absolute: true, [.push(RouteTarget("lhome")), .modalStack(RouteTarget("lfeed"))])
        let pushed = Route(
            absolute: true, [.push(RouteTarget("lhome")), .push(RouteTarget("lfeed")), .push(RouteTarget("lalert"))])
        await follow(modal, rng: &rng, environment: environment, coordinator: coordinator, checker: checker)
        guard case .presenting(.stack(let base), modal: .stack(let sheet))? = await coordinator.snapshot.rootWindow?.content,
            let root = base.root
        else { return }
        // One change: the sheet's screens pushed where it was presented.
        let moved = StackContainer(id: base.id, root: root, pushed: Array(base.items.dropFirst()) + sheet.items)
        let request = TransitionRequest.content(.replace(with: .stack(moved)), at: .root)
        let committed = await byHand(request, environment: environment, checker: checker) {
            () async throws(TransitionError) in try await coordinator.perform(request)
        }
        guard committed else { return }
        await follow(pushed, rng: &rng, environment: environment, coordinator: coordinator, checker: checker)
    }

    /// A link, then one through the same screen with a parameter spelled otherwise: `≠`, then `=`
    /// followed by U+0338. The two values are equal strings, but `=` is escaped in an id, so the
    /// second link must write the screen's id anew from its own bytes, not take the screen the
    /// first made (mutant ``Mutation/madeScreenAnySpelling``). Its step on changes what is shown,
    /// so its answer is a record to check.
    static func respell(
        rng: inout SplitMix64, environment: StressEnvironment, coordinator: Coordinator, checker: StressChecker
    ) async {
        let first = Route(absolute: true, [.push(RouteTarget("lhome")), .push(RouteTarget("lfeed", ["tab": "\u{2260}"]))])
        let second = Route(
            absolute: true,
            [.push(RouteTarget("lhome")), .push(RouteTarget("lfeed", ["tab": "=\u{338}"])), .push(RouteTarget("lalert"))])
        for route in [first, second] {
            await follow(route, rng: &rng, environment: environment, coordinator: coordinator, checker: checker)
        }
    }

    /// A link into a tab, then one to the same top screen with a screen pushed in the other tab,
    /// then that one again. The second changes only a tab that is not shown, and must still
    /// navigate; the third is already there (mutant ``Mutation/alreadyThereByTopScreen``: an
    /// answer of already there is checked against the states it was decided between, since it
    /// leaves no record). Half the time, once the inbox is open, the second arrives as a
    /// notification's link does, through the inbox, and the app waits a pause for it.
    static func sameTopScreen(
        rng: inout SplitMix64, pause: Duration, inbox: LinkInbox, environment: StressEnvironment,
        coordinator: Coordinator, checker: StressChecker
    ) async {
        // Screens no guard stalls on, so that the links go through.
        let shown = Route(absolute: true, [.push(RouteTarget("ltabs")), .tab(RouteTarget("lb")), .push(RouteTarget("lalert"))])
        let behind = Route(
            absolute: true,
            [
                .push(RouteTarget("ltabs")), .tab(RouteTarget("la")), .push(RouteTarget("ldetail", ["id": "2"])),
                .tab(RouteTarget("lb")), .push(RouteTarget("lalert")),
            ])
        for (index, route) in [shown, behind, behind].enumerated() {
            if index == 1, await inbox.isOpen, rng.chance(50) {
                await post(
                    route, kind: .wellFormed, expected: try? RouteCompiler.content(for: route, registry: coordinator.screens),
                    inbox: inbox, coordinator: coordinator, checker: checker)
                try? await environment.sleep(pause)
            } else {
                await follow(route, rng: &rng, environment: environment, coordinator: coordinator, checker: checker)
            }
        }
    }

    /// A link through a screen the slow guard may stall on, and, while that guard holds it, the
    /// same link again, preempting. The second must wait for the first's guards: when they let
    /// it through, the second is already there; when the stall runs past the timeout and the
    /// first is denied, the second runs. Answered already there while the first could still be
    /// denied, the app would never get there (mutant ``Mutation/alreadyThereBeforeGuards``; the
    /// answer leaves no record, and is checked against the states it was decided between).
    static func preemptHeldLink(environment: StressEnvironment, coordinator: Coordinator, checker: StressChecker) async {
        let route = Route(absolute: true, [.push(RouteTarget("lhome")), .push(RouteTarget("lfriend"))])
        let expected = try? RouteCompiler.content(for: route, registry: coordinator.screens)
        let label = RequestLabel(policy: .enqueue, whenLocked: .refuse, cancelled: false)
        let held = Task(executorPreference: environment.taskExecutor) {
            await navigate(
                route, kind: .wellFormed, expected: expected, animator: nil, label: label, environment: environment,
                coordinator: coordinator, checker: checker)
        }
        // Once the first holds the slot (most often in its guards), the second.
        for _ in 0..<1_000 {
            if case .navigate(let asked, _)? = await coordinator.inFlightTransition?.request, asked == route { break }
            await Task.yield()
        }
        var preempting = label
        preempting.policy = .preempt
        await navigate(
            route, kind: .wellFormed, expected: expected, animator: nil, label: preempting, environment: environment,
            coordinator: coordinator, checker: checker)
        await held.value
    }

    /// Follows the well-formed link `route` at once, expecting what it compiles to cold.
    private static func follow(
        _ route: Route, rng: inout SplitMix64, environment: StressEnvironment, coordinator: Coordinator,
        checker: StressChecker
    ) async {
        await navigate(
            route, kind: .wellFormed, expected: try? RouteCompiler.content(for: route, registry: coordinator.screens),
            animator: nil, rng: &rng, environment: environment, coordinator: coordinator, checker: checker)
    }

    /// Makes `request` through `carryOut` and reports the answer.
    /// - Returns: whether it committed.
    @discardableResult
    private static func byHand(
        _ request: TransitionRequest, environment: StressEnvironment, checker: StressChecker,
        _ carryOut: () async throws(TransitionError) -> TransitionRecord
    ) async -> Bool {
        var label = RequestLabel(policy: .reject, whenLocked: .refuse, cancelled: false)
        label.fromLinks = true
        let asked = environment.elapsed()
        do throws(TransitionError) {
            let record = try await carryOut()
            await checker.committed(record, animator: .none, label: label, wall: environment.elapsed() - asked)
            return true
        } catch {
            await checker.rejected(request, error, animator: .none, label: label, asked: asked, answered: environment.elapsed())
            return false
        }
    }
}
