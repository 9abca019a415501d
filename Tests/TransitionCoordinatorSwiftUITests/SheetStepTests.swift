import Testing
import TransitionCoordinator

@testable import TransitionCoordinatorSwiftUI

private typealias T = Trees

/// A commit that changes more sheets than SwiftUI shows in one update reaches the views one sheet
/// at a time: dismissals innermost first, then presentations outermost first.
@Suite("Sheets, one step at a time")
@MainActor
struct SheetStepTests {
    nonisolated static let photos = WindowContent.stack(StackContainer(id: "photos", root: Screen("photos")))
    nonisolated static let compose = WindowContent.stack(StackContainer(id: "compose", root: T.draft))
    nonisolated static let search = WindowContent.stack(StackContainer(id: "search", root: Screen("query")))
    nonisolated static let inbox = WindowContent.stack(StackContainer(id: "inbox", root: T.list))
    nonisolated static let news = WindowContent.stack(StackContainer(id: "news", root: T.feed))

    /// Tabs `inbox` and `news`, `selected`, inbox presenting `sheet`.
    nonisolated static func tabs(_ sheet: WindowContent?, selected: Int = 0, newsSheet: WindowContent? = nil) -> WindowContent {
        let inbox = sheet.map { WindowContent.presenting(Self.inbox, modal: $0) } ?? Self.inbox
        let news = newsSheet.map { WindowContent.presenting(Self.news, modal: $0) } ?? Self.news
        return .tabs((try? TabBar(id: "main", tabs: [inbox, news], selected: selected)) ?? TabBar(id: "main", inbox, news))
    }

    static func state(_ content: WindowContent) -> NavigationState {
        NavigationState(window: ManagedWindow(id: WindowID(1), level: .root, content: content))
    }

    /// The steps from `before`'s sheets to `after`'s, as `dismiss <presenter>` or
    /// `present <sheet> over <presenter>`, each taken as SwiftUI ends the one before.
    static func steps(from before: WindowContent, to after: WindowContent) -> [String] {
        var shown = SheetStep.target(state(before))
        let target = SheetStep.target(state(after))
        var steps: [String] = []
        while true {
            let (synced, step) = SheetStep.advance(shown, to: target)
            guard let step else {
                #expect(synced == target, "every step taken, the views show the committed sheets")
                return steps
            }
            steps.append(step.sheet.map { "present \($0.sheet)" } ?? "dismiss \(step.presenter)")
            shown = step.applied(to: synced)
        }
    }

    nonisolated static let cases: [(String, WindowContent, WindowContent, [String])] = [
        (
            "nested sheets dismissed in one commit go innermost first",
            tabs(.presenting(compose, modal: photos)), tabs(nil),
            ["dismiss container compose", "dismiss container inbox"]
        ),
        (
            "a sheet replaced over the same presenter is dismissed, then the new one presented",
            tabs(compose), tabs(search),
            ["dismiss container inbox", "present container search over container inbox"]
        ),
        (
            "a sheet over a new sheet is presented after it",
            tabs(nil), tabs(.presenting(compose, modal: photos)),
            ["present container compose over container inbox", "present container photos over container compose"]
        ),
        (
            "one sheet presented is one step",
            tabs(nil), tabs(compose), ["present container compose over container inbox"]
        ),
        (
            "a sheet that stays takes its new content with no step",
            tabs(compose),
            tabs(.stack(StackContainer(id: "compose", root: T.draft, pushed: [T.attach]))), []
        ),
        (
            "a sheet of a tab that is not selected comes and goes with no step",
            tabs(nil, newsSheet: photos), tabs(nil, newsSheet: search), []
        ),
    ]

    @Test("steps of a commit's sheets", arguments: cases)
    func stepsOfACommit(_ name: String, before: WindowContent, after: WindowContent, expected: [String]) {
        #expect(Self.steps(from: before, to: after) == expected, "\(name)")
    }

    @Test("nested sheets come outer first and go inner first, each step once SwiftUI ended the one before")
    func modelStepsNestedDismissal() async throws {
        let model = try await T.model(Self.tabs(.presenting(Self.compose, modal: Self.photos)))
        // The first state comes in steps too: the outer sheet, then the inner once the outer showed.
        #expect(model.viewSheet(presentedBy: .container("inbox"))?.id == .container("compose"))
        #expect(model.viewSheet(presentedBy: .container("compose")) == nil)
        model.sheetStepEnded(presentedBy: .container("inbox"))
        #expect(model.viewSheet(presentedBy: .container("compose"))?.id == .container("photos"))
        let record = try await model.coordinator.perform(.content(.dismiss(.container("inbox"))))
        model.apply(record.after)
        // Committed: no sheet. Shown: the inner one dismissed first.
        #expect(model.sheet(presentedBy: .container("inbox")) == nil)
        #expect(model.viewSheet(presentedBy: .container("compose")) == nil)
        #expect(model.viewSheet(presentedBy: .container("inbox"))?.id == .container("compose"))
        model.sheetStepEnded(presentedBy: .container("inbox")) // not the step under way: nothing
        #expect(model.viewSheet(presentedBy: .container("inbox"))?.id == .container("compose"))
        model.sheetStepEnded(presentedBy: .container("compose"))
        #expect(model.viewSheet(presentedBy: .container("inbox")) == nil)
    }

    @Test("a commit with one sheet step shows it at once, and the next commit needs no signal")
    func modelOneStepAtOnce() async throws {
        let model = try await T.model(Self.tabs(nil))
        model.apply(try await model.coordinator.perform(.content(.present(Self.compose, from: .container("inbox")))).after)
        #expect(model.viewSheet(presentedBy: .container("inbox"))?.id == .container("compose"))
        model.apply(try await model.coordinator.perform(.content(.dismiss(.container("inbox")))).after)
        #expect(model.viewSheet(presentedBy: .container("inbox")) == nil)
    }
}

extension SheetStepTests {
    @Test("a step whose sheet the next commit dismisses is not waited for: that commit's sheets come at once")
    func stepOfGonePresenterNotAwaited() async throws {
        let model = try await T.model(Self.tabs(Self.compose))
        // Replacing the sheet: its dismissal first, the new sheet waiting for SwiftUI's end of it.
        model.apply(try await model.coordinator.perform(.content(.dismiss(.container("inbox")))).after)
        model.apply(
            try await model.coordinator.perform(
                .content(.present(.presenting(Self.search, modal: Self.photos), from: .container("inbox")))
            ).after)
        #expect(model.viewSheet(presentedBy: .container("inbox"))?.id == .container("search"))
        #expect(model.viewSheet(presentedBy: .container("search")) == nil, "the inner sheet waits for the outer one")
        // The app dismisses from inbox before SwiftUI showed search: its end may never come.
        model.apply(try await model.coordinator.perform(.content(.dismiss(.container("inbox")))).after)
        #expect(model.viewSheet(presentedBy: .container("inbox")) == nil)
        model.apply(try await model.coordinator.perform(.content(.present(Self.compose, from: .container("inbox")))).after)
        #expect(model.viewSheet(presentedBy: .container("inbox"))?.id == .container("compose"))
    }
}
