/// The decisions of a ``LinkInbox``, as a value: which link waits, which goes to the coordinator,
/// and how each ends. Every event returns what to do; the inbox actor carries it out. No clock,
/// no task, no await: time comes in as arguments.
///
/// Rules (each link ends exactly once):
/// - A link arriving while the same route is pending or on its way ends at once as a duplicate
///   of that link.
/// - The newest link wins: a link arriving supersedes every older one still pending, and asks
///   for the one on its way to be withdrawn (it still ends as the coordinator answers it: navigated
///   if it was admitted already, else superseded).
/// - While the inbox is closed (cold launch: the app's root content is not ready) links wait.
///   When open, the newest pending link goes to the coordinator, one at a time.
/// - A link that waited past its expiry before going ends as expired.
/// - A link a guard redirected (to sign-in, say) does not end: it is parked, as the newest link,
///   until the app resumes it (``resume(_:now:)``, through ``Coordinator/resumeRedirected()``),
///   a newer link supersedes it, or it expires. Resumed, it goes to the coordinator again, through
///   the guards, and ends as they and the coordinator answer it.
struct InboxMachine: Sendable {
    /// A link waiting or on its way.
    struct Link: Sendable, Hashable {
        let id: LinkID
        let route: Route
        /// When it arrived and when it expires, on the inbox's clock.
        let arrived: Duration
        let deadline: Duration
    }

    /// What the inbox must do.
    enum Action: Sendable, Hashable {
        /// End the link with the outcome.
        case end(LinkID, LinkOutcome)
        /// Hand the link to the coordinator.
        case deliver(Link)
        /// Withdraw the link on its way (cancel its request): a newer one arrived.
        case withdraw(LinkID)
    }

    private(set) var isOpen: Bool
    /// Waiting links, oldest first (at most one, the newest, unless the inbox never saw a newer).
    private(set) var pending: [Link] = []
    /// The link handed to the coordinator and not answered yet.
    private(set) var delivering: Link?
    /// The link a guard redirected, waiting for the app to resume it.
    private(set) var parked: Link?
    /// The link that superseded the one on its way, if any.
    private var supersedingDelivery: LinkID?
    /// The link on its way that the app asked to resume before its redirect came back.
    private var resumeOnAnswer: LinkID?
    private var nextID: UInt64

    init(open: Bool, firstID: UInt64 = 1) {
        isOpen = open
        nextID = firstID
    }

    /// A link for `route` arrives at `now`, to expire after `expiry`; returns its id and actions.
    mutating func receive(_ route: Route, now: Duration, expiry: Duration) -> (LinkID, [Action]) {
        let id = LinkID(nextID)
        nextID += 1
        // An expiry from the app is brought into the trusted range before it is added to `now`.
        let expiry = TrustedDuration.clamped(expiry, to: TrustedDuration.bound)
        // Overdue links end first, so a new link is never the duplicate of one about to expire.
        var actions = expire(now: now)
        // The link on its way stands for the same route only while it is not being withdrawn.
        let going = supersedingDelivery == nil ? delivering : nil
        if let same = going.flatMap({ $0.route == route ? $0 : nil }) ?? pending.first(where: { $0.route == route })
            ?? parked.flatMap({ $0.route == route ? $0 : nil })
        {
            return (id, actions + [.end(id, .duplicate(of: same.id))])
        }
        // Mutant: the older pending links are forgotten, with no outcome.
        if !planted(.linkDroppedFromInbox) {
            for older in pending { actions.append(.end(older.id, .superseded(by: id))) }
        }
        if let waiting = parked {
            parked = nil
            actions.append(.end(waiting.id, .superseded(by: id)))
        }
        pending = [Link(id: id, route: route, arrived: now, deadline: now + expiry)]
        if let going = delivering, supersedingDelivery == nil {
            supersedingDelivery = id
            actions.append(.withdraw(going.id))
        }
        return (id, actions + pump(now: now))
    }

    /// A link whose route breaks the path rules arrives at `now`: it takes an id and ends at
    /// once, refused with `error`, touching no other link (it is never delivered, nor saved).
    mutating func refuse(_ route: Route, because error: TransitionError, now: Duration) -> (LinkID, [Action]) {
        let id = LinkID(nextID)
        nextID += 1
        return (id, expire(now: now) + [.end(id, .refused(error))])
    }

    /// Takes saved links back in (a restore) and returns them with the ids they take, and the
    /// actions. Saved data is untrusted: a remaining wait is brought into `0...longest` (a
    /// negative one expires at once), and ids are kept only when no link arrived yet, no two
    /// share an id, and all are from 1 (the first id given) to below 2⁶³ (room for the ids to
    /// come); otherwise every restored link takes
    /// a new id (ids are never given twice). Links restored after others arrived are older than
    /// those, so they are superseded by the newest one waiting or on its way. Otherwise the
    /// newest restored link waits and the older ones are superseded by it. Each ends once.
    mutating func restore(_ saved: [SavedLink], now: Duration, longest: Duration) -> (links: [SavedLink], actions: [Action]) {
        var links = saved.sorted { $0.id < $1.id }
        // A negative wait ran out before the restore: that link expires at once.
        // Mutant: a negative wait read as none left, so the link goes to an open, idle inbox.
        let ranOut = links.map { $0.remaining < .zero && !planted(.restoredNegativeWaitGoes) }
        for index in links.indices { links[index].remaining = TrustedDuration.clamped(links[index].remaining, to: longest) }
        let distinct = zip(links, links.dropFirst()).allSatisfy { $0.id != $1.id }
        // Room for every id to come: below 2⁶³, the next ids cannot run out.
        let roomAfter = (links.last?.id.rawValue ?? 0) < UInt64(Int64.max)
        // The inbox gives ids from 1: a saved 0 is forged, and kept it would read as no link given yet.
        // Mutant: an id of 0 kept, so a later restore keeps its ids again and one id ends twice.
        let given = (links.first?.id.rawValue ?? 1) > 0 || planted(.restoredIDZeroKept)
        // Mutant: duplicate ids are kept as saved, so one link can end twice.
        let distinctOrMutant = distinct || planted(.restoredDuplicateLink)
        let nothingGiven = nextID == 1 && delivering == nil && pending.isEmpty && parked == nil
        let keepsIDs = nothingGiven && distinctOrMutant && roomAfter && given
        if !keepsIDs {
            for index in links.indices {
                links[index].id = LinkID(nextID)
                nextID += 1
            }
        } else if let newest = links.last {
            nextID = max(nextID, newest.id.rawValue + 1)
        }
        var actions: [Action] = []
        var waiting: [SavedLink] = []
        for (link, ranOut) in zip(links, ranOut) {
            if ranOut { actions.append(.end(link.id, .expired(waited: .zero))) } else { waiting.append(link) }
        }
        guard let newest = waiting.last else { return (links, actions) }
        if let live = pending.last ?? delivering ?? parked {
            return (links, actions + waiting.map { Action.end($0.id, .superseded(by: live.id)) })
        }
        actions += waiting.dropLast().map { Action.end($0.id, .superseded(by: newest.id)) }
        pending = [Link(id: newest.id, route: newest.route, arrived: now, deadline: now + newest.remaining)]
        actions += pump(now: now)
        return (links, actions)
    }

    /// The app's root content is ready: links may go.
    mutating func open(now: Duration) -> [Action] {
        isOpen = true
        return pump(now: now)
    }

    /// The coordinator answered the link on its way.
    mutating func answered(_ id: LinkID, _ answer: Result<TransitionRecord?, TransitionError>, now: Duration) -> [Action] {
        guard let going = delivering, going.id == id else { return [] }
        delivering = nil
        defer { if resumeOnAnswer == id { resumeOnAnswer = nil } }
        if case .failure(.redirected) = answer, supersedingDelivery == nil {
            // Parked behind the guard (nothing else waits: a newer link would have superseded it).
            if resumeOnAnswer == id {
                pending = [going]
            } else {
                parked = going
            }
            return pump(now: now)
        }
        let outcome: LinkOutcome
        switch answer {
        case .success(let record?): outcome = .navigated(record)
        case .success(nil): outcome = .alreadyThere
        case .failure(.refused(.cancelled)) where supersedingDelivery != nil:
            outcome = .superseded(by: supersedingDelivery ?? id)
        case .failure(let error): outcome = .refused(error)
        }
        supersedingDelivery = nil
        return [.end(id, outcome)] + pump(now: now)
    }

    /// The app asks for parked link `id` again (signed in now): it goes to the coordinator, as
    /// the newest link. Asked while its redirect is still on its way back, it goes as soon as it
    /// comes. Nil when the link is neither parked nor on its way (it ended: superseded, expired).
    mutating func resume(_ id: LinkID, now: Duration) -> [Action]? {
        if planted(.parkedLinkNotResumed) { return nil }
        if let link = parked, link.id == id {
            parked = nil
            pending = [link]
            return pump(now: now)
        }
        guard let going = delivering, going.id == id, supersedingDelivery == nil else { return nil }
        resumeOnAnswer = id
        return []
    }

    /// Ends the pending and parked links whose deadline passed by `now`: that waited longer than
    /// their expiry. A link whose deadline is `now` has waited its expiry, not longer: it may still
    /// be delivered now (a link posted with no expiry to an open, idle inbox goes at once).
    mutating func expire(now: Duration) -> [Action] {
        var actions: [Action] = []
        // Mutant: a link that waited exactly its expiry ends as expired.
        func passed(_ link: Link) -> Bool { link.deadline < now || planted(.expiredAtDeadline) && link.deadline == now }
        pending.removeAll { link in
            guard passed(link) else { return false }
            actions.append(.end(link.id, .expired(waited: now - link.arrived)))
            return true
        }
        if let link = parked, passed(link) {
            parked = nil
            actions.append(.end(link.id, .expired(waited: now - link.arrived)))
        }
        return actions
    }

    /// The earliest deadline of a pending or parked link, if any.
    var nextDeadline: Duration? { (pending + (parked.map { [$0] } ?? [])).map(\.deadline).min() }

    /// The pending, delivering and parked links as saved: how long each may still wait from
    /// `now`. A parked link is saved as waiting: after a relaunch it goes through the guards again.
    /// A link on its way no longer expires (it waits in the coordinator, behind the lock too), so
    /// it is saved with its whole expiry: a relaunch does not end a link that staying would have
    /// followed.
    func saved(now: Duration) -> [SavedLink] {
        var links = (pending + (parked.map { [$0] } ?? [])).map { link in
            SavedLink(id: link.id, route: link.route, remaining: max(.zero, link.deadline - now))
        }
        if let delivering {
            let expiry = max(.zero, delivering.deadline - delivering.arrived)
            links.append(SavedLink(id: delivering.id, route: delivering.route, remaining: expiry))
        }
        return links.sorted { $0.id < $1.id }
    }

    /// Sends the newest pending link when open and nothing is on its way (expired ones end first).
    private mutating func pump(now: Duration) -> [Action] {
        var actions = expire(now: now)
        guard isOpen, delivering == nil, let next = pending.popLast() else { return actions }
        for older in pending { actions.append(.end(older.id, .superseded(by: next.id))) }
        pending = []
        delivering = next
        actions.append(.deliver(next))
        return actions
    }
}
