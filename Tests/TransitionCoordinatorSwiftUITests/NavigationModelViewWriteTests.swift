import Observation
import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// What a SwiftUI control reads after writing: its own value until the coordinator answers,
/// then the committed state (the user's change, or after a refusal what the model showed before).
@Suite("Navigation model: what the view reads while its write is on its way")
@MainActor
struct NavigationModelViewWriteTests {
    typealias T = Trees

    /// A model whose coordinator is held by a programmatic push onto the sheet `compose` (on top, so it animates) at its gated
    /// animator, so what the view writes waits in the queue.
    static func held() async throws -> (NavigationModel, GatedAnimator, Task<TransitionRecord, any Error>) {
        let model = try await T.model()
        let coordinator = model.coordinator
        let animator = GatedAnimator()
        let programmatic = Task { try await coordinator.change(.push(Screen("story"), onto: "compose"), animator: animator) }
        await animator.started()
        return (model, animator, programmatic)
    }

    /// Lets the task a view write just started run its first step: a turn of the main actor, whose
    /// jobs run in order, so the write's request (if it sends one) reaches the coordinator before
    /// the caller's next read of it.
    static func writeQueued() async { await Task.yield() }

    @Test("a back tap reads back at once, before the coordinator commits it, then as committed")
    func pathReadsBackAtOnce() async throws {
        let (model, animator, programmatic) = try await Self.held()
        var probe = EventProbe(model.coordinator)
        let write = model.viewWrote(path: [], for: "inbox")
        #expect(model.viewPath(of: "inbox") == [], "the view's own write, not the committed [mail]")
        #expect(model.path(of: "inbox") == [T.mail], "the model still shows the committed state")
        await probe.waiting(.userDid(.popToRoot("inbox"), at: .root))
        animator.open()
        _ = try await programmatic.value
        _ = await write.value
        #expect(model.path(of: "inbox") == [] && model.viewPath(of: "inbox") == [])
    }

    @Test("a tab tap reads back at once; a refused one reads the committed tab again and is counted")
    func selectionReadsBackThenRefusal() async throws {
        let (model, animator, programmatic) = try await Self.held()
        var probe = EventProbe(model.coordinator)
        let tapped = model.viewWrote(selection: 1, in: "main")
        #expect(model.viewSelection(of: "main") == 1 && model.selection(of: "main") == 0)
        await probe.waiting(.userDid(.selectTab(.container("news"), in: "main"), at: .root))
        animator.open()
        _ = try await programmatic.value
        _ = await tapped.value
        #expect(model.viewSelection(of: "main") == 1 && model.selection(of: "main") == 1)
        let outOfRange = model.viewWrote(selection: 7, in: "main")
        #expect(model.viewSelection(of: "main") == 7)
        _ = await outOfRange.value
        #expect(model.viewSelection(of: "main") == 1, "the refusal leaves the committed tab")
        #expect(model.refusalCount == 1)
    }

    @Test("a sheet swiped down reads as gone at once; refused as the app dismissed it first, it reads the committed state")
    func refusedDismissalBringsTheSheetBack() async throws {
        let model = try await T.model()
        let coordinator = model.coordinator
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        // The app dismisses the sheet itself first; the user's swipe comes while that animates.
        let programmatic = Task { try await coordinator.change(.dismiss(.container("inbox")), animator: animator) }
        await animator.started()
        let sheet = try #require(model.viewSheet(presentedBy: .container("inbox")))
        let swiped = model.viewDismissedSheet(presentedBy: .container("inbox"))
        #expect(
            model.viewSheet(presentedBy: .container("inbox")) == nil && model.sheet(presentedBy: .container("inbox")) == sheet)
        await probe.waiting(.userDid(.dismissModal(.container("compose")), at: .root))
        animator.open()
        _ = try await programmatic.value
        _ = await swiped.value
        #expect(model.refusalCount == 1, "nothing was presented any more when the swipe's turn came")
        #expect(model.viewSheet(presentedBy: .container("inbox")) == nil, "the committed state: the app's dismissal")
    }

    @Test(
        "a nil write for a sheet whose presenter's tab is not selected is SwiftUI's teardown: nothing is reported, the sheet stays"
    )
    func teardownIsNotADismissal() async throws {
        let model = try await T.model()
        let selected = try await model.coordinator.change(.select(tab: 1, in: "main"))
        model.apply(selected.after)
        let versions = model.version
        let torn = model.viewDismissedSheet(presentedBy: .container("inbox"))
        #expect(await torn.value == nil)
        #expect(model.viewSheet(presentedBy: .container("inbox")) != nil, "the model's sheet stays")
        #expect(await model.coordinator.snapshot.version == versions, "nothing was reported")
        // Its tab selected again, the sheet is on screen, and a swipe is the user's.
        let back = try await model.coordinator.change(.select(tab: 0, in: "main"))
        model.apply(back.after)
        let swiped = await model.viewDismissedSheet(presentedBy: .container("inbox")).value
        #expect(swiped?.request == .userDid(.dismissModal(.container("compose")), at: .root))
    }

    @Test("a tab tapped, then tapped back while the first tap waits, ends on the tab tapped last")
    func tapAndTapBack() async throws {
        let (model, animator, programmatic) = try await Self.held()
        var probe = EventProbe(model.coordinator)
        let first = model.viewWrote(selection: 1, in: "main")
        await probe.waiting(.userDid(.selectTab(.container("news"), in: "main"), at: .root))
        let back = model.viewWrote(selection: 0, in: "main")
        await Self.writeQueued()
        #expect(await model.coordinator.waitingRequests.count == 2, "the tap back waits behind the first tap")
        animator.open()
        _ = try await programmatic.value
        _ = await first.value
        _ = await back.value
        #expect(model.selection(of: "main") == 0 && model.viewSelection(of: "main") == 0, "the user's last tap")
        #expect(model.refusalCount == 0)
    }

    @Test("a back tap, then a link back to the same screen while the first waits, ends on the path the user left")
    func backThenForward() async throws {
        let (model, animator, programmatic) = try await Self.held()
        var probe = EventProbe(model.coordinator)
        let back = model.viewWrote(path: [], for: "inbox")
        await probe.waiting(.userDid(.popToRoot("inbox"), at: .root))
        let forward = model.viewWrote(path: [T.mail], for: "inbox")
        await Self.writeQueued()
        #expect(await model.coordinator.waitingRequests.count == 2, "the link waits behind the back tap")
        animator.open()
        _ = try await programmatic.value
        _ = await back.value
        _ = await forward.value
        #expect(model.path(of: "inbox") == [T.mail] && model.viewPath(of: "inbox") == [T.mail])
        #expect(model.refusalCount == 0)
    }

    @Test("a second write equal to the first, while the first waits, sends nothing")
    func equalSecondWriteSendsNothing() async throws {
        let (model, animator, programmatic) = try await Self.held()
        var probe = EventProbe(model.coordinator)
        let first = model.viewWrote(path: [], for: "inbox")
        await probe.waiting(.userDid(.popToRoot("inbox"), at: .root))
        let again = model.viewWrote(path: [], for: "inbox")
        await Self.writeQueued()
        #expect(await model.coordinator.waitingRequests.count == 1, "only the first write waits")
        animator.open()
        _ = await again.value
        _ = try await programmatic.value
        _ = await first.value
        #expect(model.path(of: "inbox") == [] && model.refusalCount == 0)
    }

    @Test("a second write equal to the first keeps nothing: the view reads the first write until that one is answered")
    func equalSecondWriteKeepsTheFirst() async throws {
        let (model, animator, programmatic) = try await Self.held()
        var probe = EventProbe(model.coordinator)
        let tap = model.viewWrote(selection: 1, in: "main")
        await probe.waiting(.userDid(.selectTab(.container("news"), in: "main"), at: .root))
        let pop = model.viewWrote(path: [], for: "inbox")
        await probe.waiting(.userDid(.popToRoot("inbox"), at: .root))
        #expect(await model.viewWrote(selection: 1, in: "main").value == nil, "sends nothing")
        #expect(await model.viewWrote(path: [], for: "inbox").value == nil, "sends nothing")
        #expect(model.selection(of: "main") == 0 && model.path(of: "inbox") == [T.mail], "neither write answered")
        #expect(model.viewSelection(of: "main") == 1, "the first tap, still unanswered")
        #expect(model.viewPath(of: "inbox") == [], "the first back tap, still unanswered")
        animator.open()
        _ = try await programmatic.value
        _ = await (tap.value, pop.value)
        #expect(model.viewSelection(of: "main") == 1 && model.viewPath(of: "inbox") == [])
        #expect(model.refusalCount == 0)
    }

    @Test("a view that read while its write waited hears of the answer, and of the commits after it")
    func readWhileWaitingIsTracked() async throws {
        let (model, animator, programmatic) = try await Self.held()
        let write = model.viewWrote(path: [], for: "inbox")
        let told = Box(0)
        withObservationTracking {
            #expect(model.viewPath(of: "inbox") == [])
        } onChange: {
            told.mutate { $0 += 1 }
        }
        animator.open()
        _ = try await programmatic.value
        _ = await write.value
        #expect(told.value == 1, "the commit of the write the view read")
        withObservationTracking {
            _ = model.viewPath(of: "inbox")
        } onChange: {
            told.mutate { $0 += 1 }
        }
        try await model.coordinator.stack("inbox").push(T.thread)
        await model.refresh()
        #expect(told.value == 2 && model.viewPath(of: "inbox") == [T.thread])
    }

    @Test("a path written for a stack the model does not show is a refusal the views can read")
    func unknownStackIsCounted() async throws {
        let model = try await T.model()
        #expect(await model.viewWrote(path: [T.mail], for: "nope").value == nil, "nothing sent")
        #expect(model.refusalCount == 1)
        #expect(model.lastRefusal?.operation == .setStack("nope", [T.mail]))
    }

    @Test("of two quick writes to one stack, the later is read until its own answer")
    func laterWriteWins() async throws {
        let (model, animator, programmatic) = try await Self.held()
        var probe = EventProbe(model.coordinator)
        let first = model.viewWrote(path: [], for: "inbox")
        await probe.waiting(.userDid(.popToRoot("inbox"), at: .root))
        let second = model.viewWrote(path: [T.mail, T.thread], for: "inbox")
        #expect(model.viewPath(of: "inbox") == [T.mail, T.thread])
        await probe.waiting(.userDid(.setStack("inbox", [T.list, T.mail, T.thread]), at: .root))
        animator.open()
        _ = try await programmatic.value
        _ = await first.value
        #expect(model.viewPath(of: "inbox") == [T.mail, T.thread], "the first answer leaves the later write's value")
        _ = await second.value
        #expect(model.viewPath(of: "inbox") == model.path(of: "inbox"))
    }

    @Test("a sheet swiped down names the sheet the view showed, even when the model applies a swap before the report runs")
    func swipeNamesTheSheetSeen() async throws {
        let model = try await T.model()
        let swap = try await model.coordinator.perform(.content(.replace(with: NavigationModelWriteTests.otherSheetApp)))
        let swiped = model.viewDismissedSheet(presentedBy: .container("inbox"))
        model.apply(swap.after)
        _ = await swiped.value
        #expect(model.refusalCount == 1, "compose, which the user swiped, was replaced: the swipe is refused")
        #expect(model.lastRefusal?.operation == .dismissModal(.container("compose")))
        #expect(model.sheet(presentedBy: .container("inbox"))?.id == .container("photos"), "the new sheet stays")
    }

    @Test(
        "a tab tapped names the tab the view showed at that index, even when the model applies a reorder before the report runs")
    func tapNamesTheTabSeen() async throws {
        let model = try await T.model(NavigationModelWriteTests.tabsApp)
        let reorder = try await model.coordinator.perform(.content(.replace(with: NavigationModelWriteTests.reorderedTabsApp)))
        let tapped = model.viewWrote(selection: 1, in: "main")
        model.apply(reorder.after)
        _ = await tapped.value
        #expect(model.selection(of: "main") == 0, "news, the tab tapped, now first")
        #expect(model.refusalCount == 0)
    }

    /// Returns once `count` requests wait in `coordinator`'s queue.
    static func waiting(_ coordinator: Coordinator, count: Int) async {
        let events = coordinator.events()
        if await coordinator.waitingRequests.count >= count { return }
        for await event in events {
            if case .waiting = event, await coordinator.waitingRequests.count >= count { return }
        }
    }

    /// Three writes of `values` to one place, the third held back by a programmatic push queued
    /// before it: once the first two are answered, `read` must give the third's value, which is
    /// still unanswered, and, once it is answered, the committed one.
    static func thirdWriteOutlivesEqualFirst<Value: Equatable>(
        _ values: [Value], write: (NavigationModel, Value) -> Task<TransitionRecord?, Never>,
        read: (NavigationModel) -> Value
    ) async throws {
        let (model, animator, programmatic) = try await Self.held()
        let coordinator = model.coordinator
        let first = write(model, values[0])
        await Self.waiting(coordinator, count: 1)
        let second = write(model, values[1])
        await Self.waiting(coordinator, count: 2)
        let blocking = GatedAnimator()
        let blocker = Task {
            try await coordinator.change(.push(Screen("story2"), onto: "compose"), animator: blocking, policy: .enqueue)
        }
        await Self.waiting(coordinator, count: 3)
        let third = write(model, values[2])
        await Self.waiting(coordinator, count: 4)
        animator.open()
        _ = try await programmatic.value
        await blocking.started()
        _ = await first.value
        _ = await second.value
        #expect(await coordinator.waitingRequests.count == 1, "the third write still waits")
        #expect(read(model) == values[2], "the first write's answer must not drop the third, equal write")
        blocking.open()
        _ = try await blocker.value
        _ = await third.value
        #expect(read(model) == values[2])
    }

    @Test("a tab tapped, tapped back and tapped again reads the last tap until its own answer, not an earlier equal tap's")
    func equalTapOutlivesEarlierAnswer() async throws {
        try await Self.thirdWriteOutlivesEqualFirst(
            [1, 0, 1] as [Int?], write: { $0.viewWrote(selection: $1 ?? 0, in: "main") }, read: { $0.viewSelection(of: "main") })
    }

    @Test("a back tap, a link back and a back tap again read the last write until its own answer, not an earlier equal one's")
    func equalPathOutlivesEarlierAnswer() async throws {
        try await Self.thirdWriteOutlivesEqualFirst(
            [[], [T.mail], []], write: { $0.viewWrote(path: $1, for: "inbox") }, read: { $0.viewPath(of: "inbox") })
    }

    @Test("a sheet swiped down with a sheet over it: once the swipe is answered, the views show no sheet, not the one dismissed")
    func swipeUnderAnInnerSheetEndsWithNone() async throws {
        let model = try await T.twoSheets()
        #expect(model.viewSheet(presentedBy: .container("compose"))?.id == .screen(T.attach.id))
        let record = await model.viewDismissedSheet(presentedBy: .container("inbox")).value
        #expect(record != nil, "the swipe is accepted")
        #expect(model.sheet(presentedBy: .container("inbox")) == nil, "committed: no sheet")
        #expect(model.viewSheet(presentedBy: .container("inbox")) == nil, "the views show the committed state")
        #expect(model.viewSheet(presentedBy: .container("compose")) == nil)
    }

    @Test("a sheet swiped down while a commit's sheets step names the sheet the view shows, never the one it has not shown yet")
    func swipeDuringStepsNamesTheSheetShown() async throws {
        let model = try await T.twoSheets()
        #expect(model.viewSheet(presentedBy: .container("compose"))?.id == .screen("attach"), "both sheets shown")
        let replaced = try await model.coordinator.change(
            .replace(with: .presenting(.stack(StackContainer(id: "inbox", root: T.list)), modal: .screen(Screen("search")))))
        model.apply(replaced.after)
        // SwiftUI dismisses `attach` first: the view still shows `compose` over the inbox.
        #expect(model.viewSheet(presentedBy: .container("inbox"))?.id == .container("compose"))
        #expect(model.sheet(presentedBy: .container("inbox"))?.id == .screen("search"))
        let record = await model.viewDismissedSheet(presentedBy: .container("inbox")).value
        #expect(record == nil, "compose, the sheet swiped, is gone already: the swipe is refused")
        #expect(model.lastRefusal?.operation == .dismissModal(.container("compose")))
        #expect(model.sheet(presentedBy: .container("inbox"))?.id == .screen("search"), "search, never shown yet, stays")
        // The steps go on: attach dismissed, then compose, then search presented.
        model.sheetStepEnded(presentedBy: .container("compose"))
        #expect(model.viewSheet(presentedBy: .container("inbox")) == nil)
        model.sheetStepEnded(presentedBy: .container("inbox"))
        #expect(model.viewSheet(presentedBy: .container("inbox"))?.id == .screen("search"))
    }

    /// `tabs main {*stack inbox [list], stack news [feed] ! attach}`: a sheet in the second tab.
    static let sheetInSecondTab = WindowContent.tabs(
        TabBar(
            id: "main", .stack(StackContainer(id: "inbox", root: T.list)),
            .presenting(.stack(StackContainer(id: "news", root: T.feed)), modal: .screen(T.attach))))

    /// A model of `content` whose coordinator is held by a programmatic push onto `inbox` at its
    /// gated animator, with the view's tap on the tab `tab` of `main` waiting its turn.
    static func tapWaiting(
        _ content: WindowContent, tab: Int, holding stack: ContainerID
    ) async throws -> (NavigationModel, GatedAnimator, Task<TransitionRecord, any Error>, Task<TransitionRecord?, Never>) {
        let model = try await T.model(content)
        let coordinator = model.coordinator
        let animator = GatedAnimator()
        let programmatic = Task { try await coordinator.change(.push(Screen("story"), onto: stack), animator: animator) }
        await animator.started()
        var probe = EventProbe(coordinator)
        let tap = model.viewWrote(selection: tab, in: "main")
        guard case .selectTab(let node, _)? = model.tabOperation(tab, in: "main", from: model.selection(of: "main")) else {
            preconditionFailure("the tab \(tab) is in range")
        }
        await probe.waiting(.userDid(.selectTab(node, in: "main"), at: .root))
        return (model, animator, programmatic, tap)
    }

    @Test("a sheet in the tab the view just tapped, swiped down while the tap waits, is the user's: dismissed after the tap")
    func swipeInTheTabJustTapped() async throws {
        let (model, animator, programmatic, tap) = try await Self.tapWaiting(Self.sheetInSecondTab, tab: 1, holding: "inbox")
        #expect(
            model.viewSheet(presentedBy: .container("news"))?.id == .screen(T.attach.id), "the view shows the tab and its sheet")
        let swipe = model.viewDismissedSheet(presentedBy: .container("news"))
        #expect(model.viewSheet(presentedBy: .container("news")) == nil, "the view's own write reads back at once")
        animator.open()
        _ = try await programmatic.value
        _ = await tap.value
        let record = await swipe.value
        #expect(record?.request == .userDid(.dismissModal(.screen(T.attach.id)), at: .root))
        #expect(model.sheet(presentedBy: .container("news")) == nil && model.viewSheet(presentedBy: .container("news")) == nil)
        #expect(model.refusalCount == 0)
    }

    @Test("a sheet in the tab the view's waiting tap left, set to nil, is SwiftUI tearing it down: nothing reported, it stays")
    func teardownInTheTabJustLeft() async throws {
        let (model, animator, programmatic, tap) = try await Self.tapWaiting(T.app, tab: 1, holding: "compose")
        #expect(model.viewSelection(of: "main") == 1)
        let torn = model.viewDismissedSheet(presentedBy: .container("inbox"))
        animator.open()
        _ = try await programmatic.value
        _ = await tap.value
        #expect(await torn.value == nil, "a teardown is not the user's dismissal")
        #expect(model.sheet(presentedBy: .container("inbox"))?.id == .container("compose"), "the model's sheet stays")
        #expect(model.viewSheet(presentedBy: .container("inbox"))?.id == .container("compose"))
    }

    @Test("a key-window model reports a view's write in the window it shows: a tab bar another window holds is refused there")
    func keyWindowWritesStayInItsWindow() async throws {
        let coordinator = try await Coordinator(root: T.app, clock: TestClock())
        let model = NavigationModel(coordinator: coordinator, scope: .keyWindow, showing: await coordinator.snapshot)
        model.apply(try await coordinator.openWindow(Screen("pin"), at: .medium).after)
        #expect(model.selection(of: "main") == nil, "the model shows the pin window")
        // Stale writes from the main window's views, torn down as the pin window became key.
        #expect(await model.viewWrote(path: [], for: "inbox").value == nil)
        #expect(await model.viewWrote(selection: 1, in: "main").value == nil)
        #expect(model.refusalCount == 2, "both refused: the window shown holds neither")
        #expect(await coordinator.snapshot.window(at: .root)?.content == T.app, "the main window is unchanged")
    }

    @Test("a swipe refused because the app replaced the sheet by nested sheets: the nested ones still reach the views in steps")
    func refusedSwipeThenNestedSheetsStep() async throws {
        let single = WindowContent.presenting(
            .stack(StackContainer(id: "inbox", root: T.list)), modal: .stack(StackContainer(id: "compose", root: T.draft)))
        let nested = WindowContent.presenting(
            .stack(StackContainer(id: "inbox", root: T.list)),
            modal: .presenting(.stack(StackContainer(id: "photos", root: Screen("pick"))), modal: .screen(Screen("crop"))))
        let model = try await T.model(single)
        let animator = GatedAnimator()
        let programmatic = Task { try await model.coordinator.change(.replace(with: nested), animator: animator) }
        await animator.started()
        var probe = EventProbe(model.coordinator)
        let swipe = model.viewDismissedSheet(presentedBy: .container("inbox"))
        await probe.waiting(.userDid(.dismissModal(.container("compose")), at: .root))
        animator.open()
        _ = try await programmatic.value
        #expect(await swipe.value == nil, "compose was replaced first: the swipe is refused")
        #expect(model.viewSheet(presentedBy: .container("inbox"))?.id == .container("photos"), "photos is presented")
        #expect(
            model.viewSheet(presentedBy: .container("photos")) == nil,
            "crop waits until photos' presentation ended: SwiftUI cannot present over a sheet it presents in the same update")
        model.sheetStepEnded(presentedBy: .container("inbox"))
        #expect(model.viewSheet(presentedBy: .container("photos"))?.id == .screen("crop"))
    }
}
