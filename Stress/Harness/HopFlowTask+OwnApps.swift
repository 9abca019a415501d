import TestSupport
import TransitionCoordinator

/// Hop flows on apps of their own, each ending in what broke (nil when nothing did).
extension HopFlowTask {
    /// Runs each scenario in turn; what broke, in the checker.
    static func runOwnApps(environment: StressEnvironment, checker: StressChecker) async {
        for scenario in [retriedHop, wrongTypedUnhop, unhopInsideTheChild, arrivalPastCancelledDeferred, cancelledWhileHopping] {
            if let broken = await scenario(environment) { await checker.noteViolation(.init(.answered, broken)) }
        }
    }

    /// A launch app whose root window holds the hop container `flow`, on the run's clock and executors.
    private static func launchApp(environment: StressEnvironment) async -> Coordinator? {
        let launch = WindowContent.hop(HopContainer(id: container, showing: .screen(Screen("start"))))
        return try? await Coordinator(
            root: launch, clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor)
    }

    /// A flow whose task is cancelled while its hop animates: the hop, admitted, commits, and the
    /// flow's wait then ends at once with ``ContainerError/flowCancelled(_:hop:)``, which says the
    /// hop stays. A refusal there (mutant ``Mutation/flowCancelledAsRefusal``: the hop's own
    /// `cancelled`) would tell the app that nothing changed while the screen it hopped to shows.
    /// Nil when the flow ended so and its screen shows, else what broke.
    static func cancelledWhileHopping(environment: StressEnvironment) async -> String? {
        let splash = Screen("splash", id: ScreenID("flowSplash"))
        guard let app = await launchApp(environment: environment) else { return "the launch app of its own could not be made" }
        let animator = GatedAnimator()
        let flow = Task(executorPreference: environment.taskExecutor) { () async -> TransitionError? in
            do throws(TransitionError) {
                let _: Int = try await app.hop(container).hopAndWait(to: splash, animator: animator)
                return nil
            } catch {
                return error
            }
        }
        await animator.started()
        flow.cancel()
        animator.open()
        let ended = await flow.value
        let shows = await app.snapshot.rootWindow?.content.topScreen.id == splash.id
        switch ended {
        case .container(.flowCancelled(splash.id, hop: container), _)? where shows: return nil
        case let error?:
            return "a flow cancelled while its hop animated ended with '\(error)', its screen "
                + (shows ? "shown: the hop stays, so no refusal may say nothing changed" : "not shown")
        case nil: return "a flow cancelled while its hop animated returned a value nobody unhopped"
        }
    }

    /// A sign-in retried until it succeeds: the flow hops to the screen it is
    /// on already after each failed attempt, and each such hop begins a new stay, which unhops
    /// again. Kept as the ended stay, the second attempt would be refused as unhopped already (mutant
    /// ``Mutation/hopAgainKeepsEndedStay``). Nil when the flow ended on its second attempt, else what broke.
    static func retriedHop(environment: StressEnvironment) async -> String? {
        let signIn = Screen("signIn", id: ScreenID("flowSignIn"))
        guard let app = await launchApp(environment: environment) else { return "the launch app of its own could not be made" }
        let flow = Task(executorPreference: environment.taskExecutor) { () async -> Result<Int, TransitionError> in
            do throws(TransitionError) {
                for attempt in 1...3 {
                    let signedIn: Bool = try await app.hop(container).hopAndWait(to: signIn)
                    if signedIn { return .success(attempt) }
                }
                return .success(3)
            } catch {
                return .failure(error)
            }
        }
        // Each attempt's unhop, sent until the stay it meets takes it: false, then true.
        for value in [false, true] {
            var unhopped = false, tries = 0
            while !unhopped, tries < 10_000 {
                tries += 1
                do throws(TransitionError) {
                    try await app.hop(container).unhop(signIn.id, with: value)
                    unhopped = true
                } catch {
                    await Task.yield()
                }
            }
            if !unhopped { flow.cancel() }
        }
        switch await flow.value {
        case .success(2): return nil
        case .success(let attempts): return "a sign-in retried once ended after \(attempts) attempts"
        case .failure(let error): return "a flow hopping again to the screen still current failed: \(error)"
        }
    }

    /// A screen's completion handler unhops with a value of another type than the flow waits
    /// for (a `String` where it takes an `Int`), then with one it takes: the first unhop is
    /// refused to its caller and the flow waits on, so it returns the second. Taken, the first
    /// would fail the flow and use up the stay: the screen would stay with nobody waiting (mutant
    /// ``Mutation/unhopTypeUnchecked``).
    static func wrongTypedUnhop(environment: StressEnvironment) async -> String? {
        let signIn = Screen("signIn", id: ScreenID("flowTyped"))
        guard let app = await launchApp(environment: environment) else { return "the launch app of its own could not be made" }
        let flow = Task(executorPreference: environment.taskExecutor) { () async -> Result<Int, TransitionError> in
            do throws(TransitionError) {
                return .success(try await app.hop(container).hopAndWait(to: signIn))
            } catch {
                return .failure(error)
            }
        }
        var looks = 0
        while await !app.flowWaits(on: signIn.id), looks < 100_000 {
            looks += 1
            await Task.yield()
        }
        guard await app.flowWaits(on: signIn.id) else {
            flow.cancel()
            return "a flow hopping to a screen never came to wait for it: \(await flow.value)"
        }
        do throws(TransitionError) {
            try await app.hop(container).unhop(signIn.id, with: "seven")
            _ = try? await app.hop(container).unhop(signIn.id, with: 7)
            return "an unhop with a String was taken by a flow waiting for an Int, which ended with \(await flow.value)"
        } catch {
            guard case .container(.unhopValueMismatch, _) = error else {
                flow.cancel()
                return "an unhop with a value the flow does not take was refused as \(error)"
            }
        }
        do throws(TransitionError) {
            try await app.hop(container).unhop(signIn.id, with: 7)
        } catch {
            flow.cancel()
            return "after a refused unhop of another type, the screen's unhop with the flow's type was refused: \(error)"
        }
        switch await flow.value {
        case .success(7): return nil
        case let other: return "a flow waiting for an Int unhopped with 7 ended with \(other)"
        }
    }

    /// A hop container showing a stack: a screen pushed on it, then one presented over it, is not
    /// the container's current child, so its unhop is refused (mutant
    /// ``Mutation/hopChildAnywhereInside``). Nil when both were refused, else what broke.
    static func unhopInsideTheChild(environment: StressEnvironment) async -> String? {
        let stack = WindowContent.stack(StackContainer(id: "flowChild", root: Screen("a", id: ScreenID("flowChildRoot"))))
        guard
            let app = try? await Coordinator(
                root: .hop(HopContainer(id: container, showing: stack)), clock: environment.clock,
                executor: environment.serialExecutor, taskExecutor: environment.taskExecutor)
        else { return "the app of its own could not be made" }
        let pushed = Screen("b", id: ScreenID("flowPushed")), presented = Screen("m", id: ScreenID("flowPresented"))
        guard (try? await app.stack("flowChild").push(pushed)) != nil else { return "the push onto the hop's stack failed" }
        guard (try? await app.present(.screen(presented), from: .container("flowChild"))) != nil else {
            return "the present over the hop's stack failed"
        }
        for screen in [pushed, presented] {
            do throws(TransitionError) {
                try await app.hop(container).unhop(screen.id, with: 1)
                return "\(screen.id), inside the stack hop \(container) shows, unhopped as if it were the current child"
            } catch {
                guard case .container(.notCurrent, _) = error else { return "the unhop of \(screen.id) was refused as \(error)" }
            }
        }
        return nil
    }

    /// A screen awaits its arrival (``Coordinator/arrival(of:)``) while the app is locked and the
    /// only request that would show it, deferred until the unlock, was cancelled: nothing will ever
    /// show it, so the answer is nil, and at once, not at the unlock (mutant
    /// ``Mutation/arrivalAwaitsDeadWaiters``: the cancelled entry, which its lane keeps until the
    /// unlock, counted as a request that may still show it). Nil when it answered nil in time.
    static func arrivalPastCancelledDeferred(environment: StressEnvironment) async -> String? {
        guard let configuration = try? CoordinatorConfiguration(lock: LifecycleCover(screen: Screen("flowPin"), level: .medium))
        else { return "a configuration with a lock was refused" }
        let app = await Coordinator(
            root: Screen("start"), configuration: configuration, clock: environment.clock,
            executor: environment.serialExecutor, taskExecutor: environment.taskExecutor)
        _ = try? await app.setApplicationState(.background)
        guard await app.snapshot.isLocked else { return "an app with a lock was not locked in the background" }
        var probe = EventProbe(app)
        let toast = Screen("toast", id: ScreenID("flowToast"))
        let request = Task(executorPreference: environment.taskExecutor) {
            try await app.openWindow(toast, at: .high, whenLocked: .deferUntilUnlocked)
        }
        await probe.waiting(.push(toast, at: .high))
        request.cancel()
        _ = await request.result
        let answered = Locked(false)
        let arrival = Task(executorPreference: environment.taskExecutor) {
            let place = await app.arrival(of: toast.id)
            answered.withLock { $0 = true }
            return place
        }
        // The answer needs no event: it comes while the app stays locked, or never.
        var looks = 0
        while !answered.withLock({ $0 }), looks < 200 {
            looks += 1
            try? await environment.sleep(.milliseconds(1))
        }
        let inTime = answered.withLock { $0 }
        // Ends a wait that nothing else would.
        _ = try? await app.setApplicationState(.active)
        arrival.cancel()
        let place = await arrival.value
        guard inTime else {
            return "arrival(of:) of a screen whose only request, deferred while locked, was cancelled still waited while locked"
        }
        return place == nil ? nil : "arrival(of:) of a screen never shown gave a place: \(String(describing: place))"
    }
}
