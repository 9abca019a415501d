import TestSupport
import Testing

@testable import TransitionCoordinator

/// Links behind sign-in: resumes that meet a redirect on its way back. Order is
/// decided by a first-in first-out scheduler the test drives (``SteppedScheduler``).
@Suite("Link resumes that race")
struct LinkResumeRaceTests {
    static let vault = Route(absolute: true, [.push(RouteTarget("home")), .push(RouteTarget("vault", ["code": "1234"]))])
    static let signIn = Route(absolute: true, [.push(RouteTarget("home")), .push(RouteTarget("alert"))])

    /// What the scenario's tasks found, for the test to check.
    struct Found: Sendable {
        var first: Result<TransitionRecord?, TransitionError>?
        var second: Result<TransitionRecord?, TransitionError>?
        var parkedAtEnd: Bool?
        var ended: [LinkInbox.Ended] = []
        var endedCount = 0
        var link: LinkID?
    }

    static func resume(_ coordinator: Coordinator) async -> Result<TransitionRecord?, TransitionError> {
        do throws(TransitionError) { return .success(try await coordinator.resumeRedirected()) } catch { return .failure(error) }
    }

    @Test(
        "a resume asked while a resumed link's second redirect is on its way back is not lost: the link goes again and ends once")
    func resumeDuringSecondRedirect() {
        let scheduler = SteppedScheduler()
        let signedIn = Box(false)
        let (asked, gate) = (Gate(), Gate())
        let vaultAsks = Box(0)
        let found = Box(Found())
        let parts = Box<(Coordinator, LinkInbox)?>(nil)
        let session = NavigationGuard("session") { context in
            guard context.arriving.contains(where: { $0.name == "vault" }), !signedIn.value else { return .allow }
            if vaultAsks.update({
                $0 += 1
                return $0
            }) == 2 {
                asked.open()
                await gate.wait()
            }
            return .redirect(Self.signIn)
        }
        let phase = Box(0)
        _ = Task.detached(executorPreference: scheduler.taskExecutor) {
            let coordinator = await Coordinator(
                root: Screen("launch"), clock: TestClock(), executor: scheduler.serialExecutor,
                taskExecutor: scheduler.taskExecutor, screens: RouteCompilerTests.registry(),
                guards: [session])
            var probe = EventProbe(coordinator)
            let inbox = LinkInbox(coordinator: coordinator, startsOpen: true)
            parts.value = (coordinator, inbox)
            let id = await inbox.post(Self.vault)
            found.mutate { $0.link = id }
            _ = await probe.next { if case .ended(let record) = $0, record.source == .redirect { true } else { false } }
            await inbox.idle()
            // Parked; the first resume sends it again, and the guard (still signed out) is asked.
            _ = Task(executorPreference: scheduler.taskExecutor) {
                let answer = await Self.resume(coordinator)
                found.mutate { $0.first = answer }
            }
            await asked.wait()
            phase.value = 1
        }
        #expect(scheduler.run { phase.value == 1 })
        guard let (coordinator, inbox) = parts.value else {
            Issue.record("no coordinator")
            return
        }

        // The guard redirects again; the coordinator's step that takes the redirect in waits in
        // its queue, and the app (signed in now) asks to resume behind it.
        scheduler.holdsSerial = true
        gate.open()
        scheduler.runDry()
        let vetWaiting = scheduler.serialWaiting
        signedIn.value = true
        _ = Task.detached(executorPreference: scheduler.taskExecutor) {
            let answer = await Self.resume(coordinator)
            found.mutate { $0.second = answer }
        }
        scheduler.runDry()
        #expect(scheduler.serialWaiting == vetWaiting + 1, "the second resume waits behind the vet")
        scheduler.holdsSerial = false
        #expect(scheduler.run { found.value.first != nil && found.value.second != nil })

        _ = Task.detached(executorPreference: scheduler.taskExecutor) {
            await inbox.idle()
            let parked = await inbox.hasParkedLink
            let count = await inbox.endedCount
            found.mutate {
                $0.parkedAtEnd = parked
                $0.endedCount = count
            }
        }
        #expect(scheduler.run { found.value.parkedAtEnd != nil })
        let result = found.value
        #expect(result.parkedAtEnd == false, "no link is left parked with nothing kept to resume it")
        #expect(result.endedCount == 1)
        guard case .success(let record?)? = result.second else {
            Issue.record(
                "the second resume was lost: \(String(describing: result.second)); first: \(String(describing: result.first))")
            return
        }
        #expect(record.link == result.link && record.source == .link)
        #expect(result.first == .failure(.redirected(guard: "session", to: Self.signIn)), "the first resume was redirected again")
    }

    /// Two resumes of one link at once, in this order: the link, posted, is redirected to sign-in
    /// and parked; a first resume sends it again, and a "hold" guard stalls that trip until `gate`
    /// opens; a second resume is asked meanwhile. The session guard redirects its first
    /// `redirects` looks at the vault and then lets it through.
    struct TwoResumes {
        let coordinator: Coordinator
        let inbox: LinkInbox
        let link: LinkID
        let first: Task<TransitionRecord?, any Error>
        let second: Task<TransitionRecord?, any Error>
        let gate: Gate

        init(redirects: Int) async {
            let hold = Box(false), gate = Gate(), asked = Box(0)
            let (entered, arrived) = AsyncStream.makeStream(of: Void.self)
            let guards = [
                NavigationGuard("hold") { context in
                    guard context.arriving.contains(where: { $0.name == "vault" }), hold.value else { return .allow }
                    hold.mutate { $0 = false }
                    arrived.yield()
                    await gate.wait()
                    return .allow
                },
                NavigationGuard("session") { context in
                    guard context.arriving.contains(where: { $0.name == "vault" }) else { return .allow }
                    asked.mutate { $0 += 1 }
                    return asked.value <= redirects ? .redirect(LinkResumeRaceTests.signIn) : .allow
                },
            ]
            // A test clock: the guards' watchdog never fires, however slowly a loaded machine runs them.
            let coordinator = await Coordinator(
                root: Screen("launch"), clock: TestClock(), screens: RouteCompilerTests.registry(), guards: guards)
            var probe = EventProbe(coordinator)
            let inbox = LinkInbox(coordinator: coordinator, startsOpen: true)
            link = await inbox.post(LinkResumeRaceTests.vault)
            _ = await probe.next { if case .ended(let record) = $0, record.source == .redirect { true } else { false } }
            await inbox.idle()
            hold.mutate { $0 = true }
            first = Task { try await coordinator.resumeRedirected() }
            var waiting = entered.makeAsyncIterator()
            _ = await waiting.next()
            // The first resume is at the guard, its request taken: the second must still reach the link.
            second = Task { try await coordinator.resumeRedirected() }
            for _ in 0..<10_000 where await inbox.waitingResumes < 2 { await Task.yield() }
            (self.coordinator, self.inbox, self.gate) = (coordinator, inbox, gate)
        }
    }

    @Test("a resume asked while the link's first resume waits at a guard is not lost: it goes again when the guard redirects it")
    func resumeWhileAtTheGuard() async throws {
        // Signed in only after its second look at the vault: the first resume is redirected again.
        let resumes = await TwoResumes(redirects: 2)
        #expect(await resumes.inbox.waitingResumes == 2, "the second resume waits for the link's next trip")
        resumes.gate.open()
        await #expect(throws: TransitionError.redirected(guard: "session", to: Self.signIn)) { try await resumes.first.value }
        let record = try #require(try await resumes.second.value)
        #expect(record.link == resumes.link && record.source == .link)
        await resumes.inbox.idle()
        let (parked, ended) = (await resumes.inbox.hasParkedLink, await resumes.inbox.endedCount)
        #expect(!parked && ended == 1, "the link ended once, navigated")
        #expect(
            await resumes.inbox.parkedCount == 2,
            "held back twice: parked, then sent again at once (a harness counts their events)")
    }

    @Test("a resume asked while the link's resume waits at a guard that lets it through gets the same record: one navigation")
    func resumeSharesTheTrip() async throws {
        // Signed in by its second look at the vault: the first resume goes through.
        let resumes = await TwoResumes(redirects: 1)
        #expect(await resumes.inbox.waitingResumes == 2, "the second resume waits for the trip that is out")
        let before = await resumes.coordinator.history.count
        resumes.gate.open()
        let (one, two) = (try #require(try await resumes.first.value), try #require(try await resumes.second.value))
        #expect(one == two && one.link == resumes.link && one.source == .link, "both callers hear the one navigation")
        await resumes.inbox.idle()
        #expect(await resumes.coordinator.history.count == before + 1, "one navigation, not two")
        #expect(await resumes.inbox.endedCount == 1)
    }

    @Test(
        "a third resume, asked while a second waits on the trip that is out, waits too: redirected again, the link goes once more for both",
        arguments: [1, 2])
    func thirdResumeWaits(_ redirects: Int) async throws {
        let resumes = await TwoResumes(redirects: redirects)
        let third = Task { try await resumes.coordinator.resumeRedirected() }
        for _ in 0..<10_000 where await resumes.inbox.waitingResumes < 3 { await Task.yield() }
        #expect(await resumes.inbox.waitingResumes == 3, "the third resume waits with the second")
        resumes.gate.open()
        let two = try #require(try await resumes.second.value)
        #expect(try await third.value == two, "the third caller hears the navigation the second hears")
        #expect(two.link == resumes.link)
        if redirects == 1 { #expect(try await resumes.first.value == two, "one trip, one navigation, for all three") }
        await resumes.inbox.idle()
        #expect(await resumes.inbox.endedCount == 1)
        #expect(await resumes.coordinator.history.filter { $0.link == resumes.link }.count == 1, "the link navigated once")
    }

    @Test("a link redirected while another inbox's link arrives is resumed through its own inbox")
    func resumedThroughItsOwnInbox() async throws {
        let signedIn = Box(false)
        let entered = Gate(), release = Gate()
        let session = NavigationGuard("session") { context in
            guard context.arriving.contains(where: { $0.name == "vault" }), !signedIn.value else { return .allow }
            entered.open()
            await release.wait()
            return .redirect(Self.signIn)
        }
        let coordinator = await Coordinator(
            root: Screen("launch"), clock: TestClock(), screens: RouteCompilerTests.registry(), guards: [session])
        var probe = EventProbe(coordinator)
        let first = LinkInbox(coordinator: coordinator, startsOpen: true)
        let second = LinkInbox(coordinator: coordinator, startsOpen: true)
        let parked = await first.post(Self.vault)
        await entered.wait()
        let friend = Route(absolute: true, [.push(RouteTarget("home")), .push(RouteTarget("friend"))])
        #expect(await second.post(friend) == parked, "each inbox numbers its own links")
        _ = await probe.next { if case .waiting = $0 { true } else { false } }
        release.open()
        await first.idle()
        await second.idle()
        _ = await coordinator.redirectOutcome()
        #expect(await first.hasParkedLink)
        signedIn.value = true
        let record = try await coordinator.resumeRedirected()
        #expect(record?.link == parked && record?.after.rootWindow?.content.topScreen.name == "vault")
        #expect(await first.hasParkedLink == false)
    }

    @Test("a link parked behind sign-in in an inbox the app let go is still resumed, and its end still comes on the outcomes")
    func parkedInReleasedInbox() async throws {
        let signedIn = Box(false)
        let session = NavigationGuard("session") { context in
            guard context.arriving.contains(where: { $0.name == "vault" }), !signedIn.value else { return .allow }
            return .redirect(Self.signIn)
        }
        let coordinator = await Coordinator(
            root: Screen("launch"), clock: TestClock(), screens: RouteCompilerTests.registry(), guards: [session])
        var inbox: LinkInbox? = LinkInbox(coordinator: coordinator, startsOpen: true)
        var outcomes = try #require(inbox).outcomes.makeAsyncIterator()
        let parked = try await #require(inbox).post(Self.vault)
        await inbox?.idle()
        _ = await coordinator.redirectOutcome()
        inbox = nil
        signedIn.value = true
        let record = try await coordinator.resumeRedirected()
        #expect(record?.link == parked)
        let ended = await outcomes.next()
        #expect(ended?.id == parked && ended?.outcome.code == "navigated", "ended: \(String(describing: ended))")
    }
}
