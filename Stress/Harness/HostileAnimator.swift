import TransitionCoordinator

/// The kinds of animator the harness hands out, from polite to hostile.
public enum AnimatorKind: String, Sendable, Hashable, CaseIterable {
    /// No animator at all.
    case none
    /// Returns at once.
    case instant
    /// Sleeps a random delay on the clock.
    case delayed
    /// A callback animator that never calls finish (ends at the timeout).
    case neverFinishing
    /// A callback animator that calls finish twice.
    case finishingTwice
    /// Throws.
    case throwing
    /// A callback animator that finishes only after the coordinator gave up on it (twice, even).
    case finishingLate
    /// Asks the coordinator for a transition from inside, directly and from a task it starts.
    case reentrant
    /// Starts a task that, once this transition ended, asks for the next one with an animator of
    /// this kind (up to three hops): the task carries the ended transition's re-entrancy marker.
    case chained
    /// Waits its delay in a task of its own, ignoring cancellation, then returns.
    case stubborn
}

extension AnimatorKind {
    /// The fault this kind injects, if it is a hostile one.
    var fault: FaultPlan.Kind? {
        switch self {
        case .none, .instant: nil
        case .delayed: .delayedAnimator
        case .neverFinishing: .neverFinishingAnimator
        case .finishingTwice: .twiceFinishingAnimator
        case .throwing: .throwingAnimator
        case .finishingLate: .lateFinishingAnimator
        case .reentrant: .reentrantAnimator
        case .chained: .chainedAnimator
        case .stubborn: .stubbornAnimator
        }
    }
}

/// An animator of one ``AnimatorKind`` that reports every call to the checker.
struct HostileAnimator: Animator {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "hostile animator threw" }
    }

    let kind: AnimatorKind
    let delay: Duration
    let coordinator: Coordinator
    let checker: StressChecker
    let environment: StressEnvironment
    /// How long a late-finishing animator waits before finishing: past the coordinator's timeout.
    let lateBy: Duration
    /// The host, whose live windows the animator checks at its first line.
    let host: HarnessHost
    /// How many chained hops led to this animator.
    var hops = 0
    /// The coordinator's animation timeout.
    let timeout: Duration
    /// The ``SeamMutant/noCancelOnCut`` seam mutant: the animator runs in a task of its own, which
    /// a cut (preemption, lifecycle event, the caller's cancellation) never reaches.
    var cutUnheard = false

    func animate(_ context: TransitionContext) async throws {
        if cutUnheard {
            var unheard = self
            unheard.cutUnheard = false
            // Unstructured: it keeps the task-locals (the re-entrancy chain), not the cancellation.
            try await Task(executorPreference: environment.taskExecutor) { try await unheard.animate(context) }.value
            return
        }
        // First, before any await: the windows handed over must be live, and the re-entrancy
        // chain must hold only this transition (the harness nests no transition in another).
        let live = host.liveWindows
        let contextWindows =
            [context.topFromWindow, context.topToWindow]
            + (context.underlyingFromWindows + context.underlyingToWindows).compactMap(\.managedWindow)
        let dead = contextWindows.map(\.id).filter { !live.contains($0) }
        let depth = TransitionScope.depth
        await checker.animatorCalled(context.transitionID, deadWindows: dead, chainDepth: depth)
        if let change = context.contentChange {
            await checker.animatorKind(
                context.transitionID, told: change.animation,
                derived: .between(change.before, change.after))
        }
        // What anyone reading the coordinator sees while it animates: still the committed state.
        let (seen, inFlight) = await coordinator.snapshotInFlight
        if inFlight == context.transitionID { await checker.animatorSaw(context.transitionID, seen) }
        let entered = environment.elapsed()
        do {
            try await body(context)
        } catch {
            await checkStillLive(contextWindows, transition: context.transitionID, since: entered)
            await checkLetGoInTime(context.transitionID, since: entered)
            noteReturn(context.transitionID)
            throw error
        }
        await checkStillLive(contextWindows, transition: context.transitionID, since: entered)
        await checkLetGoInTime(context.transitionID, since: entered)
        noteReturn(context.transitionID)
    }

    /// An animator that never finishes is let go (its task cancelled) when its timeout passes, if
    /// nothing cut it earlier: never later. Exact in simulation only, where an animator is entered
    /// the moment its timer starts and a timer fires at its deadline.
    private func checkLetGoInTime(_ transition: TransitionID, since entered: Duration) async {
        guard environment.isSimulated, kind == .neverFinishing else { return }
        let held = environment.elapsed() - entered
        if held > timeout { await checker.animatorHeldPastTimeout(transition, held: held, timeout: timeout) }
    }

    /// The last line before returning: whether a cut has reached this task (simulation only).
    private func noteReturn(_ transition: TransitionID) {
        guard environment.isSimulated else { return }
        checker.animatorReturned(transition, cancelled: Task.isCancelled)
    }

    /// The windows stay live until the animator returns, unless its timeout passed first. Exact
    /// in simulation only: in virtual time an animator is entered the moment its timer starts.
    private func checkStillLive(_ windows: [ManagedWindow], transition: TransitionID, since entered: Duration) async {
        guard environment.isSimulated, environment.elapsed() - entered < timeout else { return }
        let live = host.liveWindows
        let dead = windows.map(\.id).filter { !live.contains($0) }
        if !dead.isEmpty { await checker.animatorOutlivedWindows(transition, dead: dead) }
    }

    private func body(_ context: TransitionContext) async throws {
        switch kind {
        case .none, .instant:
            return
        case .delayed:
            try await environment.sleep(delay)
        case .stubborn:
            // An unstructured task is not cancelled with the animator's: the wait runs its course.
            let (environment, delay) = (environment, delay)
            await Task(executorPreference: environment.taskExecutor) { try? await environment.sleep(delay) }.value
        case .neverFinishing:
            try await CallbackAnimator { _, _ in }.animate(context)
        case .finishingTwice:
            try await CallbackAnimator { _, finish in
                finish()
                finish()
            }.animate(context)
        case .throwing:
            throw Failure()
        case .finishingLate:
            let environment = environment, timeout = lateBy
            try await CallbackAnimator { _, finish in
                Task(executorPreference: environment.taskExecutor) {
                    try? await environment.sleep(timeout)
                    finish()
                    finish()
                }
            }.animate(context)
        case .reentrant:
            let probe = Request.push(Screen("reentrant-probe"), at: .high)
            await checker.reentrantProbe(context.transitionID, answer: await attempt(probe))
            let spawned = Task(executorPreference: environment.taskExecutor) { await attempt(probe) }
            await checker.reentrantProbe(context.transitionID, answer: await spawned.value)
        case .chained:
            guard hops < 3 else { return }
            let transition = context.transitionID
            var next = self
            next.hops += 1
            let request = TransitionRequest.replaceRoot(Screen("chained", id: ScreenID("chain\(hops)")))
            await checker.expectFollowUp()
            // A child of the animator's task: it inherits this transition's marker.
            Task(executorPreference: environment.taskExecutor) {
                await next.checker.waitUntilEnded(transition)
                let answer: Result<TransitionRecord, TransitionError>
                do throws(TransitionError) {
                    answer = .success(try await next.coordinator.perform(request, animator: next, policy: .enqueue))
                } catch {
                    answer = .failure(error)
                }
                await next.checker.followUpAnswered(after: transition, answer: answer)
            }
        }
    }

    private typealias Request = TransitionRequest

    private func attempt(_ request: TransitionRequest) async -> Result<TransitionRecord, TransitionError> {
        do {
            return .success(try await coordinator.perform(request))
        } catch {
            return .failure(error)
        }
    }
}
