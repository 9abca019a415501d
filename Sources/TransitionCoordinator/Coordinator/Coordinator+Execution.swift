/// Steps 3 to 5 of a transition: prepare, animate, commit; and the host phases they send.
extension Coordinator {
    /// Carries an admitted transition out and releases the slot. Never throws: an admitted
    /// transition completes.
    ///
    /// The synchronous parts (entering the re-entrancy scope, committing) live in functions of
    /// their own, so the async frames a transition allocates hold only what crosses an await.
    /// `items` are the callbacks of the screens the request names (see ``StackItem``); the
    /// admission says where the request comes from (guards, `began` and the record say so).
    func carryOut(_ admission: Admission, animator: (any Animator)?,
                  items: [ScreenID: ScreenCallbacks] = [:]) async -> Submitted {
        if let done = carryOutIfInline(admission, animator: animator, items: items) { return done }
        return await carryOutAwaiting(admission, animator: animator, items: items)
    }

    /// ``carryOut(_:animator:items:)`` for an admission ``carryOutIfInline(_:animator:items:)``
    /// declined: the guards, the host phases and the animation, awaited.
    func carryOutAwaiting(_ admission: Admission, animator: (any Animator)?,
                          items: [ScreenID: ScreenCallbacks]) async -> Submitted {
        let source = admission.source
        let (marker, chain) = enterScope(admission)
        // The guards' await holds the slot: a request arriving meanwhile is refused as busy or
        // waits (a lifecycle event waits in its lane), so the state they judge is still the one
        // this transition changes. A refusal ends it with no await before the slot is handed on.
        if asksGuards(source), let refusal = await vet(admission, source: source, chain: chain) {
            marker.end()
            announceCancelled(admission.transition)
            release()
            return .refused(refusal)
        }
        let result = await TransitionScope.$chain.withValue(chain) {
            await execute(admission.plan, id: admission.id, animator: animator, chain: chain)
        }
        return finish(admission, marker: marker, result: result, hadAnimator: animator != nil, items: items)
    }

    /// Whether the guards are asked about a transition from `source`.
    private func asksGuards(_ source: NavigationSource) -> Bool {
        #if TC_MUTANTS
        if source == .link, mutants.contains(.guardSkippedForLinks) { return false }
        #endif
        return !guards.isEmpty && source.isGuarded
    }

    /// ``carryOut(_:animator:items:)`` in one synchronous step, when `admission` has nothing to
    /// await: no guard to ask, a host called inline that is neither stuck nor behind, and no
    /// animation to run (no async frame, no executor check; the same calls in the same order).
    /// Nil, having done nothing, otherwise.
    @inline(never)
    func carryOutIfInline(_ admission: borrowing Admitted, animator: (any Animator)?,
                          items: [ScreenID: ScreenCallbacks]) -> Submitted? {
        guard case .inline(let synchronous) = host, stuckHost == nil, hostBehind == nil, !asksGuards(admission.source),
              let skipped = admission.plan.skipReason(hasAnimator: animator != nil) else { return nil }
        let (marker, chain) = enterScope(admission)
        let result = TransitionScope.$chain.withValue(chain) {
            executeInline(admission.plan, id: admission.id, on: synchronous, skipped: skipped)
        }
        return finish(admission, marker: marker, result: result, hadAnimator: animator != nil, items: items)
    }

    // The boxed admission's forms of the steps below. Functions of their own, not inlined: read
    // in an async function, the admission's values (~70 bytes) took room in its frame, and so in
    // every waiting request's (see ``submit(_:animator:mode:whenLocked:items:source:link:)``).

    /// ``carryOutIfInline(_:animator:items:)`` for a boxed admission.
    @inline(never)
    func carryOutIfInline(_ admission: Admission, animator: (any Animator)?,
                          items: [ScreenID: ScreenCallbacks]) -> Submitted? {
        carryOutIfInline(admission.admitted, animator: animator, items: items)
    }

    /// ``enterScope(_:)`` for a boxed admission.
    @inline(never)
    private func enterScope(_ admission: Admission) -> (TransitionScope.Marker, TransitionScope.Chain) {
        enterScope(admission.admitted)
    }

    /// ``finish(_:marker:result:hadAnimator:items:)`` for a boxed admission.
    @inline(never)
    private func finish(_ admission: Admission, marker: TransitionScope.Marker, result: Executed, hadAnimator: Bool,
                        items: [ScreenID: ScreenCallbacks]) -> Submitted {
        finish(admission.admitted, marker: marker, result: result, hadAnimator: hadAnimator, items: items)
    }

    /// The end of a transition carried out: its link ended, the commit, then the callbacks and
    /// the hop stays it ends.
    private func finish(_ admission: borrowing Admitted, marker: TransitionScope.Marker, result: Executed, hadAnimator: Bool,
                        items: [ScreenID: ScreenCallbacks]) -> Submitted {
        marker.end()
        let record = commit(admission, hadAnimator: hadAnimator, result: result)
        if !(screenCallbacks.isEmpty && items.isEmpty) { callBack(record, items: items) }
        if !machine.stays.isEmpty {
            #if TC_MUTANTS
            // Mutant: a stay whose screen moved out of its hop container but stayed in the window goes on.
            if mutants.contains(.movedScreenIgnored) {
                for stay in machine.stays.removals(in: record) { stay.end() }
                return .committed(record)
            }
            #endif
            for stay in machine.stays.departures(in: record) { stay.end() }
        }
        return .committed(record)
    }

    /// The transition's link in the re-entrancy chain, and the chain its work runs in.
    @inline(never)
    private func enterScope(_ admission: borrowing Admitted) -> (TransitionScope.Marker, TransitionScope.Chain) {
        #if TC_MUTANTS
        if mutants.contains(.lateBegan) {
            // Mutant: say `began` only when the waiter's task resumes, after the slot changed hands.
            hub.send(.began(admission.transition, before: admission.plan.before))
        }
        #endif
        let inherited = TransitionScope.chain
        var kept = inherited.isEmpty ? inherited : inherited.pruned()
        #if TC_MUTANTS
        if mutants.contains(.unprunedChain) { kept = inherited }
        #endif
        return kept.entering(markerIdentity, admission.id)
    }

    /// What ``execute(_:id:animator:chain:)`` found: the animation, extra finish calls, the host.
    struct Executed: Sendable {
        var animation: AnimationOutcome
        var extraFinishCalls = 0
        var host = HostOutcome.completed
        var animationEndedAt: Duration?
    }

    /// Step 5's state change: the record, the snapshot, the history, the `ended` event, then the
    /// slot is handed on (``release()``), all in one synchronous step.
    @inline(never)
    private func commit(_ admission: borrowing Admitted, hadAnimator: Bool, result: Executed) -> TransitionRecord {
        let plan = admission.plan
        let record = TransitionRecord(id: admission.id, request: plan.request, before: plan.before, after: plan.after,
                                      hadAnimator: hadAnimator, animation: result.animation,
                                      extraFinishCalls: result.extraFinishCalls, startedAt: admission.admittedAt,
                                      endedAt: clock.elapsed(), waited: admission.waited, host: result.host,
                                      source: admission.source, link: admission.link, animationEndedAt: result.animationEndedAt)
        // Withdrawn before `ended`: no refusal naming the transition may be seen after it.
        #if TC_MUTANTS
        if !mutants.contains(.staleBusyGate) { gate.publish(nil) }
        #else
        gate.publish(nil)
        #endif
        machine.commit(plan.after)
        machine.noteRemovals(plan)
        recent.append(record)
        hub.send(.ended(record))
        release()
        return record
    }

    /// ``execute(_:id:animator:chain:)`` when it has nothing to await: a synchronous host that is
    /// neither stuck nor behind, and an animation skipped for `skipped`. Same calls, same order.
    @inline(never)
    private func executeInline(_ plan: TransitionPlan, id: TransitionID, on host: any SynchronousWindowHost,
                               skipped: SkipReason) -> Executed {
        beforeAnimation(plan) { host.apply($0) }
        let result = Executed(animation: .skipped(skipped))
        #if TC_MUTANTS
        if let middle = halfway(plan) { machine.showMiddle(middle) }
        #endif
        commitLevels(plan, id: id)
        afterAnimation(plan, outcome: result.animation) { host.apply($0) }
        return result
    }

    /// The host calls and the animation, in the order ``WindowHost`` documents.
    private func execute(_ plan: TransitionPlan, id: TransitionID, animator: (any Animator)?,
                         chain: TransitionScope.Chain) async -> Executed {
        var result = Executed(animation: .skipped(.topWindowUnchanged))
        if let fault = refreshHost() {
            result.host = .skipped(fault)
        } else if let behind = hostBehind {
            hostBehind = nil
            if let fault = await sendPhase(behind.catchUp(to: plan.before), base: { behind }, phase: .catchUp, id: id, chain: chain) {
                result.host = .stuck(fault)
            }
        }
        // A synchronous host is sent each command as it is decided; an async one gets the phase as a list.
        var before: [HostCommand] = []
        if result.host == .completed {
            if case .inline(let synchronous) = host {
                beforeAnimation(plan) { synchronous.apply($0) }
            } else {
                beforeAnimation(plan) { before.append($0) }
                if let fault = await sendPhase(before, base: { HostView(plan.before) }, phase: .beforeAnimation, id: id, chain: chain) {
                    result.host = .stuck(fault)
                }
            }
        }

        let skipReason = plan.skipReason(hasAnimator: animator != nil)
        result.animation = .skipped(skipReason ?? (result.host == .completed ? .topWindowUnchanged : .hostUnresponsive))
        #if TC_MUTANTS
        if let middle = halfway(plan) { machine.showMiddle(middle) }
        #endif
        if result.host == .completed, skipReason == nil, let animator, let (context, race) = prepareAnimation(plan, id: id) {
            result.animation = await AnimationRunner.run(animator, context: context, race: race,
                                                         timeout: configuration.animationTimeout,
                                                         watchdog: watchdog, taskExecutor: taskExecutor, chain: chain)
            self.race = nil
            result.extraFinishCalls = context.ledger.extraFinishCalls
            result.animationEndedAt = clock.elapsed()
        }

        commitLevels(plan, id: id)
        if result.host == .completed {
            if case .inline(let synchronous) = host {
                afterAnimation(plan, outcome: result.animation) { synchronous.apply($0) }
            } else {
                var after: [HostCommand] = []
                afterAnimation(plan, outcome: result.animation) { after.append($0) }
                if let fault = await sendPhase(after, base: { [before] in HostView(plan.before).applying(before) },
                                               phase: .afterAnimation, id: id, chain: chain) {
                    result.host = .stuck(fault)
                }
            }
        }
        return result
    }

    #if TC_MUTANTS
    /// The middle state a step-by-step mutant shows, when one is on and `plan` has a middle.
    private func halfway(_ plan: TransitionPlan) -> NavigationSnapshot? {
        guard !mutants.isEmpty else { return nil }
        if mutants.contains(.setStackStepByStep), let middle = Self.halfwaySetStack(plan) { return middle }
        if mutants.contains(.routeStepByStep), let middle = Self.halfwayRoute(plan) { return middle }
        return nil
    }

    /// The ``Mutation/routeStepByStep`` mutant's middle state: `plan`'s before-state with the
    /// root showing the route's target without its last step (``withoutLastStep(_:)``), when
    /// that differs from both ends; else nil.
    static func halfwayRoute(_ plan: TransitionPlan) -> NavigationSnapshot? {
        guard case .navigate = plan.request, let window = plan.contentWindow,
              let index = plan.before.windows.firstIndex(where: { $0.id == window }),
              let target = plan.after.window(window)?.content, let middle = withoutLastStep(target),
              middle != plan.before.windows[index].content else { return nil }
        var state = plan.before
        state.windows[index].content = middle
        return state
    }

    /// `content` as a route one step shorter builds it: without its last modal, else without its
    /// stack's top, else with its selected tab's content so shortened; nil when no step can go.
    static func withoutLastStep(_ content: WindowContent) -> WindowContent? {
        switch content {
        case .presenting(let base, _): return base
        case .stack(let stack) where stack.items.count > 1:
            return .stack(NavigationStack(id: stack.id, unchecked: Array(stack.items.dropLast())))
        case .tabs(let bar):
            guard let selected = bar.selectedContent, let shorter = withoutLastStep(selected) else { return nil }
            var tabs = bar.tabs
            tabs[bar.selected] = shorter
            return .tabs(TabBar(id: bar.id, unchecked: tabs, selected: bar.selected))
        default: return nil
        }
    }

    /// The ``Mutation/setStackStepByStep`` mutant's middle state: `plan`'s before-state with the
    /// `setStack`'s stack part way, as a step-by-step change shows it (popped back to what both
    /// stacks share, or that and the first push), when that differs from both ends; else nil.
    static func halfwaySetStack(_ plan: TransitionPlan) -> NavigationSnapshot? {
        guard case .content(.setStack(let id, let items), _) = plan.request, let window = plan.contentWindow,
              let index = plan.before.windows.firstIndex(where: { $0.id == window }),
              case .stack(let stack)? = plan.before.windows[index].content.find(id)?.base else { return nil }
        let kept = Array(items.prefix(ContentChange.sharedEnds(stack.items, items).start))
        let steps = [kept, kept + items.dropFirst(kept.count).prefix(1)]
        guard let step = steps.first(where: { !$0.isEmpty && $0 != stack.items && $0 != items }),
              let middle = try? ContainerPlanner.plan(.setStack(id, step), in: plan.before.windows[index].content) else { return nil }
        var state = plan.before
        state.windows[index].content = middle.after
        return state
    }

    #endif

    /// The animator's context and the race that will end it, now in flight (cut at once if a
    /// preemption came first); nil when either top window is missing.
    @inline(never)
    private func prepareAnimation(_ plan: TransitionPlan, id: TransitionID) -> (TransitionContext, AnimationRace)? {
        #if TC_MUTANTS
        let ledger = AnimationLedger(mutants: mutants)
        let race = AnimationRace(timeout: configuration.animationTimeout, mutants: mutants)
        #else
        let ledger = AnimationLedger()
        let race = AnimationRace(timeout: configuration.animationTimeout)
        #endif
        guard let context = TransitionContext(id: id, plan: plan, includesUnmanaged: !configuration.ignoresUnmanagedWindows,
                                              ledger: ledger)
        else { return nil }
        self.race = race
        if machine.slot?.preempted == true { race.cut(.preempted) }
        return (context, race)
    }

    /// Hands each changed level to its new window. The level actors run on this coordinator's
    /// executor (see ``ExecutorChoice``), so the write happens in this step, with no await between
    /// levels; a compare-and-set that fails is an ownership fault ``audit()`` reports.
    @inline(never)
    private func commitLevels(_ plan: TransitionPlan, id: TransitionID) {
        // A content change keeps its window at its level: the level's owner gets the new value.
        if let changed = plan.contentWindow, let window = plan.after.window(changed),
           levelActors[window.level]?.replaceOnSharedExecutor(expecting: changed, with: window) != true {
            ownershipFaults.append(.init(.levels, "\(id) could not hand level \(window.level) its new content \(window.content)"))
        }
        if plan.contentWindow != nil || plan.touchesContainers { commitContainers(plan, id: id) }
        plan.forEachChangedLevel { level, old, new in
            // Every level the plan lists changed (a window came, went, or was shown or hidden).
            guard let owner = levelActors[level] else { return }
            if !owner.replaceOnSharedExecutor(expecting: old, with: new) {
                ownershipFaults.append(.init(.levels, "\(id) could not hand level \(level) from \(old.map(\.description) ?? "nothing") to \(new.map(\.description) ?? "nothing")"))
            }
        }
    }

    /// Before the animation: hide what a cover now hides (before the cover shows, so nothing it
    /// must hide is ever visible above it), create and show the incoming windows bottom to top,
    /// show what a cover stopped hiding, then create the screens arriving in a window's content
    /// and set that content. Each command goes to `emit` in that order.
    @inline(never)
    private func beforeAnimation(_ plan: TransitionPlan, _ emit: (HostCommand) -> Void) {
        #if TC_MUTANTS
        let hidesFirst = !mutants.contains(.showCoverBeforeHiding)
        #else
        let hidesFirst = true
        #endif
        if hidesFirst { for window in plan.concealed { emit(.hide(window.id)) } }
        for window in plan.created {
            emit(.create(window))
            if !window.isHidden { emit(.show(window.id)) }
        }
        for window in plan.revealed { emit(.show(window.id)) }
        // The change's parts are read where they lie (copying the whole change retained each of them).
        if let window = plan.contentWindow, let content = plan.contentAfter {
            #if TC_MUTANTS
            // Mutants: the host is shown the stack popped back first, or the route's steps but the last.
            if let middle = halfway(plan)?.window(window) {
                emit(.setContent(middle.content, of: window))
            }
            #endif
            for screen in plan.arrivedScreens { emit(.createScreen(screen, in: window)) }
            emit(.setContent(content, of: window))
        }
    }

    /// After the animation: reset what the animator may have moved, make the new key window key,
    /// destroy the screens that left a window's content, then destroy the outgoing windows (a key
    /// window is never destroyed before its successor is key). Each command goes to `emit` in that order.
    @inline(never)
    private func afterAnimation(_ plan: TransitionPlan, outcome: AnimationOutcome, _ emit: (HostCommand) -> Void) {
        if outcome.animatorWasCalled { for window in plan.after.windows where !window.isHidden { emit(.reset(window.id)) } }
        #if TC_MUTANTS
        // Mutant: the cover went up before this, with what it must hide still visible.
        if mutants.contains(.showCoverBeforeHiding) { for window in plan.concealed { emit(.hide(window.id)) } }
        #endif
        if let key = plan.after.keyWindow {
            let resigning = plan.resigningUnmanagedWindows
            if key != plan.before.keyWindow || !resigning.isEmpty { emit(.makeKey(key, resigning: resigning)) }
        }
        if let window = plan.contentWindow {
            for screen in plan.departedScreens { emit(.destroyScreen(screen, in: window)) }
        }
        for window in plan.destroyed { emit(.destroy(window.id)) }
    }

    /// Sends one phase under ``CoordinatorConfiguration/hostTimeout``; returns the fault when a
    /// call got stuck, after noting what the host needs once it answers again.
    /// `base` (what the host had been told before the phase) is only computed when a call gets stuck.
    func sendPhase(_ commands: [HostCommand], base: () -> HostView, phase: HostPhase, id: TransitionID,
                   chain: TransitionScope.Chain) async -> HostFault? {
        let result = await HostCallRunner.run(commands, on: host, timeout: configuration.hostTimeout, watchdog: watchdog,
                                              taskExecutor: taskExecutor, chain: chain)
        guard case .stuck(let index, let progress) = result, commands.indices.contains(index) else { return nil }
        let fault = HostFault(call: commands[index].call, transition: id, phase: phase, since: clock.elapsed(),
                              phaseBegan: progress.beganAt)
        stuckHost = StuckHost(fault: fault, progress: progress, base: base(), commands: commands)
        // From now on a request is told the host is unresponsive, which only the actor knows.
        gate.publish(nil)
        return fault
    }
}
