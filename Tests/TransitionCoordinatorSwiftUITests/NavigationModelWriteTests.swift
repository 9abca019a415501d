import Observation
import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// What the user does through SwiftUI becomes the coordinator's `userDid`, serialized with every
/// other request; a race is settled by the coordinator, and the model ends on its snapshot.
@Suite("Navigation model: writes from the view")
@MainActor
struct NavigationModelWriteTests {
    typealias T = Trees

    /// `tabs main {*stack inbox [list, mail], stack news [feed]}`: no sheet, so a push onto inbox animates.
    nonisolated static let tabsApp = WindowContent.tabs(
        TabBar(
            id: "main", .stack(StackContainer(id: "inbox", root: T.list, pushed: [T.mail])),
            .stack(StackContainer(id: "news", root: T.feed))))
    /// ``tabsApp`` with its tabs the other way round, `news` first, and a screen pushed onto the
    /// tab still selected, `inbox` (so the change animates).
    nonisolated static let reorderedTabsApp: WindowContent = {
        let tabs: [WindowContent] = [
            .stack(StackContainer(id: "news", root: T.feed)),
            .stack(StackContainer(id: "inbox", root: T.list, pushed: [T.mail, T.thread])),
        ]
        do { return .tabs(try TabBar(id: "main", tabs: tabs, selected: 1)) } catch { preconditionFailure("\(error)") }
    }()
    /// `T.app` with another sheet, `photos`, where `compose` was.
    nonisolated static let otherSheetApp = WindowContent.tabs(
        TabBar(
            id: "main",
            .presenting(
                .stack(StackContainer(id: "inbox", root: T.list, pushed: [T.mail])),
                modal: .stack(StackContainer(id: "photos", root: T.attach))),
            .stack(StackContainer(id: "news", root: T.feed))))
    /// `stack inbox [list, mail, thread]`.
    nonisolated static let deepStack = WindowContent.stack(StackContainer(id: "inbox", root: T.list, pushed: [T.mail, T.thread]))

    @Test("a back tap written by the view is a record whose source is the user, and the model shows it as it returns")
    func backTap() async throws {
        let model = try await T.model(Self.tabsApp)
        let record = try #require(try await model.setPath([Screen](), for: "inbox"))
        #expect(record.source == .user)
        #expect(record.request == .userDid(.popToRoot("inbox"), at: .root))
        #expect(record.animation == .skipped(.madeByUser))
        #expect(await model.coordinator.history.last == record)
        #expect(model.path(of: "inbox") == [] && model.version == record.after.version)
        #expect(model.state == NavigationState(await model.coordinator.snapshot, scope: .level(.root)))
    }

    @Test("a tab tapped and a sheet swiped down are the user's records too")
    func tabAndSheet() async throws {
        let model = try await T.model()
        let swiped = try #require(try await model.dismissSheet(presentedBy: .container("inbox")))
        #expect(swiped.source == .user && swiped.request == .userDid(.dismissModal(.container("compose")), at: .root))
        let tapped = try #require(try await model.select(1, in: "main"))
        #expect(tapped.source == .user && tapped.request == .userDid(.selectTab(.container("news"), in: "main"), at: .root))
        #expect(model.selection(of: "main") == 1 && model.state.sheets.isEmpty)
    }

    @Test("a write the model shows already sends nothing")
    func nothingToDo() async throws {
        let model = try await T.model()
        #expect(try await model.setPath([T.mail], for: "inbox") == nil)
        #expect(try await model.select(0, in: "main") == nil)
        #expect(try await model.dismissSheet(presentedBy: .container("news")) == nil)
        #expect(await model.coordinator.history.isEmpty)
    }

    @Test("a tab out of range is the coordinator's typed error, and nothing changed")
    func refusedWrite() async throws {
        let model = try await T.model()
        let before = model.state
        let result = await outcome { () async throws(TransitionError) in try await model.select(5, in: "main") }
        #expect(result.failure?.code == "container.tabOutOfRange")
        #expect(model.state == before && model.version == 0)
        #expect(
            model.lastRefusal == result.failure.map { RefusedWrite(operation: .select(tab: 5, in: "main"), error: $0) },
            "views read the refusal, so a control that showed the tab shows the model again")
    }

    @Test("each refusal notifies the views that read the refusal count, even one equal to the last")
    func equalRefusalsNotifyTwice() async throws {
        let model = try await T.model()
        var told = 0
        for _ in 0..<2 {
            let observed = Box(0)
            withObservationTracking {
                _ = model.refusalCount
            } onChange: {
                observed.mutate { $0 += 1 }
            }
            _ = await outcome { () async throws(TransitionError) in try await model.select(5, in: "main") }
            told += observed.value
        }
        #expect(told == 2, "an equal lastRefusal assigned again notifies nobody; the count does")
        #expect(model.refusalCount == 2)
        #expect(model.lastRefusal?.operation == .select(tab: 5, in: "main"))
    }

    @Test("two quick back taps, both written before a programmatic push commits, each keep on top the screen the user saw")
    func twoQuickBackTaps() async throws {
        let model = try await T.model(.stack(StackContainer(id: "inbox", root: T.list, pushed: [T.mail, T.thread, T.attach])))
        let coordinator = model.coordinator
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let programmatic = Task { try await coordinator.change(.push(Screen("late"), onto: "inbox"), animator: animator) }
        await animator.started()
        let first = Task {
            await outcome { () async throws(TransitionError) in try await model.setPath([T.mail, T.thread], for: "inbox") }
        }
        await probe.waiting(.userDid(.popTo("thread", in: "inbox"), at: .root))
        let second = Task {
            await outcome { () async throws(TransitionError) in try await model.setPath([T.mail], for: "inbox") }
        }
        await probe.waiting(.userDid(.popTo("mail", in: "inbox"), at: .root))
        animator.open()
        _ = try await programmatic.value
        #expect(
            await first.value.success??.after.window(at: .root)?.content
                == .stack(
                    StackContainer(
                        id: "inbox", root: T.list,
                        pushed: [T.mail, T.thread])))
        #expect(await second.value.success??.source == .user)
        #expect(model.path(of: "inbox") == [T.mail])
        #expect(model.state == NavigationState(await coordinator.snapshot, scope: .level(.root)))
    }

    /// What the view writes in a race.
    enum Write: Sendable, CustomStringConvertible {
        case path([Screen], ContainerID)
        case select(Int, ContainerID)
        case dismiss(WindowContent.NodeID)

        @MainActor
        func send(to model: NavigationModel) async throws(TransitionError) -> TransitionRecord? {
            switch self {
            case .path(let path, let id): try await model.setPath(path, for: id)
            case .select(let tab, let id): try await model.select(tab, in: id)
            case .dismiss(let node): try await model.dismissSheet(presentedBy: node)
            }
        }

        var description: String {
            switch self {
            case .path(let path, let id): "the path of \(id) set to \(path)"
            case .select(let tab, let id): "tab \(tab) of \(id) tapped"
            case .dismiss(let node): "the sheet of \(node) swiped down"
            }
        }
    }

    /// One race: the tree, the programmatic change held at its animator, what the user writes
    /// meanwhile (and the operation it reports), and the user's outcome: nil when it commits,
    /// else the error's code.
    struct Race: Sendable, CustomStringConvertible {
        let name: String
        let tree: WindowContent
        let programmatic: ContainerOperation
        let write: Write
        let reported: ContainerOperation
        let userError: String?
        var description: String { name }
    }

    nonisolated static let races: [Race] = [
        Race(
            name: "a back tap under a programmatic push pops what the push added too", tree: tabsApp,
            programmatic: .push(T.thread, onto: "inbox"), write: .path([], "inbox"), reported: .popToRoot("inbox"), userError: nil
        ),
        Race(
            name: "a tab switch during a push", tree: tabsApp, programmatic: .push(T.thread, onto: "inbox"),
            write: .select(1, "main"), reported: .selectTab(.container("news"), in: "main"), userError: nil),
        Race(
            name: "a tab tapped while the app reorders the tabs selects the tab tapped", tree: tabsApp,
            programmatic: .replace(with: reorderedTabsApp), write: .select(1, "main"),
            reported: .selectTab(.container("news"), in: "main"), userError: nil),
        Race(
            name: "a sheet swiped away under a programmatic push onto it", tree: T.app,
            programmatic: .push(T.attach, onto: "compose"), write: .dismiss(.container("inbox")),
            reported: .dismissModal(.container("compose")), userError: nil),
        Race(
            name: "a sheet swiped away while the app replaces it with another is refused: the new sheet stays",
            tree: T.app, programmatic: .replace(with: otherSheetApp), write: .dismiss(.container("inbox")),
            reported: .dismissModal(.container("compose")), userError: "container.notPresented"),
        Race(
            name: "a back to a screen a programmatic pop to the root took away", tree: deepStack,
            programmatic: .popToRoot("inbox"), write: .path([T.mail], "inbox"), reported: .popTo("mail", in: "inbox"),
            userError: "container.notInStack"),
        Race(
            name: "a sheet swiped away while the app dismisses it", tree: T.app,
            programmatic: .dismiss(.container("inbox")), write: .dismiss(.container("inbox")),
            reported: .dismissModal(.container("compose")), userError: "container.notPresented"),
    ]

    @Test(
        "a write racing a programmatic change: the coordinator settles it, each side gets its outcome, the model ends on the snapshot",
        arguments: races)
    func race(_ race: Race) async throws {
        let model = try await T.model(race.tree)
        let coordinator = model.coordinator
        let follower = Task { await model.run() }
        defer { follower.cancel() }
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let programmatic = Task { try await coordinator.change(race.programmatic, animator: animator) }
        await animator.started()
        let write = race.write
        let user = Task { await outcome { () async throws(TransitionError) in try await write.send(to: model) } }
        await probe.waiting(.userDid(race.reported, at: .root))
        animator.open()
        let programmaticRecord = try await programmatic.value
        #expect(programmaticRecord.source == .app)
        let userOutcome = await user.value
        switch (userOutcome, race.userError) {
        case (.success(let record?), nil):
            #expect(record.source == .user && record.request == .userDid(race.reported, at: .root))
            #expect(record.before == programmaticRecord.after, "the user's change comes after the programmatic one")
            #expect(model.lastRefusal == nil)
        case (.failure(let error), let code?):
            #expect(error.code == code)
            #expect(model.lastRefusal == RefusedWrite(operation: race.reported, error: error))
        default:
            Issue.record("the user's write ended \(userOutcome), expected \(race.userError ?? "a record")")
        }
        let snapshot = await coordinator.snapshot
        await model.applied(through: snapshot.version)
        #expect(model.state == NavigationState(snapshot, scope: .level(.root)))
        #expect(model.version == snapshot.version)
    }
}
