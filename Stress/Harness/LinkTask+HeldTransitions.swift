import TestSupport
import TransitionCoordinator

/// Requests that arrive while a transition holds the slot and must not be answered as if it had
/// ended: a link to where a swipe the user still holds would lead (it waits for the finger), and
/// a resume asked from inside an animation (refused at once as re-entrant, not sent behind it).
/// Each runs on an app of its own, the harness app's registry, with no other task in the way, so
/// every run reaches it.
extension LinkTask {
    /// A swipe back held on `lroot`, and meanwhile a `.preempt` link to where it leads; then the
    /// user lets go without finishing it. The link must wait for the finger and then run: answered
    /// already there while the swipe could still be cancelled, the app would never get there
    /// (mutant ``Mutation/heldGestureSureToCommit``). An app without guards: with one, a gesture is
    /// not yet vetted anyway.
    static func preemptDuringHeldSwipe(environment: StressEnvironment, checker: StressChecker) async {
        let screens = registry()
        let app = await Coordinator(
            root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: screens)
        let back = Route(absolute: true, [.push(RouteTarget("lhome"))])
        guard let swipe = await swipeBack(on: app, checker: checker) else { return }
        let link = Task(executorPreference: environment.taskExecutor) {
            () async -> Result<TransitionRecord?, TransitionError> in
            do throws(TransitionError) {
                return .success(try await app.navigate(to: back, policy: .preempt))
            } catch {
                return .failure(error)
            }
        }
        // The finger stays down a while: the link reaches the coordinator meanwhile.
        try? await environment.sleep(.milliseconds(1))
        await swipe.cancel()
        let answer = await link.value
        let shows = await app.snapshot.rootWindow?.content
        let expected = try? RouteCompiler.content(for: back, registry: screens)
        if let broken = heldSwipeWaited(answer: answer, shows: shows, expected: expected) {
            await checker.noteViolation(.init(.atomic, broken))
        }
    }

    /// A swipe back held on `lroot`, and meanwhile a `.preempt` request to open a window, whose
    /// caller gives up while it waits; then the user lets go. Nothing was sure to come while the
    /// finger was down, so the request cut nothing and stays cancellable: it must end cancelled,
    /// with nothing opened, not be held to running on the state the swipe would have left
    /// (mutant ``Mutation/preemptPlansOnUnvetted``).
    static func preemptDuringHeldSwipeWithdrawn(environment: StressEnvironment, checker: StressChecker) async {
        let app = await Coordinator(
            root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: registry())
        guard let swipe = await swipeBack(on: app, checker: checker) else { return }
        let request = TransitionRequest.push(Screen("lalert"), at: .low)
        let preempting = Task(executorPreference: environment.taskExecutor) {
            () async -> Result<TransitionRecord, TransitionError> in
            do throws(TransitionError) {
                return .success(try await app.openWindow(Screen("lalert"), at: .low, policy: .preempt))
            } catch {
                return .failure(error)
            }
        }
        // The finger stays down a while: the request reaches the coordinator and waits meanwhile.
        try? await environment.sleep(.milliseconds(1))
        preempting.cancel()
        await swipe.cancel()
        let answer = await preempting.value
        let opened = await app.snapshot.window(at: .low)
        if answer != .failure(.refused(.cancelled(request))) || opened != nil {
            let said =
                switch answer {
                case .success(let record): "ran as \(record.id)"
                case .failure(let error): "was refused as \(error.code)"
                }
            await checker.noteViolation(
                .init(
                    .atomic,
                    "a .preempt request made while a swipe was held, its caller cancelled while it waited, \(said)"
                        + (opened == nil ? "" : ", and opened its window")))
        }
    }

    /// A navigation behind sign-in, on an app of its own: redirected, its request kept; once
    /// signed in, a resume from a task cancelled before admission is refused and changes nothing,
    /// so the request must stay kept: the next resume shows the secure screen (mutant
    /// ``Mutation/refusedResumeDropsRequest``).
    static func cancelledResumeKeepsRequest(environment: StressEnvironment, checker: StressChecker) async {
        let session = Session()
        let app = await guardedApp(session: session, environment: environment)
        guard let secure = try? Route(parsing: Self.secure[0]) else { return }
        guard
            await redirected("\(secure)", checker: checker, { () throws(TransitionError) in try await app.navigate(to: secure) })
        else { return }
        _ = await app.redirectOutcome()
        session.signIn()
        let cancelled = Task(executorPreference: environment.taskExecutor) {
            () async -> Result<TransitionRecord?, TransitionError> in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(TransitionError) {
                return .success(try await app.resumeRedirected())
            } catch {
                return .failure(error)
            }
        }
        guard case .failure(.refused(.cancelled)) = await cancelled.value else {
            await checker.noteViolation(.init(.answered, "a resume from a cancelled task was not refused as cancelled"))
            return
        }
        let again: Result<TransitionRecord?, TransitionError>
        do throws(TransitionError) {
            again = .success(try await app.resumeRedirected())
        } catch {
            again = .failure(error)
        }
        let shows = await app.snapshot.rootWindow?.content.topScreen.name
        if shows != "lsecure" {
            await checker.noteViolation(
                .init(
                    .answered,
                    "after a resume refused as cancelled, which changed nothing, the next resume gave \(again) "
                        + "and the app shows \(shows ?? "nothing"): the request behind sign-in was lost"))
        }
    }

    /// A navigation behind sign-in, on an app of its own, redirected while another transition
    /// waits behind it; the person signs in at once, and the app resumes while the navigation to
    /// sign-in still waits behind that transition. The resume must wait behind the sign-in: the
    /// secure screen shows last, not the sign-in over it (a sign-in that went in line only once
    /// its own task ran, after the resume, failed it).
    static func resumeBehindItsRedirect(environment: StressEnvironment, checker: StressChecker) async {
        let session = Session()
        let app = await guardedApp(session: session, environment: environment)
        guard let secure = try? Route(parsing: Self.secure[0]) else { return }
        var probe = EventProbe(app)
        let (first, second) = (GatedAnimator(), GatedAnimator())
        // A window opening holds the slot; the secure navigation, then another window, wait behind it.
        let opening = Task(executorPreference: environment.taskExecutor) {
            _ = try? await app.openWindow(Screen("lover"), at: .low, animator: first)
        }
        await first.started()
        let navigation = Task(executorPreference: environment.taskExecutor) { () async -> TransitionError? in
            do throws(TransitionError) {
                try await app.navigate(to: secure, policy: .enqueue)
                return nil
            } catch {
                return error
            }
        }
        _ = await probe.next { if case .waiting = $0 { true } else { false } }
        let behind = Task(executorPreference: environment.taskExecutor) {
            _ = try? await app.openWindow(Screen("lbehind"), at: .medium, animator: second, policy: .enqueue)
        }
        _ = await probe.next { if case .waiting = $0 { true } else { false } }
        // The secure navigation runs, is redirected, and the window behind it takes the slot.
        first.open()
        guard case .redirected? = await navigation.value else {
            await checker.noteViolation(.init(.answered, "\(secure) before sign-in was not redirected"))
            return
        }
        // Time for the resume to reach the coordinator while the sign-in waits behind the window.
        let resume = await resumeSignedIn(app, session, waiting: 5, environment: environment)
        second.open()
        let resumed = await resume.value
        _ = await app.redirectOutcome()
        await opening.value
        await behind.value
        let shows = await app.snapshot.rootWindow?.content.topScreen.name
        let before = resumed?.before.rootWindow?.content.topScreen.name
        if shows != "lsecure" || before != "lsignin" {
            await checker.noteViolation(
                .init(
                    .answered,
                    "a request resumed at once after its redirect, while the sign-in navigation waited behind another "
                        + "transition, committed over \(before ?? "nothing"), and the app shows \(shows ?? "nothing"): "
                        + "the sign-in must come first, the secure screen last"))
        }
    }

    /// A swipe back begun on `app` over `lfeed`, pushed on the root stack; nil, noted, when it
    /// could not begin.
    static func swipeBack(on app: Coordinator, checker: StressChecker) async -> InteractiveGesture? {
        do throws(TransitionError) {
            try await app.navigate(to: Route(absolute: true, [.push(RouteTarget("lhome")), .push(RouteTarget("lfeed"))]))
            return try await app.beginGesture(.pop("lroot"))
        } catch {
            await checker.noteViolation(.init(.answered, "a swipe back on an app of its own could not begin: \(error)"))
            return nil
        }
    }

    /// Whether `attempt`, behind sign-in, was redirected; else notes what it did instead.
    static func redirected(
        _ what: String, checker: StressChecker, _ attempt: () async throws(TransitionError) -> Void
    ) async -> Bool {
        do throws(TransitionError) {
            try await attempt()
            await checker.noteViolation(.init(.answered, "\(what) was let through before sign-in"))
        } catch {
            if case .redirected = error { return true }
            await checker.noteViolation(.init(.answered, "\(what) before sign-in was refused as \(error), not redirected"))
        }
        return false
    }

    /// Signs `session` in and resumes on `app` from a task of its own, then lets `milliseconds`
    /// of the run's clock pass (time for the resume to go as far as it may); returns its task.
    static func resumeSignedIn(
        _ app: Coordinator, _ session: Session, waiting milliseconds: Int, environment: StressEnvironment
    ) async -> Task<TransitionRecord?, Never> {
        session.signIn()
        let resume = Task(executorPreference: environment.taskExecutor) { () async -> TransitionRecord? in
            try? await app.resumeRedirected()
        }
        for _ in 0..<milliseconds { try? await environment.sleep(.milliseconds(1)) }
        return resume
    }

    /// A window behind sign-in opened below the lock, on a locked app of its own: redirected, its
    /// navigation to sign-in waits for the unlock (a navigation closes what stands above the
    /// root), while a resume's request, below the lock, could run at once. Signed in, the app
    /// resumes, then unlocks: the resume must wait for the sign-in, so the window it opens is
    /// still open at the end, over the sign-in (mutant ``Mutation/resumeSkipsRedirectWait``:
    /// the window opened at once, then closed by the sign-in).
    static func resumeWhileLockedAfterRedirect(environment: StressEnvironment, checker: StressChecker) async {
        let session = Session()
        guard let configuration = try? CoordinatorConfiguration(lock: LifecycleCover(screen: Screen("lpin"), level: .medium))
        else { return }
        let app = await Coordinator(
            root: Screen("lhome"), configuration: configuration, clock: environment.clock,
            executor: environment.serialExecutor, taskExecutor: environment.taskExecutor, screens: registry(),
            guards: guards(session: session))
        _ = try? await app.setApplicationState(.background)
        _ = try? await app.setApplicationState(.active)
        guard await app.snapshot.isLocked else { return }
        guard
            await redirected(
                "a window of lsecure", checker: checker,
                { () throws(TransitionError) in try await app.openWindow(Screen("lsecure"), at: .low) })
        else { return }
        // Time for a resume that does not wait to run while locked.
        let resume = await resumeSignedIn(app, session, waiting: 20, environment: environment)
        _ = try? await app.unlock(policy: .enqueue)
        let resumed = await resume.value
        _ = await app.redirectOutcome()
        let opened = await app.snapshot.window(at: .low)?.content.topScreen.name
        let before = resumed?.before.rootWindow?.content.topScreen.name
        if opened != "lsecure" || before != "lsignin" {
            await checker.noteViolation(
                .init(
                    .answered,
                    "a window behind sign-in resumed while locked, its sign-in waiting for the unlock, committed over "
                        + "\(before ?? "nothing") and is \(opened == nil ? "closed" : "open") at the end: it must "
                        + "wait for the sign-in, and stay open over it"))
        }
    }

    /// A swipe back behind sign-in (a guard redirects a gesture's commit), on an app of its own;
    /// signed in, the app resumes it. The resumed pop is the app's request, not a gesture the user
    /// holds: held as one, a lifecycle event meanwhile would cut it while its guards decide, and
    /// two transitions would overlap (mutant ``Mutation/resumedGestureHeld``).
    static func resumedGestureIsTheApps(environment: StressEnvironment, checker: StressChecker) async {
        let signedIn = Locked(false)
        let gesture = NavigationGuard("gesture") { context in
            context.source == .gesture && !signedIn.withLock({ $0 }) ? .redirect(Self.signIn) : .allow
        }
        let app = await Coordinator(
            root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: registry(), guards: [gesture])
        guard let swipe = await swipeBack(on: app, checker: checker) else { return }
        guard await redirected("a swipe's commit", checker: checker, { () throws(TransitionError) in try await swipe.commit() })
        else { return }
        _ = await app.redirectOutcome()
        signedIn.withLock { $0 = true }
        var probe = EventProbe(app)
        let resumed = Task(executorPreference: environment.taskExecutor) { () async -> TransitionRecord? in
            try? await app.resumeRedirected()
        }
        let began = await probe.next { if case .began = $0 { true } else { false } }
        let record = await resumed.value
        guard case .began(let transition, _)? = began, transition.source == .app, record?.source == .app else {
            await checker.noteViolation(
                .init(
                    .answered,
                    "a swipe's commit resumed after sign-in began as \(String(describing: began)) and gave "
                        + "\(String(describing: record)): it is the app's request, not a gesture the user holds"))
            return
        }
    }

    /// A link behind sign-in, parked on an app of its own; a first resume held at the session
    /// guard (which redirects it again: the person was not signed in when it arrived), then, once
    /// signed in, two more resumes while that trip is out. Both wait for the link's next trip and
    /// must hear its one navigation; the one that finds the other waiting told nil at once, while
    /// the link goes on (mutant ``Mutation/thirdResumeAnsweredNil``), is a caller told nothing is kept.
    static func threeResumesShareATrip(environment: StressEnvironment, checker: StressChecker) async {
        let session = Session()
        let (holding, gate) = (Locked(false), Gate())
        let app = await Coordinator(
            root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: registry(),
            guards: guards(session: session, hesitate: { if holding.withLock({ $0 }) { await gate.wait() } }))
        // Kept to the end: a coordinator holds a parked link's inbox weakly.
        guard let inbox = await parkedSecureLink(on: app, checker: checker) else { return }
        defer { withExtendedLifetime(inbox) {} }
        holding.withLock { $0 = true }
        let asks = session.asks
        let first = Task(executorPreference: environment.taskExecutor) { try? await app.resumeRedirected() }
        for _ in 0..<2_000 where session.asks == asks { await Task.yield() }
        session.signIn()
        let later = (0..<2).map { _ in
            Task(executorPreference: environment.taskExecutor) { () async -> TransitionRecord?? in
                try? await app.resumeRedirected()
            }
        }
        for _ in 0..<2_000 { await Task.yield() }
        gate.open()
        _ = await first.value
        let answers = [await later[0].value, await later[1].value]
        // What the link's navigation showed (the sign-in navigation of the redirect may commit after it).
        let shows = answers[0].flatMap { $0 }?.after.rootWindow?.content.topScreen.name
        if answers[0] != answers[1] || shows != "lsecure" {
            func said(_ answer: TransitionRecord??) -> String {
                switch answer {
                case .none: "an error"
                case .some(.none): "nil"
                case .some(.some(let record)): "\(record.id)"
                }
            }
            await checker.noteViolation(
                .init(
                    .answered,
                    "two resumes asked while a link's trip was out heard \(said(answers[0])) and \(said(answers[1])), "
                        + "showing \(shows ?? "nothing"): each must hear the link's one navigation"))
        }
    }

    /// An open inbox on `app` holding a link behind sign-in, redirected and parked, the sign-in
    /// screen shown (the redirect's own navigation over); nil, with the violation noted, when the
    /// link was not parked.
    static func parkedSecureLink(on app: Coordinator, checker: StressChecker) async -> LinkInbox? {
        let inbox = LinkInbox(coordinator: app, configuration: .init(expiry: .seconds(3_600), startsOpen: true))
        guard let secure = try? Route(parsing: Self.secure[0]) else { return nil }
        await inbox.post(secure, expiry: .seconds(3_600))
        await inbox.idle()
        _ = await app.redirectOutcome()
        guard await inbox.hasParkedLink else {
            await checker.noteViolation(.init(.answered, "a link behind sign-in was not parked on an app of its own"))
            return nil
        }
        return inbox
    }

    /// Nil when a `.preempt` link to where a held swipe led, the swipe then cancelled, left the app
    /// showing the link's content (`expected`); else what broke.
    package static func heldSwipeWaited(
        answer: Result<TransitionRecord?, TransitionError>, shows: WindowContent?, expected: WindowContent?
    ) -> String? {
        guard let expected else { return "the link back does not compile" }
        if shows == expected { return nil }
        let said =
            switch answer {
            case .success(nil): "already there"
            case .success(let record?): "with \(record.id)"
            case .failure(let error): "refused as \(error.code)"
            }
        return "a .preempt link to where a held swipe led was answered \(said); the swipe then cancelled, "
            + "the app shows \(shows.map(\.description) ?? "nothing"), not \(expected)"
    }

    /// A link parked behind sign-in on an app of its own (signed out), then a push the app animates
    /// whose animator asks to resume it: a request from inside the transition in flight, refused at
    /// once as re-entrant with the link kept. Sent behind its own transition, it would hold the
    /// animation to its timeout (mutant ``Mutation/resumeWaitsOnItsOwnTransition``).
    static func resumeFromAnimation(environment: StressEnvironment, checker: StressChecker) async {
        let app = await Coordinator(
            root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: registry(), guards: guards(session: Session()))
        guard let inbox = await parkedSecureLink(on: app, checker: checker) else { return }
        let answer = Locked<Result<TransitionRecord?, TransitionError>?>(nil)
        do throws(TransitionError) {
            let record = try await app.stack("lroot").push(
                Screen("lalert"), animator: ResumingAnimator(coordinator: app, answer: answer), policy: .enqueue)
            if let broken = resumeAnsweredAtOnce(record, answer: answer.withLock { $0 }) {
                await checker.noteViolation(.init(.serial, broken))
            }
        } catch {
            await checker.noteViolation(.init(.answered, "a push on an app of its own was refused: \(error)"))
        }
        if await !inbox.hasParkedLink {
            await checker.noteViolation(.init(.answered, "a resume refused as re-entrant let the parked link go"))
        }
    }

    /// Nil when the animator of `record`'s transition, which only asks `resumeRedirected()`, ran to
    /// its end with the answer re-entrant in that transition; else what broke.
    package static func resumeAnsweredAtOnce(
        _ record: TransitionRecord, answer: Result<TransitionRecord?, TransitionError>?
    ) -> String? {
        guard record.animation == .ran else {
            return "\(record.id)'s animator, which only asks resumeRedirected(), ended \(record.animation): "
                + "the resume waited behind its own transition"
        }
        if case .failure(.refused(.reentrant(let inFlight)))? = answer, inFlight.id == record.id { return nil }
        return "resumeRedirected() asked from inside \(record.id)'s animator was answered "
            + "\(answer.map { "\($0)" } ?? "never"), not at once as re-entrant"
    }
}

/// An animator that asks to resume the request a guard redirected, from inside its transition,
/// and keeps the answer.
struct ResumingAnimator: Animator {
    let coordinator: Coordinator
    let answer: Locked<Result<TransitionRecord?, TransitionError>?>

    func animate(_ context: TransitionContext) async throws {
        let result: Result<TransitionRecord?, TransitionError>
        do throws(TransitionError) {
            result = .success(try await coordinator.resumeRedirected())
        } catch {
            result = .failure(error)
        }
        answer.withLock { $0 = result }
    }
}
