import Foundation
import TransitionCoordinator

/// A relaunch after an app update that renamed a tab or a screen: the state the previous version
/// saved names what the new one no longer has. Restoring it must drop the step that names it and
/// the rest of that step's branch only (up to the next tab of the same tab bar), keeping the other
/// tabs, whichever tab was renamed, the first one included (mutant ``Mutation/renamedTabDropsLaterTabs``).
/// A link that came with the launch, to go over the restored state (`linkOnTop`), goes over what it
/// keeps, whatever step was dropped (mutant ``Mutation/launchLinkLostWithSavedSteps``); one that its
/// own route refuses is refused over the state too (mutant ``Mutation/linkOnTopUncheckedAlone``),
/// not taken with its tab step selecting the state's other tab.
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

    /// A launch link that its own route refuses (a tab step with no tab bar of the link's own),
    /// and the state it comes with: both tabs visited, no sheet, the second tab selected.
    package static let launchLinkRefusedAlone = (link: "^/lfriend#la", saved: "^/ltabs#la/ldetail(id=2)#lb/lalert")

    /// Restores ``launchLinkRefusedAlone``'s state into a fresh coordinator with its link on top:
    /// the restore must be refused as the link's (``RestorationError/linkRefused(_:)``), with
    /// nothing shown changed, not taken with the link's tab step selecting the state's first tab,
    /// where the link's own screen would stay, presented by the second tab, unseen.
    static func relaunchWithLinkRefusedAlone(environment: StressEnvironment, checker: StressChecker) async {
        guard let route = try? Route(parsing: launchLinkRefusedAlone.saved),
            let link = try? Route(parsing: launchLinkRefusedAlone.link)
        else {
            await checker.noteViolation(.init(.answered, "the routes of \(launchLinkRefusedAlone) do not parse"))
            return
        }
        let fresh = await Coordinator(
            root: Screen("lhome"), clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: registry())
        let before = await fresh.snapshot
        let saved = SavedNavigation(route: route, schema: 1, savedAt: .zero)
        do throws(RestorationError) {
            let restored = try await fresh.restore(saved, policy: RestorationPolicy(linkOnTop: true), now: .zero, link: link)
            await checker.noteViolation(
                .init(
                    .answered,
                    "the launch link \(link), which its own route refuses, was taken over the restored state as "
                        + "\(restored.route.path)"))
        } catch {
            let refusedAsTheLinks = if case .linkRefused = error { true } else { false }
            if !refusedAsTheLinks {
                let why = "the launch link \(link) was refused over the restored state as \(error), not as the link's"
                await checker.noteViolation(.init(.answered, why))
            }
            if await fresh.snapshot != before {
                await checker.noteViolation(.init(.atomic, "a refused restore changed what the app shows"))
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

extension LinkTask {
    /// A saved state, on an app of its own, whose steps each compile but show one screen twice
    /// (a file edited by hand): it must restore the steps before the repeat, listing the rest as
    /// dropped, not be refused whole (mutant ``Mutation/savedContentUnchecked``).
    static func relaunchWithScreenTwice(environment: StressEnvironment, checker: StressChecker) async {
        guard let route = try? Route(parsing: "^/home/detail(id=1)/detail(id=2)/detail(id=1)"),
            let kept = try? Route(parsing: "^/home/detail(id=1)/detail(id=2)")
        else { return }
        let fresh = await Coordinator(
            root: LaunchPlace.home, clock: environment.clock, executor: environment.serialExecutor,
            taskExecutor: environment.taskExecutor, screens: ScreenRegistry(destinations: LaunchPlace.self))
        let saved = SavedNavigation(route: route, schema: 1, savedAt: .zero)
        do throws(RestorationError) {
            let restored = try await fresh.restore(saved, policy: RestorationPolicy(), now: .zero)
            let shows = await fresh.snapshot.rootWindow?.content.screens.compactMap { $0.destination(as: LaunchPlace.self) }
            if restored.route != kept || restored.dropped.map(\.step) != [route.steps[3]]
                || shows != [.home, .detail(id: 1), .detail(id: 2)]
            {
                await checker.noteViolation(
                    .init(
                        .atomic,
                        "a saved state showing a screen twice, \(route), restored as \(restored.route), dropping "
                            + "\(restored.dropped), showing \(shows.map { "\($0)" } ?? "nothing"), not \(kept)"))
            }
        } catch {
            await checker.noteViolation(
                .init(.answered, "a saved state showing a screen twice, \(route), was refused whole: \(error)"))
        }
    }
}

extension LinkTask {
    /// An app, of its own, whose links may be longer than the standard limits let a saved state
    /// hold: saving with such a link waiting must be refused at once, or the link must read back
    /// (mutant ``Mutation/savedLinksUnchecked``), never saved to be lost at the next launch with no outcome.
    static func savedLinkPastTheStandardLimits(environment: StressEnvironment, checker: StressChecker) async {
        let limits = RouteLimits(maxLength: RouteLimits.standard.maxLength * 2)
        guard let configuration = try? CoordinatorConfiguration(routeLimits: limits),
            let long = try? Route(
                parsing: "^/lhome/" + String(repeating: "l", count: RouteLimits.standard.maxLength), limits: limits)
        else { return }
        let fresh = await Coordinator(
            root: Screen("lhome"), configuration: configuration, clock: environment.clock,
            executor: environment.serialExecutor, taskExecutor: environment.taskExecutor, screens: registry())
        let inbox = LinkInbox(coordinator: fresh)
        _ = await inbox.post(long)
        let links = await inbox.saved()
        let saved: SavedNavigation
        do throws(NavigationError) {
            saved = try await fresh.savedNavigation(schema: 1, savedAt: .zero, links: links)
        } catch {
            return // Refused at once, as documented.
        }
        let readBack = (try? JSONEncoder().encode(saved)).flatMap { try? JSONDecoder().decode(SavedNavigation.self, from: $0) }
        if readBack?.links.map(\.id) != links.map(\.id) {
            await checker.noteViolation(
                .init(
                    .answered,
                    "a waiting link past the standard route limits was saved, and reads back as "
                        + "\(readBack.map { "\($0.links.count) links, \($0.unreadableLinks) unreadable" } ?? "nothing"): "
                        + "it ends with no outcome"))
        }
    }
}
