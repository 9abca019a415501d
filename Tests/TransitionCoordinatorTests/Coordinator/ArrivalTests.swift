import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorTesting

/// Where a screen stands, and waiting for it: a screen asks instead of reading the tree.
@Suite("A screen's place and arrival")
struct ArrivalTests {
    static let launch = WindowContent.hop(HopContainer(id: "launch", showing: .screen(Screen("splash"))))
    static let tabs = WindowContent.tabs(
        TabBar(
            id: "main", .stack(StackContainer(id: "inbox", root: Screen("list"), pushed: [Screen("mail")])),
            .stack(StackContainer(id: "settings", root: Screen("prefs")))))

    @Test("a screen's place names its window's level, the containers holding it outermost first, and the modal it stands in")
    func placeNamesContainersAndSheet() async throws {
        let coordinator = try await Coordinator(root: Self.launch, clock: TestClock())
        var place = try #require(await coordinator.place(of: "splash"))
        #expect(place.level == .root && place.containers == ["launch"] && place.modal == nil)

        try await coordinator.hop("launch").hop(to: Self.tabs)
        place = try #require(await coordinator.place(of: "mail"))
        #expect(place.containers == ["launch", "main", "inbox"] && place.modal == nil)

        // The sign-in screen in a redirect's sheet: it stands in that sheet.
        try await coordinator.stack("inbox").present(.stack(StackContainer(id: "signInSheet", root: Screen("signIn"))))
        place = try #require(await coordinator.place(of: "signIn"))
        #expect(place.containers == ["launch", "main", "signInSheet"] && place.modal == .container("signInSheet"))
        #expect(await coordinator.place(of: "splash") == nil)
    }

    @Test("arrival waits for the commit that shows the screen, not its animation's start")
    func arrivalWaitsForCommit() async throws {
        let coordinator = try await Coordinator(root: Self.launch, clock: TestClock())
        let crossfade = GatedAnimator()
        let hop = Task { try await coordinator.hop("launch").hop(to: .screen(Screen("signUp")), animator: crossfade) }
        await crossfade.started()
        // On screen already (UIKit's viewDidAppear while the hop animates), not committed.
        let arrival = Task { await coordinator.arrival(of: "signUp") }
        #expect(await coordinator.place(of: "signUp") == nil)
        crossfade.open()
        _ = try await hop.value
        #expect(await arrival.value?.containers == ["launch"])
        #expect(await coordinator.arrival(of: "signUp")?.containers == ["launch"], "shown now: at once")
    }

    @Test("arrival of a screen that never comes ends with nil: its request refused, or nothing under way")
    func neverComes() async throws {
        let coordinator = try await Coordinator(root: Self.launch, clock: TestClock())
        #expect(await coordinator.arrival(of: "nowhere") == nil, "nothing in flight or waiting")
        let gate = GatedAnimator()
        let first = Task { try await coordinator.hop("launch").hop(to: .screen(Screen("a")), animator: gate) }
        await gate.started()
        // Waits while a transition is in flight; the push it waits for is refused (not a stack).
        let arrival = Task { await coordinator.arrival(of: "b") }
        let refused = Task { try await coordinator.stack("missing").push(Screen("b"), policy: .enqueue) }
        gate.open()
        _ = try await first.value
        _ = try? await refused.value
        #expect(await arrival.value == nil)
    }

    @Test("arrival of a screen whose only request, deferred while locked, was cancelled ends with nil while still locked")
    func cancelledDeferredRequest() {
        // Every job runs when the test says (``SteppedScheduler``): a wait that nothing ends shows
        // as nothing left to run, not as a hang.
        let scheduler = SteppedScheduler()
        let coordinator = Box<Coordinator?>(nil)
        let answer = Box<Bool?>(nil)
        _ = Task.detached(executorPreference: scheduler.taskExecutor) {
            guard let configuration = try? CoordinatorConfiguration(lock: LifecycleCover(screen: Screen("pin"), level: .medium)),
                let app = try? await Coordinator(
                    root: Self.launch, configuration: configuration, clock: TestClock(), executor: scheduler.serialExecutor,
                    taskExecutor: scheduler.taskExecutor)
            else { return }
            coordinator.value = app
            _ = try? await app.setApplicationState(.background)
            var probe = EventProbe(app)
            let toast = Screen("toast")
            let request = Task(executorPreference: scheduler.taskExecutor) {
                try await app.openWindow(toast, at: .high, whenLocked: .deferUntilUnlocked)
            }
            await probe.waiting(.push(toast, at: .high))
            request.cancel()
            _ = await request.result
            let place = await app.arrival(of: "toast")
            answer.value = place == nil
        }
        #expect(scheduler.run { answer.value != nil }, "arrival answered while the app is still locked")
        if answer.value == nil, let app = coordinator.value {
            // Ends the wait a broken arrival is left in, so the test's tasks end.
            _ = Task.detached(executorPreference: scheduler.taskExecutor) { _ = try? await app.setApplicationState(.active) }
            _ = scheduler.run { answer.value != nil }
        }
        #expect(answer.value == true, "the screen never comes: nil")
    }
}
