import TransitionCoordinator

extension LinkTask {
    /// A link posted with no expiry to an open, idle inbox, on an app of its own, goes at once:
    /// it waited its expiry (none), not longer (mutant ``Mutation/expiredAtDeadline``).
    static func zeroExpiryGoesAtOnce(environment: StressEnvironment, checker: StressChecker) async {
        let app = await Coordinator(
            root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: registry())
        let inbox = LinkInbox(coordinator: app, configuration: .init(expiry: .zero, startsOpen: true))
        guard let route = try? Route(parsing: "^/lhome/lfeed") else { return }
        let outcome = await inbox.receive(route, expiry: .zero)
        guard case .navigated = outcome else {
            await checker.noteViolation(
                .init(.answered, "a link with no expiry, on an open, idle inbox, ended \(outcome), not navigated at once"))
            return
        }
    }

    /// Saved links as a forged or stale file holds them, restored into an open, idle inbox on an
    /// app of its own, one restore after another: a link saved with the id 0 (which no inbox
    /// gives) twice, each after the one before ended, then one whose saved wait ran out (negative).
    /// No id may be given twice (mutant ``Mutation/restoredIDZeroKept``), and the run-out link
    /// must end expired, never navigate (mutant ``Mutation/restoredNegativeWaitGoes``).
    static func restoredLinksForged(environment: StressEnvironment, checker: StressChecker) async {
        let app = await Coordinator(
            root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: registry())
        let inbox = LinkInbox(coordinator: app, startsOpen: true)
        var ends = inbox.outcomes.makeAsyncIterator()
        guard let feed = try? Route(parsing: "^/lhome/lfeed"), let friend = try? Route(parsing: "^/lhome/lfriend") else { return }
        var given: [LinkID] = []
        for route in [feed, friend] {
            let restored = await inbox.restore([SavedLink(id: LinkID(0), route: route, remaining: .seconds(10))])
            given += restored.map(\.id)
            _ = await ends.next()
        }
        if Set(given).count != given.count {
            await checker.noteViolation(
                .init(.answered, "two restores of a link saved with the id 0 gave it \(given): one id would end twice"))
        }
        let version = await app.snapshot.version
        let ranOut = await inbox.restore([SavedLink(id: LinkID(7), route: feed, remaining: .seconds(-1))])
        let end = await ends.next()
        guard ranOut.count == 1, case .expired? = end?.outcome, await app.snapshot.version == version else {
            await checker.noteViolation(
                .init(
                    .answered,
                    "a restored link whose saved wait ran out ended \(String(describing: end?.outcome)) and the app "
                        + "went from version \(version) to \(await app.snapshot.version): it must expire at once"))
            return
        }
    }

    /// Inboxes the app lets go while their links are open, on an app of its own: one whose link
    /// is on its way to the coordinator, then a closed one whose link can only wait. Each link
    /// must still end on its inbox's `outcomes` before the stream finishes, the first navigated and
    /// the second expired (mutant ``Mutation/releasedInboxLosesLink``).
    static func inboxLetGoEndsItsLinks(environment: StressEnvironment, checker: StressChecker) async {
        let app = await Coordinator(
            root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: registry())
        guard let route = try? Route(parsing: "^/lhome/lfeed") else { return }
        for startsOpen in [true, false] {
            var inbox: LinkInbox? = LinkInbox(
                coordinator: app, configuration: .init(expiry: .milliseconds(5), startsOpen: startsOpen))
            var ends = inbox?.outcomes.makeAsyncIterator()
            await inbox?.post(route)
            inbox = nil
            let end = await ends?.next()
            let expected = startsOpen ? "navigated" : "expired"
            if end?.outcome.code != expected {
                await checker.noteViolation(
                    .init(
                        .answered,
                        "a link posted to an \(startsOpen ? "open" : "closed") inbox the app then let go ended "
                            + "\(end.map { "\($0.outcome)" } ?? "never, its outcomes finished"), not \(expected)"))
            }
        }
    }
}
