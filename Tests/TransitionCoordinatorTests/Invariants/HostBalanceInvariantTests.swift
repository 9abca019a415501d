import Testing
import TransitionCoordinator

/// Invariant 5 (host balance): a host ledger that disagrees with the snapshot is caught.
@Suite("Host balance invariant")
struct HostBalanceInvariantTests {
    static let root = ManagedWindow(id: WindowID(1), level: .root, content: .screen(Screens.home))
    static let pin = ManagedWindow(id: WindowID(2), level: .medium, content: .screen(Screens.pin))
    static let snapshot = NavigationSnapshot(
        version: 1, levels: WindowLevel.builtIn, windows: [root, pin], keyWindow: WindowID(2))

    static func ledger(_ calls: [HostCommand]) -> HostLedger {
        var ledger = HostLedger()
        for call in calls { ledger.apply(call) }
        return ledger
    }

    static let balanced: [HostCommand] = [
        .create(root), .show(w(1)), .makeKey(w(1), resigning: []),
        .create(pin), .show(w(2)), .makeKey(w(2), resigning: []),
    ]

    @Test("a ledger that matches the snapshot has no violations")
    func balancedLedger() {
        #expect(InvariantChecker.checkHost(Self.ledger(Self.balanced), against: Self.snapshot) == [])
    }

    @Test("a window destroyed twice breaks host balance")
    func destroyedTwice() {
        let ledger = Self.ledger(Self.balanced + [.create(id: w(3)), .destroy(w(3)), .destroy(w(3))])
        #expect(ledger.anomalies == ["#3 destroyed twice", "'destroy #3' on a window that is not live"])
        let found = InvariantChecker.checkHost(ledger, against: Self.snapshot)
        #expect(found.contains(InvariantViolation(.hostBalance, "#3 destroyed twice")))
        #expect(found.allSatisfy { $0.invariant == .hostBalance })
    }

    @Test("a host told a key unmanaged window resigns fewer or more times than the history made it breaks host balance")
    func resignsCounted() {
        let alert = UnmanagedWindow(id: "alert", zOrder: 10, isKey: true)
        var after = Self.snapshot
        after.unmanagedWindows = [UnmanagedWindow(id: "alert", zOrder: 10)]
        let registration = TransitionRecord(
            id: TransitionID(1), request: .registerUnmanagedWindow(alert), before: Self.snapshot, after: after,
            hadAnimator: false, animation: .skipped(.noAnimator), extraFinishCalls: 0, startedAt: .zero, endedAt: .zero)
        let told = Self.ledger(Self.balanced + [.makeKey(w(2), resigning: ["alert"])])
        #expect(InvariantChecker.checkResigns(told, history: [registration]) == [])
        let expected = { (count: Int) in
            [
                InvariantViolation(
                    .hostBalance,
                    "the host was told \(count) times that unmanaged window alert resigns key; the history made it 1")
            ]
        }
        #expect(InvariantChecker.checkResigns(Self.ledger(Self.balanced), history: [registration]) == expected(0))
        let twice = Self.ledger(Self.balanced + [.makeKey(w(2), resigning: ["alert"]), .makeKey(w(2), resigning: ["alert"])])
        #expect(InvariantChecker.checkResigns(twice, history: [registration]) == expected(2))
    }

    @Test("a window the model shows but the host never created breaks host balance")
    func missingWindow() {
        let ledger = Self.ledger([.create(Self.root), .show(w(1)), .makeKey(w(1), resigning: [])])
        let found = InvariantChecker.checkHost(ledger, against: Self.snapshot)
        #expect(
            found == [
                InvariantViolation(.hostBalance, "host has live [#1], model has [#1, #2]"),
                InvariantViolation(.hostBalance, "host shows [#1], model shows [#1, #2]"),
                InvariantViolation(.hostBalance, "host key #1, model key #2"),
            ])
    }

    @Test("a window the host keeps alive after the model dropped it breaks host balance")
    func leakedWindow() {
        let ledger = Self.ledger(Self.balanced + [.create(id: w(3))])
        #expect(
            InvariantChecker.checkHost(ledger, against: Self.snapshot) == [
                InvariantViolation(.hostBalance, "host has live [#1, #2, #3], model has [#1, #2]")
            ])
    }

    @Test("a created but never shown window breaks host balance")
    func neverShown() {
        let ledger = Self.ledger([.create(Self.root), .show(w(1)), .create(Self.pin), .makeKey(w(2), resigning: [])])
        #expect(
            InvariantChecker.checkHost(ledger, against: Self.snapshot) == [
                InvariantViolation(.hostBalance, "host shows [#1], model shows [#1, #2]")
            ])
    }

    @Test("a call on a window that was never created is an anomaly")
    func callOnDeadWindow() {
        let ledger = Self.ledger(Self.balanced + [.reset(w(9))])
        #expect(
            InvariantChecker.checkHost(ledger, against: Self.snapshot) == [
                InvariantViolation(.hostBalance, "'reset #9' on a window that is not live")
            ])
    }

    /// The balanced ledger, then `cycles` windows from #3 on, each created, shown, made key and destroyed,
    /// and #2 made key again.
    static func longLedger(cycles: UInt64) -> HostLedger {
        var ledger = ledger(balanced)
        for raw in 3..<(3 + cycles) {
            for call: HostCommand in [.create(id: w(raw)), .show(w(raw)), .makeKey(w(raw), resigning: []), .destroy(w(raw))] {
                ledger.apply(call)
            }
        }
        ledger.apply(.makeKey(w(2), resigning: []))
        return ledger
    }

    @Test("a ledger balanced after 100,000 windows came and went has no violations")
    func longBalancedLedger() {
        #expect(InvariantChecker.checkHost(Self.longLedger(cycles: 100_000), against: Self.snapshot) == [])
    }

    @Test("a window destroyed again long after breaks host balance, by anomaly and by count")
    func destroyedTwiceLongAfter() {
        var ledger = Self.longLedger(cycles: 100_000)
        ledger.apply(.destroy(w(7)))
        #expect(
            InvariantChecker.checkHost(ledger, against: Self.snapshot) == [
                InvariantViolation(.hostBalance, "#7 destroyed twice"),
                InvariantViolation(.hostBalance, "'destroy #7' on a window that is not live"),
                InvariantViolation(.hostBalance, "created 100002 ≠ live 2 + destroyed 100001"),
            ])
    }

    @Test("a window created again long after breaks host balance")
    func createdTwiceLongAfter() {
        var ledger = Self.longLedger(cycles: 100_000)
        ledger.apply(.create(id: w(7)))
        #expect(
            InvariantChecker.checkHost(ledger, against: Self.snapshot) == [
                InvariantViolation(.hostBalance, "#7 created twice"),
                InvariantViolation(.hostBalance, "host has live [#1, #2, #7], model has [#1, #2]"),
            ])
    }

    @Test("anomalies past the ones the ledger describes still break host balance, counted in one violation")
    func undescribedAnomalies() {
        var ledger = Self.ledger(Self.balanced)
        for raw in UInt64(100)..<140 { ledger.apply(.reset(w(raw))) }
        let found = InvariantChecker.checkHost(ledger, against: Self.snapshot)
        #expect(found.count == HostLedger.anomalyLimit + 1)
        #expect(found.first == InvariantViolation(.hostBalance, "'reset #100' on a window that is not live"))
        #expect(found.last == InvariantViolation(.hostBalance, "\(40 - HostLedger.anomalyLimit) more anomalies, not described"))
    }

    /// A window whose content is a stack of `items`.
    static func stackWindow(_ items: [Screen]) -> ManagedWindow {
        ManagedWindow(
            id: WindowID(1), level: .root,
            content: .stack(StackContainer(id: "main", root: items[0], pushed: Array(items.dropFirst()))))
    }

    @Test("screens the host holds must be the content's: a screen left behind, created twice or destroyed twice is caught")
    func screenBalance() {
        let list = Screen("list"), mail = Screen("mail")
        let snapshot = NavigationSnapshot(
            version: 2, levels: WindowLevel.builtIn, windows: [Self.stackWindow([list])],
            keyWindow: WindowID(1))
        var ledger = HostLedger()
        ledger.apply(.create(Self.stackWindow([list])))
        ledger.apply(.show(w(1)))
        ledger.apply(.makeKey(w(1), resigning: []))
        ledger.apply(.createScreen(mail, in: w(1)))
        ledger.apply(.setContent(Self.stackWindow([list, mail]).content, of: w(1), animated: false))
        #expect(
            InvariantChecker.checkHost(ledger, against: snapshot)
                == [InvariantViolation(.hostBalance, "host has screens [list, mail] in #1, model has [list]")])
        ledger.apply(.destroyScreen(mail, in: w(1)))
        #expect(InvariantChecker.checkHost(ledger, against: snapshot) == [])
        ledger.apply(.destroyScreen(mail, in: w(1)))
        #expect(
            InvariantChecker.checkHost(ledger, against: snapshot) == [
                InvariantViolation(.hostBalance, "screen mail destroyed in #1 while not live there"),
                InvariantViolation(.hostBalance, "screens created 2 ≠ live 1 + destroyed 2"),
            ])
        ledger.apply(.createScreen(list, in: w(1)))
        #expect(
            InvariantChecker.checkHost(ledger, against: snapshot).contains(
                InvariantViolation(.hostBalance, "screen list created twice in #1")))
    }

    @Test("a window's screens go with it when it is destroyed")
    func screensGoWithTheirWindow() {
        var ledger = HostLedger()
        ledger.apply(.create(Self.stackWindow([Screen("a"), Screen("b")])))
        ledger.apply(.destroy(w(1)))
        #expect(ledger.screens.isEmpty)
        #expect([ledger.screenCreatedCount, ledger.screenDestroyedCount] == [2, 2])
    }
}
