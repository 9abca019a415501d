import Testing
import TransitionCoordinator

/// Hole 10: a cover was created and shown before the windows it must hide were hidden, so for a
/// moment a window stood visible above the shield (or the lock). Hides now come first.
@Suite("Adversarial: hide before the cover shows")
struct AdversarialShieldOrderTests {
    static let banner = WindowLevel("banner", rawValue: 2_500)
    static let top = WindowLevel("top", rawValue: 4_000)

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let shield: Bool
        let lock: Bool
        let above: WindowLevel
        let state: ApplicationState
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "inactive, a window above the shield", shield: true, lock: false, above: top, state: .inactive),
        Case(name: "background, a window above both covers", shield: true, lock: true, above: top, state: .background),
        Case(
            name: "background, a window between the lock and the shield", shield: true, lock: true, above: banner,
            state: .background),
        Case(
            name: "background without a shield, a window above the lock", shield: false, lock: true, above: banner,
            state: .background),
    ]

    @Test(
        "going inactive or to the background: the hide of a window above a cover comes before that cover's create and show",
        arguments: cases)
    func hideBeforeCover(_ test: Case) async throws {
        let configuration = try CoordinatorConfiguration(
            levels: WindowLevel.builtIn + [Self.banner, Self.top],
            shield: test.shield ? LifecycleCover(screen: Screens.shield, level: .high) : nil,
            lock: test.lock ? LifecycleCover(screen: Screens.pin, level: .medium) : nil)
        let fixture = await Fixture(configuration: configuration)
        try await fixture.prepare([.push(Screens.tutorial, at: .low), .push(Screen("overlay"), at: test.above)])
        let overlay = try #require(await fixture.snapshot.window(at: test.above))

        let record = try await fixture.coordinator.setApplicationState(test.state)
        #expect(record.after.window(overlay.id)?.isHidden == true)
        let calls = await fixture.calls.log
        let hide = try #require(calls.firstIndex(of: "hide \(overlay.id)"))
        let covers = [record.after.shieldWindow, record.after.lockWindow].compactMap { $0 }
            .filter { $0.level < test.above }
        #expect(!covers.isEmpty)
        for cover in covers {
            let create = try #require(calls.firstIndex(of: "create \(cover.id)"))
            let show = try #require(calls.firstIndex(of: "show \(cover.id)"))
            #expect(hide < create && create < show, "\(calls)")
        }
        #expect(InvariantChecker.checkHost(await fixture.host.ledger, against: record.after).isEmpty)
        #expect(await fixture.coordinator.audit().isEmpty)
    }

    @Test("at every host call of a lifecycle event, no window is visible above a cover the host shows")
    func noWindowVisibleAboveShownCover() async throws {
        let configuration = try CoordinatorConfiguration(
            levels: WindowLevel.builtIn + [Self.banner, Self.top],
            shield: LifecycleCover(screen: Screens.shield, level: .high),
            lock: LifecycleCover(screen: Screens.pin, level: .medium))
        let fixture = await Fixture(configuration: configuration)
        try await fixture.prepare([.push(Screen("bannerScreen"), at: Self.banner), .push(Screen("overlay"), at: Self.top)])
        var levels: [WindowID: WindowLevel] = [:]
        for window in await fixture.snapshot.windowList { levels[window.id] = window.level }

        let record = try await fixture.coordinator.setApplicationState(.background)
        for window in record.after.windowList { levels[window.id] = window.level }
        let coverIDs = Set([record.after.shieldWindow?.id, record.after.lockWindow?.id].compactMap { $0 })
        // Replay the event's calls on a ledger as the host stood before them.
        var ledger = HostLedger()
        for window in record.before.windowList {
            ledger.apply(.create(window))
            if !window.isHidden { ledger.apply(.show(window.id)) }
        }
        for call in await fixture.calls {
            ledger.apply(call)
            for cover in coverIDs where ledger.visible.contains(cover) {
                let above = ledger.visible.filter { id in
                    guard let level = levels[id], let coverLevel = levels[cover] else { return false }
                    return level > coverLevel && !coverIDs.contains(id)
                }
                #expect(above.isEmpty, "after '\(call)', \(above.sorted()) visible above cover \(cover)")
            }
        }
    }
}
