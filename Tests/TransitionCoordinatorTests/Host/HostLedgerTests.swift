import Testing

@testable import TransitionCoordinator

/// The host ledger stays bounded by its live windows and still catches every anomaly, however long ago
/// the window it names was created or destroyed.
@Suite("Host ledger")
struct HostLedgerTests {
    /// The calls a transition makes on one window that comes and goes.
    static func cycle(_ id: WindowID) -> [HostCommand] {
        [.create(id: id), .show(id), .reset(id), .makeKey(id, resigning: ["alert"]), .destroy(id)]
    }

    /// A root window #1 that stays, then `cycles` windows from #2 on, each created, shown, reset,
    /// made key and destroyed.
    static func longLedger(cycles: UInt64) -> HostLedger {
        var ledger = HostLedger()
        for call: HostCommand in [.create(id: w(1)), .show(w(1)), .makeKey(w(1), resigning: [])] { ledger.apply(call) }
        for raw in 2..<(2 + cycles) {
            for call in cycle(WindowID(raw)) { ledger.apply(call) }
        }
        return ledger
    }

    static func applying(_ calls: [HostCommand], to start: HostLedger) -> HostLedger {
        var ledger = start
        for call in calls { ledger.apply(call) }
        return ledger
    }

    static let long = longLedger(cycles: 10_000)

    @Test("a long clean run leaves no anomaly and balanced counts")
    func longRunIsClean() {
        let ledger = Self.long
        #expect(ledger.anomalies == [] && ledger.anomalyCount == 0)
        #expect(ledger.createdCount == 10_001 && ledger.destroyedCount == 10_000)
        #expect(ledger.live == [w(1)] && ledger.visible == [w(1)] && ledger.key == nil)
        #expect(ledger.wasCreated(w(1)) && !ledger.wasDestroyed(w(1)))
        #expect(ledger.wasCreated(w(2)) && ledger.wasDestroyed(w(2)) && ledger.wasDestroyed(w(10_001)))
        #expect(!ledger.wasCreated(w(10_002)) && !ledger.wasCreated(w(0)))
    }

    @Test("a window created again long after it was created is an anomaly", arguments: [w(2), w(5_000), w(10_001)])
    func createdTwiceLongAfter(id: WindowID) {
        let ledger = Self.applying([.create(id: id)], to: Self.long)
        #expect(ledger.anomalies == ["\(id) created twice"])
        #expect(ledger.anomalyCount == 1)
    }

    @Test("a window destroyed again long after it was destroyed is an anomaly", arguments: [w(2), w(5_000), w(10_001)])
    func destroyedTwiceLongAfter(id: WindowID) {
        let ledger = Self.applying([.destroy(id)], to: Self.long)
        #expect(ledger.anomalies == ["\(id) destroyed twice", "'destroy \(id)' on a window that is not live"])
        #expect(ledger.anomalyCount == 2)
        #expect(ledger.createdCount != ledger.live.count + ledger.destroyedCount)
    }

    @Test(
        "a call on a window destroyed long ago is an anomaly and changes no window",
        arguments: [
            HostCommand.show(w(3)), .hide(w(3)), .makeKey(w(3), resigning: []), .reset(w(3)),
        ])
    func callOnWindowDestroyedLongAgo(call: HostCommand) {
        let ledger = Self.applying([call], to: Self.long)
        #expect(ledger.anomalies == ["'\(call)' on a window that is not live"])
        #expect(ledger.visible == [w(1)] && ledger.resets.isEmpty)
    }

    @Test(
        "a call on a window never created is an anomaly, past the newest id or in a gap of out-of-order ids",
        arguments: [
            HostCommand.show(w(20_000)), .reset(w(20_000)), .makeKey(w(20_000), resigning: []), .hide(w(0)),
            .show(w(20_004)), .reset(w(20_002)),
        ])
    func callOnWindowNeverCreated(call: HostCommand) {
        let start = Self.applying([.create(id: w(20_005)), .create(id: w(20_001)), .create(id: w(20_003))], to: Self.long)
        let ledger = Self.applying([call], to: start)
        #expect(ledger.anomalies == ["'\(call)' on a window that is not live"])
    }

    @Test("destroying a window never created is an anomaly, and the id counts as destroyed, not created")
    func destroyNeverCreated() {
        let ledger = Self.applying([.destroy(w(20_000))], to: Self.long)
        #expect(ledger.anomalies == ["'destroy #20000' on a window that is not live"])
        #expect(ledger.wasDestroyed(w(20_000)) && !ledger.wasCreated(w(20_000)))
        let again = Self.applying([.destroy(w(20_000))], to: ledger)
        #expect(again.anomalies.last == "'destroy #20000' on a window that is not live")
        #expect(again.anomalies.dropLast().last == "#20000 destroyed twice")
    }

    @Test("ids that arrive out of order are checked exactly: each created and destroyed once is clean, any repeat is caught")
    func outOfOrderIDs() {
        let order: [UInt64] = [9, 3, 12, 1, 7, 4, 11, 2]
        var ledger = HostLedger()
        for raw in order { ledger.apply(.create(id: WindowID(raw))) }
        for raw in order.reversed() { ledger.apply(.destroy(WindowID(raw))) }
        #expect(ledger.anomalies == [] && ledger.live.isEmpty)
        #expect(Set((0...13).map(w).filter(ledger.wasCreated)) == Set(order.map(w)))
        #expect(Set((0...13).map(w).filter(ledger.wasDestroyed)) == Set(order.map(w)))

        for (raw, expected) in [(UInt64(7), "#7 created twice"), (5, nil), (12, "#12 created twice"), (8, nil)] {
            let after = Self.applying([.create(id: WindowID(raw))], to: ledger)
            #expect(after.anomalies.first == expected)
        }
    }

    @Test("showing a window that is not live does not make it visible")
    func visibleStaysLive() {
        let ledger = Self.applying([.show(w(3)), .show(w(20_000))], to: Self.long)
        #expect(ledger.visible == [w(1)])
        #expect(ledger.anomalyCount == 2)
    }

    @Test("resets are kept for live windows only, with the total of every reset call")
    func resetsOfLiveWindows() {
        let ledger = Self.applying(
            [
                .create(id: w(20_000)), .reset(w(20_000)), .reset(w(20_000)), .reset(w(1)),
                .reset(w(3)),
            ], to: Self.long)
        #expect(ledger.resets == [w(20_000): 2, w(1): 1])
        #expect(ledger.resetCount == 10_000 + 4)
        let destroyed = Self.applying([.destroy(w(20_000))], to: ledger)
        #expect(destroyed.resets == [w(1): 1])
    }

    @Test("resigned unmanaged windows are counted by id")
    func resignedCounted() {
        let ledger = Self.applying([.makeKey(w(1), resigning: ["alert", "sheet"])], to: Self.long)
        #expect(ledger.resignedUnmanaged == ["alert": 10_001, "sheet": 1])
    }

    @Test("the first anomalies are described, up to the limit, and all are counted")
    func anomaliesCapped() {
        let calls = (0..<100).map { HostCommand.show(WindowID(50_000 + UInt64($0))) }
        let ledger = Self.applying(calls, to: Self.long)
        #expect(ledger.anomalyCount == 100)
        #expect(ledger.anomalies.count == HostLedger.anomalyLimit)
        #expect(ledger.anomalies.first == "'show #50000' on a window that is not live")
        #expect(ledger.anomalies.last == "'show #\(50_000 + HostLedger.anomalyLimit - 1)' on a window that is not live")
    }

    @Test("the same calls give equal ledgers; a different call gives a different one")
    func equality() {
        #expect(Self.longLedger(cycles: 50) == Self.longLedger(cycles: 50))
        #expect(Self.longLedger(cycles: 50) != Self.longLedger(cycles: 51))
    }

    @Test(
        "after 100,000 create, show, makeKey and destroy cycles the ledger holds a bounded number of ranges, resets and anomalies"
    )
    func boundedAfterLongRun() {
        var ledger = Self.longLedger(cycles: 100_000)
        // Windows that live long while others come and go leave one gap each, until they go too.
        let longLived = [w(200_000), w(200_010), w(200_020)]
        for id in longLived { ledger.apply(.create(id: id)) }
        for raw in UInt64(200_001)..<200_030 where !longLived.contains(WindowID(raw)) {
            for call in Self.cycle(WindowID(raw)) { ledger.apply(call) }
        }
        #expect(ledger.anomalyCount == 0 && ledger.anomalies.isEmpty)
        #expect(ledger.createdCount == 100_031 && ledger.destroyedCount == 100_027)
        #expect(ledger.live == Set(longLived + [w(1)]))
        #expect(ledger.resets.isEmpty && ledger.resetCount == 100_027)
        #expect(ledger.resignedUnmanaged == ["alert": 100_027])
        // Created: #1...#100001 and #200000...#200029; destroyed: #2...#100001 and three ranges
        // between the long-lived windows.
        #expect(ledger.rangeCount == 2 + 4)

        for id in longLived { ledger.apply(.destroy(id)) }
        #expect(ledger.rangeCount == 2 + 2)
        #expect(ledger.live == [w(1)] && ledger.anomalyCount == 0)
    }
}
