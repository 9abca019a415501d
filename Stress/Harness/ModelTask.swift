import Observation
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// A SwiftUI app's view layer racing everything else: a ``NavigationModel`` follows the
/// coordinator on the main actor while, round after round, the "user" does what SwiftUI lets a
/// person do with the model's bindings: a back tap or a pop to some screen (a shorter path), a
/// `NavigationLink` (a longer one), a tab tapped, a sheet swiped down. Each write is answered
/// as a client's request (``ScriptedRequest``'s labels), and may be refused with a typed error
/// when a worker, a link or the lifecycle changed the tree first. Every other round, the app also
/// swaps a sheet for another while the user swipes it away through a view's write path, and
/// every fourth round while the swipe waits in the coordinator's queue.
///
/// What must hold: the model only ever shows a committed snapshot. After every change an
/// observer is told of (`withObservationTracking`), and after each write, the state it shows is
/// compared with the committed snapshot of the version it claims (``violations(shown:version:scope:history:current:)``);
/// a difference is a violation of invariant 6 (a half-applied, or never committed, state shown).
/// And each write the coordinator commits acts on the tab or the sheet the view showed when the
/// user acted (``actedOnOther(_:record:)``, invariant 7).
///
/// Runs on real threads only: the main actor is not on a simulation's scheduler.
enum ModelTask {
    static func run(
        rounds: Int, pause: Duration, environment: StressEnvironment, coordinator: Coordinator,
        checker: StressChecker, seed: UInt64
    ) async {
        var rng = SplitMix64(seed: seed).split(0x0DE1)
        let scope: ModelScope = rng.chance(50) ? .level(.root) : .keyWindow
        let view = await ModelView(coordinator: coordinator, scope: scope, checker: checker, environment: environment)
        for round in 0..<rounds {
            try? await environment.sleep(pause * (Double(rng.below(1_000)) / 1_000))
            await view.act(round: round, roll: rng.next())
            // Every other round also races a swipe against the app's swap of the sheet through a
            // view's write path, and every fourth through the coordinator's queue.
            if round % 2 == 1 { await view.swapRace(round: round, roll: rng.next(), throughView: true) }
            if round % 4 == 3 { await view.swapRace(round: round, roll: rng.next(), throughView: false) }
        }
        await view.stop()
        await ownApps(environment: environment, checker: checker)
    }

    /// The violation of a model of `scope` read at `version` after it was read at `previous`:
    /// versions only grow, so a model that shows an older commit than it did went back.
    package static func wentBack(from previous: UInt64, to version: UInt64, scope: ModelScope) -> InvariantViolation? {
        guard version < previous else { return nil }
        return .init(.atomic, "the model of \(scope) went back from v\(previous) to v\(version)")
    }

    /// What the user acted on when a write was worked out: the sheet swiped down, or the tab tapped.
    package enum Acted: Sendable, Hashable {
        /// The sheet showing this node, swiped down.
        case sheet(WindowContent.NodeID)
        /// The tab showing this node, tapped in the tab bar `in`.
        case tab(WindowContent.NodeID, in: ContainerID)
    }

    /// The violation of a write worked out when the view showed `acted`, whose committed `record`
    /// acted on something else: a report that waited its turn behind another change must act on
    /// what the user saw, or be refused, never on what took its place.
    package static func actedOnOther(_ acted: Acted, record: TransitionRecord) -> InvariantViolation? {
        switch acted {
        case .sheet(let sheet):
            let before = record.before.windowList.flatMap { modals(in: $0.content) }
            let after = record.after.windowList.flatMap { modals(in: $0.content) }
            guard !before.contains(sheet) || after.contains(sheet) else { return nil }
            let gone = before.filter { !after.contains($0) }.map(\.description)
            return .init(
                .answered,
                "\(record.id): the user swiped down the sheet \(sheet), but the report dismissed [\(gone.joined(separator: ", "))]"
            )
        case .tab(let tab, let bar):
            let selected = record.after.windowList.lazy.compactMap { window -> WindowContent.NodeID? in
                guard case .tabs(let tabs)? = window.content.find(bar)?.base, tabs.tabs.indices.contains(tabs.selected) else {
                    return nil
                }
                return tabs.tabs[tabs.selected].nodeID
            }.first
            guard let selected, selected != tab else { return nil }
            return .init(
                .answered, "\(record.id): the user tapped the tab showing \(tab) in \(bar), but the report selected \(selected)")
        }
    }

    /// The node of every modal `content` presents, at any depth.
    private static func modals(in content: WindowContent) -> [WindowContent.NodeID] {
        switch content {
        case .screen, .stack: []
        case .tabs(let tabs): tabs.tabs.flatMap(modals(in:))
        case .hop(let hop): modals(in: hop.current)
        case .presenting(let base, let modal): modals(in: base) + [modal.nodeID] + modals(in: modal)
        }
    }

    /// `content` with the sheet `presenter` presents replaced by `sheet` (what that sheet presented
    /// goes with it), or nil when `presenter` presents nothing in it: an app swapping one sheet
    /// for another in one change.
    package static func replacingSheet(
        of presenter: WindowContent.NodeID, in content: WindowContent, with sheet: WindowContent
    ) -> WindowContent? {
        switch content {
        case .screen, .stack:
            return nil
        case .tabs(let tabs):
            for index in tabs.tabs.indices {
                guard let tab = replacingSheet(of: presenter, in: tabs.tabs[index], with: sheet) else { continue }
                var changed = tabs.tabs
                changed[index] = tab
                return try? .tabs(TabBar(id: tabs.id, tabs: changed, selected: tabs.selected))
            }
            return nil
        case .hop(let hop):
            return replacingSheet(of: presenter, in: hop.current, with: sheet).map { .hop(HopContainer(id: hop.id, showing: $0)) }
        case .presenting(let base, let modal):
            if base.nodeID == presenter { return .presenting(base, modal: sheet) }
            if let base = replacingSheet(of: presenter, in: base, with: sheet) { return .presenting(base, modal: modal) }
            return replacingSheet(of: presenter, in: modal, with: sheet).map { .presenting(base, modal: $0) }
        }
    }

    /// The violations of a model of `scope` that shows `shown` at `version`: none when the
    /// committed snapshot of that version (`current`, or a record's in `history`) shows the same;
    /// none either when that version is older than the history keeps.
    package static func violations(
        shown: NavigationState, version: UInt64, scope: ModelScope,
        history: [TransitionRecord], current: NavigationSnapshot
    ) -> [InvariantViolation] {
        let committed =
            current.version == version
            ? current
            : history.last { $0.after.version == version }?.after
                ?? history.first.flatMap { $0.before.version == version ? $0.before : nil }
        guard let committed else {
            if let oldest = history.first?.before.version, version < oldest { return [] }
            return [
                .init(
                    .atomic,
                    "the model of \(scope) shows v\(version), which no committed snapshot has (the coordinator is at v\(current.version))"
                )
            ]
        }
        let expected = NavigationState(committed, scope: scope)
        guard expected != shown else { return [] }
        return [
            .init(
                .atomic,
                "the model of \(scope) shows \(shown) at v\(version); the snapshot committed at v\(version) shows \(expected)")
        ]
    }
}

/// The view side of ``ModelTask``, on the main actor: the model, its follower, its observer and the user's writes.
@MainActor
private final class ModelView {
    let model: NavigationModel
    let checker: StressChecker
    let environment: StressEnvironment
    private var follower: Task<Void, Never>?
    /// The checks started by observed changes, awaited at the end.
    private var checks: [Task<Void, Never>] = []
    /// The newest version a check read.
    private var lastVersion: UInt64 = 0

    /// A model that shows the coordinator's snapshot, following it, and observed.
    init(coordinator: Coordinator, scope: ModelScope, checker: StressChecker, environment: StressEnvironment) async {
        model = NavigationModel(coordinator: coordinator, scope: scope, showing: await coordinator.snapshot)
        self.checker = checker
        self.environment = environment
        follower = Task { [model] in await model.run() }
        observe()
    }

    /// Registers for the next change of the model's state; each change starts a check of the state
    /// it leads to (the observer is told before the assignment, so the check runs just after it).
    private func observe() {
        withObservationTracking {
            _ = model.state
        } onChange: { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.checks.append(Task { await self.check() })
                self.observe()
            }
        }
    }

    /// Compares what the model shows now with the committed snapshot of its version, and its
    /// version with the one the previous check read (checks read the model in the order they run).
    func check() async {
        let shown = model.state, version = model.version
        if let violation = ModelTask.wentBack(from: lastVersion, to: version, scope: model.scope) {
            await checker.noteViolation(violation)
        }
        lastVersion = max(lastVersion, version)
        let history = await model.coordinator.history
        let current = await model.coordinator.snapshot
        for violation in ModelTask.violations(
            shown: shown, version: version, scope: model.scope, history: history, current: current)
        {
            await checker.noteViolation(violation)
        }
    }

    /// One thing the user does through the model's bindings, drawn by `roll`; answered to the checker.
    func act(round: Int, roll: UInt64) async {
        var rng = SplitMix64(seed: roll)
        let state = model.state
        let stacks = state.paths.keys.sorted { $0.rawValue < $1.rawValue }
        let tabBars = state.tabCounts.keys.sorted { $0.rawValue < $1.rawValue }
        let presenters = state.sheets.keys.sorted { $0.description < $1.description }
        let popped = stacks.filter { !state.path(of: $0).isEmpty }
        let operation: ContainerOperation?
        var acted: ModelTask.Acted?
        let write: () async throws(TransitionError) -> TransitionRecord?
        switch rng.below(100) {
        case 0..<35 where !popped.isEmpty:
            // The back button, or a long press on it: a prefix of the path.
            let id = rng.pick(popped), path = state.path(of: id)
            let kept = Array(path.prefix(rng.below(path.count)))
            operation = try? state.operation(settingPath: kept, of: id)
            write = { () async throws(TransitionError) in try await self.model.setPath(kept, for: id) }
        case 35..<48 where !stacks.isEmpty:
            // A `NavigationLink(value:)`: one screen more.
            let id = rng.pick(stacks)
            let longer = state.path(of: id) + [Screen("linked", id: ScreenID("model\(round)"))]
            operation = try? state.operation(settingPath: longer, of: id)
            write = { () async throws(TransitionError) in try await self.model.setPath(longer, for: id) }
        case 48..<72 where !tabBars.isEmpty:
            let id = rng.pick(tabBars), count = state.tabCounts[id] ?? 1
            guard count > 1, let shown = model.viewSelection(of: id) else { return }
            await tapAndTapBack(id, from: shown, to: (shown + 1 + rng.below(count - 1)) % count)
            return
        case 72..<82 where !tabBars.isEmpty:
            let id = rng.pick(tabBars), tab = rng.below(state.tabCounts[id] ?? 1)
            operation = state.operation(selecting: tab, in: id)
            if case .tabs(let bar)? = state.content?.find(id)?.base, bar.tabs.indices.contains(tab) {
                acted = .tab(bar.tabs[tab].nodeID, in: id)
            }
            write = { () async throws(TransitionError) in try await self.model.select(tab, in: id) }
        case 82..<100 where !presenters.isEmpty:
            let presenter = rng.pick(presenters)
            operation = state.operation(dismissingSheetOf: presenter)
            acted = state.sheets[presenter].map { .sheet($0.id) }
            write = { () async throws(TransitionError) in try await self.model.dismissSheet(presentedBy: presenter) }
        default:
            return
        }
        guard let operation else { return }
        _ = await answer(.userDid(operation, at: level), acted: acted, write)
        await check()
    }

    /// A sheet swiped against the app's swap of it, drawn by `roll`: a sheet shown, or one the app
    /// presents first from a stack that presents nothing; `throughView`, the swipe is the view's
    /// write made just before the swap reaches the model, else one sent just after the swap.
    func swapRace(round: Int, roll: UInt64, throughView: Bool) async {
        var rng = SplitMix64(seed: roll)
        let state = model.state
        let presenters = state.sheets.keys.sorted { $0.description < $1.description }
        let free = state.paths.keys.filter { state.sheets[.container($0)] == nil }.sorted { $0.rawValue < $1.rawValue }
        var presenter = presenters.isEmpty ? nil : rng.pick(presenters)
        let tag = "\(round)" + (throughView ? "v" : "q")
        if presenter == nil, !free.isEmpty, let presented = await present(from: rng.pick(free), tag: tag) {
            presenter = .container(presented)
        }
        guard let presenter else { return }
        if throughView {
            await viewSwipeBeforeSwap(presenter, round: round)
        } else {
            await swipeWhileReplaced(presenter, round: round, state: model.state)
        }
    }

    /// A sheet swiped through a view's write path (``NavigationModel/viewDismissedSheet(presentedBy:)``)
    /// just before the app's committed swap of it reaches the view's model, which applies it
    /// before the write's report runs: the write names the sheet the view showed, and must not
    /// dismiss the new one. The view has a model of its own, fed by hand, so the swap reaches it
    /// exactly then, whatever the shared model's follower does.
    private func viewSwipeBeforeSwap(_ presenter: WindowContent.NodeID, round: Int) async {
        let view = NavigationModel(coordinator: model.coordinator, scope: model.scope, showing: await model.coordinator.snapshot)
        guard let sheet = view.state.sheets[presenter], let operation = view.sheetOperation(presentedBy: presenter),
            let swap = Self.swap(of: presenter, in: view.state, id: "model-view-swap\(round)")
        else { return }
        var committed: TransitionRecord?
        _ = await answer(swap, acted: nil) { () async throws(TransitionError) in
            let record = try await self.model.coordinator.perform(swap, policy: .enqueue, whenLocked: .deferUntilUnlocked)
            committed = record
            return record
        }
        guard let committed else { return }
        _ = await answer(.userDid(operation, at: level), acted: .sheet(sheet.id)) { () async throws(TransitionError) in
            let refusals = view.refusalCount
            let write = view.viewDismissedSheet(presentedBy: presenter)
            // The swap reaches the view's model right after the gesture, before the write's report runs.
            view.apply(committed.after)
            if let record = await write.value { return record }
            if view.refusalCount > refusals, let refused = view.lastRefusal { throw refused.error }
            return nil
        }
        await check()
    }

    /// A sheet swiped down just after the app asked to swap it for another in one change: the
    /// swap reaches the coordinator first, so the swipe, worked out from what the view still
    /// shows, waits its turn behind it and must not dismiss the new sheet, which the user never saw.
    private func swipeWhileReplaced(_ presenter: WindowContent.NodeID, round: Int, state: NavigationState) async {
        guard let swap = Self.swap(of: presenter, in: state, id: "model-swap\(round)") else { return }
        let app = Task {
            await self.answer(swap, acted: nil) { () async throws(TransitionError) in
                try await self.model.coordinator.perform(swap, policy: .enqueue, whenLocked: .deferUntilUnlocked)
            }
        }
        // A turn of the main actor: the app's task sends the swap before the user's swipe is sent.
        await Task.yield()
        // What the view shows now: read in the same step as the write works out its operation.
        if let sheet = model.state.sheets[presenter] {
            _ = await answer(.userDid(.dismissModal(sheet.id), at: level), acted: .sheet(sheet.id)) {
                () async throws(TransitionError) in try await self.model.dismissSheet(presentedBy: presenter)
            }
        }
        _ = await app.value
        await check()
    }

    /// The app's request that swaps the sheet `presenter` presents in `state` for a screen `id`,
    /// in one change; nil when `state` shows no sheet there.
    private static func swap(of presenter: WindowContent.NodeID, in state: NavigationState, id: String) -> TransitionRequest? {
        let swapped = WindowContent.screen(Screen("swapped", id: ScreenID(id)))
        guard let content = state.content, let replaced = ModelTask.replacingSheet(of: presenter, in: content, with: swapped)
        else { return nil }
        return .content(.replace(with: replaced), at: state.level)
    }

    /// The app presents a sheet from the stack `stack`, answered to the checker; returns the
    /// stack once the model shows the sheet, nil when it was refused.
    private func present(from stack: ContainerID, tag: String) async -> ContainerID? {
        let sheet = WindowContent.screen(Screen("sheet", id: ScreenID("model-sheet" + tag)))
        let request = TransitionRequest.content(.present(sheet, from: .container(stack)))
        var version: UInt64?
        _ = await answer(request, acted: nil) { () async throws(TransitionError) in
            let record = try await self.model.coordinator.perform(request, policy: .enqueue, whenLocked: .deferUntilUnlocked)
            version = record.after.version
            return record
        }
        guard let version else { return nil }
        await model.applied(through: version)
        return model.state.sheets[.container(stack)] == nil ? nil : stack
    }

    /// The level the model's writes are reported at: its scope's, or nil for the key window.
    private var level: WindowLevel? { if case .level(let level) = model.scope { level } else { nil } }

    /// A tab tapped and tapped back at once (from the tab `shown` to `tab` and back), the second
    /// tap made while the first waits: each is worked out from what the view showed, so both are
    /// sent, in order. A tap that sends nothing although it changes what the view showed is a
    /// dropped write (the user's last tap lost).
    private func tapAndTapBack(_ id: ContainerID, from shown: Int, to tab: Int) async {
        let first = Task { await self.tap(tab, in: id, from: shown) }
        let back = Task { await self.tap(shown, in: id, from: tab) }
        await first.value
        await back.value
        await check()
    }

    /// One tap of ``tapAndTapBack(_:from:to:)``, answered to the checker.
    private func tap(_ tab: Int, in id: ContainerID, from shown: Int) async {
        let sent = await answer(.userDid(.select(tab: tab, in: id), at: level), acted: nil) { () async throws(TransitionError) in
            try await self.model.select(tab, in: id, from: shown)
        }
        if !sent {
            let dropped = "the model sent nothing for a tap on tab \(tab) of \(id) while the view showed tab \(shown)"
            await checker.noteViolation(.init(.answered, dropped))
        }
    }

    /// Runs `write`, a model write asking for `request` (or the app's own request the model task
    /// makes around one), and answers its record or typed refusal to the checker as a client's
    /// request labelled `model`, checking that a record acts on what the user saw (`acted`);
    /// returns whether the coordinator answered (false when nothing was sent).
    private func answer(
        _ request: TransitionRequest, acted: ModelTask.Acted?,
        _ write: () async throws(TransitionError) -> TransitionRecord?
    ) async -> Bool {
        var label = RequestLabel(policy: .enqueue, whenLocked: .deferUntilUnlocked, cancelled: false)
        label.fromModel = true
        let asked = environment.elapsed()
        do {
            guard let record = try await write() else { return false }
            await checker.committed(record, animator: .none, label: label, wall: environment.elapsed() - asked)
            if let acted, let violation = ModelTask.actedOnOther(acted, record: record) {
                await checker.noteViolation(violation)
            }
        } catch {
            await checker.rejected(request, error, animator: .none, label: label, asked: asked, answered: environment.elapsed())
        }
        return true
    }

    /// Stops following the coordinator and waits for the checks started.
    func stop() async {
        follower?.cancel()
        await follower?.value
        while let next = checks.popLast() { await next.value }
    }
}
