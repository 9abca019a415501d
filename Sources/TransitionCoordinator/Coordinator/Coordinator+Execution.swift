/// Steps 3 to 5 of a transition: prepare, animate, commit; and the host phases they send.
extension Coordinator {
    /// Carries an admitted transition out and releases the slot. Never throws: an admitted
    /// transition completes.
    func carryOut(_ admission: Admission, animator: (any Animator)?) async -> TransitionRecord {
        let (id, plan) = (admission.id, admission.plan)
        if mutations.contains(.lateBegan) {
            // Mutant: say `began` only when the waiter's task resumes, after the slot changed hands.
            hub.send(.began(InFlightTransition(id: id, request: plan.request), before: plan.before))
        }
        let marker = TransitionScope.Marker(coordinator: markerIdentity, transition: id)
        let inherited = TransitionScope.chain
        let chain = (mutations.contains(.unprunedChain) ? inherited : inherited.filter(\.isLive)) + [marker]
        let (outcome, extraFinishCalls, hostOutcome) = await TransitionScope.$chain.withValue(chain) {
            await execute(plan, id: id, animator: animator, chain: chain)
        }
        marker.end()
        let record = TransitionRecord(id: id, request: plan.request, before: plan.before, after: plan.after,
                                      hadAnimator: animator != nil, animation: outcome,
                                      extraFinishCalls: extraFinishCalls, startedAt: admission.admittedAt,
                                      endedAt: clock.elapsed(), waited: admission.waited, host: hostOutcome)
        snapshot = plan.after
        history.append(record)
        if history.count > configuration.historyLimit { history.removeFirst(history.count - configuration.historyLimit) }
        hub.send(.ended(record))
        release()
        return record
    }

    /// The host calls and the animation, in the order ``WindowHost`` documents.
    @inline(__always)
    private func execute(_ plan: TransitionPlan, id: TransitionID, animator: (any Animator)?,
                         chain: [TransitionScope.Marker]) async -> (AnimationOutcome, Int, HostOutcome) {
        var host = HostOutcome.completed
        if let fault = refreshHost() {
            host = .skipped(fault)
        } else if let behind = hostBehind {
            hostBehind = nil
            if let fault = await sendPhase(behind.catchUp(to: plan.before), base: { behind }, phase: .catchUp, id: id, chain: chain) {
                host = .stuck(fault)
            }
        }
        let before = beforeAnimation(plan)
        if host == .completed, case .inline(let synchronous) = self.host {
            // A synchronous host cannot get stuck: its calls are made right here, no await.
            for command in before { synchronous.apply(command) }
        } else if host == .completed,
           let fault = await sendPhase(before, base: { HostView(plan.before) }, phase: .beforeAnimation, id: id, chain: chain) {
            host = .stuck(fault)
        }

        var ledger: AnimationLedger?
        let skipReason = plan.skipReason(hasAnimator: animator != nil)
        var outcome = AnimationOutcome.skipped(skipReason ?? .topWindowUnchanged)
        if host != .completed {
            outcome = .skipped(skipReason ?? .hostUnresponsive)
        } else if skipReason == nil, let animator,
                  let context = TransitionContext(id: id, plan: plan, includesUnmanaged: !configuration.ignoresUnmanagedWindows,
                                                  ledger: AnimationLedger(dropsExtraFinishes: mutations.contains(.noOneShotFinish))) {
            ledger = context.ledger
            let race = AnimationRace(timeout: configuration.animationTimeout, settlesEarly: mutations.contains(.animatorAfterCut),
                                     cancelsOnCut: !mutations.contains(.noCancelOnCut))
            inFlight?.race = race
            if inFlight?.preempted == true { race.cut(.preempted) }
            outcome = await AnimationRunner.run(animator, context: context, race: race,
                                                timeout: mutations.contains(.noTimeout) ? nil : configuration.animationTimeout,
                                                watchdog: watchdog, taskExecutor: taskExecutor, chain: chain)
            inFlight?.race = nil
        }

        for level in plan.changedLevels {
            let old = plan.before.window(at: level), new = plan.after.window(at: level)
            guard old != new else { continue }
            if await levelActors[level]?.replace(expecting: old?.id, with: new) != true {
                ownershipFaults.append(.init(.levels, "\(id) could not hand level \(level) from \(old.map(\.description) ?? "nothing") to \(new.map(\.description) ?? "nothing")"))
            }
        }
        if host == .completed, case .inline(let synchronous) = self.host {
            for command in afterAnimation(plan, outcome: outcome) { synchronous.apply(command) }
        } else if host == .completed,
           let fault = await sendPhase(afterAnimation(plan, outcome: outcome), base: { HostView(plan.before).applying(before) },
                                       phase: .afterAnimation, id: id, chain: chain) {
            host = .stuck(fault)
        }
        return (outcome, ledger?.extraFinishCalls ?? 0, host)
    }

    /// Before the animation: hide what a cover now hides (before the cover shows, so nothing it
    /// must hide is ever visible above it), create and show the incoming windows bottom to top,
    /// show what a cover stopped hiding.
    private func beforeAnimation(_ plan: TransitionPlan) -> [HostCommand] {
        var commands: [HostCommand] = []
        if !mutations.contains(.showCoverBeforeHiding) { commands += plan.concealed.map { .hide($0.id) } }
        for window in plan.created {
            commands.append(.create(window))
            if !window.isHidden { commands.append(.show(window.id)) }
        }
        commands += plan.revealed.map { .show($0.id) }
        return commands
    }

    /// After the animation: reset what the animator may have moved, make the new key window key,
    /// then destroy the outgoing windows (a key window is never destroyed before its successor is key).
    private func afterAnimation(_ plan: TransitionPlan, outcome: AnimationOutcome) -> [HostCommand] {
        var commands: [HostCommand] = []
        if outcome.animatorWasCalled { commands += plan.after.windows.filter { !$0.isHidden }.map { .reset($0.id) } }
        // Mutant: the cover went up before this, with what it must hide still visible.
        if mutations.contains(.showCoverBeforeHiding) { commands += plan.concealed.map { .hide($0.id) } }
        let resigning = plan.resigningUnmanagedWindows
        if let key = plan.after.keyWindow, key != plan.before.keyWindow || !resigning.isEmpty {
            commands.append(.makeKey(key, resigning: resigning))
        }
        commands += plan.destroyed.map { .destroy($0.id) }
        return commands
    }

    /// Sends one phase under ``CoordinatorConfiguration/hostTimeout``; returns the fault when a
    /// call got stuck, after noting what the host needs once it answers again.
    /// `base` (what the host had been told before the phase) is only computed when a call gets stuck.
    func sendPhase(_ commands: [HostCommand], base: () -> HostView, phase: HostPhase, id: TransitionID,
                   chain: [TransitionScope.Marker]) async -> HostFault? {
        let timeout = mutations.contains(.unboundedHostCalls) ? nil : configuration.hostTimeout
        let result = await HostCallRunner.run(commands, on: host, timeout: timeout, watchdog: watchdog,
                                              taskExecutor: taskExecutor, chain: chain)
        guard case .stuck(let index, let progress) = result, commands.indices.contains(index) else { return nil }
        let fault = HostFault(call: commands[index].call, transition: id, phase: phase, since: clock.elapsed(),
                              phaseBegan: progress.beganAt)
        stuckHost = StuckHost(fault: fault, progress: progress, base: base(), commands: commands)
        return fault
    }
}
