/// Turns a saved navigation state into what to show now: a pure function of the saved value, the
/// app's policy and registry, the time, and a link that arrived at launch.
///
/// In order: too old → refused; the app's migrations bring the route to the current schema (one
/// missing → refused); each step naming a never-restored screen is dropped with what stands on
/// it; then the route is compiled, and where a step fails (a screen renamed or removed, a
/// parameter whose type changed, a value the registry declines) that step and what stands on it are
/// dropped, falling back to the nearest ancestor that compiles (or, for steps that compile but
/// show a screen or container twice, to the nearest one whose content keeps invariant 8). What stands on a step is the rest
/// of its branch: the steps after it up to the next tab of the same tab bar,
/// so a screen renamed in one tab drops nothing from the others. Every dropped step is listed
/// with its reason: nothing is wiped silently, and nothing crashes. A link that arrived at launch
/// is followed alone, or presented over what the saved state keeps (``plan(_:policy:registry:now:link:limits:)``).
package enum Restoration {
    /// A step left out, and why.
    package typealias Dropped = Coordinator.Restored.Dropped

    /// What to show.
    package struct Plan: Sendable, Hashable {
        /// The absolute route restored: the saved one, migrated, cut where it had to be, with the
        /// launch link over it when the rule says so (its steps as saved).
        package var route: Route
        /// The root window's content it compiles to.
        package var content: WindowContent
        /// The saved steps left out, in order.
        package var dropped: [Dropped]
        /// The inbox's saved links (for ``LinkInbox/restore(_:)``).
        package var links: [SavedLink]
    }

    /// The plan for `saved` under `policy`, at `now` (the app's wall clock), with `link` the
    /// route of a link that arrived at launch, if any. Every route (saved, migrated, the link's)
    /// must keep the grammar's rules and `limits` (``Route/validate(limits:)``).
    ///
    /// With ``RestorationPolicy/linkOnTop``, the saved state is planned on its own (its
    /// fallback never reaches the link), and the link goes over what it keeps; a saved state that
    /// cannot be restored at all (too old, from a newer schema, nothing compiles...), or that the
    /// link cannot go over (it would show a screen or a container the state shows), leaves the
    /// link alone, and every saved step is listed as dropped with why.
    /// - Throws: ``RestorationError`` when the state is too old, its time is out of range, it is
    ///   from a newer schema, lacks a migration, a migration returns a route that breaks the
    ///   rules, or it keeps nothing that compiles, each with no link to stand in for it; or
    ///   ``RestorationError/linkRefused(_:)`` when the link does not compile (on its own, or
    ///   over the restored state).
    package static func plan(
        _ saved: SavedNavigation, policy: RestorationPolicy, registry: ScreenRegistry, now: Duration,
        link: Route? = nil, limits: RouteLimits = .standard
    ) throws(RestorationError) -> Plan {
        guard let link else { return try planSaved(saved, policy: policy, registry: registry, now: now, limits: limits) }
        guard policy.linkOnTop else {
            // The link is followed instead of the saved state, which is listed as left out.
            var alone = try planLinkAlone(link, saved: saved, registry: registry, limits: limits)
            alone.dropped = saved.route.steps.map { Dropped(step: $0, reason: "a launch link is followed instead") }
            return alone
        }
        let restored: Plan
        do {
            restored = try planSaved(saved, policy: policy, registry: registry, now: now, limits: limits)
        } catch {
            // Nothing restorable: the link stands in for the saved state, which is listed as dropped.
            var alone = try planLinkAlone(link, saved: saved, registry: registry, limits: limits)
            alone.dropped = saved.route.steps.map { Dropped(step: $0, reason: error.description) }
            return alone
        }
        // Mutant: a link dropped without a word when the saved state lost steps.
        if planted(.launchLinkLostWithSavedSteps), !restored.dropped.isEmpty { return restored }
        let onTop = try planLinkOnTop(link, over: restored, registry: registry, limits: limits)
        // Over the state, the link would show what the state shows (a screen, a tab bar's
        // containers): the link stands in for the state, which is listed as dropped.
        // Mutant: the link over the state taken as it is, to be refused when it is submitted.
        guard let broken = ContentInvariants.check(onTop.content, in: "the root window").first,
            !planted(.linkOnTopUnchecked)
        else { return onTop }
        var alone = try planLinkAlone(link, saved: saved, registry: registry, limits: limits)
        let reason = "the launch link over it would break invariant \(broken.invariant): \(broken.detail)"
        alone.dropped = restored.dropped + restored.route.steps.map { Dropped(step: $0, reason: reason) }
        return alone
    }

    /// The plan that follows `link` alone (the saved links kept for the inbox).
    private static func planLinkAlone(
        _ link: Route, saved: SavedNavigation, registry: ScreenRegistry, limits: RouteLimits
    ) throws(RestorationError) -> Plan {
        do {
            return Plan(
                route: link, content: try RouteCompiler.content(for: link, registry: registry, limits: limits),
                dropped: [], links: saved.links)
        } catch {
            throw .linkRefused(error)
        }
    }

    /// `restored` with `link` presented over it: its first screen as a modal stack (a tab bar
    /// as a modal), then its steps.
    ///
    /// The link must compile on its own first: over the state, a step the link alone refuses
    /// would reach into what the state shows (a tab step with no tab bar of the link's own
    /// selects one of the state's, leaving the link's screen in a tab that is not shown).
    private static func planLinkOnTop(
        _ link: Route, over restored: Plan, registry: ScreenRegistry, limits: RouteLimits
    ) throws(RestorationError) -> Plan {
        do throws(NavigationError) {
            // Mutant: the link compiled only over the state, so its steps may act on the state's containers.
            if !planted(.linkOnTopUncheckedAlone) { _ = try RouteCompiler.content(for: link, registry: registry, limits: limits) }
            let steps = try RouteCompiler.resolve(link, from: nil, limits: limits).steps
            guard let first = steps.first?.target else { throw .emptyRoute }
            var route = restored.route
            if case .tabs? = registry.kind(of: first.name) {
                route.steps.append(.modal(first))
            } else {
                route.steps.append(.modalStack(first))
            }
            route.steps += steps.dropFirst()
            try route.validate(limits: limits)
            var plan = restored
            plan.content = try RouteCompiler.content(resolved: route, registry: registry)
            plan.route = route
            return plan
        } catch {
            throw .linkRefused(error)
        }
    }

    /// The plan for `saved` alone: checked, migrated, cut where it must be.
    private static func planSaved(
        _ saved: SavedNavigation, policy: RestorationPolicy, registry: ScreenRegistry, now: Duration, limits: RouteLimits
    ) throws(RestorationError) -> Plan {
        if let maxAge = policy.maxAge {
            // Times from disk are checked before they are subtracted (an out-of-range one would trap).
            guard TrustedDuration.contains(saved.savedAt), TrustedDuration.contains(now) else {
                throw .timeOutOfRange(savedAt: saved.savedAt, now: now)
            }
            if now - saved.savedAt > maxAge { throw .tooOld(age: now - saved.savedAt, maxAge: maxAge) }
            // Saved ahead of now by more than the maximum age: a clock set back far, or a file
            // tampered with; its age cannot be told.
            if saved.savedAt - now > maxAge { throw .timeOutOfRange(savedAt: saved.savedAt, now: now) }
        }
        guard saved.schema <= policy.schema else { throw .newerSchema(saved: saved.schema, current: policy.schema) }
        var route = saved.route
        if saved.schema < policy.schema {
            for version in saved.schema..<policy.schema {
                guard let migrate = policy.migrations[version] else {
                    throw .missingMigration(from: version)
                }
                route = migrate(route)
                do {
                    try route.validate(limits: limits)
                } catch {
                    throw .migrationBrokeRoute(from: version, error)
                }
            }
        }
        route.isAbsolute = true
        do {
            route = try RouteCompiler.resolve(route, from: nil, limits: limits)
        } catch {
            throw .nothingRestorable(error)
        }
        // Each dropped step with its place in the route, so the list reads in the route's order
        // whichever pass dropped it (never restored, then the fallback).
        var dropped: [(place: Int, step: Dropped)] = []
        var places = Array(route.steps.indices)
        func cut(at index: Int, _ reason: String) {
            let end = branchEnd(of: index, in: route.steps, registry: registry)
            dropped += zip(places[index..<end], route.steps[index..<end]).map { ($0, Dropped(step: $1, reason: reason)) }
            route.steps.removeSubrange(index..<end)
            places.removeSubrange(index..<end)
        }
        while let index = route.steps.firstIndex(where: { step in
            step.target.map { policy.neverRestored.contains($0.name) } ?? false
        }) {
            cut(at: index, "never restored")
        }
        while true {
            do {
                let content = try RouteCompiler.content(resolved: route, registry: registry)
                // Steps that each compile may still show one screen twice (a file edited by hand, two
                // spellings of one value): the first step whose content breaks invariant 8 is cut
                // with its branch, as a step that does not compile is, not the whole state refused.
                // Mutant: the content taken as it compiles, to be refused whole when it is submitted.
                if !planted(.savedContentUnchecked), let (step, broken) = try firstBreaking(route, content, registry: registry) {
                    cut(at: step, "it would break invariant \(broken.invariant): \(broken.detail)")
                    continue
                }
                let inOrder = dropped.sorted { $0.place < $1.place }.map(\.step)
                return Plan(route: route, content: content, dropped: inOrder, links: saved.links)
            } catch {
                guard let step = error.step, step > 0, step < route.steps.count else { throw .nothingRestorable(error) }
                cut(at: step, error.description)
            }
        }
    }

    /// The first step of `route` (compiled to `content`) from which its content breaks invariant 8,
    /// with what breaks; nil when the content keeps it, or when even the first step alone breaks
    /// it (there is nothing to fall back to: the coordinator refuses that content).
    private static func firstBreaking(
        _ route: Route, _ content: WindowContent, registry: ScreenRegistry
    ) throws(NavigationError) -> (step: Int, broken: InvariantViolation)? {
        guard !ContentInvariants.check(content, in: "the root window").isEmpty else { return nil }
        // Every prefix of steps that compile together compiles: the shortest that breaks names the step.
        for count in 1...route.steps.count {
            let prefix = Route(absolute: true, Array(route.steps.prefix(count)))
            let shown = try RouteCompiler.content(resolved: prefix, registry: registry)
            if let broken = ContentInvariants.check(shown, in: "the root window").first {
                return count > 1 ? (count - 1, broken) : nil
            }
        }
        return nil
    }

    /// Where the branch of step `index` ends: the index of the next step that selects a sibling
    /// tab of the tab bar `index` stands in, or the route's end. A step stands in a tab bar's
    /// branch when it is a tab step (a tab renamed or removed: its own branch), or when a tab step
    /// comes before it with no other tab bar named between; the branch runs on while no step names
    /// a tab bar (whose tabs the following tab steps would select). A modal that is not a tab bar
    /// stays in the branch: the next tab step leaves it with its tab.
    static func branchEnd(of index: Int, in steps: [RouteStep], registry: ScreenRegistry) -> Int {
        func opensLayer(_ step: RouteStep) -> Bool {
            switch step {
            case .modal(let target), .modalStack(let target):
                // Mutant: any modal ends a tab's branch at the route's end, the other tabs' steps with it.
                if case .tabs? = registry.kind(of: target.name) { true } else { planted(.modalEndsTabBranch) }
            case .push(let target), .tab(let target):
                if case .tabs? = registry.kind(of: target.name) { true } else { false }
            case .up: false
            }
        }
        // In a branch: `index` a tab step, or one before it and nothing since that opens another layer.
        // Mutant: a tab step itself is in no branch, so a renamed tab drops the tabs after it too.
        let searched = planted(.renamedTabDropsLaterTabs) ? steps[..<index] : steps[...index]
        guard let tab = searched.lastIndex(where: { if case .tab = $0 { true } else { false } }),
            !steps[tab..<index].dropFirst().contains(where: opensLayer)
        else { return steps.count }
        var next = index
        while next < steps.count {
            if next > index, case .tab = steps[next] { return next }
            if opensLayer(steps[next]) { return steps.count }
            next += 1
        }
        return steps.count
    }
}

/// Why a saved state was not restored. Nothing changed then; the app starts from its launch screen.
public enum RestorationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Older than ``RestorationPolicy/maxAge``.
    case tooOld(age: Duration, maxAge: Duration)
    /// Saved by a newer version of the app (its schema is ahead of this one's).
    case newerSchema(saved: Int, current: Int)
    /// No migration reads schema `from`.
    case missingMigration(from: Int)
    /// The migration from schema `from` returned a route that breaks the grammar's rules or
    /// limits (an `up` of zero or less, an empty name…): the app's migration has a bug.
    case migrationBrokeRoute(from: Int, NavigationError)
    /// The saved time (or `now`) lies outside the range a time is trusted in (±2⁴⁰ seconds), or
    /// ahead of `now` by more than the maximum age, so the state's age cannot be told: corrupt
    /// saved data, or a clock set back far.
    case timeOutOfRange(savedAt: Duration, now: Duration)
    /// Not even the first step compiles.
    case nothingRestorable(NavigationError)
    /// The launch link does not compile: on its own, or over the restored state.
    case linkRefused(NavigationError)
    /// The coordinator refused the restoring transition.
    case refused(TransitionError)

    /// A stable short code, as `tooOld` or `refused.locked`.
    public var code: String {
        switch self {
        case .tooOld: "tooOld"
        case .newerSchema: "newerSchema"
        case .missingMigration: "missingMigration"
        case .migrationBrokeRoute(_, let error): "migrationBrokeRoute.\(error.code)"
        case .timeOutOfRange: "timeOutOfRange"
        case .nothingRestorable(let error): "nothingRestorable.\(error.code)"
        case .linkRefused(let error): "linkRefused.\(error.code)"
        case .refused(let error): "refused.\(error.code)"
        }
    }

    /// What happened and what the app does next.
    public var description: String {
        switch self {
        case .tooOld(let age, let maxAge): "the saved state is \(age) old, older than \(maxAge); not restored"
        case .newerSchema(let saved, let current):
            "the saved state is of schema \(saved), newer than this app's \(current); not restored"
        case .missingMigration(let from): "no migration reads schema \(from); not restored"
        case .migrationBrokeRoute(let from, let error):
            "the migration from schema \(from) returned a route that breaks the path rules (\(error)); not restored"
        case .timeOutOfRange(let savedAt, let now):
            "the saved time \(savedAt) (now \(now)) is out of the trusted range; the saved data is corrupt; not restored"
        case .nothingRestorable(let error): "nothing of the saved state compiles (\(error)); not restored"
        case .linkRefused(let error): "the launch link does not compile: \(error)"
        case .refused(let error): "the restoring transition was refused: \(error)"
        }
    }
}
