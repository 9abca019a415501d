import TestSupport
import Testing
import TransitionCoordinator

/// One guard pipeline for every source: allow, deny, redirect and resume, a veto on leaving a
/// screen, a guard that never answers, and one that calls back in.
@Suite("Guards")
struct GuardTests {
    /// Whether the person is signed in; a test flips it.
    final class Session: Sendable {
        let signedIn = Box(false)
    }

    static func guards(_ session: Session, log: Box<[NavigationSource]> = Box([])) -> [NavigationGuard] {
        let signIn = Route(absolute: true, [.push(RouteTarget("home")), .push(RouteTarget("alert"))])
        return [
            NavigationGuard("log") { context in
                log.mutate { $0.append(context.source) }
                return .allow
            },
            NavigationGuard("vault") { context in
                context.arriving.contains { $0.name == "vault" } && !session.signedIn.value ? .redirect(signIn) : .allow
            },
            NavigationGuard("unsaved draft") { context in
                context.leaving.contains { $0.name == "draft" } ? .deny("the draft has unsaved changes") : .allow
            },
        ]
    }

    static func coordinator(
        _ session: Session, log: Box<[NavigationSource]> = Box([]), clock: TestClock = TestClock(),
        configuration: CoordinatorConfiguration = .standard, extra: [NavigationGuard] = []
    ) async -> Coordinator {
        await Coordinator(
            root: Screen("launch"), configuration: configuration, clock: clock, screens: RouteCompilerTests.registry(),
            guards: guards(session, log: log) + extra)
    }

    static func route(_ path: String) throws -> Route { try Route(parsing: path) }
    static func root(_ coordinator: Coordinator) async -> WindowContent? { await coordinator.snapshot.windowList.first?.content }

    /// One transition from each source, in this order: app, link, restoration, app, user, app,
    /// gesture, lifecycle; returns the link's outcome.
    static func oneOfEachSource(_ coordinator: Coordinator) async throws -> LinkOutcome {
        try await coordinator.navigate(to: try route("^/home/friend"))
        let inbox = LinkInbox(coordinator: coordinator, startsOpen: true)
        let linked = await inbox.receive(try route("^/home/mail"))
        try await coordinator.restore(
            SavedNavigation(route: try route("^/home"), schema: 1, savedAt: .zero),
            policy: RestorationPolicy(), now: .zero)
        try await coordinator.navigate(to: try route("^/home/friend"))
        try await coordinator.perform(.userDid(.pop(ContainerID("^"))))
        try await coordinator.navigate(to: try route("^/home/friend"))
        let swipe = try await coordinator.beginGesture(.pop(ContainerID("^")))
        try await swipe.commit()
        try await coordinator.setApplicationState(.inactive)
        return linked
    }

    @Test("guards are asked for the app's requests, links, restoration and gestures, not for the user's reports or the lifecycle")
    func everySource() async throws {
        let log = Box<[NavigationSource]>([])
        _ = try await Self.oneOfEachSource(await Self.coordinator(Session(), log: log))
        #expect(log.value == [.app, .link, .restoration, .app, .app, .gesture])
    }

    @Test(
        "each transition's began says its source and link, as its record does: app, link, restoration, user, gesture, lifecycle")
    func beganSaysTheSource() async throws {
        let coordinator = await Self.coordinator(Session())
        let events = coordinator.events()
        guard case .navigated(let linked) = try await Self.oneOfEachSource(coordinator) else {
            Issue.record("the link did not navigate")
            return
        }
        var began: [InFlightTransition] = [], ended: [TransitionRecord] = []
        for await event in events {
            if case .began(let transition, _) = event { began.append(transition) }
            if case .ended(let record) = event { ended.append(record) }
            if ended.count == 8 { break }
        }
        #expect(began.map(\.source) == [.app, .link, .restoration, .app, .user, .app, .gesture, .lifecycle])
        #expect(began.map(\.source) == ended.map(\.source))
        #expect(began.map(\.link) == ended.map(\.link))
        #expect(began[1].link == linked.link && linked.link != nil, "the link's id is on its began, its record and its outcome")
        #expect(began.allSatisfy { $0.link == nil || $0.source == .link })
    }

    @Test("a denial names the guard and changes nothing; observers see the transition begin and be cancelled")
    func deny() async throws {
        let coordinator = await Self.coordinator(Session())
        try await coordinator.navigate(to: try Self.route("^/home/draft"))
        let before = await coordinator.snapshot
        var probe = EventProbe(coordinator)
        await #expect(throws: TransitionError.denied(guard: "unsaved draft", reason: "the draft has unsaved changes")) {
            try await coordinator.navigate(to: try Self.route("^/home/friend"))
        }
        #expect(await coordinator.snapshot == before)
        let began = await probe.next { if case .began = $0 { true } else { false } }
        let cancelled = await probe.next { if case .cancelled = $0 { true } else { false } }
        #expect(began != nil && cancelled != nil)
        await #expect(throws: TransitionError.self) { try await coordinator.perform(.content(.pop(ContainerID("^")))) }
    }

    @Test("a veto on leaving a screen cancels the user's interactive pop: nothing changes, the gesture ends")
    func vetoCancelsGesture() async throws {
        let coordinator = await Self.coordinator(Session())
        try await coordinator.navigate(to: try Self.route("^/home/draft"))
        let before = await coordinator.snapshot
        let swipe = try await coordinator.beginGesture(.pop(ContainerID("^")))
        await #expect(throws: TransitionError.denied(guard: "unsaved draft", reason: "the draft has unsaved changes")) {
            try await swipe.commit()
        }
        #expect(await coordinator.snapshot == before)
        try await coordinator.openWindow(Screen("toast"), at: .low) // the slot was handed on
    }

    @Test("a redirect sends the app to sign-in, keeps the request, and resumes it once signed in")
    func redirectAndResume() async throws {
        let session = Session()
        let coordinator = await Self.coordinator(session)
        var probe = EventProbe(coordinator)
        let vault = try Self.route("^/home/vault(code=1234)")
        await #expect(throws: TransitionError.redirected(guard: "vault", to: try Self.route("^/home/alert"))) {
            try await coordinator.navigate(to: vault)
        }
        _ = await probe.next { if case .ended(let record) = $0, record.kind == .navigate { true } else { false } }
        #expect(await Self.root(coordinator) == (try RouteCompilerTests.content("^/home/alert")))
        session.signedIn.mutate { $0 = true }
        let resumed = try #require(try await coordinator.resumeRedirected())
        #expect(resumed.after.windowList[0].content == (try RouteCompilerTests.content("^/home/vault(code=1234)")))
        #expect(try await coordinator.resumeRedirected() == nil, "resumed once")
    }

    @Test("a redirect's navigation goes in line before the redirected request is answered: a resume at once commits after it")
    func resumeAtOnceWaitsForTheRedirect() async throws {
        let session = Session()
        let executor = HeldTaskExecutor()
        // The redirect's navigation is carried out by a task that prefers the executor: held from
        // the guard's redirect on, that task cannot take a step until the test lets it.
        let hold = NavigationGuard("hold") { context in
            if context.arriving.contains(where: { $0.name == "vault" }), !session.signedIn.value { executor.hold() }
            return .allow
        }
        let coordinator = await Coordinator(
            root: Screen("launch"), clock: TestClock(), taskExecutor: executor, screens: RouteCompilerTests.registry(),
            guards: [hold] + Self.guards(session))
        var probe = EventProbe(coordinator)
        let vault = try Self.route("^/home/vault(code=1234)")
        await #expect(throws: TransitionError.redirected(guard: "vault", to: try Self.route("^/home/alert"))) {
            try await coordinator.navigate(to: vault)
        }
        let lined = await probe.drain().contains { Self.isArrival($0, of: "navigate to ^/home/alert") }
        #expect(lined, "the navigation to sign-in is in line when the redirected request is answered")

        session.signedIn.mutate { $0 = true }
        // The resume waits for that navigation's end: let its task go.
        let resume = Task { try await coordinator.resumeRedirected() }
        executor.release()
        let record = try #require(try await resume.value)
        #expect(record.before.windowList[0].content == (try RouteCompilerTests.content("^/home/alert")), "after the sign-in")
        #expect(await Self.root(coordinator) == (try RouteCompilerTests.content("^/home/vault(code=1234)")))
        #expect(await coordinator.redirectOutcome().map { (try? $0.get()) != nil } == true)
    }

    @Test("a resume asked while locked waits for the redirect's navigation, deferred until the unlock, and commits after it")
    func resumeWhileLockedWaitsForTheRedirect() throws {
        // Every job runs when the test says: the resume runs as far as it can before the unlock.
        let scheduler = SteppedScheduler()
        let signedIn = Box(false)
        let signIn = try Route(parsing: "^/home/alert")
        let vault = NavigationGuard("vault") { context in
            context.arriving.contains { $0.name == "vault" } && !signedIn.value ? .redirect(signIn) : .allow
        }
        let configuration = try CoordinatorConfiguration(lock: LifecycleCover(screen: Screen("pin"), level: .medium))
        let parts = Box<Coordinator?>(nil)
        let resumed = Box<Result<TransitionRecord?, TransitionError>?>(nil)
        let unlocked = Box(false)
        _ = Task.detached(executorPreference: scheduler.taskExecutor) {
            let app = await Coordinator(
                root: Screen("launch"), configuration: configuration, clock: TestClock(), executor: scheduler.serialExecutor,
                taskExecutor: scheduler.taskExecutor, screens: RouteCompilerTests.registry(), guards: [vault])
            _ = try? await app.setApplicationState(.background)
            _ = try? await app.setApplicationState(.active)
            // A window below the lock: redirected; the navigation to sign-in waits for the unlock.
            _ = try? await app.perform(.push(Screen("vault"), at: .low))
            signedIn.value = true
            parts.value = app
            _ = Task(executorPreference: scheduler.taskExecutor) { resumed.value = await Self.resume(app) }
        }
        scheduler.runDry()
        let app = try #require(parts.value)
        #expect(resumed.value == nil, "the resume waits for the sign-in, which waits for the unlock")
        _ = Task.detached(executorPreference: scheduler.taskExecutor) {
            _ = try? await app.unlock(policy: .enqueue)
            unlocked.value = true
        }
        #expect(scheduler.run { unlocked.value && resumed.value != nil })
        guard case .success(let record?)? = resumed.value else {
            Issue.record("the resume answered \(String(describing: resumed.value))")
            return
        }
        #expect(record.before.rootWindow?.content == (try RouteCompilerTests.content("^/home/alert")), "after the sign-in")
        #expect(record.after.window(at: .low)?.content.topScreen.name == "vault")
    }

    @Test("a gesture's commit redirected, then resumed, is the app's request: a lifecycle event waits for its guards")
    func resumedGestureIsTheApps() async throws {
        let signedIn = Box(false)
        let (asked, answer) = (Gate(), Gate())
        let signIn = try Route(parsing: "^/home/alert")
        let gesture = NavigationGuard("gesture") { context in
            context.source == .gesture && !signedIn.value ? .redirect(signIn) : .allow
        }
        let hold = NavigationGuard("hold") { context in
            // The resumed pop: the user's swipe, asked for again.
            if case .userDid = context.request, signedIn.value {
                asked.open()
                await answer.wait()
            }
            return .allow
        }
        let configuration = try CoordinatorConfiguration(
            shield: LifecycleCover(screen: Screen("shield"), level: .high), guardTimeout: .seconds(1000))
        let coordinator = await Coordinator(
            root: Screen("launch"), configuration: configuration, clock: TestClock(),
            screens: RouteCompilerTests.registry(), guards: [gesture, hold])
        try await coordinator.navigate(to: try Route(parsing: "^/home/friend/draft"))
        let swipe = try await coordinator.beginGesture(.pop(ContainerID("^")))
        await #expect(throws: TransitionError.redirected(guard: "gesture", to: signIn)) { try await swipe.commit() }
        _ = await coordinator.redirectOutcome()
        signedIn.mutate { $0 = true }
        var probe = EventProbe(coordinator)
        let resumed = Task { await Self.resume(coordinator) }
        await asked.wait()
        let lifecycle = Task { try await coordinator.setApplicationState(.inactive) }
        let lane = await probe.waiting(.setApplicationState(.inactive))
        #expect(lane == .lifecycle, "the lifecycle event waits while the resumed pop's guards decide")
        answer.open()
        let record = try #require(try await resumed.value.get())
        #expect(record.source == .app, "the user's finger is long gone: the resume is the app's")
        _ = try await lifecycle.value
        #expect(await coordinator.snapshot.shieldWindow != nil)
        #expect(await coordinator.audit().isEmpty)
    }

    /// `resumeRedirected()`'s answer, as a value.
    static func resume(_ coordinator: Coordinator) async -> Result<TransitionRecord?, TransitionError> {
        do throws(TransitionError) { return .success(try await coordinator.resumeRedirected()) } catch { return .failure(error) }
    }

    /// Whether `event` says that the request described as `request` began or went in line.
    static func isArrival(_ event: CoordinatorEvent, of request: String) -> Bool {
        switch event {
        case .waiting(let waiting, _): "\(waiting)" == request
        case .began(let transition, _): "\(transition.request)" == request
        default: false
        }
    }

    @Test("a resume refused before admission (its caller cancelled) changes nothing and keeps the request for the next call")
    func cancelledResumeKeepsTheRequest() async throws {
        let session = Session()
        let coordinator = await Self.coordinator(session)
        let vault = try Self.route("^/home/vault(code=1234)")
        await #expect(throws: TransitionError.self) { try await coordinator.navigate(to: vault) }
        _ = await coordinator.redirectOutcome()
        session.signedIn.mutate { $0 = true }
        let before = await coordinator.snapshot
        let cancelled = Task { () async -> Result<TransitionRecord?, TransitionError> in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(TransitionError) {
                return .success(try await coordinator.resumeRedirected())
            } catch {
                return .failure(error)
            }
        }
        guard case .failure(.refused(.cancelled)) = await cancelled.value else {
            Issue.record("a resume from a cancelled task was not refused as cancelled")
            return
        }
        #expect(await coordinator.snapshot == before, "nothing changed")
        let resumed = try #require(try await coordinator.resumeRedirected(), "the request is still kept")
        #expect(resumed.after.windowList[0].content == (try RouteCompilerTests.content("^/home/vault(code=1234)")))
    }

    @Test(
        "a caller awaits the redirect's navigation: the sign-in screen is up when the outcome comes, and nil before any redirect")
    func redirectOutcomeIsAwaited() async throws {
        let coordinator = await Self.coordinator(Session())
        #expect(await coordinator.redirectOutcome() == nil, "no redirect yet")
        await #expect(throws: TransitionError.redirected(guard: "vault", to: try Self.route("^/home/alert"))) {
            try await coordinator.navigate(to: try Self.route("^/home/vault(code=1234)"))
        }
        let outcome = try #require(await coordinator.redirectOutcome())
        let record = try #require(try outcome.get())
        #expect(record.source == .redirect)
        #expect(record.after.windowList[0].content == (try RouteCompilerTests.content("^/home/alert")))
        #expect(await Self.root(coordinator) == (try RouteCompilerTests.content("^/home/alert")), "sign-in is up")
    }

    @Test("a redirect's navigation that fails gives its error to the caller who awaits it")
    func redirectOutcomeCarriesTheError() async throws {
        // The redirect route names a screen the registry does not know.
        let nowhere = Route(absolute: true, [.push(RouteTarget("nowhere"))])
        let coordinator = await Self.coordinator(
            Session(),
            extra: [
                NavigationGuard("to nowhere") { context in context.source == .app ? .redirect(nowhere) : .allow }
            ])
        await #expect(throws: TransitionError.redirected(guard: "to nowhere", to: nowhere)) {
            try await coordinator.navigate(to: try Self.route("^/home"))
        }
        let outcome = try #require(await coordinator.redirectOutcome())
        #expect(throws: TransitionError.self) { try outcome.get() }
    }

    @Test("a link behind sign-in is parked while sign-in shows, saved with the inbox, and ends once, navigated, when resumed")
    func linkBehindSignIn() async throws {
        let session = Session()
        let coordinator = await Self.coordinator(session)
        var probe = EventProbe(coordinator)
        let inbox = LinkInbox(coordinator: coordinator, startsOpen: true)
        let vault = try Self.route("^/home/vault(code=1234)")
        let id = await inbox.post(vault)
        _ = await probe.next { if case .ended(let record) = $0, record.source == .redirect { true } else { false } }
        await inbox.idle()
        #expect(await Self.root(coordinator) == (try RouteCompilerTests.content("^/home/alert")), "sign-in shows")
        let (parked, endedSoFar) = (await inbox.hasParkedLink, await inbox.endedCount)
        #expect(parked && endedSoFar == 0, "parked, not ended")
        #expect(await inbox.saved().map(\.id) == [id], "a relaunch during sign-in keeps the link")
        session.signedIn.mutate { $0 = true }
        let resumed = try #require(try await coordinator.resumeRedirected())
        #expect(resumed.source == .link && resumed.link == id, "resumed as the same link, through its inbox")
        #expect(resumed.after.windowList[0].content == (try RouteCompilerTests.content("^/home/vault(code=1234)")))
        var outcomes = inbox.outcomes.makeAsyncIterator()
        let ended = try #require(await outcomes.next())
        #expect(ended.id == id && ended.outcome == .navigated(resumed) && ended.delivered)
        let (stillParked, endedNow) = (await inbox.hasParkedLink, await inbox.endedCount)
        #expect(endedNow == 1 && !stillParked)
        #expect(try await coordinator.resumeRedirected() == nil, "resumed once")
    }

    @Test(
        "a resume asked from inside an animation, of a link parked behind sign-in or a request kept, is refused at once as re-entrant, and the request stays kept",
        arguments: [true, false])
    func resumeFromAnimatorIsReentrant(link: Bool) async throws {
        let session = Session()
        let coordinator = await Self.coordinator(session)
        var probe = EventProbe(coordinator)
        let vault = try Self.route("^/home/vault(code=1234)")
        let inbox = LinkInbox(coordinator: coordinator, startsOpen: true)
        if link {
            await inbox.post(vault)
        } else {
            _ = try? await coordinator.navigate(to: vault)
        }
        _ = await probe.next { if case .ended(let record) = $0, record.source == .redirect { true } else { false } }
        await inbox.idle()
        session.signedIn.mutate { $0 = true }
        let answer = Box<Result<TransitionRecord?, TransitionError>?>(nil)
        let resuming = AskingAnimator {
            do throws(TransitionError) {
                answer.value = .success(try await coordinator.resumeRedirected())
            } catch {
                answer.value = .failure(error)
            }
        }
        let pushed = try await coordinator.stack("^").push(Screen("friend"), animator: resuming)
        #expect(pushed.animation == .ran, "the animator's question was answered at once")
        guard case .failure(.refused(.reentrant(let inFlight)))? = answer.value else {
            Issue.record("answered \(String(describing: answer.value)), not re-entrant")
            return
        }
        #expect(inFlight.id == pushed.id)
        let resumed = try #require(try await coordinator.resumeRedirected(), "the request stayed kept")
        #expect(resumed.after.windowList[0].content == (try RouteCompilerTests.content("^/home/vault(code=1234)")))
    }

    @Test("a link parked behind sign-in that a newer link supersedes is not resumed: it ended once, superseded")
    func parkedLinkSuperseded() async throws {
        let coordinator = await Self.coordinator(Session())
        var probe = EventProbe(coordinator)
        let inbox = LinkInbox(coordinator: coordinator, startsOpen: true)
        let parked = await inbox.post(try Self.route("^/home/vault(code=1234)"))
        _ = await probe.next { if case .ended(let record) = $0, record.source == .redirect { true } else { false } }
        await inbox.idle()
        let newer = await inbox.receive(try Self.route("^/home/friend"))
        guard case .navigated = newer else {
            Issue.record("the newer link did not navigate: \(newer)")
            return
        }
        let before = await coordinator.snapshot
        #expect(try await coordinator.resumeRedirected() == nil, "nothing to resume: the link ended")
        #expect(await coordinator.snapshot == before)
        var outcomes = inbox.outcomes.makeAsyncIterator()
        #expect(await outcomes.next()?.outcome == .superseded(by: LinkID(parked.rawValue + 1)))
        #expect(await inbox.endedCount == 2)
    }

    @Test(
        "a .preempt navigation to where a transition still before its guards leads waits for them: when they refuse that one, it runs, never answered already there"
    )
    func preemptWaitsForGuards() async throws {
        let asked = Gate(), answer = Gate()
        let first = Box(true)
        // Refuses the first transition it is asked about, once the test says so; lets the rest through.
        let slow = NavigationGuard("slow") { _ in
            let isFirst = first.update { was in
                defer { was = false }
                return was
            }
            guard isFirst else { return .allow }
            asked.open()
            await answer.wait()
            return .deny("not yet")
        }
        let coordinator = await Self.coordinator(Session(), extra: [slow])
        let route = try Self.route("^/home/friend")
        @Sendable func navigate(_ policy: AdmissionPolicy) async -> Result<TransitionRecord?, TransitionError> {
            do throws(TransitionError) {
                return .success(try await coordinator.navigate(to: route, policy: policy))
            } catch {
                return .failure(error)
            }
        }
        let held = Task { await navigate(.reject) }
        await asked.wait()
        let preempting = Task { await navigate(.preempt) }
        // It waits behind the transition whose guard has not answered (no sleep: its turn is awaited).
        var waits = false
        for _ in 0..<10_000 where !waits {
            waits = await coordinator.waitingRequests.count == 1
            if !waits { await Task.yield() }
        }
        #expect(waits, "the preempting navigation did not wait for the guards of the one in flight")
        answer.open()
        guard case .failure(.denied(guard: "slow", _)) = await held.value else {
            Issue.record("the first navigation was not refused by the slow guard")
            return
        }
        guard case .success(let record?) = await preempting.value else {
            Issue.record("the preempting navigation did not run after the refusal: \(await preempting.value)")
            return
        }
        let expected = try RouteCompiler.content(for: route, registry: RouteCompilerTests.registry())
        #expect(record.after.rootWindow?.content == expected)
    }

    @Test("a guard that never answers denies at the timeout; the slot is handed on")
    func silentGuard() async throws {
        let clock = TestClock()
        let gate = Gate()
        let silent = NavigationGuard("silent") { _ in
            await gate.wait()
            return .allow
        }
        let configuration = try CoordinatorConfiguration(animationTimeout: .milliseconds(300))
        let after = Box<[TransitionRequest]>([])
        let later = NavigationGuard("after the silent one") { context in
            after.mutate { $0.append(context.request) }
            return .allow
        }
        let coordinator = await Self.coordinator(Session(), clock: clock, configuration: configuration, extra: [silent, later])
        let asked = Task { await attempt { try await coordinator.openWindow(Screen("toast"), at: .low) } }
        await clock.sleepers(atLeast: 1, dueIn: .milliseconds(300))
        clock.advance(by: .milliseconds(299))
        #expect(await coordinator.inFlightTransition != nil, "not a moment before the timeout")
        clock.advance(by: .milliseconds(1))
        guard case .failure(.denied(let name, _)) = await asked.value else {
            Issue.record("not denied")
            return
        }
        #expect(name == "silent")
        #expect(await coordinator.snapshot.windowList.count == 1)
        // A late answer asks no one else about a transition that is over; the next transition's guards run alone.
        gate.open()
        try await coordinator.openWindow(Screen("next"), at: .medium, policy: .enqueue)
        #expect(after.value == [.push(Screen("next"), at: .medium)], "the timed-out push was never shown to a later guard")
    }

    @Test("a guard that asks the coordinator for a transition is refused as re-entrant, never deadlocks")
    func reentrantGuard() async throws {
        let answer = Box<String>("")
        let holder = Box<Coordinator?>(nil)
        let calling = NavigationGuard("calling") { _ in
            do throws(TransitionError) {
                try await holder.value?.openWindow(Screen("nested"), at: .high)
                answer.mutate { $0 = "pushed" }
            } catch {
                answer.mutate { $0 = error.code }
            }
            return .allow
        }
        let coordinator = await Self.coordinator(Session(), extra: [calling])
        holder.mutate { $0 = coordinator }
        try await coordinator.openWindow(Screen("toast"), at: .low)
        #expect(answer.value == "reentrant")
    }

    @Test("a restore refused by a guard is a RestorationError naming the denial")
    func guardedRestore() async throws {
        let coordinator = await Self.coordinator(Session())
        try await coordinator.navigate(to: try Self.route("^/home/draft"))
        await #expect(throws: RestorationError.refused(.denied(guard: "unsaved draft", reason: "the draft has unsaved changes")))
        {
            try await coordinator.restore(
                SavedNavigation(route: try Self.route("^/home"), schema: 1, savedAt: .zero),
                policy: RestorationPolicy(), now: .zero)
        }
    }
}

/// An animator that asks the coordinator something from inside its transition, then ends.
private struct AskingAnimator: Animator {
    let ask: @Sendable () async -> Void
    func animate(_ context: TransitionContext) async throws { await ask() }
}
