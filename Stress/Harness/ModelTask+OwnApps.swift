import Dispatch
import TestSupport
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// A view's writes whose timing the shared app cannot promise: each runs on an app of its own,
/// with a model of its own, in an order the scenario holds with gated animators, so every run on
/// real threads reaches it.
extension ModelTask {
    /// `tabs main {*stack a [a0], stack b [b0]}`, the app both scenarios' tab bar uses.
    private static let tabbed = WindowContent.tabs(
        TabBar(
            id: "model-main", .stack(StackContainer(id: "model-a", root: Screen("a0"))),
            .stack(StackContainer(id: "model-b", root: Screen("b0")))))

    /// Runs each scenario once; what breaks is the checker's.
    @MainActor
    static func ownApps(environment: StressEnvironment, checker: StressChecker) async {
        for broken in [
            await equalTapsAnswered(environment: environment), await sameTapTwice(environment: environment),
            await swipeDuringSheetSteps(environment: environment), await swipeUnderInnerSheet(environment: environment),
            await swipeInTabJustTapped(environment: environment), await staleTabWriteUnderKeyWindow(environment: environment),
            await nestedSheetsPastRefusedSwipe(environment: environment), await trailingGapCaughtUp(environment: environment),
        ] {
            if let broken { await checker.noteViolation(.init(.answered, broken)) }
        }
    }

    /// A tab tapped, tapped back and tapped again while the app is busy, the third tap held back
    /// behind a programmatic push: once the first two are answered, the view must still read the
    /// third tap's tab, which waits; an answer that dropped it, as equal to its own, snaps the tab
    /// back (mutant ``Mutation/modelAnswerDropsEqualWrite``). Nil when it held, else what broke.
    @MainActor
    static func equalTapsAnswered(environment: StressEnvironment) async -> String? {
        guard let app = try? await ownApp(tabbed, environment: environment) else {
            return "the tabbed app of its own could not be made"
        }
        let model = NavigationModel(coordinator: app, showing: await app.snapshot)
        let (holding, blocking) = (GatedAnimator(), GatedAnimator())
        let held = Task { try? await app.change(.push(Screen("a1"), onto: "model-a"), animator: holding) }
        await holding.started()
        var tasks: [Task<TransitionRecord?, Never>] = []
        var broken: String?
        // Tap, tap back, a programmatic push, tap again: each waits its turn behind the one before.
        for (index, tab) in [1, 0, nil, 1].enumerated() where broken == nil {
            tasks.append(
                tab.map { model.viewWrote(selection: $0, in: "model-main") }
                    ?? Task { try? await app.change(.push(Screen("a2"), onto: "model-a"), animator: blocking, policy: .enqueue) })
            if await !app.waitingReaches(index + 1) {
                broken = "of taps 1, 0 and 1 made while busy, write \(index + 1) sent nothing"
            }
        }
        holding.open()
        _ = await held.value
        if broken == nil {
            await blocking.started()
            _ = await (tasks[0].value, tasks[1].value)
            let read = model.viewSelection(of: "model-main")
            if read != 1 {
                broken =
                    "tabs tapped 1, 0, 1 while busy: with the last tap unanswered, the view read tab \(read.map(String.init) ?? "none")"
            }
        }
        blocking.open()
        for task in tasks { _ = await task.value }
        return broken
    }

    /// A tab tapped twice while the app is busy: the second tap is equal to what the view shows,
    /// so it sends nothing, and keeps nothing. While the first tap waits, the view must still read
    /// its tab; a second tap kept in its place, answered at once, snaps the tab back before the
    /// first is answered (mutant ``Mutation/modelEqualWriteDropsKept``). Nil when it held, else what broke.
    @MainActor
    static func sameTapTwice(environment: StressEnvironment) async -> String? {
        guard let app = try? await ownApp(tabbed, environment: environment) else {
            return "the tabbed app of its own could not be made"
        }
        let model = NavigationModel(coordinator: app, showing: await app.snapshot)
        let holding = GatedAnimator()
        let held = Task { try? await app.change(.push(Screen("a1"), onto: "model-a"), animator: holding) }
        await holding.started()
        let first = model.viewWrote(selection: 1, in: "model-main")
        var broken: String?
        if await !app.waitingReaches(1) { broken = "a tab tapped while busy sent nothing" }
        let second = model.viewWrote(selection: 1, in: "model-main")
        // The second write's task runs its first step (a write that sends nothing ends there); its
        // answer is not awaited before the app is let go, so a write sent after all cannot hold this up.
        for _ in 0..<100 { await Task.yield() }
        let read = model.viewSelection(of: "model-main")
        if broken == nil, read != 1 {
            let tab = read.map(String.init) ?? "none"
            broken = "a tab tapped twice while busy: with the first tap unanswered, the view read tab \(tab)"
        }
        holding.open()
        _ = await held.value
        _ = await (first.value, second.value)
        return broken
    }

    /// Two sheets shown, replaced in one commit by another sheet; while SwiftUI still dismisses
    /// the inner one, the user swipes the outer one, the sheet the view shows. The swipe must name
    /// that sheet (gone: refused), never the new one, which the view has not shown yet (mutant
    /// ``Mutation/modelWritesFromCommitted``). Nil when it held, else what broke.
    @MainActor
    static func swipeDuringSheetSteps(environment: StressEnvironment) async -> String? {
        guard let (app, model, list) = await twoSheets(environment: environment) else {
            return "the app with two sheets of its own could not be made"
        }
        let presenter = WindowContent.NodeID.container(list.id)
        guard let replaced = try? await app.change(.replace(with: .presenting(.stack(list), modal: .screen(Screen("search")))))
        else { return "the sheets could not be replaced" }
        model.apply(replaced.after)
        guard let shown = model.viewSheet(presentedBy: presenter), shown.id == .container("model-compose") else {
            return "while the inner sheet is dismissed, the view does not show the outer one"
        }
        guard let record = await model.viewDismissedSheet(presentedBy: presenter).value else { return nil }
        return "a swipe of \(shown.id), which the commit had dismissed already, was committed as \(record.id) '\(record.request)'"
    }

    /// The tabbed app whose second tab presents a sheet; the view taps that tab while the app is
    /// busy, then swipes the sheet down while its tap waits. The swipe is the user's, in the tab
    /// the view shows: it must be reported, after the tap; judged off screen by the committed tab,
    /// it is dropped as a teardown and the sheet comes back (mutant
    /// ``Mutation/modelSheetOnScreenAsCommitted``). Nil when it held, else what broke.
    @MainActor
    static func swipeInTabJustTapped(environment: StressEnvironment) async -> String? {
        let sheetInB = WindowContent.tabs(
            TabBar(
                id: "model-main", .stack(StackContainer(id: "model-a", root: Screen("a0"))),
                .presenting(.stack(StackContainer(id: "model-b", root: Screen("b0"))), modal: .screen(Screen("bsheet")))))
        guard let app = try? await ownApp(sheetInB, environment: environment) else {
            return "the tabbed app with a sheet of its own could not be made"
        }
        let model = NavigationModel(coordinator: app, showing: await app.snapshot)
        let holding = GatedAnimator()
        let held = Task { try? await app.change(.push(Screen("a1"), onto: "model-a"), animator: holding) }
        await holding.started()
        let tap = model.viewWrote(selection: 1, in: "model-main")
        var broken: String?
        if await !app.waitingReaches(1) { broken = "a tab tapped while busy sent nothing" }
        let swipe = model.viewDismissedSheet(presentedBy: .container("model-b"))
        holding.open()
        _ = await held.value
        _ = await tap.value
        let record = await swipe.value
        if broken == nil, record == nil {
            broken = "a sheet of the tab the view tapped, swiped down while the tap waited, was never reported"
        }
        return broken
    }

    /// A key-window model of the tabbed app, a window opened over it and made key: a stale tab
    /// tap from the main window's views, torn down meanwhile, must be refused in the window the
    /// model shows; reported in whichever window holds the tab bar, it switches the hidden main
    /// window's tab (mutant ``Mutation/modelReportsAnywhere``). Nil when it held, else what broke.
    @MainActor
    static func staleTabWriteUnderKeyWindow(environment: StressEnvironment) async -> String? {
        guard let app = try? await ownApp(tabbed, environment: environment) else {
            return "the tabbed app of its own could not be made"
        }
        let model = NavigationModel(coordinator: app, scope: .keyWindow, showing: await app.snapshot)
        guard let opened = try? await app.openWindow(Screen("model-pin"), at: .medium) else {
            return "a window over the tabbed app could not be opened"
        }
        model.apply(opened.after)
        guard let record = await model.viewWrote(selection: 1, in: "model-main").value else { return nil }
        return "a key-window model showing \(opened.after.keyWindow.map(\.description) ?? "no window") reported a stale tap of "
            + "the main window's tab bar, and \(record.id) selected it there, unseen"
    }

    /// A sheet swiped down while the app, busy animating, replaces it by two nested sheets: the
    /// swipe is refused (its sheet is gone), and the nested sheets must reach the views in steps,
    /// the inner one only once the outer one's presentation ended; taken as shown already while
    /// the swipe hid them, both are read in one update, and SwiftUI never shows the inner one
    /// (mutant ``Mutation/modelStepsPastSwipedPresenter``). Nil when it held, else what broke.
    @MainActor
    static func nestedSheetsPastRefusedSwipe(environment: StressEnvironment) async -> String? {
        let list = StackContainer(id: "model-nlist", root: Screen("nlist"))
        guard
            let app = try? await ownApp(
                .presenting(.stack(list), modal: .stack(StackContainer(id: "model-ncompose", root: Screen("ndraft")))),
                environment: environment)
        else { return "the app with a sheet of its own could not be made" }
        let model = NavigationModel(coordinator: app, showing: await app.snapshot)
        let nested = WindowContent.presenting(
            .stack(list),
            modal: .presenting(
                .stack(StackContainer(id: "model-nphotos", root: Screen("npick"))), modal: .screen(Screen("ncrop"))))
        let animator = GatedAnimator()
        let replaced = Task { try? await app.change(.replace(with: nested), animator: animator) }
        await animator.started()
        let swipe = model.viewDismissedSheet(presentedBy: .container(list.id))
        let queued = await app.waitingReaches(1)
        animator.open()
        _ = await replaced.value
        _ = await swipe.value
        guard queued else { return "a sheet swiped down while the app was busy sent nothing" }
        guard model.viewSheet(presentedBy: .container(list.id))?.id == .container("model-nphotos") else {
            return "after a refused swipe, the views do not show the sheet the app presented in its place"
        }
        guard let inner = model.viewSheet(presentedBy: .container("model-nphotos")) else { return nil }
        return "after a refused swipe, the views read the sheet \(inner.id) over the new one in the same update"
    }

    /// A model following its app through ``NavigationModel/run()`` on a stream that holds one
    /// transition's events, while the main actor is busy (blocked, as by a long layout pass) for
    /// two more commits: the stream keeps the first one's events and drops the last one's, and
    /// no event comes after. The model must still end showing the last commit; told of the gap
    /// only with the next event, it shows the one before for good (mutant
    /// ``Mutation/modelWaitsForGapsNextEvent``). Nil when it held, else what broke.
    @MainActor
    static func trailingGapCaughtUp(environment: StressEnvironment) async -> String? {
        guard let configuration = try? CoordinatorConfiguration(eventBufferSize: 1),
            let app = try? await Coordinator(
                root: tabbed, configuration: configuration, clock: environment.clock,
                executor: environment.serialExecutor, taskExecutor: environment.taskExecutor)
        else { return "the tabbed app with a short event buffer could not be made" }
        let model = NavigationModel(coordinator: app)
        let follower = Task { await model.run() }
        defer { follower.cancel() }
        await model.applied(through: 0)
        // The main thread is held until both commits are made: the model reads nothing meanwhile.
        let done = DispatchSemaphore(value: 0)
        let last = Box<TransitionRecord?>(nil)
        Task.detached {
            if (try? await app.change(.select(tab: 1, in: "model-main"))) != nil {
                last.value = try? await app.change(.select(tab: 0, in: "model-main"))
            }
            done.signal()
        }
        holdThread(until: done)
        guard let last = last.value else { return "the tab selections of the trailing-gap app were refused" }
        guard app.droppedEventCount > 0 else { return nil }
        for _ in 0..<10_000 where model.version < last.after.version { await Task.yield() }
        guard model.version < last.after.version else { return nil }
        let shown = model.version
        // One more event tells the stream its gap, so the model's follower ends its wait.
        _ = try? await app.change(.pop("model-a"))
        return "a model whose stream dropped the last commit showed v\(shown) for good, though v\(last.after.version) committed"
    }

    /// Holds the calling thread until `done` is signalled: a synchronous wait, which an async
    /// context may not make itself.
    private static func holdThread(until done: DispatchSemaphore) { done.wait() }

    /// A coordinator of its own showing `root`, on the run's clock and executors.
    private static func ownApp(_ root: WindowContent, environment: StressEnvironment) async throws(TransitionError) -> Coordinator
    {
        try await Coordinator(
            root: root, clock: environment.clock, executor: environment.serialExecutor, taskExecutor: environment.taskExecutor)
    }

    /// Two sheets shown, the outer one swiped down: accepted, the commit dismisses both. Once the
    /// swipe is answered, the views must show no sheet; a step of the inner sheet left waiting
    /// for an end SwiftUI never sends (it showed none of the swiped sheet) keeps the outer one
    /// read again (mutant ``Mutation/modelStepsUnderSwipedSheet``). Nil when it held, else what broke.
    @MainActor
    static func swipeUnderInnerSheet(environment: StressEnvironment) async -> String? {
        guard let (_, model, list) = await twoSheets(environment: environment) else {
            return "the app with two sheets of its own could not be made"
        }
        let presenter = WindowContent.NodeID.container(list.id)
        guard await model.viewDismissedSheet(presentedBy: presenter).value != nil else {
            return "the outer of two sheets, swiped down, was refused"
        }
        guard let still = model.viewSheet(presentedBy: presenter) else { return nil }
        return "the outer of two sheets swiped down and dismissed, the views still show \(still)"
    }

    /// An app of its own whose stack `model-list` presents the stack `model-compose`, which presents
    /// `attach`, and a model of it whose views show both sheets (the inner one presented once the
    /// outer one's presentation ended); nil when the app could not be made.
    @MainActor
    private static func twoSheets(
        environment: StressEnvironment
    ) async -> (app: Coordinator, model: NavigationModel, list: StackContainer)? {
        let list = StackContainer(id: "model-list", root: Screen("list"))
        let nested = WindowContent.presenting(
            .stack(list),
            modal: .presenting(
                .stack(StackContainer(id: "model-compose", root: Screen("draft"))), modal: .screen(Screen("attach"))))
        guard let app = try? await ownApp(nested, environment: environment) else { return nil }
        let model = NavigationModel(coordinator: app, showing: await app.snapshot)
        model.sheetStepEnded(presentedBy: .container(list.id))
        return (app, model, list)
    }
}
