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
}
