import Testing
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// A state read from a snapshot, and what a view's writes mean against it.
@Suite("Navigation state")
struct NavigationStateTests {
    typealias T = Trees
    static let window = ManagedWindow(id: WindowID(1), level: .root, content: T.app)
    static let state = NavigationState(window: window)

    @Test("a state lists each stack's path above its root, each selection and each sheet by its presenter")
    func reads() {
        let state = Self.state
        #expect(state.paths == ["inbox": [T.mail], "compose": [], "news": []])
        #expect(state.roots == ["inbox": T.list, "compose": T.draft, "news": T.feed])
        #expect(state.selections == ["main": 0])
        #expect(state.tabCounts == ["main": 2])
        #expect(
            state.sheets == [
                .container("inbox"): PresentedSheet(
                    presenter: .container("inbox"),
                    content: .stack(StackContainer(id: "compose", root: T.draft)))
            ])
        #expect(state.sheet(presentedBy: .container("inbox"))?.id == .container("compose"))
        #expect(state.window == WindowID(1) && state.level == .root)
    }

    @Test("a sheet presenting a sheet is listed under each presenter, without its own modal")
    func nestedSheets() {
        let photos = WindowContent.stack(StackContainer(id: "photos", root: Screen("photos")))
        let content = WindowContent.presenting(
            .stack(StackContainer(id: "inbox", root: T.list)),
            modal: .presenting(.stack(StackContainer(id: "compose", root: T.draft)), modal: photos))
        let state = NavigationState(window: ManagedWindow(id: WindowID(1), level: .root, content: content))
        #expect(state.sheets[.container("inbox")]?.content == .stack(StackContainer(id: "compose", root: T.draft)))
        #expect(state.sheets[.container("compose")]?.content == photos)
        #expect(state.sheets.count == 2)
    }

    @Test("no window gives the empty state")
    func empty() {
        let snapshot = NavigationSnapshot(version: 0, levels: WindowLevel.builtIn, windows: [Self.window], keyWindow: WindowID(1))
        #expect(NavigationState(snapshot, scope: .level(.low)) == .empty)
        #expect(NavigationState(snapshot, scope: .keyWindow) == Self.state)
        #expect(NavigationState.empty.paths.isEmpty && NavigationState.empty.content == nil)
    }

    static let thread = Screen("thread"), post = Screen("post")

    @Test(
        "a path written by a view becomes the operation that keeps its screens",
        arguments: [
            ([Screen](), ContainerOperation?.some(.popToRoot("inbox"))),
            ([T.mail], nil),
            ([T.mail, thread], .setStack("inbox", [T.list, T.mail, thread])),
            ([post], .setStack("inbox", [T.list, post])),
        ] as [([Screen], ContainerOperation?)])
    func pathWrites(path: [Screen], expected: ContainerOperation?) throws {
        #expect(try Self.state.operation(settingPath: path, of: "inbox") == expected)
    }

    @Test("a path cut to a prefix pops to the screen it keeps on top, so it means the same after a push lands")
    func popToKept() throws {
        let deeper = ManagedWindow(
            id: WindowID(1), level: .root,
            content: .stack(StackContainer(id: "inbox", root: T.list, pushed: [T.mail, Self.thread])))
        #expect(try NavigationState(window: deeper).operation(settingPath: [T.mail], of: "inbox") == .popTo("mail", in: "inbox"))
    }

    @Test("a path for a stack the state does not show is a typed unknown-container error")
    func unknownStack() {
        #expect(throws: TransitionError.container(.unknownContainer("nowhere"), in: nil)) {
            try Self.state.operation(settingPath: [], of: "nowhere")
        }
    }

    @Test("a tab or a dismiss the state shows already asks for nothing; another one names the tab or the sheet it acts on")
    func selectAndDismiss() {
        #expect(Self.state.operation(selecting: 0, in: "main") == nil)
        #expect(Self.state.operation(selecting: 1, in: "main") == .selectTab(.container("news"), in: "main"))
        #expect(Self.state.operation(selecting: 0, in: "main", from: 1) == .selectTab(.container("inbox"), in: "main"))
        #expect(Self.state.operation(selecting: 1, in: "main", from: 1) == nil)
        #expect(Self.state.operation(dismissingSheetOf: .container("inbox")) == .dismissModal(.container("compose")))
        #expect(Self.state.operation(dismissingSheetOf: .container("news")) == nil)
    }

    @Test("a tab the state does not show, or a tab bar it does not show, is sent by index for the coordinator to refuse")
    func tabOutOfReach() {
        #expect(Self.state.operation(selecting: 7, in: "main") == .select(tab: 7, in: "main"))
        #expect(Self.state.operation(selecting: 1, in: "nowhere") == .select(tab: 1, in: "nowhere"))
    }
}
