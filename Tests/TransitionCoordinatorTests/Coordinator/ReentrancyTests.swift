import TestSupport
import Testing
import TransitionCoordinator

/// A request made on behalf of the transition in flight is refused at once as re-entrant: never a deadlock.
@Suite("Re-entrant requests")
struct ReentrancyTests {
    static let pushPin = TransitionRequest.push(Screens.pin, at: .medium)
    static let reentrant = TransitionError.refused(
        .reentrant(inFlight: InFlightTransition(id: TransitionID(1), request: pushPin)))

    @Test("a request from inside the running animator throws reentrant at once, and the outer push commits alone")
    func requestFromAnimator() async throws {
        let fixture = await Fixture()
        let coordinator = fixture.coordinator
        let inner = Box<Result<TransitionRecord, TransitionError>?>(nil)
        let animator = AnyAnimator { _ in
            inner.value = await attempt { try await coordinator.openWindow(Screens.tutorial, at: .low) }
        }

        let record = try await coordinator.perform(Self.pushPin, animator: animator)

        #expect(inner.value == .failure(Self.reentrant))
        #expect(record.animation == .ran)
        #expect(
            record.after.windowList == [
                ManagedWindow(id: w(1), level: .root, content: .screen(Screens.home)),
                ManagedWindow(id: w(2), level: .medium, content: .screen(Screens.pin)),
            ])
        #expect(await coordinator.snapshot == record.after)
        #expect(await coordinator.history == [record])
        #expect(await fixture.calls.log == ["create #2", "show #2", "reset #1", "reset #2", "makeKey #2"])
    }

    @Test("a request from a Task the animator starts throws reentrant too, and the outer push commits alone")
    func requestFromTaskStartedByAnimator() async throws {
        let fixture = await Fixture()
        let coordinator = fixture.coordinator
        let inner = Box<Result<TransitionRecord, TransitionError>?>(nil)
        let animator = AnyAnimator { _ in
            let task = Task { await attempt { try await coordinator.closeAllWindows() } }
            inner.value = await task.value
        }

        let record = try await coordinator.perform(Self.pushPin, animator: animator)

        #expect(inner.value == .failure(Self.reentrant))
        #expect(record.animation == .ran)
        #expect(await coordinator.snapshot == record.after)
        #expect(await coordinator.snapshot.windowList.map(\.id) == [w(1), w(2)])
        #expect(await coordinator.history.map(\.id) == [t(1)])
    }

    @Test("a re-entrant request from a callback animator's body is refused the same way")
    func requestFromCallbackAnimator() async throws {
        let fixture = await Fixture()
        let coordinator = fixture.coordinator
        let inner = Box<Result<TransitionRecord, TransitionError>?>(nil)
        let animator = CallbackAnimator { _, finish in
            Task {
                inner.value = await attempt { try await coordinator.replaceRoot(with: Screens.login) }
                finish()
            }
        }

        let record = try await coordinator.perform(Self.pushPin, animator: animator)

        #expect(inner.value == .failure(Self.reentrant))
        #expect(record.animation == .ran)
        #expect(await coordinator.snapshot.windowList.map(\.id) == [w(1), w(2)])
    }

    @Test("the re-entrant refusal appears as a rejected event between the outer transition's began and ended")
    func reentrantRefusalIsAnnounced() async throws {
        let fixture = await Fixture()
        let coordinator = fixture.coordinator
        var events = coordinator.events().makeAsyncIterator()
        let animator = AnyAnimator { _ in
            _ = await attempt { try await coordinator.closeWindow(at: .medium) }
        }

        let record = try await coordinator.perform(Self.pushPin, animator: animator)

        #expect(await events.next() == .began(InFlightTransition(id: t(1), request: Self.pushPin), before: record.before))
        #expect(await events.next() == .rejected(.pop(.medium), Self.reentrant))
        #expect(await events.next() == .ended(record))
    }

    @Test("a request from a detached task the animator starts escapes the marker and is refused as busy")
    func requestFromDetachedTask() async throws {
        let fixture = await Fixture()
        let coordinator = fixture.coordinator
        let inner = Box<Result<TransitionRecord, TransitionError>?>(nil)
        let animator = AnyAnimator { _ in
            let task = Task.detached { await attempt { try await coordinator.openWindow(Screens.tutorial, at: .low) } }
            inner.value = await task.value
        }

        let record = try await coordinator.perform(Self.pushPin, animator: animator)

        #expect(inner.value == .failure(.refused(.busy(inFlight: InFlightTransition(id: t(1), request: Self.pushPin)))))
        #expect(await coordinator.snapshot == record.after)
    }

    @Test("an animator of one coordinator may drive another coordinator without being refused")
    func animatorDrivesOtherCoordinator() async throws {
        let outer = await Fixture()
        let other = await Fixture(root: Screens.login)
        let inner = Box<Result<TransitionRecord, TransitionError>?>(nil)
        let animator = AnyAnimator { _ in
            inner.value = await attempt { try await other.coordinator.openWindow(Screens.shield, at: .high) }
        }

        try await outer.coordinator.perform(Self.pushPin, animator: animator)

        let innerRecord = try #require(inner.value?.success)
        #expect(innerRecord.id == t(1))
        #expect(await other.coordinator.snapshot.window(at: .high)?.content == .screen(Screens.shield))
    }

    @Test("a chain A → B → A is caught: B's animator calling back into A is refused as re-entrant")
    func chainBackIntoFirstCoordinator() async throws {
        let a = await Fixture()
        let b = await Fixture(root: Screens.login)
        let innermost = Box<Result<TransitionRecord, TransitionError>?>(nil)
        let backIntoA = AnyAnimator { _ in
            innermost.value = await attempt { try await a.coordinator.openWindow(Screens.tutorial, at: .low) }
        }
        let driveB = AnyAnimator { _ in
            _ = await attempt { try await b.coordinator.openWindow(Screens.shield, at: .high, animator: backIntoA) }
        }

        try await a.coordinator.perform(Self.pushPin, animator: driveB)

        #expect(innermost.value == .failure(Self.reentrant))
        #expect(await a.coordinator.snapshot.windowList.map(\.id) == [w(1), w(2)])
        #expect(await b.coordinator.snapshot.windowList.map(\.id) == [w(1), w(2)])
    }

    /// A host that, when asked to create a window other than the root, asks the coordinator for a transition.
    actor CallingBackHost: WindowHost {
        private(set) var calls: [HostCommand] = []
        private(set) var answers: [Result<TransitionRecord, TransitionError>] = []
        private var coordinator: Coordinator?

        func attach(_ coordinator: Coordinator) { self.coordinator = coordinator }

        func createWindow(_ window: ManagedWindow) async {
            calls.append(.create(window))
            guard let coordinator, window.id != WindowID(1) else { return }
            answers.append(await attempt { try await coordinator.closeAllWindows() })
        }
        func showWindow(_ id: WindowID) { calls.append(.show(id)) }
        func hideWindow(_ id: WindowID) { calls.append(.hide(id)) }
        func makeKey(_ id: WindowID, resigning unmanaged: [String]) { calls.append(.makeKey(id, resigning: unmanaged)) }
        func resetAppearance(_ id: WindowID) { calls.append(.reset(id)) }
        func destroyWindow(_ id: WindowID) { calls.append(.destroy(id)) }
    }

    @Test("a request from inside a host call is refused as re-entrant, and the transition completes as planned")
    func requestFromHostCall() async throws {
        let host = CallingBackHost()
        let coordinator = await Coordinator(root: Screens.home, host: host, clock: TestClock())
        await host.attach(coordinator)

        let record = try await coordinator.perform(Self.pushPin)

        #expect(await host.answers == [.failure(Self.reentrant)])
        #expect(await host.calls.log == ["create #1", "show #1", "makeKey #1", "create #2", "show #2", "makeKey #2"])
        #expect(await coordinator.snapshot == record.after)
        #expect(await coordinator.history == [record])
    }
}
