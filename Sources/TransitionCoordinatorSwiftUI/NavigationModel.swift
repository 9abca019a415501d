import Observation
import TransitionCoordinator

/// The committed navigation state of one window of a `Coordinator`, as an `@Observable` model a
/// SwiftUI view binds to: each stack's path, each tab bar's selection, each presented sheet.
///
/// **Isolation.** Main-actor isolated: every read and write happens on the main actor, where
/// SwiftUI reads it. The coordinator runs elsewhere; the model only ever receives whole
/// committed snapshots from it.
///
/// **Committed states only, once per transition.** What the model shows (its ``window``, its
/// ``content``, each stack's ``path(of:as:)``, each tab bar's ``selection(of:)``, each
/// ``sheet(presentedBy:)``) is one value (``lastRefusal`` and ``refusalCount``, the other
/// observed properties, change only when the coordinator refuses a write from the view). It is
/// replaced in one assignment by ``apply(_:)``, with the state of a
/// snapshot the coordinator committed, and only by a newer one (versions only grow): an observer sees one change per
/// committed transition that changed this window, never a transition's middle, never an older
/// state after a newer one. A commit that leaves this window as it was notifies nobody.
/// ``version`` says which commit the model shows (not observed: it moves on every commit).
///
/// **Fed by the coordinator.** ``run()`` follows the coordinator's events for as long as its task
/// lives (a view's `.task { await model.run() }`); ``refresh()`` reads the snapshot once. A
/// subscriber's event buffer may drop old events when the main actor falls behind; the model then
/// skips to the newer commit, still a committed one.
///
/// **Writes from the view.** What the user did through SwiftUI (a path shortened by the back
/// button, a tab tapped, a sheet swiped down) is reported with ``setPath(_:for:)``,
/// ``select(_:in:)`` and ``dismissSheet(presentedBy:)`` as the coordinator's
/// `Coordinator.userDid(_:at:)`: one transition of the same serialized history as every other
/// request, its record's source `NavigationSource.user`. A write that races a programmatic
/// change is settled by the coordinator: each side gets its own record or typed error, and the
/// model ends showing the committed state (a write's record is applied as it returns; a refused
/// write re-reads the snapshot, so a view that showed the user's change shows the model again).
@Observable @MainActor
public final class NavigationModel {
    /// The coordinator whose committed state the model shows and to which it reports the user's changes.
    public let coordinator: Coordinator
    /// The window the model follows.
    public let scope: ModelScope

    /// What the model shows: the state of the committed snapshot of ``version``. Observed;
    /// replaced at most once per committed transition, and only when this window changed.
    package private(set) var state: NavigationState

    /// The last write from the view that the coordinator refused, with its typed error; nil
    /// until one is. Observed (an equal refusal after it notifies nobody: see ``refusalCount``).
    public private(set) var lastRefusal: RefusedWrite?

    /// How many writes from the view the coordinator refused. Observed, apart from what the model shows,
    /// and different after every refusal: a view that reads it is drawn again after each one, so
    /// a control that showed the user's change (a stack popped by the back button) reads the
    /// model's committed state again.
    public private(set) var refusalCount = 0

    /// The version of the committed snapshot the model shows; 0 before the first read.
    /// Not observed: it moves with every commit, what the model shows only when this window changed.
    @ObservationIgnored public private(set) var version: UInt64 = 0

    /// What the view wrote and the coordinator has not answered yet, by place: the path of a
    /// stack, the selection of a tab bar, a sheet swiped down (see ``viewPath(of:)``). Observed,
    /// so a view that read a kept value hears when the answer drops it (a refusal changes no
    /// ``state``); ``state`` itself still changes once per commit.
    /// Each kept with the number of its write: only that write's answer drops it, not the answer
    /// of an earlier write of an equal value (a tab tapped, tapped back, then tapped again).
    var writtenPaths: [ContainerID: ViewWrite<[Screen]>] = [:]
    var writtenSelections: [ContainerID: ViewWrite<Int>] = [:]
    var writtenDismissals: [WindowContent.NodeID: ViewWrite<PresentedSheet>] = [:]
    /// The number of the view's last write (see ``ViewWrite``).
    @ObservationIgnored var writesMade = 0

    /// The sheets the views show, by presenter: the committed ones, reached one step at a time
    /// where a commit changes more than SwiftUI shows in one update (``SheetStep``). Observed.
    var shownSheets: [WindowContent.NodeID: SheetStep.Shown] = [:]
    /// The presenter whose sheet SwiftUI is presenting or dismissing, while a further step of the
    /// same change waits for it (``sheetStepEnded(presentedBy:)``).
    @ObservationIgnored private var sheetStepUnderWay: WindowContent.NodeID?

    /// Whether a snapshot was applied yet (the first one is applied whatever its version).
    @ObservationIgnored private var hasApplied = false

    /// Callers of ``applied(through:)`` waiting for a version, resumed by ``apply(_:)``.
    @ObservationIgnored private var versionWaiters: [(version: UInt64, continuation: CheckedContinuation<Void, Never>)] = []

    /// A model of `coordinator`'s window that `scope` names, showing nothing until the first
    /// ``refresh()``, ``run()`` or ``apply(_:)``.
    public init(coordinator: Coordinator, scope: ModelScope = .level(.root)) {
        self.coordinator = coordinator
        self.scope = scope
        self.state = .empty
    }

    /// A model showing `snapshot` already (read from the coordinator by the caller, say
    /// `await coordinator.snapshot`), so a view's first frame has content.
    public convenience init(coordinator: Coordinator, scope: ModelScope = .level(.root), showing snapshot: NavigationSnapshot) {
        self.init(coordinator: coordinator, scope: scope)
        apply(snapshot)
    }

    // MARK: - Following the coordinator

    /// Shows `snapshot` if it is newer than what the model shows: that is assigned once, and
    /// only when it differs; ``version`` follows. An older or equal version is ignored, so the
    /// model never goes back. Returns whether the snapshot was newer.
    ///
    /// Pass only snapshots the coordinator committed (`Coordinator.snapshot`, a record's
    /// `TransitionRecord.after`, an `ended` event's record): the model shows what it is given.
    @discardableResult
    public func apply(_ snapshot: NavigationSnapshot) -> Bool {
        guard !hasApplied || snapshot.version > version else { return false }
        hasApplied = true
        version = snapshot.version
        let next = NavigationState(snapshot, scope: scope)
        if next != state { state = next }
        stepSheets()
        resumeWaiters()
        return true
    }

    // MARK: - Sheets, one step at a time

    /// SwiftUI ended the step of the sheet `presenter` presents: the sheet is dismissed (the
    /// `.sheet` modifier's `onDismiss`), or its content appeared. The next step of the change under
    /// way, if any, is shown: a commit's sheets reach the views one per SwiftUI update.
    /// `coordinatedSheet(_:presentedBy:content:)` calls it; a view that presents the model's
    /// sheets itself calls it from the same two places.
    /// Nothing when no step of that presenter is under way.
    public func sheetStepEnded(presentedBy presenter: WindowContent.NodeID) {
        guard sheetStepUnderWay == presenter else { return }
        sheetStepUnderWay = nil
        stepSheets()
    }

    /// Moves ``shownSheets`` towards the committed sheets: every change that needs no step at
    /// once, then the next step unless one is under way. A step the view shows already (a sheet
    /// the user swiped away, now dismissed by the commit) is taken at once, with the next; a
    /// sheet presented where the user's swipe is still unanswered is under way until SwiftUI
    /// ends its presentation, once that swipe's answer lets the views read it.
    func stepSheets() {
        if let underWay = sheetStepUnderWay, !state.showsOnScreen(sheetPresentedBy: underWay) {
            // The committed state presents nothing there on screen any more (dismissed, or its tab
            // left): the step's end may never come, so the next step does not wait for it.
            sheetStepUnderWay = nil
        }
        let target = SheetStep.target(state)
        var shown = shownSheets
        while true {
            let (synced, step) = SheetStep.advance(shown, to: target)
            guard sheetStepUnderWay == nil, let step else {
                if synced != shownSheets { shownSheets = synced }
                return
            }
            let before = viewSheet(presentedBy: step.presenter)
            shown = step.applied(to: synced)
            shownSheets = shown
            // A sheet presented where the view's own swipe, unanswered, reads nil: SwiftUI shows
            // it once the swipe is answered, and only then may the steps over it follow.
            // Mutant: taken as shown already, the sheets over it read in the same update as it.
            let hiddenBySwipe =
                step.sheet != nil && writtenDismissals[step.presenter] != nil && !planted(.modelStepsPastSwipedPresenter)
            guard viewSheet(presentedBy: step.presenter) == before, !hiddenBySwipe else {
                // SwiftUI animates this step: a further one waits for its end.
                if SheetStep.advance(shown, to: target).step != nil { sheetStepUnderWay = step.presenter }
                return
            }
        }
    }

    /// Reads the coordinator's committed snapshot and applies it (see ``apply(_:)``).
    public func refresh() async {
        apply(await coordinator.snapshot)
    }

    /// Follows the coordinator: applies its snapshot, then every committed transition's
    /// `after` from its events, in commit order, until the calling task is cancelled. When its
    /// stream fell behind (`CoordinatorEvent/missed(_:)`), it reads the snapshot again.
    ///
    /// Subscribes before reading the snapshot, so no commit falls between; commits the snapshot
    /// already shows are ignored. Run it once per model (a second run applies the same snapshots,
    /// which the versions make harmless). A stream that fell behind on the last commits, with no
    /// event after them, is told so as soon as the model has read what it holds, so the model
    /// ends showing the committed state without waiting for another commit.
    public func run() async {
        let (events, given) = coordinator.countedEvents()
        await refresh()
        var read = 0
        for await event in events {
            read += 1
            switch event {
            case .ended(let record): apply(record.after)
            // The stream fell behind: what it missed may have committed, and the snapshot has it.
            case .missed: await refresh()
            default: break
            }
            // All it was given is read: a gap that no later event revealed yet is told now.
            // Mutant: told only with the next event, which may never come.
            if read >= given.count && !planted(.modelWaitsForGapsNextEvent) { coordinator.claimMissedEvents(of: given) }
        }
    }

    /// Suspends until the model shows `record`'s committed state or a newer one (at once if it
    /// does): what an app's test awaits after a transition, instead of calling ``refresh()``.
    ///
    /// Something must feed the model meanwhile: ``run()``, or a write of the model's own whose
    /// record this is. Not cancellable.
    public func caughtUp(to record: TransitionRecord) async {
        await applied(through: record.after.version)
    }

    /// Suspends until the model shows version `version` or a newer one (at once if it does).
    /// Not cancellable: a harness and tests use it while ``run()`` or a write feeds the model.
    package func applied(through version: UInt64) async {
        guard hasApplied, self.version >= version else {
            await withCheckedContinuation { versionWaiters.append((version, $0)) }
            return
        }
    }

    /// Resumes the waiters whose version is shown.
    private func resumeWaiters() {
        guard !versionWaiters.isEmpty else { return }
        let ready = versionWaiters.filter { $0.version <= version }
        versionWaiters.removeAll { $0.version <= version }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Notes a write the coordinator refused (see ``lastRefusal``).
    func noteRefusal(_ operation: ContainerOperation, _ error: TransitionError) {
        lastRefusal = RefusedWrite(operation: operation, error: error)
        refusalCount += 1
    }

    /// The ``Mutation/modelShowsUncommittedWrite`` mutant: `operation` shown at once, as if
    /// committed, before the coordinator answers. Reached only where ``planted(_:)`` says it is
    /// on, so a build without `TC_MUTANTS` optimizes it away.
    func showUncommitted(_ operation: ContainerOperation) {
        guard let window = state.window, let level = state.level, let content = state.content,
            let planned = try? ContainerPlanner.plan(operation, in: content)
        else { return }
        state = NavigationState(window: ManagedWindow(id: window, level: level, content: planned.after, isHidden: state.isHidden))
        stepSheets()
    }

    // MARK: - Reads for views

    /// The window the model shows; nil when its scope names none (a free level). Observed, as
    /// every read of what the model shows.
    public var window: WindowID? { state.window }

    /// Whether that window is hidden (under the lock screen, say).
    public var isHidden: Bool { state.isHidden }

    /// That window's whole content tree; nil without a window.
    public var content: WindowContent? { state.content }

    /// The path of the stack `id` (the screens above its root), as values of `type` (`Screen`
    /// by default; a screen that stands for no value of `type` is left out); empty when it is not shown.
    public func path<Destination: Hashable & Codable & Sendable>(
        of id: ContainerID, as type: Destination.Type = Screen.self
    ) -> [Destination] {
        let path = state.path(of: id)
        return path as? [Destination] ?? path.compactMap { $0.destination(as: type) }
    }

    /// The root screen of the stack `id`, as a value of `type` (`Screen` by default); nil when
    /// the stack is not shown, or its root stands for no value of `type`.
    public func root<Destination: Hashable & Codable & Sendable>(
        of id: ContainerID, as type: Destination.Type = Screen.self
    ) -> Destination? {
        state.roots[id]?.destination(as: type)
    }

    /// The selected tab of the tab bar `id`; nil when it is not shown.
    public func selection(of id: ContainerID) -> Int? { state.selection(of: id) }

    /// How many tabs the tab bar `id` has; nil when it is not shown.
    public func tabCount(of id: ContainerID) -> Int? { state.tabCounts[id] }

    /// The sheet `presenter` presents, if any.
    public func sheet(presentedBy presenter: WindowContent.NodeID) -> PresentedSheet? { state.sheet(presentedBy: presenter) }
}
