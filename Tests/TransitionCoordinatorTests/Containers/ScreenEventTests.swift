import Testing

@testable import TransitionCoordinator

/// A transition's screen events as a pure function of its request and states: which screens are
/// added, removed, shown and hidden, in the documented order, and which removals are the owner's.
@Suite("Screen events")
struct ScreenEventTests {
    typealias T = ContentTrees

    /// A snapshot whose root window (`#1`) shows `content`, with `more` windows above it.
    static func snapshot(_ content: WindowContent, more: [ManagedWindow] = []) -> NavigationSnapshot {
        NavigationSnapshot(
            version: 0, levels: [.low, .high], windows: [ManagedWindow(id: WindowID(1), level: .root, content: content)] + more,
            keyWindow: WindowID(1))
    }

    static func events(_ operation: ContainerOperation, in content: WindowContent) throws -> [String] {
        let change = try ContainerPlanner.plan(operation, in: content)
        let request = TransitionRequest.content(operation)
        return ScreenLifecycle.events(of: request, from: snapshot(change.before), to: snapshot(change.after)).map(\.description)
    }

    @Test("a push hides the old top, adds the new screen, then shows it")
    func push() throws {
        #expect(
            try Self.events(.push(T.thread, onto: "inbox"), in: .stack(T.inbox))
                == ["didHide mail in #1", "didAdd thread in #1", "didShow thread in #1"])
    }

    @Test("a pop hides and removes the top, then shows the one below; the removal is not the owner's")
    func pop() throws {
        #expect(
            try Self.events(.pop("inbox"), in: .stack(T.inbox))
                == ["didHide mail in #1", "didRemove mail in #1", "didShow list in #1"])
    }

    @Test("a setStack's removals from its own stack are the owner's; a replaced screen leaves and arrives")
    func setStack() throws {
        let edited = Screen("mail", parameters: ["draft": "1"])
        let events = try Self.events(.setStack("inbox", [T.list, edited]), in: .stack(T.inbox))
        #expect(
            events == [
                "didHide mail in #1", "didRemove mail in #1 (by its owner)", "didAdd mail(draft=1) in #1",
                "didShow mail(draft=1) in #1",
            ])
    }

    @Test("dismissing a sheet removes every screen in it, none by an owner, and shows what it covered")
    func dismiss() throws {
        let events = try Self.events(.dismiss(.container("inbox")), in: T.app)
        #expect(events == ["didHide draft in #1", "didRemove draft in #1", "didShow mail in #1"])
    }

    @Test("switching tabs keeps every screen: the shown one changes, nothing is added or removed")
    func select() throws {
        let events = try Self.events(.select(tab: 1, in: "main"), in: T.app)
        #expect(events == ["didHide draft in #1", "didShow feed in #1"])
    }

    @Test("a window that goes hides and removes its screens; one that comes adds and shows its own, bottom to top")
    func windows() {
        let sheet = ManagedWindow(id: WindowID(2), level: .low, content: .stack(T.compose))
        let alert = ManagedWindow(id: WindowID(3), level: .high, content: .screen(T.post))
        let before = Self.snapshot(.screen(T.feed), more: [sheet])
        let after = Self.snapshot(.screen(T.feed), more: [alert])
        let events = ScreenLifecycle.events(of: .popAll, from: before, to: after).map(\.description)
        #expect(events == ["didHide draft in #2", "didRemove draft in #2", "didAdd post in #3", "didShow post in #3"])
    }

    @Test("a transition that changes no content has no screen events")
    func none() {
        let state = Self.snapshot(T.app)
        #expect(ScreenLifecycle.events(of: .unlock, from: state, to: state).isEmpty)
    }
}
