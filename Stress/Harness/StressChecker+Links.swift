import TransitionCoordinator

/// The checks on the link task's answers (see ``LinkTask``).
extension StressChecker {
    /// Where a link to `target` must land from `before`: the route's content, with the tabs it does
    /// not name as they were (``KeptTabs``), worked out with no mutant planted.
    static func landing(_ target: WindowContent, keeping before: WindowContent?) -> WindowContent {
        Mutation.unplanted { KeptTabs.target(target, keeping: before) }
    }

    /// A link was answered: navigated (a record), already there (nil), or refused.
    ///
    /// - A well-formed link never fails to compile, and an absolute one lands on `expected`, the
    ///   content its route compiles to, with the tabs it does not name as they were.
    /// - A malformed one fails to compile, with nothing changed: it is never navigated, already
    ///   there, or refused for anything else (the route is compiled before admission).
    /// - An already-there answer changed nothing and was announced by no event; nor was a compile
    ///   failure (not admitted at all).
    public func linkAnswered(
        _ route: Route, kind: LinkTask.Kind, expected: WindowContent?,
        answer: Result<TransitionRecord?, TransitionError>, label: RequestLabel,
        asked: Duration, answered: Duration
    ) {
        let request = TransitionRequest.navigate(route, target: expected ?? .screen(.missing))
        switch answer {
        case .success(let record?):
            linkOutcomes["navigated", default: 0] += 1
            committed(record, animator: .none, label: label, wall: answered - asked)
            let landed = record.after.rootWindow?.content
            // The route's content, with the tabs it does not name as they were (``KeptTabs``).
            if let expected = expected.map({ Self.landing($0, keeping: record.before.rootWindow?.content) }),
                landed != expected
            {
                violations.append(
                    .init(
                        .atomic,
                        "\(record.id) navigated to \(route) but the root shows \(landed.map(\.description) ?? "nothing"), not \(expected)"
                    ))
            }
            if record.after.windowList.contains(where: {
                $0.level != .root && !record.after.covers.reservedLevels.contains($0.level)
            }) {
                violations.append(.init(.atomic, "\(record.id) navigated to \(route) but left an app window above the root"))
            }
            if kind == .malformed { violations.append(.init(.answered, "the malformed link \(route) navigated: \(record.id)")) }
        case .success(nil):
            linkOutcomes["already there", default: 0] += 1
            count(.navigate, "alreadyThere")
            if kind == .malformed {
                violations.append(.init(.answered, "the malformed link \(route) was answered as already there"))
            }
        case .failure(let error):
            linkOutcomes[error.code, default: 0] += 1
            if case .route = error {
                count(.navigate, error.code)
                rejections[error.code, default: 0] += 1
                if kind == .wellFormed, route.isAbsolute {
                    violations.append(.init(.answered, "the well-formed link \(route) failed to compile: \(error)"))
                }
            } else {
                if kind == .malformed {
                    violations.append(
                        .init(
                            .answered,
                            "the malformed link \(route) was refused as \(error.code), not as a route that does not compile"))
                }
                rejected(request, error, animator: .none, label: label, asked: asked, answered: answered)
            }
        }
    }

    /// A link the app followed, whose route compiles cold to `expected`, was answered as already
    /// there: checked against the history once the run ends. The snapshot's version was `before`
    /// when the link was asked and `after` once it was answered; the answer was decided on the
    /// committed state or, preempting, on the after-state of the transition then in flight, one
    /// version past the committed one: so on a state from `before` to one past `after`.
    public func linkAlreadyThere(_ route: Route, expected: WindowContent, before: UInt64, after: UInt64) {
        guard let versions = decided(route, between: before, and: after) else { return }
        alreadyThereLinks.append(
            .init(route: route, expected: expected, versions: versions.lowerBound...(versions.upperBound + 1)))
    }

    /// The versions an answer to `route` was decided between, read `before` it was asked or posted
    /// and `after` it was answered; nil, with a violation, where the version went back (a lost
    /// update can make it), since no answer was then decided on one well-defined state.
    private func decided(_ route: Route, between before: UInt64, and after: UInt64) -> ClosedRange<UInt64>? {
        guard before <= after else {
            violations.append(
                .init(.chain, "the snapshot went back from v\(before) to v\(after) while the link \(route) was answered"))
            return nil
        }
        return before...after
    }

    /// A string that is not a path was parsed: it must fail, with a position inside the string.
    public func linkUnparsed(_ text: String, parsed: Result<Route, NavigationError>) {
        switch parsed {
        case .success(let route):
            violations.append(.init(.answered, "\(text.debugDescription) is not a path, but parsed as \(route)"))
        case .failure(let error):
            linkOutcomes["route.\(error.code)", default: 0] += 1
            if let position = error.position, position > text.count {
                violations.append(.init(.answered, "the parse error of \(text.debugDescription) points past its end: \(error)"))
            }
        }
    }

    /// A transition ended (`ended` with `record`, after `began` named it): both say the same
    /// source and link, so analytics can follow a link from its start to its end.
    func checkOrigin(began: InFlightTransition, ended record: TransitionRecord) {
        guard began.source != record.source || began.link != record.link else { return }
        violations.append(
            .init(
                .answered,
                "\(record.id) began from \(began.source.rawValue) \(began.link.map(\.description) ?? "no link") "
                    + "but its record says \(record.source.rawValue) \(record.link.map(\.description) ?? "no link")"))
    }

    /// The harness's guards, on a committed record: the vault is refused to every source, and the
    /// secure screen to every source until the link task signs in: a record showing either bypassed a guard.
    func checkGuards(_ record: TransitionRecord) {
        for (name, allowed) in [("lvault", false), ("lsecure", signedIn)] where !allowed {
            if record.after.windowList.contains(where: { $0.content.screens.contains { $0.name == name } }) {
                violations.append(
                    .init(.answered, "\(record.id) '\(record.request)' shows \(name), which a guard refuses: a guard was skipped")
                )
            }
        }
    }

    /// The link task signs in (before the session guard lets `lsecure` through).
    public func noteSignedIn() { signedIn = true }

    /// Events nobody answers to the harness: each parked link's transition (`began`, `cancelled`).
    public func expectParked(_ parked: Int) {
        expectedEvents += 2 * parked
        linkOutcomes["inbox: parked behind sign-in", default: 0] += parked
    }

    /// Events nobody answers to the harness: each guard redirect's navigation that did not find the
    /// app there already (its first event; its `began` adds its end when seen). Counted once all of
    /// them answered: one still waiting its turn may yet find the app there.
    public func expectRedirectNavigations(_ navigations: Int) {
        expectedEvents += navigations
        linkOutcomes["redirects to sign-in", default: 0] += navigations
    }

    /// A link was posted to the inbox, after the snapshot's `version` was read: no answer to it can
    /// be decided on an earlier state.
    public func inboxPosted(
        _ id: LinkID, route: Route, kind: LinkTask.Kind, expected: WindowContent?, version: UInt64, expiry: Duration? = nil
    ) {
        inboxPosts[id] = (route, kind, expected, version, expiry)
    }

    /// The inbox ended a link, and the snapshot's `version` was read once the end arrived: its
    /// record is checked now; its kind, and an already-there answer, at ``inboxFinished(endedCount:)``.
    public func inboxEnded(_ ended: LinkInbox.Ended, version: UInt64) {
        inboxEnds[ended.id, default: []].append(ended.outcome)
        inboxEndVersions[ended.id] = version
        inboxEndsRead += 1
        if let waiter = inboxEndWaiter, inboxEndsRead >= waiter.count {
            inboxEndWaiter = nil
            waiter.continuation.resume()
        }
        linkOutcomes["inbox: " + ended.outcome.code, default: 0] += 1
        var label = RequestLabel(policy: .enqueue, whenLocked: .deferUntilUnlocked, cancelled: false)
        label.fromLinks = true
        switch ended.outcome {
        case .navigated(let record):
            committed(record, animator: .none, label: label, wall: .zero)
            if record.source != .link || record.link != ended.id {
                violations.append(
                    .init(
                        .answered,
                        "link \(ended.id)'s record \(record.id) says it came from \(record.source.rawValue) "
                            + "\(record.link.map(\.description) ?? "no link"): the correlation id was lost"))
            }
        case .alreadyThere, .refused(.route):
            break
        case .refused(let error):
            rejected(
                .navigate(ended.route, target: .screen(.missing)), error, animator: .none, label: label, asked: .zero,
                answered: .zero)
        case .superseded where ended.delivered:
            // Withdrawn from the coordinator: its request was refused as cancelled there (one event).
            expectedEvents += 1
        case .superseded(let by) where by == ended.id:
            violations.append(.init(.answered, "link \(ended.id) was superseded by itself: two links share its id"))
        case .expired, .superseded, .duplicate:
            // The inbox's own decision: nothing reached the coordinator, no event.
            break
        }
    }

    /// Suspends until `count` inbox ends were read (one waiter at a time: the link task).
    public func waitForInboxEnds(_ count: Int) async {
        // Checked inside the body: it may run after the reader's last end (see CONCURRENCY-NOTES).
        await withCheckedContinuation { continuation in
            if inboxEndsRead >= count { continuation.resume() } else { inboxEndWaiter = (count, continuation) }
        }
    }

    /// Once the inbox is idle and every end it counted was read: each posted link ended exactly
    /// once, nothing else ended, and each end fits the link (see ``linkAnswered(_:kind:expected:answer:label:asked:answered:)``).
    public func inboxFinished(endedCount: Int) {
        let ends = inboxEnds.values.reduce(0) { $0 + $1.count }
        if ends != endedCount {
            violations.append(.init(.answered, "the inbox counted \(endedCount) ends but gave \(ends)"))
        }
        for (id, posted) in inboxPosts.sorted(by: { $0.key < $1.key }) {
            let outcomes = inboxEnds[id] ?? []
            guard outcomes.count == 1, let outcome = outcomes.first else {
                violations.append(
                    .init(.answered, "link \(id) to \(posted.route) ended \(outcomes.count) times, not once: \(outcomes)"))
                continue
            }
            if case .expired(let waited) = outcome, let expiry = posted.expiry, waited <= expiry {
                violations.append(
                    .init(
                        .answered,
                        "link \(id) to \(posted.route) expired after waiting \(waited), not longer than its expiry \(expiry)"))
            }
            switch (outcome, posted.kind) {
            case (.navigated(let record), _):
                let landed = record.after.rootWindow?.content
                let before = record.before.rootWindow?.content
                if posted.kind == .malformed
                    || posted.expected.map({ Self.landing($0, keeping: before) != landed }) == true
                {
                    violations.append(
                        .init(
                            .atomic,
                            "link \(id) to \(posted.route) (\(posted.kind.rawValue)) navigated to \(landed.map(\.description) ?? "nothing")"
                        ))
                }
            case (.alreadyThere, .malformed):
                violations.append(.init(.answered, "the malformed link \(id) to \(posted.route) was answered as already there"))
            case (.alreadyThere, .wellFormed):
                // Decided on a state between the post and the end's arrival (the inbox enqueues, so
                // on the state shown when its turn came).
                guard let expected = posted.expected, let ended = inboxEndVersions[id],
                    let versions = decided(posted.route, between: posted.version, and: ended)
                else { break }
                alreadyThereLinks.append(.init(route: posted.route, expected: expected, versions: versions))
            case (.refused(.route(let error, _)), .wellFormed) where posted.route.isAbsolute:
                violations.append(.init(.answered, "the well-formed link \(id) to \(posted.route) failed to compile: \(error)"))
            default:
                break
            }
        }
        // A duplicate shares its original's fate, so the original may only be superseded by a link
        // newer than the duplicate itself; superseded by an older one (a withdrawal already under
        // way when the duplicate arrived), the newest link was lost.
        for (id, outcomes) in inboxEnds {
            guard case .duplicate(let of)? = outcomes.first, case .superseded(let by)? = inboxEnds[of]?.first, by < id else {
                continue
            }
            violations.append(
                .init(
                    .answered,
                    "link \(id) ended as a duplicate of \(of), which was then superseded by the older \(by): "
                        + "the newest link was lost"))
        }
        for id in inboxEnds.keys where inboxPosts[id] == nil {
            violations.append(.init(.answered, "the inbox ended \(id), which was never posted"))
        }
    }

    /// What the root showed and the state saved in the same step: restoring it must show the same
    /// content (the saved route compiles, through the same registry, to what was shown). A root
    /// no route of the registry builds (the workload's own trees and screens) is counted and skipped.
    /// The state saved as `state` when the root showed `root` was restored into a fresh
    /// coordinator (`restored`), which now `shows` this: it must show `root` again, through the guards.
    public func relaunched(
        _ state: SavedNavigation, root: WindowContent, restored: Result<Coordinator.Restored, RestorationError>,
        shows: WindowContent?
    ) {
        linkOutcomes["relaunch: " + ((try? restored.get()) == nil ? "refused" : "restored"), default: 0] += 1
        switch restored {
        case .failure(let error):
            violations.append(
                .init(.atomic, "the state saved as \(state.route) did not restore into a fresh coordinator: \(error)"))
        case .success where shows != root:
            violations.append(
                .init(
                    .atomic,
                    "the state saved as \(state.route) restored into a fresh coordinator shows "
                        + "\(shows.map(\.description) ?? "nothing"), not \(root)"))
        case .success:
            break
        }
    }

    /// Whether `root` is content a route builds through `registry` (a workload's containers are not).
    public nonisolated static func isRoutable(_ root: WindowContent, registry: ScreenRegistry) -> Bool {
        guard let route = try? RouteCompiler.route(of: root, registry: registry) else { return false }
        return (try? RouteCompiler.content(for: route, registry: registry)) == root
    }

    /// `content` with its screens' ids left out: the containers with their ids and, in each, the
    /// screens by name and parameters. A tree the app built by hand restores to its shape.
    nonisolated static func shape(_ content: WindowContent) -> String {
        func screen(_ screen: Screen) -> String { Screen(screen.name, parameters: screen.parameters).description }
        switch content {
        case .screen(let shown): return screen(shown)
        case .stack(let stack): return "stack \(stack.id) [" + stack.items.map(screen).joined(separator: ", ") + "]"
        case .tabs(let bar):
            return "tabs \(bar.id) {"
                + bar.tabs.enumerated().map { ($0.offset == bar.selected ? "*" : "") + shape($0.element) }
                .joined(separator: ", ") + "}"
        case .hop(let hop): return "hop \(hop.id) (\(shape(hop.current)))"
        case .presenting(let base, let modal): return "\(shape(base)) ! \(shape(modal))"
        }
    }

    /// Checks that the state saved beside `root` restores: to `root` itself where a route built
    /// it, to its shape (``shape(_:)``: the same containers, by id, and the same screens, by name
    /// and parameters) where the app pushed screens of its own onto the containers it declared.
    public func checkRestorable(_ saved: Result<SavedNavigation, NavigationError>, root: WindowContent?, registry: ScreenRegistry)
    {
        if let root, !Self.isRoutable(root, registry: registry),
            let reference = try? RouteCompiler.route(of: root, registry: registry),
            let built = try? RouteCompiler.content(for: reference, registry: registry), Self.shape(built) == Self.shape(root)
        {
            linkOutcomes["saved: checked, built by hand", default: 0] += 1
            do throws(NavigationError) {
                let state = try saved.get()
                let restored = try RouteCompiler.content(for: state.route, registry: registry)
                if Self.shape(restored) != Self.shape(root) {
                    violations.append(
                        .init(.atomic, "the hand-built state saved as \(state.route) restores as \(restored), not as \(root)"))
                }
            } catch {
                violations.append(
                    .init(
                        .atomic,
                        "the hand-built state the root shows (\(reference)) was saved as one that does not restore: \(error)"))
            }
            return
        }
        guard let root, Self.isRoutable(root, registry: registry),
            let reference = try? RouteCompiler.route(of: root, registry: registry)
        else {
            linkOutcomes["saved: not the registry's", default: 0] += 1
            return
        }
        linkOutcomes["saved: checked", default: 0] += 1
        do throws(NavigationError) {
            let state = try saved.get()
            let restored = try RouteCompiler.content(for: state.route, registry: registry)
            if restored != root {
                violations.append(.init(.atomic, "the state saved as \(state.route) restores as \(restored), not \(root)"))
            }
        } catch {
            violations.append(
                .init(.atomic, "the state the root shows (\(reference)) was saved as one that does not restore: \(error)"))
        }
    }
}
