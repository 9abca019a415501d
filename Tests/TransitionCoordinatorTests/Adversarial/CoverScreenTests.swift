import Testing
import TransitionCoordinator

/// Hole 7: an app screen could use the lock's or the shield's screen id; when the cover went up,
/// two windows showed the same screen id. Cover screen ids are now reserved.
@Suite("Adversarial: a cover screen cannot duplicate an app screen")
struct AdversarialCoverScreenTests {
    static let top = WindowLevel("top", rawValue: 4_000)
    static let configuration = try! CoordinatorConfiguration(
        levels: WindowLevel.builtIn + [top],
        shield: LifecycleCover(screen: Screens.shield, level: .high),
        lock: LifecycleCover(screen: Screens.pin, level: .medium))

    static let cases: [(TransitionRequest, ScreenID, WindowLevel)] = [
        (.push(Screens.pin, at: .low), "pin", .medium),
        (.push(Screens.pin, at: top), "pin", .medium),
        (.replaceRoot(Screens.pin), "pin", .medium),
        (.push(Screens.shield, at: .low), "shield", .high),
        (.replaceRoot(Screens.shield), "shield", .high),
        (.push(Screen("PIN entry", id: "pin"), at: .low), "pin", .medium),
    ]

    @Test(
        "an app request showing a cover's screen id is refused as reserved, and the covers still go up cleanly",
        arguments: cases)
    func coverScreenReserved(request: TransitionRequest, id: ScreenID, coverLevel: WindowLevel) async throws {
        let fixture = await Fixture(configuration: Self.configuration)
        let before = await fixture.snapshot

        for policy in [AdmissionPolicy.reject, .enqueue, .preempt] {
            await #expect(throws: TransitionError.invalid(.screenReservedForCover(id, coverLevel: coverLevel))) {
                try await fixture.coordinator.perform(request, policy: policy)
            }
        }
        #expect(await fixture.snapshot == before)
        #expect(await fixture.calls.isEmpty)

        let background = try await fixture.coordinator.setApplicationState(.background)
        #expect(background.after.lockWindow?.content == .screen(Screens.pin))
        #expect(background.after.shieldWindow?.content == .screen(Screens.shield))
        #expect(await fixture.coordinator.audit().isEmpty)
        try await fixture.coordinator.setApplicationState(.active)
        try await fixture.coordinator.unlock()
        #expect(await fixture.coordinator.audit().isEmpty)
    }

    @Test(
        "a cover's screen id is reserved while that cover is up as well",
        arguments: [TransitionRequest.push(Screens.pin, at: .low), .replaceRoot(Screens.pin)])
    func reservedWhileUp(request: TransitionRequest) async throws {
        let fixture = await Fixture(configuration: Self.configuration)
        try await fixture.coordinator.setApplicationState(.background)
        try await fixture.coordinator.setApplicationState(.active)
        let before = await fixture.snapshot
        await #expect(throws: TransitionError.invalid(.screenReservedForCover("pin", coverLevel: .medium))) {
            try await fixture.coordinator.perform(request)
        }
        #expect(await fixture.snapshot == before)
        #expect(await fixture.coordinator.audit().isEmpty)
    }

    @Test(
        "while locked, a request showing a cover's screen id above the lock is refused as reserved at once, never deferred",
        arguments: [
            TransitionRequest.push(Screens.pin, at: top),
            .show(.stack(StackContainer(id: "sheet", root: Screen("a"), pushed: [Screens.shield])), at: top),
        ])
    func reservedBeforeDeferral(request: TransitionRequest) async throws {
        let fixture = await Fixture(configuration: Self.configuration)
        try await fixture.coordinator.setApplicationState(.background)
        try await fixture.coordinator.setApplicationState(.active)
        let id: ScreenID = request.description.contains("shield") ? "shield" : "pin"
        let level: WindowLevel = id == "pin" ? .medium : .high
        await #expect(throws: TransitionError.invalid(.screenReservedForCover(id, coverLevel: level))) {
            try await fixture.coordinator.perform(request, whenLocked: .deferUntilUnlocked)
        }
        #expect(await fixture.coordinator.waitingRequests.isEmpty)
    }

    @Test("a cover's screen id cannot be pushed onto a stack either")
    func reservedInStacks() async throws {
        let coordinator = try await Coordinator(
            root: .stack(StackContainer(id: "main", root: Screens.home)),
            configuration: Self.configuration)
        await #expect(throws: TransitionError.invalid(.screenReservedForCover("pin", coverLevel: .medium))) {
            try await coordinator.stack("main").push(Screens.pin)
        }
    }

    @Test(
        "a root that shows a cover's screen id is refused as reserved, by either initializer that takes content",
        arguments: [
            (WindowContent.screen(Screens.pin), ScreenID("pin"), WindowLevel.medium),
            (.stack(StackContainer(id: "inbox", root: Screen("list"), pushed: [Screens.shield])), "shield", .high),
        ])
    func rootShowsCoverScreen(root: WindowContent, id: ScreenID, coverLevel: WindowLevel) async throws {
        let reserved = TransitionError.invalid(.screenReservedForCover(id, coverLevel: coverLevel))
        await #expect(throws: reserved) {
            try await Coordinator(root: root, configuration: Self.configuration)
        }
        #expect(throws: reserved) { try Coordinator(root: root, configuration: Self.configuration) }
    }
}
