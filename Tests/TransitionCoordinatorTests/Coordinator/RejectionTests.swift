import TestSupport
import Testing
import TransitionCoordinator

/// A request that does not fit the state is refused with its typed error, and nothing changes.
@Suite("Requests that do not fit the state")
struct RejectionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let setup: [TransitionRequest]
        let request: TransitionRequest
        let expected: TransitionError
        var testDescription: String { name }
    }

    static let overlay = WindowLevel("overlay", rawValue: 1_500)
    static let tutorialWindow = ManagedWindow(id: WindowID(2), level: .low, content: .screen(Screens.tutorial))
    static let rootWindow = ManagedWindow(id: WindowID(1), level: .root, content: .screen(Screens.home))

    static let cases: [Case] = [
        Case(
            name: "a push to an occupied level is refused as levelOccupied, naming the occupant",
            setup: [.push(Screens.tutorial, at: .low)], request: .push(Screens.pin, at: .low),
            expected: .invalid(.levelOccupied(.low, by: tutorialWindow))),
        Case(
            name: "a push at an unconfigured level is refused as unknownLevel, listing the known levels",
            setup: [], request: .push(Screens.pin, at: overlay),
            expected: .invalid(.unknownLevel(overlay, known: [.low, .medium, .high]))),
        Case(
            name: "a pop at an unconfigured level is refused as unknownLevel, listing the known levels",
            setup: [.push(Screens.tutorial, at: .low)], request: .pop(overlay),
            expected: .invalid(.unknownLevel(overlay, known: [.low, .medium, .high]))),
        Case(
            name: "a push at the root level is refused as rootLevelReserved",
            setup: [], request: .push(Screens.pin, at: .root), expected: .invalid(.rootLevelReserved)),
        Case(
            name: "a pop at the root level is refused as rootLevelReserved",
            setup: [.push(Screens.tutorial, at: .low)], request: .pop(.root), expected: .invalid(.rootLevelReserved)),
        Case(
            name: "a pop of an empty level is refused as nothingToPop",
            setup: [.push(Screens.tutorial, at: .low)], request: .pop(.medium), expected: .invalid(.nothingToPop(.medium))),
        Case(
            name: "popAll with nothing above the root is refused as nothingAboveRoot",
            setup: [], request: .popAll, expected: .invalid(.nothingAboveRoot)),
        Case(
            name: "a pop of a screen nobody shows is refused as screenNotShown",
            setup: [.push(Screens.tutorial, at: .low)], request: .popScreen("ghost"), expected: .invalid(.screenNotShown("ghost"))
        ),
        Case(
            name: "a pop of the root window's screen is refused as screenIsRoot",
            setup: [.push(Screens.tutorial, at: .low)], request: .popScreen("home"), expected: .invalid(.screenIsRoot("home"))),
        Case(
            name: "a push of a screen id already shown above the root is refused as duplicateScreen",
            setup: [.push(Screens.tutorial, at: .low)], request: .push(Screens.tutorial, at: .medium),
            expected: .invalid(.duplicateScreen("tutorial", shownIn: tutorialWindow))),
        Case(
            name: "a push of the root's screen id is refused as duplicateScreen, naming the root window",
            setup: [], request: .push(Screen("other", id: "home"), at: .low),
            expected: .invalid(.duplicateScreen("home", shownIn: rootWindow))),
        Case(
            name: "unregistering an unknown unmanaged window is refused as unknownUnmanagedWindow",
            setup: [.registerUnmanagedWindow(UnmanagedWindow(id: "alert", zOrder: 2_500))],
            request: .unregisterUnmanagedWindow(id: "ghost"), expected: .invalid(.unknownUnmanagedWindow("ghost"))),
        Case(
            name: "an unlock while nothing is locked is refused as notLocked",
            setup: [.push(Screens.tutorial, at: .low)], request: .unlock, expected: .invalid(.notLocked)),
    ]

    @Test("a refused request throws its exact error and changes nothing", arguments: cases)
    func refusedRequestChangesNothing(_ rejection: Case) async throws {
        let fixture = await Fixture()
        try await fixture.prepare(rejection.setup)
        let before = await fixture.snapshot
        let history = await fixture.coordinator.history

        await #expect(throws: rejection.expected) {
            try await fixture.coordinator.perform(rejection.request, animator: GatedAnimator(.returnAtOnce))
        }

        #expect(await fixture.snapshot == before)
        #expect(await fixture.coordinator.history == history)
        #expect(await fixture.calls == [])
        #expect(await fixture.coordinator.inFlightTransition == nil)
        #expect(await fixture.coordinator.audit() == [])
    }

    @Test("a refused request's animator is never called", arguments: cases)
    func refusedRequestNeverAnimates(_ rejection: Case) async throws {
        let fixture = await Fixture()
        try await fixture.prepare(rejection.setup)
        let animator = GatedAnimator(.returnAtOnce)
        _ = await attempt { try await fixture.coordinator.perform(rejection.request, animator: animator) }
        #expect(animator.callCount == 0)
    }

    @Test("a refused request appears as a rejected event naming the request and the error", arguments: cases)
    func refusedRequestIsAnnounced(_ rejection: Case) async throws {
        let fixture = await Fixture()
        try await fixture.prepare(rejection.setup)
        var events = fixture.coordinator.events().makeAsyncIterator()

        _ = await attempt { try await fixture.coordinator.perform(rejection.request) }
        try await fixture.coordinator.registerUnmanagedWindow(UnmanagedWindow(id: "probe", zOrder: 1))

        #expect(await events.next() == .rejected(rejection.request, rejection.expected))
        // The next event belongs to the probe transition: the rejection announced no `began`.
        guard case .began(let probe, _)? = await events.next() else {
            Issue.record("expected the probe's began event")
            return
        }
        #expect(probe.request == .registerUnmanagedWindow(UnmanagedWindow(id: "probe", zOrder: 1)))
    }

    @Test("a refused request uses no transition id: the next admitted one takes the following number")
    func refusedRequestUsesNoID() async throws {
        let fixture = await Fixture()
        try await fixture.coordinator.openWindow(Screens.tutorial, at: .low)
        #expect(
            await attempt { try await fixture.coordinator.closeWindow(at: .medium) }.failure == .invalid(.nothingToPop(.medium)))
        #expect(
            await attempt { try await fixture.coordinator.openWindow(Screens.pin, at: .low) }.failure?.code == "levelOccupied")
        let record = try await fixture.coordinator.openWindow(Screens.pin, at: .medium)
        #expect(record.id == TransitionID(2))
        #expect(await fixture.coordinator.history.map(\.id) == [t(1), t(2)])
    }

    @Test("a refused push uses no window id: the next created window takes the following number")
    func refusedPushUsesNoWindowID() async throws {
        let fixture = await Fixture()
        _ = await attempt { try await fixture.coordinator.openWindow(Screen("other", id: "home"), at: .low) }
        let record = try await fixture.coordinator.openWindow(Screens.pin, at: .medium)
        #expect(record.after.window(at: .medium)?.id == w(2))
    }

    @Test("asking for the window at an unconfigured level throws unknownLevel")
    func windowAtUnknownLevel() async throws {
        let fixture = await Fixture()
        await #expect(throws: TransitionError.invalid(.unknownLevel(Self.overlay, known: [.low, .medium, .high]))) {
            try await fixture.coordinator.window(at: Self.overlay)
        }
    }

    @Test("asking for the window at a configured level gives it, or nil when the level is free")
    func windowAtKnownLevel() async throws {
        let fixture = await Fixture()
        try await fixture.coordinator.openWindow(Screens.tutorial, at: .low)
        #expect(try await fixture.coordinator.window(at: .low) == Self.tutorialWindow)
        #expect(try await fixture.coordinator.window(at: .root) == Self.rootWindow)
        #expect(try await fixture.coordinator.window(at: .medium) == nil)
    }
}
