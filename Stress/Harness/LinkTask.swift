import TransitionCoordinator

/// Deep links racing everything else: round after round, a link arrives, as from a
/// notification or a web page, and the app navigates to it. Most are well formed (absolute, or
/// relative to what the root shows), some name screens the registry refuses, and some are not
/// paths at all. Workers, the sheet and hop flows and the lifecycle run meanwhile, so a link may
/// be refused as busy, locked (then deferred until the unlock) or with the host unresponsive.
///
/// What must hold (``StressChecker/linkAnswered(_:kind:expected:answer:label:asked:answered:)``):
/// every link gets exactly one answer; a well-formed link never fails to compile and lands on
/// its route's content; a malformed one fails to compile before anything changes; a string that
/// is not a path fails to parse with a position in it. Atomicity is the general checks': the
/// host is shown committed content only, and a snapshot read in flight is the before-state
/// (mutant ``Mutation/routeStepByStep``).
public enum LinkTask {
    /// What a link is, for the checks.
    public enum Kind: String, Sendable {
        case wellFormed = "well formed"
        case malformed
    }

    /// The harness app's screens: a home stack, details with an integer id, tabs of two, a compose
    /// flow; the root stack, the tab bar and its stacks, and the compose stack take the app's ids.
    /// `renamed` maps a name to the one a later version of the app gives it (an update).
    public static func registry(renaming renamed: [String: String] = [:]) -> ScreenRegistry {
        func name(_ name: String) -> String { renamed[name] ?? name }
        var registry = ScreenRegistry()
        for screen in ["lhome", "lfeed", "lfriend", "lcompose", "ldraft", "lalert", "la", "lb", "lvault", "lsignin"] {
            registry.screen(name(screen))
        }
        registry.screen(name("lsecure"), parameters: ["id": .init(.integer, required: false)])
        registry.screen(name("ldetail"), parameters: ["id": .init(.integer)])
        do {
            try registry.rootStack(id: "lroot")
            try registry.tabs(
                "ltabs", id: "ltabs", tabs: [name("la"): "laStack", name("lb"): "lbStack"])
            try registry.modalStack(rootedAt: name("lcompose"), id: "lcomposeStack")
        } catch {
            fatalError("the harness registry: \(error)")
        }
        return registry
    }

    /// The stacks whose ids the harness app declares (``registry()``).
    static let declaredStacks: [ContainerID] = ["lcomposeStack", "laStack", "lbStack", "lroot"]

    /// Whether the harness app's person is signed in (the link task signs in near the end).
    public final class Session: Sendable {
        private let state = Locked(false)
        private let asked = Locked(0)
        /// A session, signed out.
        public init() {}
        /// How many times the session guard was asked about the secure screen.
        public var asks: Int { asked.withLock { $0 } }
        /// The session guard was asked.
        func noteAsked() { asked.withLock { $0 += 1 } }
        /// Whether the person signed in.
        public var isSignedIn: Bool { state.withLock { $0 } }
        /// Signs in, for good.
        public func signIn() { state.withLock { $0 = true } }
    }

    /// An app of its own on `environment`'s clock and executors, at `lhome`, with the harness
    /// app's registry and guards (`session` deciding who is signed in).
    static func guardedApp(session: Session, environment: StressEnvironment) async -> Coordinator {
        await Coordinator(
            root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: registry(), guards: guards(session: session))
    }

    /// Where the session guard sends a person who is not signed in.
    static let signIn = Route(absolute: true, [.push(RouteTarget("lhome")), .push(RouteTarget("lsignin"))])

    /// The harness app's guards: no screen named `lvault` may ever be shown, whoever asks;
    /// `lsecure` is shown only once `session` is signed in (until then, a redirect to sign-in);
    /// given `hesitate`, the session guard takes that long to redirect (a window for a second
    /// resume to meet the first at the guard); and, given `stall`, when `ldraft`, `lcompose` or
    /// `lfriend` arrives (from a link, every time; else every other time) a guard stalls in it
    /// (past the animation timeout, say: the transition is then denied, and the slot handed on).
    public static func guards(
        session: Session, hesitate: (@Sendable () async -> Void)? = nil,
        stall: (@Sendable () async -> Void)? = nil
    ) -> [NavigationGuard] {
        let drafts = Locked(0)
        return [
            NavigationGuard("vault") { context in
                context.arriving.contains { $0.name == "lvault" } ? .deny("the vault is never shown") : .allow
            },
            NavigationGuard("session") { context in
                guard context.arriving.contains(where: { $0.name == "lsecure" }) else { return .allow }
                // Decided on arrival; the answer may take a while.
                let signedIn = session.isSignedIn
                session.noteAsked()
                if !signedIn, let hesitate { await hesitate() }
                return signedIn ? .allow : .redirect(signIn)
            },
            NavigationGuard("slow") { context in
                guard let stall, context.arriving.contains(where: { ["ldraft", "lcompose", "lfriend"].contains($0.name) }),
                    context.source == .link
                        || drafts.withLock({ count in
                            count += 1
                            return count % 2 == 0
                        })
                else { return .allow }
                await stall()
                return .allow
            },
        ]
    }

    /// Links behind sign-in: redirected and parked until the link task signs in and resumes them.
    static let secure = ["^/lhome/lsecure", "^/ltabs#la/lsecure(id=2)"]

    /// Links to the vault: well formed, always denied by the guard.
    static let guarded = ["^/lhome/lvault", "^/ltabs#lb/lvault(id=1)", "^/lhome!/lvault"]

    /// Absolute links, each landing on the content it compiles to whatever is shown.
    static let absolute = [
        "^/lhome", "^/lhome/lfeed(tab=top)", "^/lhome/ldetail(id=1)/lfriend", "^/lhome/lfeed!/lcompose(to=a\\,b)/ldraft",
        "^/ltabs#lb/lfriend(id=4)", "^/ltabs#la/ldetail(id=2)!lalert", "^/lhome!ltabs#lb(badge=3)", "^/ltabs/lfeed#lb",
        // Into one tab, then the other: each must leave the tab it does not name as it was.
        "^/ltabs#la/lfriend(id=5)", "^/ltabs#lb/ldetail(id=6)",
    ]
    /// A link into each tab of `ltabs`, one after the other.
    static let intoEachTab = ["^/ltabs#la/ldetail(id=7)", "^/ltabs#lb/lfriend(id=8)"]
    /// Relative links: what they land on depends on what is shown.
    static let relative = ["..", "lfriend", "!/lcompose", "../ldetail(id=3)", "up(n=2)"]
    /// Paths that parse but name what the registry refuses: unknown, badly typed, misplaced.
    static let malformed = [
        "^/lnowhere", "^/lhome/ldetail(id=x)", "^/ltabs#lz", "^/lhome!lalert/lfeed", "^/lhome/ltabs",
        "^/lhome/ldetail", "^/",
    ]
    /// Strings that are not paths.
    static let unparsable = ["^/lhome(", "", "lhome//lfeed", "^/lhome/up(n=0)", "^/l%ZZ", "^/lhome/\u{7}"]

    static func run(
        rounds: Int, pause: Duration, configuration: StressConfiguration, host: HarnessHost,
        environment: StressEnvironment, coordinator: Coordinator, checker: StressChecker, session: Session,
        seed: UInt64
    ) async {
        let hostTimeout = configuration.hostTimeout
        var rng = SplitMix64(seed: seed).split(0x11AC)
        let registry = coordinator.screens
        // Cold launch: the inbox opens after a few rounds; links posted before wait (some expire).
        let inbox = LinkInbox(
            coordinator: coordinator, configuration: .init(expiry: pause * Double(1 + rng.below(8)), startsOpen: false))
        let openAt = rounds / 4 + rng.below(max(1, rounds / 4))
        let reader = Task(executorPreference: environment.taskExecutor) {
            for await ended in inbox.outcomes {
                await checker.inboxEnded(ended, version: await coordinator.snapshot.version)
                if case .navigated = ended.outcome {
                    let (saved, root) = await coordinator.savedNavigationBesideRoot()
                    await checker.checkRestorable(saved, root: root, registry: registry)
                }
            }
        }
        // The draws for restores, bursts and animators come from a stream of their own; those for
        // links behind sign-in and their resumes, from another.
        var extra = SplitMix64(seed: seed).split(0xB0057)
        var secure = SplitMix64(seed: seed).split(0x5EC)
        let restoreAt = rounds - 1 - extra.below(max(1, rounds / 4))
        // Untrusted data, from a stream of its own: saved links corrupted before any link arrives,
        // routes built in code that break the path rules, and a tab bar no route could navigate.
        var forged = SplitMix64(seed: seed).split(0xF0F6ED)
        // The app moving a screen a link made, from a stream of its own.
        var moves = SplitMix64(seed: seed).split(0x40E5)
        // Links into one tab, then another, from a stream of their own: each must keep the tab it
        // does not name as the one before left it.
        var hops = SplitMix64(seed: seed).split(0x7AB5)
        await restoreCorrupted(
            &forged, inbox: inbox, pause: pause, coordinator: coordinator, checker: checker, registry: registry)
        await decodeForgedCounts(&forged, checker: checker)
        // Destination values of each shape an encoding can lose something in, from a stream of their own.
        var shapes = SplitMix64(seed: seed).split(0x5E4A9E)
        await checkDestinationShapes(&shapes, checker: checker)
        // URLs spelled as RFC 3986 allows, from a stream of their own.
        var spellings = SplitMix64(seed: seed).split(0x0AF1)
        await checkEquivalentURLs(&spellings, checker: checker)
        if let broken = launchChecksHold(against: registry) { await checker.noteViolation(.init(.answered, broken)) }
        var probe = registry
        do throws(NavigationError) {
            try probe.tabs("lempty", tabs: [String]())
            await checker.noteViolation(.init(.answered, "a tab bar with no tab was registered: no route could ever navigate it"))
        } catch {}
        // A tab is made from its name alone: one whose screen needs a parameter could never be made
        // (mutant ``Mutation/tabNeedingParameterRegistered``).
        do throws(NavigationError) {
            try probe.tabs("lneeds", tabs: ["ldetail", "lfriend"])
            await checker.noteViolation(
                .init(.answered, "a tab bar whose tab `ldetail` needs its id was registered: no route could ever make it"))
        } catch {}
        for round in 0..<rounds {
            if round == openAt { await inbox.open() }
            if secure.chance(15) {
                // A link behind sign-in, through the inbox: redirected to sign-in and parked there.
                await postSecure(
                    secure.pick(Self.secure), inbox: inbox, coordinator: coordinator, checker: checker, registry: registry)
            }
            if secure.chance(10) {
                // A resume before the person signed in: redirected again, and parked again.
                _ = try? await coordinator.resumeRedirected()
            }
            if round == restoreAt {
                // A relaunch's saved links restored while links are arriving: each must still end once.
                let saved = (0..<1 + extra.below(3)).map { index in
                    SavedLink(
                        id: LinkID(UInt64(1 + index)), route: (try? Route(parsing: extra.pick(absolute))) ?? Route([]),
                        remaining: pause * Double(1 + extra.below(8)))
                }
                let version = await coordinator.snapshot.version
                for link in await inbox.restore(saved) {
                    await checker.inboxPosted(
                        link.id, route: link.route, kind: .wellFormed,
                        expected: try? RouteCompiler.content(for: link.route, registry: registry), version: version)
                }
            }
            try? await environment.sleep(pause * (Double(rng.below(1_000)) / 1_000))
            if await coordinator.hostFault != nil { try? await environment.sleep(hostTimeout) }
            if moves.chance(15) {
                await moveModalScreen(rng: &moves, environment: environment, coordinator: coordinator, checker: checker)
            }
            if moves.chance(15) {
                await respell(rng: &moves, environment: environment, coordinator: coordinator, checker: checker)
            }
            if moves.chance(15) {
                await sameTopScreen(
                    rng: &moves, pause: pause, inbox: inbox, environment: environment, coordinator: coordinator,
                    checker: checker)
            }
            if moves.chance(30) {
                await preemptHeldLink(environment: environment, coordinator: coordinator, checker: checker)
            }
            if hops.chance(25) {
                for path in hops.chance(50) ? Self.intoEachTab : Self.intoEachTab.reversed() {
                    guard let route = try? Route(parsing: path) else { continue }
                    await navigate(
                        route, kind: .wellFormed, expected: try? RouteCompiler.content(for: route, registry: registry),
                        animator: nil, rng: &hops, environment: environment, coordinator: coordinator, checker: checker)
                }
            }
            if forged.chance(6) {
                // A route built in code with an `up` no path can write: refused, through the inbox or not.
                let route = Self.forgedRoute(&forged)
                if forged.chance(50) {
                    await post(
                        route, kind: .malformed, expected: nil, inbox: inbox, coordinator: coordinator, checker: checker)
                } else {
                    await navigate(
                        route, kind: .malformed, expected: nil, animator: nil, rng: &forged, environment: environment,
                        coordinator: coordinator, checker: checker)
                }
                continue
            }
            let path: String
            let kind: Kind
            var guardedLink = false
            switch rng.below(100) {
            case 0..<20:
                (path, kind) = (rng.pick(guarded), .wellFormed)
                guardedLink = true
            case 20..<55: (path, kind) = (rng.pick(absolute), .wellFormed)
            case 55..<75: (path, kind) = (rng.pick(relative), .wellFormed)
            case 75..<92: (path, kind) = (rng.pick(malformed), .malformed)
            default:
                let text = rng.pick(unparsable)
                await checker.linkUnparsed(text, parsed: Result { () throws(NavigationError) in try Route(parsing: text) })
                continue
            }
            guard let route = try? Route(parsing: path) else {
                await checker.noteViolation(.init(.answered, "the link path \(path) does not parse"))
                continue
            }
            let expected = route.isAbsolute && !guardedLink ? try? RouteCompiler.content(for: route, registry: registry) : nil
            // Guarded links mostly come as notifications do, through the inbox (the source a bypass would miss).
            if round < openAt || rng.chance(guardedLink ? 85 : 50) {
                // Through the inbox, as a notification's link arrives (at cold launch, all do): posted, answered later.
                await post(route, kind: kind, expected: expected, inbox: inbox, coordinator: coordinator, checker: checker)
                if kind == .wellFormed, route.isAbsolute, extra.chance(10) {
                    // A burst of notifications: another link, then the first again, before the first is answered.
                    let other = (try? Route(parsing: extra.pick(absolute))) ?? route
                    for next in [other, route] {
                        await post(
                            next, kind: .wellFormed, expected: try? RouteCompiler.content(for: next, registry: registry),
                            inbox: inbox, coordinator: coordinator, checker: checker)
                    }
                }
                continue
            }
            // Half the links the app follows itself animate (instantly or after a delay): the whole route, once.
            let animator: (any Animator)? =
                extra.chance(50)
                ? nil
                : HostileAnimator(
                    kind: extra.chance(50) ? .instant : .delayed, delay: pause / 4, coordinator: coordinator,
                    checker: checker, environment: environment, lateBy: configuration.animationTimeout * 2,
                    host: host, timeout: configuration.animationTimeout,
                    cutUnheard: configuration.seamMutants.contains(.noCancelOnCut))
            await navigate(
                route, kind: kind, expected: expected, animator: animator, rng: &rng, environment: environment,
                coordinator: coordinator, checker: checker)
            if extra.chance(30), let shown = await coordinator.snapshot.rootWindow?.content,
                case let stacks = Self.declaredStacks.filter(shown.holds), !stacks.isEmpty
            {
                let stack = extra.pick(stacks)
                // The app pushes by hand, with an id of its own, onto a stack a link built, by the id it declared.
                await pushByHand(
                    Screen("lfriend", id: ScreenID("hand-\(round)")), onto: stack, environment: environment,
                    coordinator: coordinator, checker: checker)
            }
            // As the app going to the background would: save the state, and check it restores.
            let (saved, root) = await coordinator.savedNavigationBesideRoot()
            await checker.checkRestorable(saved, root: root, registry: registry)
        }
        await inbox.open()
        // A last link behind sign-in, parked when the person signs in: it must go again and end.
        await postSecure(
            secure.pick(Self.secure), inbox: inbox, coordinator: coordinator, checker: checker, registry: registry)
        await inbox.idle()
        // Two resumes around the sign-in (its completion, and the app becoming active, say): the
        // first may meet the guard again, and the second must not be lost meanwhile, whether it
        // comes while the first is on its way to the guard or once the guard redirected it again.
        // The checker stops looking for the secure screen first: nothing it checks was let through
        // after the sign-in, and no await stands between the first resume's redirect and the second.
        await checker.noteSignedIn()
        let asks = session.asks
        let first = Task(executorPreference: environment.taskExecutor) { _ = try? await coordinator.resumeRedirected() }
        if secure.chance(50) {
            // Half the time, the second resume comes while the session guard hesitates over the first.
            for _ in 0..<2_000 where session.asks == asks { await Task.yield() }
        }
        session.signIn()
        _ = try? await coordinator.resumeRedirected()
        await first.value
        await inbox.idle()
        if await inbox.hasParkedLink {
            await checker.noteViolation(
                .init(.answered, "a link is still parked after sign-in and resumeRedirected(): it would never end"))
        }
        await checker.expectParked(await inbox.parkedCount)
        let ended = await inbox.endedCount
        await checker.waitForInboxEnds(ended)
        reader.cancel()
        await checker.inboxFinished(endedCount: ended)
        await relaunch(coordinator: coordinator, session: session, environment: environment, checker: checker)
        await runOwnApps(environment: environment, checker: checker)
    }

    /// The counts of `up` that no path can write: zero, negative, past the limit.
    static let forgedUpCounts = [0, -1, -2, Int.min, 257, Int.max]

    /// A route built in code that breaks the path rules: a well-formed link with a bad `up` added.
    static func forgedRoute(_ rng: inout SplitMix64) -> Route {
        var route = (try? Route(parsing: rng.pick(absolute))) ?? Route(absolute: true, [.push(RouteTarget("lhome"))])
        route.steps.insert(.up(rng.pick(forgedUpCounts)), at: rng.below(route.steps.count + 1))
        return route
    }

    /// A relaunch's saved links, corrupted as data on disk can be, restored before any link
    /// arrives (most runs): ids shared or at the top of the range, remaining waits negative or
    /// huge, a route built in code that breaks the rules; then the same list restored again. Every
    /// link must end exactly once, under an id no other link has.
    private static func restoreCorrupted(
        _ rng: inout SplitMix64, inbox: LinkInbox, pause: Duration, coordinator: Coordinator, checker: StressChecker,
        registry: ScreenRegistry
    ) async {
        guard rng.chance(90) else { return }
        // Most often ids shared (a file written twice, merged), else ids at the top of the range.
        let ids: [UInt64] = rng.chance(80) ? [1, 2] : [1, .max, .max - 1, UInt64(Int64.max)]
        let waits: [Duration] = [pause, pause * 3, .zero - pause, .seconds(Int64.max)]
        let saved = (0..<3 + rng.below(2)).map { _ in
            SavedLink(
                id: LinkID(rng.pick(ids)),
                route: rng.chance(20) ? forgedRoute(&rng) : (try? Route(parsing: rng.pick(absolute))) ?? Route([]),
                remaining: rng.pick(waits))
        }
        for _ in 0..<(rng.chance(50) ? 2 : 1) {
            let version = await coordinator.snapshot.version
            let restored = await inbox.restore(saved)
            if Set(restored.map(\.id)).count != restored.count {
                await checker.noteViolation(
                    .init(.answered, "restored links share an id: \(restored.map(\.id)); a link could end twice"))
            }
            for link in restored {
                let valid = (try? link.route.validate()) != nil
                await checker.inboxPosted(
                    link.id, route: link.route, kind: valid ? .wellFormed : .malformed,
                    expected: valid ? try? RouteCompiler.content(for: link.route, registry: registry) : nil, version: version)
            }
        }
    }

    /// A relaunch: the state saved now, restored into a fresh coordinator (signed in, as the
    /// session is by now), shows what the root shows.
    private static func relaunch(
        coordinator: Coordinator, session: Session, environment: StressEnvironment,
        checker: StressChecker
    ) async {
        let (saved, root) = await coordinator.savedNavigationBesideRoot()
        guard case .success(let state) = saved, let root, StressChecker.isRoutable(root, registry: registry()) else { return }
        let fresh = await guardedApp(session: session, environment: environment)
        await restoreCorrupted(state, into: fresh, checker: checker)
        let restored: Result<Coordinator.Restored, RestorationError>
        do throws(RestorationError) {
            restored = .success(try await fresh.restore(state, policy: RestorationPolicy(), now: state.savedAt))
        } catch {
            restored = .failure(error)
        }
        await checker.relaunched(state, root: root, restored: restored, shows: await fresh.snapshot.rootWindow?.content)
    }

    /// `state` corrupted as data on disk or an app's migration can corrupt it (a saved time out of
    /// range under a maximum age, a migration that returns `up(-2)`), restored into `fresh`: each
    /// must be refused with its typed error, and nothing may change.
    private static func restoreCorrupted(_ state: SavedNavigation, into fresh: Coordinator, checker: StressChecker) async {
        var old = state
        old.savedAt = .zero - .seconds(Int64.max)
        let broken = RestorationPolicy(
            schema: state.schema + 1,
            migrations: [
                state.schema: { route in
                    var route = route
                    route.steps.append(.up(-2))
                    return route
                }
            ])
        for (saved, policy, code) in [
            (old, RestorationPolicy(maxAge: .seconds(60)), "timeOutOfRange"),
            (state, broken, "migrationBrokeRoute.badUpCount"),
        ] {
            do throws(RestorationError) {
                let restored = try await fresh.restore(saved, policy: policy, now: state.savedAt)
                await checker.noteViolation(.init(.answered, "a corrupt saved state was restored: \(restored.plan.route)"))
            } catch {
                if error.code != code {
                    await checker.noteViolation(
                        .init(.answered, "a corrupt saved state was refused as \(error.code), not \(code)"))
                }
            }
        }
        if await !fresh.history.isEmpty {
            await checker.noteViolation(.init(.answered, "refusing a corrupt saved state changed what is shown"))
        }
    }

    /// Posts a link behind sign-in to the inbox (it lands on its route once resumed after sign-in).
    private static func postSecure(
        _ path: String, inbox: LinkInbox, coordinator: Coordinator, checker: StressChecker, registry: ScreenRegistry
    ) async {
        guard let route = try? Route(parsing: path) else {
            await checker.noteViolation(.init(.answered, "the link path \(path) does not parse"))
            return
        }
        // A long expiry: signing in takes a while.
        await post(
            route, expiry: .seconds(3_600), kind: .wellFormed,
            expected: try? RouteCompiler.content(for: route, registry: registry), inbox: inbox, coordinator: coordinator,
            checker: checker)
    }

    /// Posts `route` to the inbox, as a notification's link arrives, and tells the checker, with the
    /// snapshot's version read before the post: no answer to the link is decided on an earlier state.
    static func post(
        _ route: Route, expiry: Duration? = nil, kind: Kind, expected: WindowContent?, inbox: LinkInbox,
        coordinator: Coordinator, checker: StressChecker
    ) async {
        let version = await coordinator.snapshot.version
        let id = await inbox.post(route, expiry: expiry)
        let configured = await inbox.configuration.expiry
        let waits = expiry ?? configured
        await checker.inboxPosted(id, route: route, kind: kind, expected: expected, version: version, expiry: waits)
    }

    /// Navigates to `route` at once, as the app does for a link it follows itself, and reports the answer.
    static func navigate(
        _ route: Route, kind: Kind, expected: WindowContent?, animator: (any Animator)?,
        rng: inout SplitMix64,
        environment: StressEnvironment, coordinator: Coordinator, checker: StressChecker
    ) async {
        let label = RequestLabel(
            policy: rng.chance(50) ? .enqueue : .reject, whenLocked: rng.chance(80) ? .deferUntilUnlocked : .refuse,
            cancelled: false)
        await navigate(
            route, kind: kind, expected: expected, animator: animator, label: label, environment: environment,
            coordinator: coordinator, checker: checker)
    }

    /// Navigates to `route` at once under `label`'s policy and locked behaviour, and reports the answer.
    static func navigate(
        _ route: Route, kind: Kind, expected: WindowContent?, animator: (any Animator)?, label: RequestLabel,
        environment: StressEnvironment, coordinator: Coordinator, checker: StressChecker
    ) async {
        var label = label
        label.fromLinks = true
        // Where a link whose content is known may be answered as already there: the version read
        // before it is asked bounds the state it was decided on from below.
        let versionBefore = expected == nil ? nil : await coordinator.snapshot.version
        let asked = environment.elapsed()
        let answer: Result<TransitionRecord?, TransitionError>
        do throws(TransitionError) {
            answer = .success(
                try await coordinator.navigate(
                    to: route, animator: animator, policy: label.policy, whenLocked: label.whenLocked))
        } catch {
            answer = .failure(error)
        }
        let answered = environment.elapsed()
        await checker.linkAnswered(
            route, kind: kind, expected: expected, answer: answer, label: label, asked: asked, answered: answered)
        if case .success(nil) = answer, let expected, let versionBefore {
            let versionAfter = await coordinator.snapshot.version
            await checker.linkAlreadyThere(route, expected: expected, before: versionBefore, after: versionAfter)
        }
    }
}
