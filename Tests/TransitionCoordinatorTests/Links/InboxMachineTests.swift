import Testing

@testable import TransitionCoordinator

/// The inbox's decisions, event by event, with no task and no clock: each link ends once.
@Suite("Inbox machine")
struct InboxMachineTests {
    static let home = Route(absolute: true, [.push(RouteTarget("home"))])
    static let friend = Route(absolute: true, [.push(RouteTarget("home")), .push(RouteTarget("friend"))])
    static let inbox = Route(absolute: true, [.push(RouteTarget("inbox"))])
    static let minute = Duration.seconds(60)

    static func ends(_ actions: [InboxMachine.Action]) -> [LinkID: String] {
        var ends: [LinkID: String] = [:]
        for case .end(let id, let outcome) in actions { ends[id] = outcome.code }
        return ends
    }

    static func delivered(_ actions: [InboxMachine.Action]) -> [LinkID] {
        actions.compactMap { if case .deliver(let link) = $0 { link.id } else { nil } }
    }

    @Test("links arriving before the app is ready wait; on open the newest goes and the older are superseded")
    func coldLaunch() {
        var machine = InboxMachine(open: false)
        let (first, a) = machine.receive(Self.home, now: .zero, expiry: Self.minute)
        #expect(a.isEmpty)
        let (second, b) = machine.receive(Self.friend, now: .seconds(1), expiry: Self.minute)
        #expect(Self.ends(b) == [first: "superseded"])
        let opened = machine.open(now: .seconds(2))
        #expect(Self.delivered(opened) == [second])
        #expect(machine.delivering?.id == second)
    }

    @Test("the same route pending or on its way: the new link ends at once as its duplicate")
    func duplicates() {
        var machine = InboxMachine(open: true)
        let (first, a) = machine.receive(Self.home, now: .zero, expiry: Self.minute)
        #expect(Self.delivered(a) == [first])
        let (again, b) = machine.receive(Self.home, now: .zero, expiry: Self.minute)
        #expect(b == [.end(again, .duplicate(of: first))])
        let (other, c) = machine.receive(Self.friend, now: .zero, expiry: Self.minute)
        #expect(c == [.withdraw(first)], "a newer link asks to withdraw the one on its way, and waits")
        let (otherAgain, d) = machine.receive(Self.friend, now: .zero, expiry: Self.minute)
        #expect(d == [.end(otherAgain, .duplicate(of: other))])
    }

    @Test("a withdrawn link not yet admitted ends as superseded, and the newer one goes next")
    func withdrawn() {
        var machine = InboxMachine(open: true)
        let (first, _) = machine.receive(Self.home, now: .zero, expiry: Self.minute)
        let (second, _) = machine.receive(Self.friend, now: .zero, expiry: Self.minute)
        let answered = machine.answered(first, .failure(.refused(.cancelled(.popAll))), now: .seconds(1))
        #expect(Self.ends(answered) == [first: "superseded"])
        #expect(answered.contains(.end(first, .superseded(by: second))))
        #expect(Self.delivered(answered) == [second])
    }

    @Test(
        "the coordinator's answer is the link's outcome: already there, or refused with the error",
        arguments: [("nil", "alreadyThere"), ("busy", "refused.queueFull")])
    func answers(_ answer: String, _ code: String) {
        var machine = InboxMachine(open: true)
        let (id, _) = machine.receive(Self.home, now: .zero, expiry: Self.minute)
        let result: Result<TransitionRecord?, TransitionError> =
            answer == "nil" ? .success(nil) : .failure(.refused(.queueFull(limit: 1)))
        #expect(Self.ends(machine.answered(id, result, now: .zero)) == [id: code])
        #expect(machine.delivering == nil)
        #expect(machine.answered(id, result, now: .zero).isEmpty, "a second answer for the same link ends nothing")
    }

    @Test("a link that waited past its expiry ends as expired, and only then")
    func expiry() {
        var machine = InboxMachine(open: false)
        let (id, _) = machine.receive(Self.home, now: .seconds(10), expiry: .seconds(5))
        #expect(machine.nextDeadline == .seconds(15))
        #expect(machine.expire(now: .seconds(14)).isEmpty)
        #expect(machine.expire(now: .seconds(15)).isEmpty, "it waited its expiry, not longer")
        #expect(machine.expire(now: .seconds(16)) == [.end(id, .expired(waited: .seconds(6)))])
        #expect(machine.open(now: .seconds(16)).isEmpty)
    }

    @Test("a link that waited exactly its expiry still goes: one with no expiry goes at once to an open, idle inbox")
    func deliveredAtItsDeadline() {
        var open = InboxMachine(open: true)
        let (now, actions) = open.receive(Self.home, now: .seconds(3), expiry: .zero)
        #expect(Self.delivered(actions) == [now])
        var closed = InboxMachine(open: false)
        let (waiting, _) = closed.receive(Self.home, now: .zero, expiry: .seconds(60))
        #expect(Self.delivered(closed.open(now: .seconds(60))) == [waiting])
    }

    @Test("saved links come back with their ids and what remained of their expiry; the newest waits")
    func restore() {
        var machine = InboxMachine(open: false)
        let (first, _) = machine.receive(Self.home, now: .zero, expiry: Self.minute)
        let saved = machine.saved(now: .seconds(20))
        #expect(saved == [SavedLink(id: first, route: Self.home, remaining: .seconds(40))])
        var relaunched = InboxMachine(open: false)
        let older = SavedLink(id: LinkID(9), route: Self.inbox, remaining: .seconds(5))
        let restored = relaunched.restore(saved + [older], now: .seconds(100), longest: Self.minute)
        #expect(restored.actions == [.end(first, .superseded(by: LinkID(9)))])
        #expect(restored.links.map(\.id) == [first, LinkID(9)], "before any link arrived, ids are kept")
        let (next, _) = relaunched.receive(Self.friend, now: .seconds(100), expiry: Self.minute)
        #expect(next == LinkID(10), "ids go on after the restored ones")
    }

    @Test("a restored link whose saved wait ran out (negative) expires at once, open inbox or closed; the others go on")
    func restoredWaitRanOut() {
        for open in [true, false] {
            var machine = InboxMachine(open: open)
            let saved = [
                SavedLink(id: LinkID(1), route: Self.home, remaining: .seconds(-5)),
                SavedLink(id: LinkID(2), route: Self.inbox, remaining: .seconds(10)),
                SavedLink(id: LinkID(3), route: Self.friend, remaining: .seconds(-1)),
            ]
            let (links, actions) = machine.restore(saved, now: .zero, longest: Self.minute)
            #expect(links.map(\.id) == [LinkID(1), LinkID(2), LinkID(3)], "each restored link is returned, to end once")
            #expect(Self.ends(actions) == [LinkID(1): "expired", LinkID(3): "expired"])
            #expect(Self.delivered(actions) == (open ? [LinkID(2)] : []))
            #expect(machine.saved(now: .zero).map(\.id) == [LinkID(2)], "waiting, or on its way: saved, the others ended")
        }
    }

    @Test("a saved id of 0, which an inbox never gives, is renumbered: a later restore never gives an id twice")
    func restoredIDZero() {
        var machine = InboxMachine(open: false)
        let first = machine.restore(
            [SavedLink(id: LinkID(0), route: Self.home, remaining: Self.minute)], now: .zero, longest: Self.minute)
        #expect(first.links.map(\.id) == [LinkID(1)])
        let second = machine.restore(
            [SavedLink(id: LinkID(0), route: Self.inbox, remaining: Self.minute)], now: .zero, longest: Self.minute)
        #expect(second.links.map(\.id) == [LinkID(2)])
        let (posted, _) = machine.receive(Self.friend, now: .zero, expiry: Self.minute)
        #expect(posted == LinkID(3))
    }

    @Test("a link on its way no longer expires, and is saved with its whole expiry, however long it waited in the coordinator")
    func deliveringSavedWhole() {
        var machine = InboxMachine(open: true)
        let (id, actions) = machine.receive(Self.home, now: .zero, expiry: Self.minute)
        #expect(actions.contains { if case .deliver(let link) = $0 { link.id == id } else { false } })
        // An hour behind the lock: the link waits in the coordinator, not in the inbox.
        #expect(machine.expire(now: .seconds(3_600)).isEmpty)
        #expect(machine.saved(now: .seconds(3_600)) == [SavedLink(id: id, route: Self.home, remaining: Self.minute)])
    }

    @Test("links restored after a link arrived take new ids and are superseded by it: none is lost, no id is given twice")
    func restoreAfterArrival() {
        var machine = InboxMachine(open: false)
        let (live, _) = machine.receive(Self.home, now: .zero, expiry: Self.minute)
        let saved = [SavedLink(id: LinkID(1), route: Self.inbox, remaining: Self.minute)]
        let (links, actions) = machine.restore(saved, now: .zero, longest: .seconds(60))
        #expect(links.map(\.id) == [LinkID(2)])
        #expect(actions == [.end(LinkID(2), .superseded(by: live))])
        #expect(machine.pending.map(\.id) == [live])
    }

    @Test("a new link is never the duplicate of one about to expire, nor of one being withdrawn")
    func duplicatesOnlyOfLiveLinks() {
        var machine = InboxMachine(open: false)
        let (overdue, _) = machine.receive(Self.home, now: .zero, expiry: .seconds(5))
        let (fresh, arrival) = machine.receive(Self.home, now: .seconds(6), expiry: Self.minute)
        #expect(arrival == [.end(overdue, .expired(waited: .seconds(6)))])
        #expect(machine.pending.map(\.id) == [fresh])

        var open = InboxMachine(open: true)
        let (first, _) = open.receive(Self.home, now: .zero, expiry: Self.minute)
        let (second, _) = open.receive(Self.friend, now: .zero, expiry: Self.minute)
        let (third, actions) = open.receive(Self.home, now: .zero, expiry: Self.minute)
        #expect(actions == [.end(second, .superseded(by: third))], "not a duplicate of \(first), which is being withdrawn")
        #expect(open.pending.map(\.id) == [third])
    }

    static let redirect = TransitionError.redirected(guard: "session", to: Route(absolute: true, [.push(RouteTarget("signin"))]))

    @Test("a redirected link is parked, not ended; resumed, it goes again and ends once, as the coordinator answers")
    func parkedThenResumed() {
        var machine = InboxMachine(open: true)
        let (id, _) = machine.receive(Self.home, now: .zero, expiry: Self.minute)
        #expect(machine.answered(id, .failure(Self.redirect), now: .seconds(1)).isEmpty, "no outcome: it waits for sign-in")
        #expect(machine.parked?.id == id && machine.delivering == nil && machine.pending.isEmpty)
        #expect(machine.saved(now: .seconds(1)).map(\.id) == [id], "saved with the inbox: it survives a relaunch")
        #expect(machine.nextDeadline == .seconds(60), "its expiry still runs")
        let resumed = machine.resume(id, now: .seconds(2))
        #expect(resumed.map(Self.delivered) == [id] && machine.parked == nil)
        #expect(machine.resume(id, now: .seconds(2)) == [], "a second resume while it is on its way only asks again")
        #expect(machine.answered(id, .success(nil), now: .seconds(3)) == [.end(id, .alreadyThere)])
        #expect(machine.resume(id, now: .seconds(4)) == nil, "ended: nothing to resume")
    }

    @Test("a parked link ends once: superseded by a newer link, a duplicate's original, or expired")
    func parkedEndsOnce() {
        var machine = InboxMachine(open: true)
        let (parked, _) = machine.receive(Self.home, now: .zero, expiry: Self.minute)
        _ = machine.answered(parked, .failure(Self.redirect), now: .zero)
        let (again, duplicate) = machine.receive(Self.home, now: .seconds(1), expiry: Self.minute)
        #expect(duplicate == [.end(again, .duplicate(of: parked))])
        let (newer, arrival) = machine.receive(Self.friend, now: .seconds(2), expiry: Self.minute)
        #expect(Self.ends(arrival) == [parked: "superseded"] && Self.delivered(arrival) == [newer])
        #expect(machine.resume(parked, now: .seconds(3)) == nil)

        var expiring = InboxMachine(open: true)
        let (late, _) = expiring.receive(Self.home, now: .zero, expiry: .seconds(5))
        _ = expiring.answered(late, .failure(Self.redirect), now: .seconds(1))
        #expect(expiring.expire(now: .seconds(6)) == [.end(late, .expired(waited: .seconds(6)))])
        #expect(expiring.parked == nil && expiring.resume(late, now: .seconds(6)) == nil)
    }

    @Test("a resume asked before the redirect comes back sends the link again as soon as it does")
    func resumeBeforeTheRedirectReturns() {
        var machine = InboxMachine(open: true)
        let (id, _) = machine.receive(Self.home, now: .zero, expiry: Self.minute)
        #expect(machine.resume(id, now: .zero) == [])
        #expect(Self.delivered(machine.answered(id, .failure(Self.redirect), now: .zero)) == [id])
        #expect(machine.parked == nil && machine.delivering?.id == id)
    }

    @Test("a link redirected after a newer one arrived is not parked: it ends refused, and the newer one goes")
    func redirectedWhileSuperseded() throws {
        var machine = InboxMachine(open: true)
        let (first, _) = machine.receive(Self.home, now: .zero, expiry: Self.minute)
        let (second, _) = machine.receive(Self.friend, now: .zero, expiry: Self.minute)
        let actions = machine.answered(first, .failure(Self.redirect), now: .zero)
        let going = try #require(machine.delivering)
        #expect(actions == [.end(first, .refused(Self.redirect)), .deliver(going)])
        #expect(machine.parked == nil && machine.delivering?.id == second)
    }
}
