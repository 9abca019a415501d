/// A request's path, steps 3 to 5: run an admitted transition (its guards), animate it (the host
/// phases and the animation), and commit it; step 6 hands the slot over (``handOver()``).
extension Coordinator {
    /// Step 3: carries an admitted transition out and hands the slot over. Throws only a guard's
    /// refusal, with nothing changed; once the guards let it through, an admitted transition completes.
    ///
    /// `items` are the callbacks of the screens the request names (see ``StackItem``); the
    /// admission says where the request comes from (guards, `began` and the record say so), and
    /// `inbox` which inbox its link, if any, comes from (a redirect hands the link back there).
    func run(
        _ admission: Admission, animator: (any Animator)?,
        items: [ScreenID: ScreenCallbacks] = [:], inbox: LinkInbox? = nil
    ) async throws(TransitionError) -> TransitionRecord {
        PathTrace.enter()
        // Mutant: `began` said only when the waiter's task resumes, after the slot changed hands.
        if planted(.lateBegan) { hub.send(.began(admission.transition, before: admission.plan.before)) }
        // The transition's link in the re-entrancy chain, and the chain its work runs in.
        let inherited = TransitionScope.chain
        let kept = planted(.unprunedChain) || inherited.isEmpty ? inherited : inherited.pruned()
        let (marker, chain) = kept.entering(markerIdentity, admission.id)
        // The host's first calls (a synchronous initializer's coordinator) come before any
        // transition's, and before its guards: neither the guards' time limit nor the animation's
        // is ever armed while those calls run under theirs (one timer bounds one step at a time).
        // In the transition's chain, so a request from one of those calls is re-entrant.
        // Mutant: the guards asked beside those calls, their timer replacing the calls' own.
        if !hostStarted, !planted(.guardsBesideSetup) { await TransitionScope.$chain.withValue(chain) { await start() } }
        // The guards' await holds the slot: a request arriving meanwhile is refused as busy or
        // waits (a lifecycle event waits in its lane), so the state they judge is still the one
        // this transition changes. A refusal ends it with no await before the slot is handed on.
        // While they are asked, a preempting navigation to where this transition leads waits for
        // it (a guard may still refuse it); once they let it through, in the same step as their
        // answer, it is sure to commit, and such a navigation is already there.
        // Mutant: a link's transition is never vetted.
        let source = admission.source
        if !guards.isEmpty, source.isGuarded, !(source == .link && planted(.guardSkippedForLinks)) {
            if let refusal = await vet(admission, source: source, chain: chain, inbox: inbox) {
                marker.end()
                announceCancelled(admission.transition)
                handOver()
                throw refusal
            }
            machine.guardsPassed()
        }
        // Step 4, in the transition's chain: a request made from inside a host call or the
        // animator is re-entrant.
        let result = await TransitionScope.$chain.withValue(chain) {
            await animate(admission.plan, id: admission.id, source: admission.source, animator: animator, chain: chain)
        }
        marker.end()
        let record = commit(admission, hadAnimator: animator != nil, result: result)
        let callbacks = screenCallbacks.isEmpty && items.isEmpty ? nil : callBack(record, items: items)
        if !machine.stays.isEmpty {
            // Mutant: a stay whose screen moved out of its hop container but stayed in the window goes on.
            let ended = planted(.movedScreenIgnored) ? machine.stays.removals(in: record) : machine.stays.departures(in: record)
            for stay in ended { stay.end() }
        }
        // The callbacks the commit step could not call at once, in their turn (outside the slot).
        if let callbacks { await deliver(callbacks) }
        return record
    }

    /// What ``animate(_:id:source:animator:chain:)`` found: the animation, extra finish calls, the host.
    struct Animated: Sendable {
        var animation: AnimationOutcome
        /// The animator's finish calls beyond the first, counted until the commit reads them
        /// (a finish that comes during the after-animation calls counts too).
        var finishes: AnimationLedger?
        var hostFault: HostFault?
        var animationEndedAt: Duration?
    }

    /// Step 5: the record, the snapshot, the history, the `ended` event, then the slot is handed
    /// on (``handOver()``), all in one synchronous step.
    private func commit(_ admission: Admission, hadAnimator: Bool, result: Animated) -> TransitionRecord {
        PathTrace.enter()
        let plan = admission.plan
        let record = TransitionRecord(
            id: admission.id, request: plan.request, before: plan.before, after: plan.after,
            hadAnimator: hadAnimator, animation: result.animation,
            extraFinishCalls: result.finishes?.extraFinishCalls ?? 0, startedAt: admission.admittedAt,
            endedAt: clock.elapsed(), waited: admission.waited, hostFault: result.hostFault,
            source: admission.source, link: admission.link, animationEndedAt: result.animationEndedAt)
        // Withdrawn before `ended`: no refusal naming the transition may be seen after it.
        if !planted(.staleBusyGate) { gate.publish(nil) }
        machine.commit(plan.after)
        machine.noteRemovals(plan)
        recent.append(record)
        hub.send(.ended(record))
        handOver()
        return record
    }

    /// How step 4's calls reach the host, read from the host and the plan.
    private enum Delivery {
        /// A synchronous host: each call as it is decided, with no await.
        case inline(any SynchronousWindowHost)
        /// An async host with an animation between the phases: the before-animation calls in one
        /// task, the after-animation calls in another, each under one ``CoordinatorConfiguration/hostTimeout``.
        case phases
        /// An async host with nothing animating: nothing then happens between the phases but the
        /// owners' commit, so the owners commit first and both phases' calls go in one task, in the
        /// same order, under one ``CoordinatorConfiguration/hostTimeout`` (one hand-off instead of two).
        /// While it is awaited, a request reaching the actor finds the slot held, and a read of an
        /// owner sees the new state, as during the after-animation phase of an animated change.
        case onePhase
    }

    /// Step 4: the host calls and the animation, in the order ``WindowHost`` documents; the level
    /// and container owners take the new state between the animation and the host's last phase.
    /// One path for every host and animator: how the calls reach the host is a value it reads
    /// (``Delivery``), and with a synchronous host and nothing to animate it never suspends.
    private func animate(
        _ plan: TransitionPlan, id: TransitionID, source: NavigationSource, animator: (any Animator)?,
        chain: TransitionScope.Chain
    ) async -> Animated {
        PathTrace.enter()
        var result = Animated(animation: .skipped(.topWindowUnchanged))
        if let fault = refreshHost() {
            result.hostFault = fault
        } else if case .behind(let behind) = hostState {
            hostState = .inStep
            if let fault = await sendPhase(
                behind.catchUp(to: plan.before), base: { behind }, phase: .catchUp, id: id, chain: chain)
            {
                result.hostFault = fault
            }
        }
        // Decided by the plan alone, which no await changes.
        let skipReason = plan.skipReason(hasAnimator: animator != nil)
        let delivery: Delivery =
            switch host {
            case .inline(let synchronous): .inline(synchronous)
            case .awaited: skipReason == nil ? .phases : .onePhase
            }
        // A synchronous host is sent each call as it is decided; an async one gets them as a list.
        var commands: [HostCommand] = []
        func emit(_ command: HostCommand) {
            if case .inline(let synchronous) = delivery { synchronous.apply(command) } else { commands.append(command) }
        }
        let reachesHost = result.hostFault == nil
        if reachesHost { beforeAnimation(plan, animated: plan.animates(skipReason: skipReason), emit) }
        let afterAnimationFrom = commands.count
        if reachesHost, case .phases = delivery,
            let fault = await sendPhase(commands, base: { HostView(plan.before) }, phase: .beforeAnimation, id: id, chain: chain)
        {
            result.hostFault = fault
        }

        result.animation = .skipped(skipReason ?? (result.hostFault == nil ? .topWindowUnchanged : .hostUnresponsive))
        if let middle = halfway(plan) { machine.commit(middle) }
        if result.hostFault == nil, skipReason == nil, let animator,
            let (context, race) = prepareAnimation(plan, id: id, source: source)
        {
            result.animation = await AnimationRunner.run(
                animator, context: context, race: race, timeout: configuration.animationTimeout,
                watchdog: watchdog, taskExecutor: taskExecutor, chain: chain)
            machine.animationEnded()
            result.finishes = context.ledger
            // Only an animator that was called ends; one the race barred before its start never ran.
            // Mutant: the end noted whether or not the animator was called.
            if case .skipped = result.animation, !planted(.animationEndWithoutAnimator) {
            } else {
                result.animationEndedAt = clock.elapsed()
            }
        }

        commitLevels(plan, id: id)
        guard result.hostFault == nil else {
            oweResigns(of: plan)
            return result
        }
        // Mutant: an unanimated change to an async host sends only its before-animation calls.
        let dropsAfterCalls = if case .onePhase = delivery { planted(.unanimatedAfterCallsDropped) } else { false }
        if !dropsAfterCalls { afterAnimation(plan, outcome: result.animation, emit) }
        let sent: HostFault? =
            switch delivery {
            case .inline:
                nil
            case .phases:
                await sendPhase(
                    Array(commands[afterAnimationFrom...]),
                    base: { [commands] in HostView(plan.before).applying(commands[..<afterAnimationFrom]) },
                    phase: .afterAnimation, id: id, chain: chain)
            case .onePhase:
                await sendPhase(
                    commands, base: { HostView(plan.before) }, phase: .beforeAnimation,
                    afterAnimationFrom: afterAnimationFrom, id: id, chain: chain)
            }
        if let sent { result.hostFault = sent }
        return result
    }

    /// The animator's context and the race that will end it, now in flight (cut at once if a
    /// preemption came first); nil when either top window is missing.
    private func prepareAnimation(
        _ plan: TransitionPlan, id: TransitionID, source: NavigationSource
    ) -> (TransitionContext, AnimationRace)? {
        PathTrace.enter()
        let ledger = AnimationLedger()
        guard
            let context = TransitionContext(
                id: id, plan: plan, source: source,
                includesUnmanaged: !configuration.ignoresUnmanagedWindows, ledger: ledger)
        else { return nil }
        let race = AnimationRace(timeout: configuration.animationTimeout)
        if machine.animationBegan(in: race) { race.cut(.preempted) }
        return (context, race)
    }

    /// Hands each changed level to its new window. The level actors run on this coordinator's
    /// executor (see ``ExecutorChoice``), so the write happens in this step, with no await between
    /// levels; a compare-and-set that fails is an ownership fault ``audit()`` reports.
    private func commitLevels(_ plan: TransitionPlan, id: TransitionID) {
        PathTrace.enter()
        // A content change keeps its window at its level: the level's owner gets the new value.
        if let changed = plan.contentWindow, let window = plan.after.window(changed),
            levelActors[window.level]?.replace(expecting: changed, with: window) != true
        {
            ownershipFaults.append(.init(.levels, "\(id) could not hand level \(window.level) its new content \(window.content)"))
        }
        if plan.contentWindow != nil || plan.touchesContainers { commitContainers(plan, id: id) }
        plan.forEachChangedLevel { level, old, new in
            // Every level the plan lists changed (a window came, went, or was shown or hidden).
            // Every configured level has its actor from the start, so a missing one is an ownership fault, not a skip.
            if levelActors[level]?.replace(expecting: old, with: new) != true {
                ownershipFaults.append(
                    .init(
                        .levels,
                        "\(id) could not hand level \(level) from \(old.map(\.description) ?? "nothing") to \(new.map(\.description) ?? "nothing")"
                    ))
            }
        }
    }

    /// Hands every container a transition changes to its actor: actors for containers that
    /// arrive, a write for those whose node changed, an empty write (then none) for those that
    /// leave. Called from the commit step; only windows that come, go or change content are read.
    private func commitContainers(_ plan: TransitionPlan, id: TransitionID) {
        PathTrace.enter()
        // The common case, a window showing one stack that changed: one write, no dictionaries.
        // The contents are handed on as they are (re-wrapping each stack would box it anew).
        if !plan.touchesContainers, let changed = plan.contentWindow,
            let oldContent = plan.before.window(changed)?.content, case .stack(let old) = oldContent,
            let newContent = plan.after.window(changed)?.content, case .stack(let new) = newContent, old.id == new.id
        {
            if containerActors[old.id]?.replace(expecting: oldContent, with: newContent) != true {
                ownershipFaults.append(.init(.containers, "\(id) could not write container \(old.id)'s actor"))
            }
            return
        }
        // The containers before and after, each in tree order (a container before what it holds).
        var before: [(id: ContainerID, node: WindowContent)] = [], after: [(id: ContainerID, node: WindowContent)] = []
        for window in plan.destroyed { window.content.forEachContainer { before.append(($0, $1)) } }
        for window in plan.created { window.content.forEachContainer { after.append(($0, $1)) } }
        if let changed = plan.contentWindow {
            plan.before.window(changed)?.content.forEachContainer { before.append(($0, $1)) }
            plan.after.window(changed)?.content.forEachContainer { after.append(($0, $1)) }
        }
        func fault(_ container: ContainerID, _ what: String) {
            ownershipFaults.append(.init(.containers, "\(id) could not \(what) container \(container)'s actor"))
        }
        // Most changes keep every container where it was (a link between two routes through the
        // same containers): each is then paired with itself by its place, with no lookup by id.
        let samePlaces = before.count == after.count && zip(before, after).allSatisfy { $0.id == $1.id }
        var previous: [ContainerID: WindowContent] = [:]
        if !samePlaces {
            for (container, node) in before { previous[container] = node }
            let staying = Set(after.map(\.id))
            for (container, node) in previous where !staying.contains(container) {
                if containerActors.removeValue(forKey: container)?.replace(expecting: node, with: nil) != true {
                    fault(container, "empty")
                }
            }
        }
        // Deepest first, so a container's children are known unchanged, or not, before it.
        var unchanged: [ContainerID: Bool] = [:]
        for index in after.indices.reversed() {
            let (container, node) = after[index]
            if let old = samePlaces ? before[index].node : previous[container] {
                let same = ContainerActor.unchanged(old, node, known: unchanged)
                unchanged[container] = same
                if !same, containerActors[container]?.replace(expecting: old, with: node) != true {
                    fault(container, "write")
                }
            } else if containerActors[container] != nil {
                fault(container, "create an existing")
            } else {
                containerActors[container] = ContainerActor(id: container, node: node, executor: executor)
            }
        }
    }

    /// Before the animation: hide what a cover now hides (before the cover shows, so nothing it
    /// must hide is ever visible above it), create and show the incoming windows bottom to top,
    /// show what a cover stopped hiding, then create the screens arriving in a window's content
    /// and set that content, `animated` when an animator will animate the change. Each command
    /// goes to `emit` in that order.
    private func beforeAnimation(_ plan: TransitionPlan, animated: Bool, _ emit: (HostCommand) -> Void) {
        PathTrace.enter()
        if !planted(.showCoverBeforeHiding) { for window in plan.concealed { emit(.hide(window.id)) } }
        for window in plan.created {
            emit(.create(window))
            if !window.isHidden { emit(.show(window.id)) }
        }
        for window in plan.revealed { emit(.show(window.id)) }
        // The change's parts are read where they lie (copying the whole change retained each of them).
        if let window = plan.contentWindow, let content = plan.contentAfter {
            // Mutants: the host is shown the stack popped back first, or the route's steps but the last.
            if let middle = halfway(plan)?.window(window) { emit(.setContent(middle.content, of: window, animated: false)) }
            for screen in plan.arrivedScreens { emit(.createScreen(screen, in: window)) }
            // Mutant: every change is sent as animated.
            emit(.setContent(content, of: window, animated: animated || planted(.unanimatedContentAnimated)))
        }
    }

    /// After the animation: reset what the animator may have moved, make the new key window key,
    /// destroy the screens that left a window's content, then destroy the outgoing windows (a key
    /// window is never destroyed before its successor is key). Each command goes to `emit` in that order.
    private func afterAnimation(_ plan: TransitionPlan, outcome: AnimationOutcome, _ emit: (HostCommand) -> Void) {
        PathTrace.enter()
        if outcome.animatorWasCalled { for window in plan.after.windowList where !window.isHidden { emit(.reset(window.id)) } }
        // Mutant: the cover went up before this, with what it must hide still visible.
        if planted(.showCoverBeforeHiding) { for window in plan.concealed { emit(.hide(window.id)) } }
        if let key = plan.after.keyWindow {
            let resigning = plan.resigningUnmanagedWindows
            if key != plan.before.keyWindow || !resigning.isEmpty { emit(.makeKey(key, resigning: resigning)) }
        }
        if let window = plan.contentWindow {
            for screen in plan.departedScreens { emit(.destroyScreen(screen, in: window)) }
        }
        for window in plan.destroyed { emit(.destroy(window.id)) }
    }

    /// Notes that the host missed the resigns of `plan`, a transition whose after-animation calls
    /// were never sent (the host stuck before them): the catch-up names them once it answers.
    /// Those a stuck phase sent after all are struck off as its returned calls are read.
    ///
    /// Called in the step that found the host stuck, with no await since: no request can have
    /// looked at the host meanwhile (``refreshHost()`` turns a stuck host whose call returned into
    /// one behind), so the host is still stuck here and the resigns go to the view the catch-up
    /// will be planned from.
    private func oweResigns(of plan: TransitionPlan) {
        let resigning = plan.resigningUnmanagedWindows
        // Mutant: the resign a stuck host missed is forgotten, and the app's window stays key there.
        guard !resigning.isEmpty, case .stuck(var stuck) = hostState, !planted(.owedResignForgotten) else { return }
        stuck.base.owedResigns.formUnion(resigning)
        hostState = .stuck(stuck)
    }

    /// Sends one phase under ``CoordinatorConfiguration/hostTimeout``; returns the fault when a
    /// call got stuck, after noting what the host needs once it answers again.
    /// `base` (what the host had been told before the phase) is only computed when a call gets stuck.
    /// When both phases go as one, the calls from `afterAnimationFrom` on are the after-animation
    /// phase's, and a fault names that phase.
    func sendPhase(
        _ commands: [HostCommand], base: () -> HostView, phase: HostPhase, afterAnimationFrom: Int? = nil,
        id: TransitionID, chain: TransitionScope.Chain
    ) async -> HostFault? {
        PathTrace.enter()
        let result = await HostCallRunner.run(
            commands, on: host, timeout: configuration.hostTimeout, watchdog: watchdog,
            taskExecutor: taskExecutor, chain: chain)
        guard case .stuck(let index, let progress) = result, commands.indices.contains(index) else { return nil }
        let inAfterPart = afterAnimationFrom.map { index >= $0 } ?? false
        let fault = HostFault(
            call: commands[index], transition: id, phase: inAfterPart ? .afterAnimation : phase, since: clock.elapsed(),
            phaseBegan: progress.beganAt)
        hostState = .stuck(StuckHost(fault: fault, progress: progress, base: base(), commands: commands))
        // From now on a request is told the host is unresponsive, which only the actor knows.
        gate.publish(nil)
        return fault
    }
}
