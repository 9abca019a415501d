/// The wait queue's index from a coalescing group's name to the tickets of that group standing in
/// a lane, in the order they entered.
///
/// A coalescing request supersedes its group's members before it joins, so a group usually has one
/// member at most and every operation here is O(1); only a lane the request does not supersede
/// (the ``Mutation/coalesceQueuedLaneOnly`` mutant's deferred lane) lets members pile up. A lone
/// member is held without an array.
struct CoalescingGroups {
    /// One group's members.
    private enum Members {
        case one(AdmissionTicket)
        case many([AdmissionTicket])

        /// The members, oldest first.
        var tickets: [AdmissionTicket] {
            switch self {
            case .one(let ticket): [ticket]
            case .many(let tickets): tickets
            }
        }
    }

    /// The members of each group that has any.
    private var members: [String: Members] = [:]

    /// No group.
    init() {}

    /// How many groups have members.
    var count: Int { members.count }

    /// Adds `ticket` as the newest member of `group`.
    mutating func add(_ ticket: AdmissionTicket, to group: String) {
        switch members[group] {
        case nil: members[group] = .one(ticket)
        case .one(let first)?: members[group] = .many([first, ticket])
        case .many(var tickets)?:
            members[group] = nil
            tickets.append(ticket)
            members[group] = .many(tickets)
        }
    }

    /// Removes `ticket` from `group`, if it is a member; O(number of members).
    mutating func remove(_ ticket: AdmissionTicket, from group: String) {
        switch members[group] {
        case nil: return
        case .one(let only)?:
            if only === ticket { members[group] = nil }
        case .many(var tickets)?:
            guard let index = tickets.firstIndex(where: { $0 === ticket }) else { return }
            members[group] = nil
            tickets.remove(at: index)
            members[group] = tickets.count == 1 ? .one(tickets[0]) : .many(tickets)
        }
    }

    /// How many members of `group` `counts` accepts.
    func count(of group: String, where counts: (AdmissionTicket) -> Bool) -> Int {
        switch members[group] {
        case nil: 0
        case .one(let ticket)?: counts(ticket) ? 1 : 0
        case .many(let tickets)?: tickets.count(where: counts)
        }
    }

    /// The oldest member of `group` that `matches` accepts.
    func first(of group: String, where matches: (AdmissionTicket) -> Bool) -> AdmissionTicket? {
        switch members[group] {
        case nil: nil
        case .one(let ticket)?: matches(ticket) ? ticket : nil
        case .many(let tickets)?: tickets.first(where: matches)
        }
    }

    /// Removes `group` and returns its members, oldest first.
    mutating func take(_ group: String) -> [AdmissionTicket] {
        members.removeValue(forKey: group)?.tickets ?? []
    }
}
