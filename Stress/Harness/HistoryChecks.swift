import TransitionCoordinator

/// Checks over a whole run's records: pure functions, each returning every violation it finds.
public enum HistoryChecks {
    /// FIFO within each wait lane: in commit order, the sequences of the records that waited in
    /// a lane increase. The deferred lane is checked within each locked period, since a request
    /// that reached the front of another lane while locked joins it late, keeping its older place.
    package static func waitOrder(_ records: [TransitionRecord]) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        var last: [WaitLane: TransitionRecord] = [:]
        for record in records {
            if !record.before.isLocked, record.after.isLocked { last[.deferred] = nil }
            guard let waited = record.waited else { continue }
            if let previous = last[waited.lane], let earlier = previous.waited, earlier.sequence >= waited.sequence {
                found.append(
                    .init(
                        .answered,
                        "\(record.id) (\(waited)) was admitted after \(previous.id) "
                            + "(\(earlier)): the \(waited.lane) lane is not first-in first-out"))
            }
            last[waited.lane] = record
        }
        return found
    }

    /// Coalescing keeps only the newest waiting request of a group, in every lane: two committed
    /// records of one group must not have waited side by side (the newer one arrived before the
    /// older one was admitted).
    package static func coalescing(_ records: [TransitionRecord]) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        var byGroup: [String: [(record: TransitionRecord, waited: WaitInfo)]] = [:]
        for record in records {
            guard let waited = record.waited, let group = waited.group else { continue }
            byGroup[group, default: []].append((record, waited))
        }
        for (group, members) in byGroup.sorted(by: { $0.key < $1.key }) {
            let ordered = members.sorted { $0.waited.sequence < $1.waited.sequence }
            for (older, newer) in zip(ordered, ordered.dropFirst())
            where newer.waited.sequence <= older.waited.newestArrival {
                found.append(
                    .init(
                        .answered,
                        "\(older.record.id) (\(older.waited)) of coalescing group '\(group)' ran though "
                            + "the newer \(newer.record.id) (\(newer.waited)) of its group was already waiting"))
            }
        }
        return found
    }

    /// A request that cut an animation short by preemption is sure to run next: the record after
    /// a preempted one waited in the lifecycle or the preempt lane (the lifecycle events that
    /// preempt too go first; a host stuck in the preempted transition refuses neither), unless a
    /// transition was admitted in between and left no record (ids are given at admission, one after another):
    /// the preempting request ran next and ended with nothing changed, its guards turning it
    /// down or the user cancelling its gesture. A preempt refused for room, or withdrawn, after
    /// cutting breaks it.
    package static func preemptions(_ history: [TransitionRecord]) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        for (record, next) in zip(history, history.dropFirst()) {
            guard record.animation == .preempted || record.animation == .skipped(.preemptedBeforeStart) else {
                continue
            }
            if let lane = next.waited?.lane, lane == .lifecycle || lane == .preempt { continue }
            // Another transition had the slot first, and ended without a record.
            if next.id.rawValue > record.id.rawValue + 1 { continue }
            found.append(
                .init(
                    .atomic,
                    "\(record.id)'s animation was preempted, but the next transition \(next.id) "
                        + "'\(next.request)' was no preempting request (waited: \(next.waited.map(\.description) ?? "no")): "
                        + "a request that cut it short changed something and did not run"))
        }
        return found
    }

    /// The reference model: the committed requests replayed in commit order on the pure
    /// sequential planner, from the first before-state, give every record's after-state.
    package static func referenceModel(_ history: [TransitionRecord]) -> [InvariantViolation] {
        guard let first = history.first else { return [] }
        var model = first.before
        var next = WindowID((model.windowList.map(\.id.rawValue).max() ?? 0) + 1)
        for record in history {
            do {
                // The reference: no mutant planted.
                let plan = try Mutation.unplanted { try TransitionPlanner.plan(record.request, in: model, nextWindowID: &next) }
                if plan.after != record.after {
                    return [.init(.atomic, "the reference model gives a different state after \(record.id) '\(record.request)'")]
                }
                model = plan.after
            } catch {
                return [.init(.atomic, "the reference model refuses \(record.id) '\(record.request)': \(error)")]
            }
        }
        return []
    }

    /// A navigation answered as already there, with what its route compiles to cold and the
    /// versions of the states it may have been decided on.
    package struct AlreadyThere: Sendable {
        package let route: Route
        package let expected: WindowContent
        package let versions: ClosedRange<UInt64>

        /// The answer for `route`, compiled cold to `expected`, decided on a state of one of `versions`.
        package init(route: Route, expected: WindowContent, versions: ClosedRange<UInt64>) {
            self.route = route
            self.expected = expected
            self.versions = versions
        }
    }

    /// A navigation answered as already there was decided on a state that showed its route's
    /// content: some state of its versions, as the history gives them, has the root showing what
    /// the route compiles to cold, with no app window above the root and no lock. An answer
    /// whose versions the history does not hold at all (a run with no transition) is not checked.
    ///
    /// It finds what the records cannot: a warm compile that differs from the cold one, or an
    /// already-there test that compares too little, but lands on what is shown, changes nothing
    /// and leaves no record.
    package static func alreadyThere(_ answers: [AlreadyThere], history: [TransitionRecord]) -> [InvariantViolation] {
        guard !answers.isEmpty, let first = history.first else { return [] }
        var states = [first.before.version: first.before]
        for record in history { states[record.after.version] = record.after }
        var found: [InvariantViolation] = []
        for answer in answers {
            let known = answer.versions.compactMap { states[$0] }
            // "Shows" as the planner defines it, asked of the cold compile with no mutant planted.
            let request = TransitionRequest.navigate(answer.route, target: answer.expected)
            let shows = Mutation.unplanted { known.contains { TransitionPlanner.showsAlready(request, in: $0) } }
            guard !known.isEmpty, !shows else { continue }
            found.append(
                .init(
                    .atomic,
                    "the link \(answer.route) was answered as already there, but no state from "
                        + "v\(answer.versions.lowerBound) to v\(answer.versions.upperBound) showed \(answer.expected) "
                        + "with nothing above the root: a navigation that did nothing"))
        }
        return found
    }

    /// No two records share a before-version (a lost update would).
    package static func uniqueVersions(_ history: [TransitionRecord]) -> [InvariantViolation] {
        var versions = Set<UInt64>()
        return history.filter { !versions.insert($0.before.version).inserted }.map { record in
            .init(.chain, "two transitions started from v\(record.before.version) (\(record.id) among them)")
        }
    }
}

extension AnyWindow {
    /// The managed window, or nil for an unmanaged one.
    var managedWindow: ManagedWindow? {
        if case .managed(let window) = self { return window }
        return nil
    }
}
