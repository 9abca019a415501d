import TransitionCoordinator

/// A relaunch after an app update that renamed a tab or a screen: the state the previous version
/// saved names what the new one no longer has. Restoring it must drop the step that names it and
/// the rest of that step's branch only (up to the next tab of the same tab bar), keeping the other
/// tabs, whichever tab was renamed, the first one included (mutant ``Mutation/renamedTabDropsLaterTabs``).
/// A link that came with the launch, to go over the restored state (`linkOnTop`), goes over what it
/// keeps, whatever step was dropped (mutant ``Mutation/launchLinkLostWithSavedSteps``).
extension LinkTask {
    /// The state the previous version saved: both tabs of `ltabs` visited, a screen pushed in
    /// each, and a sheet the first keeps.
    package static let savedBeforeUpdate = "^/ltabs#la/ldetail(id=2)!lfeed#lb/lalert"

    /// What an update renamed, and the route the state saved before it must restore as.
    package struct Update: Sendable {
        /// The name before the update, and after.
        package let renamed: (from: String, to: String)
        /// The route ``savedBeforeUpdate`` restores as in the updated app.
        package let restores: String
    }

    /// Each update a relaunch meets: the first tab renamed, the second, a screen in a tab, the
    /// sheet a tab keeps (mutant ``Mutation/modalEndsTabBranch``).
    package static let updates = [
        Update(renamed: ("la", "lx"), restores: "^/ltabs#lb/lalert"),
        Update(renamed: ("lb", "ly"), restores: "^/ltabs#la/ldetail(id=2)!lfeed"),
        Update(renamed: ("ldetail", "litem"), restores: "^/ltabs#la#lb/lalert"),
        Update(renamed: ("lfeed", "lnews"), restores: "^/ltabs#la/ldetail(id=2)#lb/lalert"),
    ]

    /// The link a relaunch brings, presented over the restored state (`linkOnTop`).
    package static let launchLink = "^/lhome/lfriend"

    /// Restores ``savedBeforeUpdate`` into a fresh coordinator of each updated app (``updates``),
    /// alone and with ``launchLink`` on top, and checks what it shows
    /// (``restoredAfter(_:link:restored:shows:registry:)``).
    static func relaunchAfterUpdates(environment: StressEnvironment, checker: StressChecker) async {
        guard let route = try? Route(parsing: savedBeforeUpdate), let link = try? Route(parsing: launchLink) else {
            await checker.noteViolation(
                .init(.answered, "the state saved before an update, \(savedBeforeUpdate), or its link does not parse"))
            return
        }
        let saved = SavedNavigation(route: route, schema: 1, savedAt: .zero)
        for update in updates {
            for withLink in [false, true] {
                let screens = registry(renaming: [update.renamed.from: update.renamed.to])
                let fresh = await Coordinator(
                    root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
                    taskExecutor: environment.taskExecutor, screens: screens)
                let restored: Result<Coordinator.Restored, RestorationError>
                do throws(RestorationError) {
                    restored = .success(
                        try await fresh.restore(
                            saved, policy: RestorationPolicy(linkOnTop: true), now: .zero, link: withLink ? link : nil))
                } catch {
                    restored = .failure(error)
                }
                let shows = await fresh.snapshot.rootWindow?.content
                if let broken = restoredAfter(
                    update, link: withLink ? link : nil, restored: restored, shows: shows, registry: screens)
                {
                    await checker.noteViolation(.init(.atomic, broken))
                }
            }
        }
    }

    /// Nil when the state saved before `update` restored as the update's route, with `link`
    /// presented over it as a modal stack, listing as dropped the steps it left out (none of the
    /// link's), and the root shows that route's content; else what broke.
    package static func restoredAfter(
        _ update: Update, link: Route? = nil, restored: Result<Coordinator.Restored, RestorationError>,
        shows: WindowContent?, registry: ScreenRegistry
    ) -> String? {
        let renamed =
            "with `\(update.renamed.from)` renamed `\(update.renamed.to)`" + (link.map { " and the link \($0) on top" } ?? "")
        let plan: Coordinator.Restored
        switch restored {
        case .success(let made): plan = made
        case .failure(let error): return "the state saved as \(savedBeforeUpdate) was refused \(renamed): \(error)"
        }
        guard let saved = try? Route(parsing: savedBeforeUpdate), var kept = try? Route(parsing: update.restores) else {
            return "the update's routes do not parse"
        }
        let keptSteps = kept.steps.count
        if let link, let first = link.steps.first?.target {
            kept.steps += [.modalStack(first)] + link.steps.dropFirst()
        }
        guard plan.route.path == kept.path else {
            return "the state saved as \(savedBeforeUpdate) restored as \(plan.route.path) \(renamed), "
                + "not \(kept.path): a renamed step drops its own branch only, and a launch link goes over what is kept"
        }
        guard plan.dropped.count == saved.steps.count - keptSteps else {
            return "restored \(renamed), \(plan.dropped.count) steps are listed as dropped: \(plan.dropped)"
        }
        guard let expected = try? RouteCompiler.content(for: kept, registry: registry), shows == expected else {
            return "restored as \(plan.route.path) \(renamed), the root shows \(shows.map(\.description) ?? "nothing")"
        }
        return nil
    }
}

/// An app's destinations for ``LinkTask/relaunchOntoShownScreen(environment:checker:)``: screens
/// that keep their ids wherever they stand.
package enum LaunchPlace: Hashable, Codable, Sendable {
    case home
    case detail(id: Int)
}

extension LinkTask {
    /// A relaunch, on an app of its own, whose launch link (`linkOnTop`) leads to the screen the
    /// saved state shows already (a notification for the mail that was open): over the state the
    /// link would show it twice, so the link stands in for the state, which is listed as dropped.
    /// The restore must not be refused (mutant ``Mutation/linkOnTopUnchecked``).
    static func relaunchOntoShownScreen(environment: StressEnvironment, checker: StressChecker) async {
        guard let route = try? Route(parsing: "^/home/detail(id=1)"), let link = try? Route(parsing: "^/detail(id=1)") else {
            return
        }
        let fresh = await Coordinator(
            root: LaunchPlace.home, clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: ScreenRegistry(destinations: LaunchPlace.self))
        let saved = SavedNavigation(route: route, schema: 1, savedAt: .zero)
        do throws(RestorationError) {
            let restored = try await fresh.restore(saved, policy: RestorationPolicy(linkOnTop: true), now: .zero, link: link)
            let shows = await fresh.snapshot.rootWindow?.content.topScreen.destination(as: LaunchPlace.self)
            if restored.route != link || restored.dropped.map(\.step) != route.steps || shows != .detail(id: 1) {
                await checker.noteViolation(
                    .init(
                        .atomic,
                        "a launch link to the screen the saved state shows restored as \(restored.route), "
                            + "dropping \(restored.dropped), showing \(shows.map { "\($0)" } ?? "nothing")"))
            }
        } catch {
            await checker.noteViolation(
                .init(.answered, "a launch link to the screen the saved state shows made the restore fail: \(error)"))
        }
    }
}
