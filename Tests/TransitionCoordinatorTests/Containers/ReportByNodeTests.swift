import Testing

@testable import TransitionCoordinator

/// A tab tap and a sheet swipe reported by the node the user acted on, so a report that waited
/// its turn behind another change acts on what the user saw, or is refused.
@Suite("A user's report names the tab or the sheet it acted on")
struct ReportByNodeTests {
    typealias T = ContentTrees

    /// `T.app` with its tabs in the other order: `news` first, `inbox` (and its sheet) second.
    static let reordered: WindowContent = {
        guard case .tabs(let bar) = T.app else { preconditionFailure("T.app is tabs") }
        return .tabs(TabBar(id: bar.id, unchecked: bar.tabs.reversed(), selected: 1))
    }()

    @Test("a tab selected by what it shows is found where it stands now, after the tabs moved")
    func tabMoved() throws {
        #expect(
            try ContainerPlanner.plan(.selectTab(.container("news"), in: "main"), in: T.app).after.description
                == "tabs main {stack inbox [list, mail] ! stack compose [draft], *stack news [feed]}")
        let moved = try ContainerPlanner.plan(.selectTab(.container("news"), in: "main"), in: Self.reordered)
        #expect(moved.after.description == "tabs main {*stack news [feed], stack inbox [list, mail] ! stack compose [draft]}")
        #expect(moved.animation == .select)
        // A screen of the tab's stack names the tab too.
        #expect(
            try ContainerPlanner.plan(.selectTab(.screen("feed"), in: "main"), in: T.app).after
                == ContainerPlanner.plan(.select(tab: 1, in: "main"), in: T.app).after)
    }

    @Test("a tab selected by a node no tab shows is refused as not a tab, naming both")
    func tabGone() {
        #expect(throws: ContainerError.notATab(.container("gone"), tabs: "main")) {
            try ContainerPlanner.plan(.selectTab(.container("gone"), in: "main"), in: T.app)
        }
        #expect(throws: ContainerError.notATab(.container("compose"), tabs: "main")) {
            try ContainerPlanner.plan(.selectTab(.container("compose"), in: "main"), in: T.app)
        }
        #expect(
            ContainerError.notATab(.container("gone"), tabs: "main").description
                == "no tab of main shows container gone: the tabs changed")
    }

    @Test("a modal dismissed by its own node goes from whatever presents it, with everything above it")
    func modalDismissed() throws {
        let attachSheet = try ContainerPlanner.plan(.present(.screen(T.attach), from: .container("compose")), in: T.app).after
        let change = try ContainerPlanner.plan(.dismissModal(.container("compose")), in: attachSheet)
        #expect(change.after == (try ContainerPlanner.plan(.dismiss(.container("inbox")), in: attachSheet)).after)
        #expect(change.departed == [T.draft, T.attach] && change.animation == .dismiss)
        // The sheet's own sheet alone, named by its screen.
        let top = try ContainerPlanner.plan(.dismissModal(.screen(T.attach.id)), in: attachSheet)
        #expect(top.after == T.app && top.departed == [T.attach])
    }

    @Test("a modal no node presents any more is refused as not presented, and a shown stack that is no modal too")
    func modalGone() async throws {
        #expect(throws: ContainerError.notPresented(.container("other"))) {
            try ContainerPlanner.plan(.dismissModal(.container("other")), in: T.app)
        }
        #expect(throws: ContainerError.notPresented(.container("inbox"))) {
            try ContainerPlanner.plan(.dismissModal(.container("inbox")), in: T.app)
        }
        #expect(ContainerError.notPresented(.container("other")).code == "notPresented")
        // Through the coordinator: a modal no window shows is not presented either, never unknown.
        let coordinator = try await Coordinator(root: T.app)
        await #expect(throws: TransitionError.container(.notPresented(.screen("gone")), in: nil)) {
            try await coordinator.userDid(.dismissModal(.screen("gone")))
        }
    }

    @Test("a sheet swipe that waited behind a change replacing the sheet is refused, and the new sheet stays")
    func swipeAfterReplacement() async throws {
        let coordinator = try await Coordinator(root: T.app)
        // What the user saw: compose over inbox. The app replaces it with another sheet first.
        let replaced = try ContainerPlanner.plan(.dismiss(.container("inbox")), in: T.app).after
        let other = WindowContent.stack(StackContainer(id: "other", root: Screen("other")))
        let newSheet = try ContainerPlanner.plan(.present(other, from: .container("inbox")), in: replaced).after
        try await coordinator.perform(.content(.replace(with: newSheet)))
        await #expect(throws: TransitionError.container(.notPresented(.container("compose")), in: nil)) {
            try await coordinator.userDid(.dismissModal(.container("compose")))
        }
        #expect(await coordinator.snapshot.windowList[0].content == newSheet)
        // Named by its presenter, as before, the same report dismissed the sheet the user never saw.
        let byPlace = try await coordinator.userDid(.dismiss(.container("inbox")))
        #expect(byPlace.before.windowList[0].content.find("inbox")?.presented == other)
    }

    @Test("a tab tap that waited behind a change reordering the tabs selects the tab the user tapped")
    func tapAfterReorder() async throws {
        let coordinator = try await Coordinator(root: T.app)
        try await coordinator.perform(.content(.replace(with: Self.reordered)))
        let record = try await coordinator.userDid(.selectTab(.container("inbox"), in: "main"))
        guard case .tabs(let bar) = record.after.windowList[0].content else {
            Issue.record("the root shows no tabs: \(record.after)")
            return
        }
        #expect(bar.tabs[bar.selected].nodeID == .container("inbox") && record.source == .user)
    }
}
