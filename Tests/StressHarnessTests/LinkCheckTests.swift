import Foundation
import StressHarness
import Testing
import TransitionCoordinator

/// The link task's checks fire on answers that break them, and stay quiet on ones that keep them.
@Suite("Link checks")
struct LinkCheckTests {
    static let route = try? Route(parsing: "^/lhome/lfeed")
    static let target = try? RouteCompiler.content(for: Route(parsing: "^/lhome/lfeed"), registry: LinkTask.registry())
    static let root = ManagedWindow(id: WindowID(1), level: .root, content: .screen(Screen("home")))

    static func record(
        showing content: WindowContent, above: [ManagedWindow] = [], animation: AnimationOutcome = .skipped(.noAnimator)
    ) -> TransitionRecord {
        let before = NavigationSnapshot(version: 1, levels: WindowLevel.builtIn, windows: [root], keyWindow: root.id)
        var landed = root
        landed.content = content
        let after = NavigationSnapshot(version: 2, levels: WindowLevel.builtIn, windows: [landed] + above, keyWindow: landed.id)
        return TransitionRecord(
            id: TransitionID(2), request: .navigate(route ?? Route([]), target: content), before: before, after: after,
            hadAnimator: false, animation: animation, extraFinishCalls: 0, startedAt: .zero,
            endedAt: .zero, waited: nil)
    }

    static var label: RequestLabel { RequestLabel(policy: .enqueue, whenLocked: .deferUntilUnlocked, cancelled: false) }

    @Test("a well-formed link that lands on its route's content, or is already there, passes")
    func quietWhenKept() async throws {
        let checker = StressChecker(answerBound: .seconds(1))
        let (route, target) = (try #require(Self.route), try #require(Self.target))
        await checker.linkAnswered(
            route, kind: .wellFormed, expected: target, answer: .success(Self.record(showing: target)),
            label: Self.label, asked: .zero, answered: .zero)
        await checker.linkAnswered(
            route, kind: .wellFormed, expected: target, answer: .success(nil), label: Self.label,
            asked: .zero, answered: .zero)
        await checker.linkAnswered(
            route, kind: .malformed, expected: nil,
            answer: .failure(.route(.unknownScreen("x", step: 1), route: route)),
            label: Self.label, asked: .zero, answered: .zero)
        #expect(await checker.violations.isEmpty)
        #expect(await checker.linkOutcomes == ["navigated": 1, "already there": 1, "route.unknownScreen": 1])
    }

    @Test("a link landing elsewhere, leaving a window above the root, or compiling when malformed is reported")
    func firesWhenBroken() async throws {
        let (route, target) = (try #require(Self.route), try #require(Self.target))
        let elsewhere = StressChecker(answerBound: .seconds(1))
        await elsewhere.linkAnswered(
            route, kind: .wellFormed, expected: target,
            answer: .success(Self.record(showing: .screen(Screen("lhome")))),
            label: Self.label, asked: .zero, answered: .zero)
        #expect(await elsewhere.violations.map(\.invariant) == [.atomic])

        let above = StressChecker(answerBound: .seconds(1))
        let toast = ManagedWindow(id: WindowID(3), level: .low, content: .screen(Screen("toast")))
        await above.linkAnswered(
            route, kind: .wellFormed, expected: target, answer: .success(Self.record(showing: target, above: [toast])),
            label: Self.label, asked: .zero, answered: .zero)
        #expect(await above.violations.contains { $0.detail.contains("left an app window above the root") })

        let malformed = StressChecker(answerBound: .seconds(1))
        await malformed.linkAnswered(
            route, kind: .malformed, expected: nil, answer: .success(Self.record(showing: target)),
            label: Self.label, asked: .zero, answered: .zero)
        await malformed.linkAnswered(
            route, kind: .malformed, expected: nil, answer: .failure(.refused(.queueFull(limit: 8))),
            label: Self.label, asked: .zero, answered: .zero)
        await malformed.linkAnswered(
            route, kind: .wellFormed, expected: target,
            answer: .failure(.route(.unknownScreen("lfeed", step: 1), route: route)),
            label: Self.label, asked: .zero, answered: .zero)
        #expect(await malformed.violations.count == 3)
    }

    @Test(
        "a link answered as already there fires unless a state it was decided between showed its content with nothing above the root"
    )
    func alreadyThere() async throws {
        let (route, target) = (try #require(Self.route), try #require(Self.target))
        // v1 shows the home screen; v2, the link's content.
        let landed = Self.record(showing: target)
        func check(_ versions: ClosedRange<UInt64>, _ history: [TransitionRecord]) -> [InvariantViolation] {
            HistoryChecks.alreadyThere([.init(route: route, expected: target, versions: versions)], history: history)
        }
        #expect(check(1...2, [landed]).isEmpty)
        #expect(check(2...3, [landed]).isEmpty)
        #expect(check(1...1, [landed]).map(\.invariant) == [.atomic])
        let toast = ManagedWindow(id: WindowID(3), level: .low, content: .screen(Screen("toast")))
        #expect(check(1...2, [Self.record(showing: target, above: [toast])]).map(\.invariant) == [.atomic])
        // Versions the history does not hold, or no history at all: nothing to compare with.
        #expect(check(5...6, [landed]).isEmpty)
        #expect(check(1...2, []).isEmpty)

        // The checker keeps each answer for the history's end: a link the app followed was decided
        // between the version read before it was asked and one past the version read after it
        // was answered; an inbox link, between the version read before the post and the one read
        // once its end arrived.
        func answered(before: UInt64, after: UInt64, inbox: Bool) async -> [InvariantViolation] {
            let checker = StressChecker(answerBound: .seconds(1))
            if inbox {
                await checker.inboxPosted(LinkID(1), route: route, kind: .wellFormed, expected: target, version: before)
                await checker.inboxEnded(LinkInbox.Ended(id: LinkID(1), route: route, outcome: .alreadyThere), version: after)
                await checker.inboxFinished(endedCount: 1)
            } else {
                await checker.linkAlreadyThere(route, expected: target, before: before, after: after)
            }
            await checker.finishHistory([landed], clockOffset: .zero, peakQueueDepth: 0, queueLimit: 8)
            return await checker.violations
        }
        for (before, after, inbox, fires) in [
            (UInt64(0), UInt64(0), false, true), (1, 1, false, false), (1, 1, true, true), (1, 2, true, false),
        ] {
            let found = await answered(before: before, after: after, inbox: inbox)
            #expect(found.contains { $0.detail.contains("answered as already there") } == fires, "v\(before) to v\(after)")
        }
        // A version that went back (a lost update) is reported, not made a range.
        for inbox in [false, true] {
            #expect(await answered(before: 2, after: 1, inbox: inbox).contains { $0.detail.contains("went back from v2 to v1") })
        }
    }

    @Test("an inbox link that expired having waited its expiry, not longer, is reported", arguments: [(5, true), (6, false)])
    func expiredNotLonger(waited: Int, fires: Bool) async throws {
        let route = try #require(Self.route)
        let checker = StressChecker(answerBound: .seconds(1))
        await checker.inboxPosted(LinkID(1), route: route, kind: .wellFormed, expected: nil, version: 0, expiry: .seconds(5))
        let ended = LinkInbox.Ended(id: LinkID(1), route: route, outcome: .expired(waited: .seconds(waited)))
        await checker.inboxEnded(ended, version: 0)
        await checker.inboxFinished(endedCount: 1)
        #expect(await checker.violations.contains { $0.detail.contains("not longer than its expiry") } == fires)
    }

    @Test("an inbox link whose record does not carry its source and id is reported")
    func correlation() async throws {
        let (route, target) = (try #require(Self.route), try #require(Self.target))
        let checker = StressChecker(answerBound: .seconds(1))
        await checker.inboxEnded(
            LinkInbox.Ended(id: LinkID(3), route: route, outcome: .navigated(Self.record(showing: target))), version: 0)
        #expect(await checker.violations.contains { $0.detail.contains("the correlation id was lost") })
    }

    @Test(
        "the events each end brings are counted exactly: a withdrawn delivery one, a guard's refusal two, the inbox's own decisions none"
    )
    func eventCounts() async throws {
        let route = try #require(Self.route)
        let checker = StressChecker(answerBound: .seconds(1))
        await checker.inboxEnded(LinkInbox.Ended(id: LinkID(1), route: route, outcome: .superseded(by: LinkID(2))), version: 0)
        await checker.inboxEnded(LinkInbox.Ended(id: LinkID(3), route: route, outcome: .expired(waited: .seconds(1))), version: 0)
        #expect(await checker.expectedEvents == 0)
        await checker.inboxEnded(
            LinkInbox.Ended(id: LinkID(2), route: route, outcome: .superseded(by: LinkID(4)), delivered: true), version: 0)
        #expect(await checker.expectedEvents == 1)
        await checker.inboxEnded(
            LinkInbox.Ended(
                id: LinkID(4), route: route, outcome: .refused(.denied(guard: "vault", reason: "no")),
                delivered: true), version: 0)
        #expect(await checker.expectedEvents == 3)
    }

    @Test("a string that is not a path must fail to parse, with a position inside it")
    func unparsed() async throws {
        let checker = StressChecker(answerBound: .seconds(1))
        await checker.linkUnparsed("^/a(", parsed: .failure(.unclosedParameters(position: 3)))
        #expect(await checker.violations.isEmpty)
        await checker.linkUnparsed("^/a", parsed: .success(try Route(parsing: "^/a")))
        await checker.linkUnparsed("^/a(", parsed: .failure(.unclosedParameters(position: 9)))
        #expect(await checker.violations.count == 2)
    }

    @Test(
        "a saved state that restores to other content is reported; one that restores the same, or a root no route builds, is not")
    func restorable() async throws {
        let registry = LinkTask.registry()
        let route = try Route(parsing: "^/lhome/ldetail(id=1)")
        let root = try RouteCompiler.content(for: route, registry: registry)
        let checker = StressChecker(answerBound: .seconds(1))
        await checker.checkRestorable(
            .success(SavedNavigation(route: route, schema: 1, savedAt: .zero)), root: root, registry: registry)
        await checker.checkRestorable(.failure(.emptyRoute), root: .screen(Screen("home")), registry: registry)
        #expect(await checker.violations.isEmpty)
        let stripped = try Route(parsing: "^/lhome/ldetail(id=2)")
        await checker.checkRestorable(
            .success(SavedNavigation(route: stripped, schema: 1, savedAt: .zero)), root: root, registry: registry)
        await checker.checkRestorable(.failure(.emptyRoute), root: root, registry: registry)
        #expect(await checker.violations.map(\.invariant) == [.atomic, .atomic])
    }

    @Test("a tree the app built by hand on its declared stacks must save as a state that restores to its shape")
    func handBuiltRestorable() async throws {
        let registry = LinkTask.registry()
        let root = WindowContent.stack(
            StackContainer(
                id: "lroot", root: Screen("lhome", id: "h"),
                pushed: [Screen("lfriend", id: "hand-1")]))
        #expect(!StressChecker.isRoutable(root, registry: registry), "screen ids of the app's own: no route builds it exactly")
        let checker = StressChecker(answerBound: .seconds(1))
        let saved = try Route(parsing: "^/lhome/lfriend")
        await checker.checkRestorable(
            .success(SavedNavigation(route: saved, schema: 1, savedAt: .zero)), root: root, registry: registry)
        #expect(await checker.violations.isEmpty)
        let other = try Route(parsing: "^/lhome/lfeed")
        await checker.checkRestorable(
            .success(SavedNavigation(route: other, schema: 1, savedAt: .zero)), root: root, registry: registry)
        await checker.checkRestorable(.failure(.emptyRoute), root: root, registry: registry)
        #expect(await checker.violations.map(\.invariant) == [.atomic, .atomic])
    }

    @Test(
        "a record showing a screen the harness's guards refuse is reported: the vault always, the secure screen before sign-in",
        arguments: [
            ("^/lhome/lvault", false, true), ("^/lhome/lvault", true, true),
            ("^/lhome/lsecure", false, true), ("^/lhome/lsecure", true, false),
        ])
    func guardBypassed(path: String, signedIn: Bool, reported: Bool) async throws {
        let route = try Route(parsing: path)
        let content = try RouteCompiler.content(for: route, registry: LinkTask.registry())
        let checker = StressChecker(answerBound: .seconds(1))
        if signedIn { await checker.noteSignedIn() }
        await checker.linkAnswered(
            route, kind: .wellFormed, expected: content, answer: .success(Self.record(showing: content)),
            label: Self.label, asked: .zero, answered: .zero)
        #expect(
            await checker.violations.contains { $0.detail.contains("which a guard refuses: a guard was skipped") } == reported)
    }

    @Test("a guard's denial of a link is no violation")
    func denialIsAnswer() async throws {
        let route = try Route(parsing: "^/lhome/lvault")
        let denied = StressChecker(answerBound: .seconds(1))
        await denied.linkAnswered(
            route, kind: .wellFormed, expected: nil,
            answer: .failure(.denied(guard: "vault", reason: "the vault is never shown")),
            label: Self.label, asked: .zero, answered: .zero)
        #expect(await denied.violations.isEmpty)
    }

    @Test("the session guard redirects the secure screen to sign-in until signed in, then lets it through")
    func sessionGuard() async throws {
        let session = LinkTask.Session()
        // A timeout no loaded machine reaches: the guard's answer, not its watchdog, decides.
        let configuration = try CoordinatorConfiguration(animationTimeout: .seconds(3_600))
        let coordinator = await Coordinator(
            root: Screen("lhome"), configuration: configuration, screens: LinkTask.registry(),
            guards: LinkTask.guards(session: session))
        let route = try Route(parsing: "^/lhome/lsecure")
        await #expect(throws: TransitionError.redirected(guard: "session", to: try Route(parsing: "^/lhome/lsignin"))) {
            try await coordinator.navigate(to: route)
        }
        #expect(await coordinator.redirectsStarted == 1, "the redirect's navigation, whose events the harness expects")
        session.signIn()
        let resumed = try #require(try await coordinator.resumeRedirected())
        #expect(resumed.after.windowList[0].content == (try RouteCompiler.content(for: route, registry: LinkTask.registry())))
    }

    @Test("a transition whose began names another source or link than its record is reported; the same origin passes")
    func beganAndRecordAgree() async throws {
        let target = try #require(Self.target)
        let record = Self.record(showing: target)
        let linked = TransitionRecord(
            id: record.id, request: record.request, before: record.before, after: record.after,
            hadAnimator: false, animation: record.animation, extraFinishCalls: 0, startedAt: .zero,
            endedAt: .zero, source: .link, link: LinkID(4))
        for (began, violations) in [
            (InFlightTransition(id: record.id, request: record.request, source: .link, link: LinkID(4)), 0),
            (InFlightTransition(id: record.id, request: record.request), 1),
            (InFlightTransition(id: record.id, request: record.request, source: .link, link: LinkID(5)), 1),
        ] {
            let checker = StressChecker(answerBound: .seconds(1))
            await checker.observe(.began(began, before: linked.before))
            await checker.observe(.ended(linked))
            let found = await checker.violations
            #expect(found.count == violations, "\(began.source) \(String(describing: began.link)): \(found)")
            #expect(found.allSatisfy { $0.invariant == .answered && $0.detail.contains("its record says link L4") })
        }
    }

    @Test("a relaunch that restores other content into a fresh coordinator, or fails to restore, is reported")
    func relaunchChecked() async throws {
        let route = try Route(parsing: "^/lhome/lfeed")
        let target = try #require(Self.target)
        let state = SavedNavigation(route: route, schema: 1, savedAt: .zero)
        let fresh = await Coordinator(root: Screen("lhome"), screens: LinkTask.registry())
        let restored = try await fresh.restore(state, policy: RestorationPolicy(), now: .zero)
        let shows = await fresh.snapshot.rootWindow?.content
        #expect(shows == target)
        let kept = StressChecker(answerBound: .seconds(1))
        await kept.relaunched(state, root: target, restored: .success(restored), shows: shows)
        #expect(await kept.violations.isEmpty)
        let elsewhere = StressChecker(answerBound: .seconds(1))
        await elsewhere.relaunched(state, root: target, restored: .success(restored), shows: .screen(Screen("lhome")))
        #expect(await elsewhere.violations.map(\.invariant) == [.atomic])
        let refused = StressChecker(answerBound: .seconds(1))
        await refused.relaunched(
            state, root: target, restored: .failure(.tooOld(age: .seconds(9), maxAge: .seconds(1))), shows: nil)
        #expect(await refused.violations.map(\.invariant) == [.atomic])
        #expect(StressChecker.isRoutable(target, registry: LinkTask.registry()))
        #expect(
            !StressChecker.isRoutable(.screen(Screen("chained")), registry: LinkTask.registry()), "a workload's screen is skipped"
        )
    }

    @Test("a link superseded by itself is reported: two links share its id")
    func supersededBySelf() async throws {
        let checker = StressChecker(answerBound: .seconds(1))
        let route = try #require(Self.route)
        await checker.inboxEnded(LinkInbox.Ended(id: LinkID(4), route: route, outcome: .superseded(by: LinkID(5))), version: 0)
        #expect(await checker.violations.isEmpty)
        await checker.inboxEnded(LinkInbox.Ended(id: LinkID(4), route: route, outcome: .superseded(by: LinkID(4))), version: 0)
        #expect(await checker.violations.contains { $0.detail.contains("superseded by itself") })
    }

    /// The state saved before the updates, restored into a fresh app with `screens`, with `link`
    /// on top; what it did and what the root shows.
    static func relaunch(
        screens: ScreenRegistry, link: Route? = nil
    ) async throws -> (restored: Coordinator.Restored, shows: WindowContent?) {
        let saved = SavedNavigation(route: try Route(parsing: LinkTask.savedBeforeUpdate), schema: 1, savedAt: .zero)
        let fresh = await Coordinator(root: Screen("lhome"), screens: screens)
        let restored = try await fresh.restore(saved, policy: RestorationPolicy(linkOnTop: true), now: .zero, link: link)
        return (restored, await fresh.snapshot.rootWindow?.content)
    }

    @Test(
        "a relaunch after an update that renamed a tab or a screen must drop that step's branch only: a restore that keeps another route is reported",
        arguments: LinkTask.updates.indices)
    func renamedStepDropsItsBranch(index: Int) async throws {
        let update = LinkTask.updates[index]
        let updated = LinkTask.registry(renaming: [update.renamed.from: update.renamed.to])
        let (restored, shows) = try await Self.relaunch(screens: updated)
        #expect(LinkTask.restoredAfter(update, restored: .success(restored), shows: shows, registry: updated) == nil)
        // Restored as if nothing were renamed: the whole saved route, which the check refuses.
        let (whole, wholeShows) = try await Self.relaunch(screens: LinkTask.registry())
        let broken = LinkTask.restoredAfter(update, restored: .success(whole), shows: wholeShows, registry: updated)
        #expect(broken?.contains("drops its own branch only") == true)
        #expect(LinkTask.restoredAfter(update, restored: .success(restored), shows: wholeShows, registry: updated) != nil)
        let refused = LinkTask.restoredAfter(
            update, restored: .failure(.tooOld(age: .seconds(9), maxAge: .seconds(1))), shows: nil, registry: updated)
        #expect(refused?.contains("was refused") == true)
    }

    @Test(
        "a relaunch after an update with a launch link on top must keep the link over what it restores: a restore that lost it is reported",
        arguments: LinkTask.updates.indices)
    func launchLinkOverRenamedState(index: Int) async throws {
        let update = LinkTask.updates[index]
        let link = try Route(parsing: LinkTask.launchLink)
        let updated = LinkTask.registry(renaming: [update.renamed.from: update.renamed.to])
        let (restored, shows) = try await Self.relaunch(screens: updated, link: link)
        #expect(LinkTask.restoredAfter(update, link: link, restored: .success(restored), shows: shows, registry: updated) == nil)
        // Restored without the link: what a restore that lost it shows.
        let (alone, aloneShows) = try await Self.relaunch(screens: updated)
        let broken = LinkTask.restoredAfter(update, link: link, restored: .success(alone), shows: aloneShows, registry: updated)
        #expect(broken?.contains("a launch link goes over what is kept") == true)
    }

    @Test("a destination's decoder that offers more array elements than the bound is reported; the library's offers none past it")
    func forgedCountsBounded() throws {
        for count in ["1025", "3000000", String(Int.max)] {
            #expect(ForgedTags.decodedWithinBound(["tags": count, "grid": "0"]) == nil, "tags=\(count)")
        }
        #expect(ForgedTags.decodedWithinBound(["tags": "0", "grid": "2", "grid.0": "600", "grid.1": "600"]) == nil)
        // A decoder with no bound (JSON writes each nil element, so it offers what it holds).
        let nulls = Array(repeating: "null", count: ForgedTags.bound + 1).joined(separator: ",")
        let json = Data(#"{"tags":[\#(nulls)],"grid":[]}"#.utf8)
        let unbounded = ForgedTags.offeredWithinBound("JSON") { try? JSONDecoder().decode(ForgedTags.self, from: json) }
        #expect(unbounded?.contains("offered 1025 array elements") == true)
        let within = Data(#"{"tags":[null,"x"],"grid":[[null]]}"#.utf8)
        #expect(ForgedTags.offeredWithinBound("JSON") { try? JSONDecoder().decode(ForgedTags.self, from: within) } == nil)
        let written = ForgedTags(tags: [nil, "x", nil], grid: [[nil], [], ["y"]])
        #expect(Screen(written).destination(as: ForgedTags.self) == written)
    }

    @Test(
        "a resume asked from inside an animation must be refused at once as re-entrant in it: a record, another refusal or a timeout is reported"
    )
    func resumeFromInsideChecked() async throws {
        let target = try #require(Self.target)
        let ran = Self.record(showing: target, animation: .ran)
        let inFlight = InFlightTransition(id: ran.id, request: ran.request)
        #expect(LinkTask.resumeAnsweredAtOnce(ran, answer: .failure(.refused(.reentrant(inFlight: inFlight)))) == nil)
        let other = InFlightTransition(id: TransitionID(99), request: ran.request)
        for (record, answer) in [
            (ran, Result<TransitionRecord?, TransitionError>.success(ran)),
            (ran, .success(nil)),
            (ran, .failure(.refused(.busy(inFlight: inFlight)))),
            (ran, .failure(.refused(.reentrant(inFlight: other)))),
            (Self.record(showing: target, animation: .timedOut(after: .seconds(5))), nil),
        ] {
            #expect(
                LinkTask.resumeAnsweredAtOnce(record, answer: answer) != nil, "\(record.animation), \(String(describing: answer))"
            )
        }
    }

    @Test(
        "a preempting link to where a held swipe led must leave the app there once the swipe is cancelled: answered already there and elsewhere is reported"
    )
    func heldSwipeChecked() throws {
        let back = try Route(parsing: "^/lhome")
        let expected = try RouteCompiler.content(for: back, registry: LinkTask.registry())
        let elsewhere = try RouteCompiler.content(for: try Route(parsing: "^/lhome/lfeed"), registry: LinkTask.registry())
        let ran = Self.record(showing: expected)
        #expect(LinkTask.heldSwipeWaited(answer: .success(ran), shows: expected, expected: expected) == nil)
        let broken = LinkTask.heldSwipeWaited(answer: .success(nil), shows: elsewhere, expected: expected)
        #expect(broken?.contains("answered already there") == true)
        #expect(LinkTask.heldSwipeWaited(answer: .success(nil), shows: elsewhere, expected: nil) != nil)
    }
}

/// Screens made as an encoding that loses something would make them, for the destination shape check.
@Suite("The destination shape check")
struct DestinationShapeCheckTests {
    /// The screen `name` with `parameters`, its id written from both, as the library writes it.
    private static func screen(_ name: String, _ parameters: [String: String]) -> Screen {
        let path = Route(absolute: true, [.push(RouteTarget(name, parameters))]).path
        return Screen(name, id: ScreenID(String(path.dropFirst(2))), parameters: parameters)
    }

    @Test("the library's screens pass it, whatever the draw")
    func quietOnTheLibrary() {
        for seed in 1...20 {
            var rng = SplitMix64(seed: UInt64(seed))
            #expect(DestinationShapes.problems(drawing: &rng) == [], "seed \(seed)")
        }
    }

    @Test("an empty keyed value written as nothing is reported")
    func firesOnEmptyValuesDropped() {
        var rng = SplitMix64(seed: 7)
        let problems = DestinationShapes.problems(drawing: &rng) { value in
            let made = Screen(value)
            return Self.screen(made.name, made.parameters.filter { !$0.value.isEmpty })
        }
        #expect(problems.contains { $0.contains("are one screen") })
        #expect(problems.contains { $0.contains("reads back") })
    }

    @Test("a set listed in the order it iterates, and a zero that keeps its sign, are reported")
    func firesOnOrderAndSign() {
        var rng = SplitMix64(seed: 7)
        let problems = DestinationShapes.problems(drawing: &rng) { value in
            switch value {
            case .picked(let set):
                var parameters = ["_0": String(set.count)]
                for (index, element) in set.enumerated() { parameters["_0.\(index)"] = String(element) }
                return Self.screen("picked", parameters)
            case .price(let price):
                return Self.screen("price", ["_0": String(price)])
            default:
                return Screen(value)
            }
        }
        #expect(problems.contains { $0.contains("picked(") && $0.contains("yet two screens") })
        #expect(problems.contains { $0.contains("price(") && $0.contains("yet two screens") })
    }

    @Test("dotted keys written as they are, and a struct named for its one field, are reported")
    func firesOnDotsAndNames() {
        var rng = SplitMix64(seed: 7)
        let problems = DestinationShapes.problems(
            drawing: &rng,
            screen: { value in
                guard case .grouped(let groups) = value else { return Screen(value) }
                var parameters: [String: String] = [:]
                for (key, inner) in groups { for (name, number) in inner { parameters["_0.\(key).\(name)"] = String(number) } }
                return Self.screen("grouped", parameters)
            },
            card: { card in Self.screen("user", ["name": card.user.name]) })
        #expect(problems.contains { $0.contains("grouped(") && $0.contains("are one screen") })
        #expect(problems.contains { $0.contains("not named for its type") })
    }
}

@Suite("The equivalent URLs check")
struct EquivalentURLsCheckTests {
    @Test("the library's link table passes it, whatever the draw")
    func quietOnTheLibrary() {
        for seed in 1...50 {
            var rng = SplitMix64(seed: UInt64(seed))
            #expect(EquivalentURLs.problems(drawing: &rng) == [], "seed \(seed)")
        }
    }

    @Test("a table that reads a URL as written, percent-encoding and capitals included, is reported")
    func firesOnSpellingsReadAsWritten() throws {
        let written = try LinkTable([
            LinkPattern("https://user@example.com/private/:id", route: "^/private(id=:id)"),
            LinkPattern("http://localhost:8080/debug/:screen", route: "^/debug/:screen"),
            LinkPattern("https://example.com/users/:id/posts/:post", route: "^/users/user(id=:id)/post(id=:post)"),
        ])
        var rng = SplitMix64(seed: 3)
        let problems = EquivalentURLs.problems(drawing: &rng) { text throws(NavigationError) in
            guard !text.contains("%"), !text.contains(":000"), text == text.lowercased() else {
                throw .noMatch(text, nearest: nil, reason: "read as written")
            }
            return try written.route(for: text)
        }
        #expect(problems.count >= 3, "each URL's respellings: \(problems)")
        #expect(problems.allSatisfy { $0.contains("gives failure") })
    }

    @Test("a table that splits a URL at characters, so a separator a combining mark follows does not separate, is reported")
    func firesOnSeparatorsJoinedToMarks() throws {
        guard case .success(let table) = EquivalentURLs.table else { throw EquivalentURLsCheckError.tableRefused }
        var rng = SplitMix64(seed: 5)
        // What splitting at characters reads: each separator a mark follows as part of the text.
        let problems = EquivalentURLs.problems(drawing: &rng) { text throws(NavigationError) in
            var joined = text
            for (separator, encoded) in [("/", "%2F"), ("#", "%23"), ("?", "%3F")] {
                joined = joined.replacing(separator + "\u{301}", with: encoded + "%CC%81")
            }
            return try table.route(for: joined)
        }
        #expect(problems.count == 9, "three URLs, each with a fragment, a query and a segment: \(problems)")
        #expect(problems.filter { $0.contains("did not separate") }.count == 3)
    }
}

/// The check's own table did not build.
enum EquivalentURLsCheckError: Error { case tableRefused }

@Suite("The link table's launch check")
struct LinkTableLaunchCheckTests {
    @Test("the library's check refuses an optional placeholder filling a required parameter; a check that passes it is reported")
    func optionalPlaceholders() {
        #expect(LinkTask.launchChecksHold(against: LinkTask.registry()) == nil)
        // With ldetail's id optional, the check passes the table: what a check that never drops
        // optional placeholders does to the real registry.
        var lenient = LinkTask.registry()
        lenient.screen("ldetail", parameters: ["id": .init(.integer, required: false)])
        #expect(LinkTask.launchChecksHold(against: lenient)?.contains("passed its launch check") == true)
    }
}
