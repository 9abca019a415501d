import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// The model follows the coordinator's commits, once per transition, and never shows a middle state.
@Suite("Navigation model: following the coordinator")
@MainActor
struct NavigationModelTests {
    typealias T = Trees

    @Test("observers are told once per committed transition, and nothing while a transition is in flight")
    func oncePerTransition() async throws {
        let model = try await T.model()
        let coordinator = model.coordinator
        let counter = ChangeCounter(model)
        let follower = Task { await model.run() }
        defer { follower.cancel() }
        let animator = GatedAnimator()
        let push = Task { try await coordinator.change(.push(T.attach, onto: "compose"), animator: animator) }
        await animator.started()
        // In flight: the coordinator planned the push, the model still shows the committed state.
        #expect(model.state == NavigationState(await coordinator.snapshot, scope: .level(.root)))
        #expect(model.path(of: "compose") == [])
        #expect(counter.count == 0)
        animator.open()
        let pushed = try await push.value
        await model.caughtUp(to: pushed)
        #expect(counter.count == 1)
        #expect(model.path(of: "compose") == [T.attach])

        let dismissed = try await coordinator.change(.dismiss(.container("inbox")))
        await model.caughtUp(to: dismissed)
        #expect(counter.count == 2)
        let selected = try await coordinator.change(.select(tab: 1, in: "main"))
        await model.caughtUp(to: selected)
        #expect(counter.count == 3)
        #expect(model.selection(of: "main") == 1 && model.sheet(presentedBy: .container("inbox")) == nil)
        #expect(model.state == NavigationState(await coordinator.snapshot, scope: .level(.root)))
        #expect(model.version == selected.after.version)
    }

    @Test("the counter sees each assignment: two newer snapshots applied in one step count two")
    func counterCountsEachChange() async throws {
        let model = try await T.model()
        let counter = ChangeCounter(model)
        let first = try await model.coordinator.change(.pop("inbox"))
        let second = try await model.coordinator.change(.select(tab: 1, in: "main"))
        // `change` returned before the model heard of either; applying them now is two changes.
        model.apply(first.after)
        model.apply(second.after)
        #expect(counter.count == 2)
    }

    @Test("an older or equal snapshot is ignored: the model never goes back")
    func neverBack() async throws {
        let model = try await T.model()
        let counter = ChangeCounter(model)
        let before = await model.coordinator.snapshot
        let record = try await model.coordinator.change(.pop("inbox"))
        #expect(model.apply(record.after))
        #expect(!model.apply(before))
        #expect(!model.apply(record.after))
        #expect(counter.count == 1)
        #expect(model.version == record.after.version && model.path(of: "inbox") == [])
    }

    @Test("a commit in another window moves the version and tells no observer of the root window")
    func otherWindowIsSilent() async throws {
        let model = try await T.model()
        let key = NavigationModel(coordinator: model.coordinator, scope: .keyWindow, showing: await model.coordinator.snapshot)
        let rootCounter = ChangeCounter(model), keyCounter = ChangeCounter(key)
        let record = try await model.coordinator.openWindow(.screen(Screen("pin")), at: .medium)
        model.apply(record.after)
        key.apply(record.after)
        #expect(rootCounter.count == 0 && keyCounter.count == 1)
        #expect(model.version == record.after.version)
        #expect(key.state.content == .screen(Screen("pin")) && key.state.level == .medium)
        #expect(model.state.level == .root)
    }

    @Test("a model reads its window, content, each stack's root and path, each tab bar's selection and tab count, and each sheet")
    func reads() async throws {
        let model = try await T.model()
        let snapshot = await model.coordinator.snapshot
        let root = try #require(snapshot.window(at: .root))
        #expect(model.window == root.id && !model.isHidden && model.content == T.app)
        #expect(model.root(of: "inbox") == T.list && model.path(of: "inbox") == [T.mail])
        #expect(model.root(of: "news") == T.feed && model.path(of: "news") == [])
        #expect(model.root(of: "compose") == T.draft)
        #expect(model.selection(of: "main") == 0 && model.tabCount(of: "main") == 2)
        #expect(model.sheet(presentedBy: .container("inbox"))?.content == .stack(StackContainer(id: "compose", root: T.draft)))
        #expect(model.root(of: "nope") == nil && model.tabCount(of: "inbox") == nil && model.selection(of: "nope") == nil)
        #expect(model.root(of: "inbox", as: Int.self) == nil, "a root that stands for no value of the type")
    }

    @Test("a model whose scope names a free level shows the empty state")
    func freeLevel() async throws {
        let model = try await T.model()
        let low = NavigationModel(coordinator: model.coordinator, scope: .level(.low))
        await low.refresh()
        #expect(low.state == .empty && low.version == 0)
    }
}
