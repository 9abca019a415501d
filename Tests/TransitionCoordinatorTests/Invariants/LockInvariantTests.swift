import Testing
import TransitionCoordinator

/// Invariant 10's lock rules: never in the background unlocked; only an active app unlocks.
@Suite("Lock invariants")
struct LockInvariantTests {
    static let covers = LifecycleCovers(shield: nil, lock: LifecycleCover(screen: Screen("pin"), level: .medium))
    static let root = ManagedWindow(id: WindowID(1), level: .root, content: .screen(Screen("home")))
    static let lock = ManagedWindow(id: WindowID(2), level: .medium, content: .screen(Screen("pin")))

    static func snapshot(_ version: UInt64, locked: Bool, state: ApplicationState) -> NavigationSnapshot {
        NavigationSnapshot(
            version: version, levels: WindowLevel.builtIn, windows: locked ? [root, lock] : [root],
            keyWindow: locked ? lock.id : root.id, applicationState: state, covers: covers)
    }

    @Test("an app in the background with a lock configured but down fires invariant 10")
    func backgroundUnlockedFires() {
        let found = InvariantChecker.checkCovers(Self.snapshot(3, locked: false, state: .background))
        #expect(found.map(\.invariant) == [.shieldAndLock])
        #expect(InvariantChecker.checkCovers(Self.snapshot(3, locked: true, state: .background)).isEmpty)
    }

    @Test(
        "an unlock committed while the app was not active fires invariant 10",
        arguments: [ApplicationState.inactive, .background])
    func unlockWhileNotActiveFires(state: ApplicationState) {
        let record = TransitionRecord(
            id: TransitionID(4), request: .unlock,
            before: Self.snapshot(3, locked: true, state: state),
            after: Self.snapshot(4, locked: false, state: state), hadAnimator: false,
            animation: .skipped(.noAnimator), extraFinishCalls: 0, startedAt: .zero, endedAt: .zero)
        #expect(InvariantChecker.checkCoverTransition(record).map(\.invariant) == [.shieldAndLock])
    }

    @Test(
        "the planner refuses an unlock while the app is not active, and a screen with a cover's id",
        arguments: [ApplicationState.inactive, .background])
    func plannerRefuses(state: ApplicationState) {
        var next = WindowID(3)
        #expect(throws: TransitionError.invalid(.unlockWhileNotActive(state))) {
            try TransitionPlanner.plan(.unlock, in: Self.snapshot(3, locked: true, state: state), nextWindowID: &next)
        }
        #expect(throws: TransitionError.invalid(.screenReservedForCover(ScreenID("pin"), coverLevel: .medium))) {
            try TransitionPlanner.plan(
                .push(Screen("pin"), at: .low), in: Self.snapshot(3, locked: false, state: .active),
                nextWindowID: &next)
        }
    }
}
