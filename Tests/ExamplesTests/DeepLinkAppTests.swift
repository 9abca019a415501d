import Examples
import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// DeepTransition's deep link into a tab's stack with a sheet, run headless: on the fake UIKit
/// and on the model.
@Suite("Example: a deep link into a tab's stack with a sheet")
struct DeepLinkAppTests {
    static let url = "myapp://inbox/thread/42/reply"

    @Test("on the fake UIKit: the link selects the inbox tab, pushes the thread and presents the reply, in one transition")
    @MainActor
    func onFakeUIKit() async throws {
        let host = FakeWindowHost()
        let app = try DeepLinkApp(host: host)
        await app.coordinator.start()
        #expect(try await shown(by: host, of: app.coordinator) == .destination(DeepLinkApp.Destination.launch))

        try await app.launch()
        let home = try #require(DeepLinkApp.tabBar(in: try await shown(by: host, of: app.coordinator)))
        #expect(names(DeepLinkApp.stack(ofTab: .inbox, in: home).map(WindowContent.stack)) == ["inbox"])
        try await app.coordinator.tabs(home.id).select(1)

        let outcome = try await app.open(Self.url)
        guard case .navigated(let record) = outcome else {
            Issue.record("not navigated: \(outcome)")
            return
        }
        #expect(record.source == .link)
        let bar = try #require(DeepLinkApp.tabBar(in: try await shown(by: host, of: app.coordinator)))
        #expect(bar.selected == 0, "the inbox tab is selected")
        guard case .presenting(.stack(let inbox), let sheet) = bar.tabs[0] else {
            Issue.record("no sheet over the inbox stack: \(bar.tabs[0])")
            return
        }
        #expect(inbox.items.compactMap { $0.destination(as: DeepLinkApp.Destination.self) } == [.inbox, .thread(id: 42)])
        #expect(sheet == .destination(DeepLinkApp.Destination.reply))
        #expect(try await app.open(Self.url) == .alreadyThere, "the same link again changes nothing")
    }

    @Test("on the fake UIKit: a link that launched the app waits for the tabs, then lands on them")
    @MainActor
    func coldStart() async throws {
        let host = FakeWindowHost()
        let app = try DeepLinkApp(host: host)
        var outcomes = app.links.outcomes.makeAsyncIterator()
        let id = try await app.post(Self.url)
        await app.coordinator.start()
        #expect(try await shown(by: host, of: app.coordinator) == .destination(DeepLinkApp.Destination.launch), "the link waits")

        try await app.launch()
        let ended = try #require(await outcomes.next())
        #expect(ended.id == id)
        guard case .navigated(let record) = ended.outcome else {
            Issue.record("not navigated: \(ended.outcome)")
            return
        }
        #expect(record.before.rootWindow.flatMap { DeepLinkApp.tabBar(in: $0.content) } != nil, "it landed on the launched tabs")
        let bar = try #require(DeepLinkApp.tabBar(in: try await shown(by: host, of: app.coordinator)))
        #expect(names(bar.tabs[0]) == ["inbox", "thread"])
        #expect(bar.tabs[0].presented == .destination(DeepLinkApp.Destination.reply))
    }

    @Test("a URL that does not fit is a typed error naming the parameter, and nothing moves")
    func badURL() async throws {
        let app = try DeepLinkApp()
        try await app.launch()
        let before = await app.coordinator.snapshot
        await #expect(throws: NavigationError.self) { try await app.open("myapp://inbox/thread/forty-two/reply") }
        #expect(await app.coordinator.snapshot == before)
    }

    @Test("on the model: the inbox tab's path is the thread, the reply is its stack's sheet, and a swipe-down dismisses it")
    @MainActor
    func onModel() async throws {
        let app = try DeepLinkApp()
        let model = NavigationModel(coordinator: app.coordinator)
        try await app.launch()
        _ = try await app.open(Self.url)
        await model.refresh()

        let bar = try #require(DeepLinkApp.tabBar(in: model.content))
        let inbox = try #require(DeepLinkApp.stack(ofTab: .inbox, in: bar)).id
        #expect(model.selection(of: bar.id) == 0)
        #expect(model.path(of: inbox, as: DeepLinkApp.Destination.self) == [.thread(id: 42)])
        #expect(model.sheet(presentedBy: .container(inbox))?.destination(as: DeepLinkApp.Destination.self) == .reply)

        // `.sheet(item:)` swiped down writes nil.
        let dismissed = try #require(try await model.dismissSheet(presentedBy: .container(inbox)))
        #expect(dismissed.source == .user)
        #expect(model.sheet(presentedBy: .container(inbox)) == nil)
        #expect(model.path(of: inbox, as: DeepLinkApp.Destination.self) == [.thread(id: 42)], "the stack under the sheet stays")
    }
}
