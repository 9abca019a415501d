import TestSupport
import TransitionCoordinator

extension LinkTask {
    /// Two inboxes on an app of its own: a link of the first is behind sign-in, and while the
    /// session guard decides about it, a link of the second arrives (and waits its turn). Once
    /// signed in, the resume must send the redirected link again through the inbox it came from,
    /// whose link it is, not the one that delivered last (mutant
    /// ``Mutation/redirectedLinkLosesInbox``).
    static func redirectedLinkBackToItsInbox(environment: StressEnvironment, checker: StressChecker) async {
        let session = Session()
        let asked = Gate(), answer = Gate()
        let app = await Coordinator(
            root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: registry(),
            guards: guards(
                session: session,
                hesitate: {
                    asked.open()
                    await answer.wait()
                }))
        var probe = EventProbe(app)
        let first = LinkInbox(coordinator: app, startsOpen: true), second = LinkInbox(coordinator: app, startsOpen: true)
        guard let secure = try? Route(parsing: "^/lhome/lsecure"), let feed = try? Route(parsing: "^/lhome/lfeed") else { return }
        let parked = await first.post(secure)
        await asked.wait()
        await second.post(feed)
        _ = await probe.next { if case .waiting = $0 { true } else { false } }
        answer.open()
        await first.idle()
        await second.idle()
        _ = await app.redirectOutcome()
        session.signIn()
        let resumed = try? await app.resumeRedirected()
        let stillParked = await first.hasParkedLink
        if resumed?.link != parked || stillParked {
            await checker.noteViolation(
                .init(
                    .answered,
                    "a link behind sign-in, redirected while another inbox's link arrived, was resumed as "
                        + "\(resumed.map(\.description) ?? "nothing"): it must go again from its own inbox"))
        }
    }
}
