import Testing

@testable import TransitionCoordinator

/// The pure wait-queue decisions: which waiter goes next, and which a coalescing request replaces.
@Suite("Wait queue")
struct WaitQueueTests {
    static func request(_ name: String) -> TransitionRequest { .push(Screen(name), at: .low) }

    /// The screen name of an entry's request (every request here is a push).
    static func name(_ entry: WaitQueue.Entry?) -> String? {
        guard case .push(let screen, _)? = entry?.ticket.request else { return nil }
        return screen.name
    }

    /// Pops every entry `popNext` gives, returning their names in order.
    static func drain(_ queue: inout WaitQueue, deferredAllowed: Bool = true) -> [String] {
        var order: [String] = []
        while let entry = queue.popNext(deferredAllowed: deferredAllowed) { order.append(name(entry) ?? "?") }
        return order
    }

    @Test("lanes are served lifecycle, preempt, deferred, queued; first-in first-out within each")
    func serviceOrder() {
        var queue = WaitQueue()
        queue.append(Self.request("q1"), lane: .queued, group: nil, deferrable: false)
        queue.append(Self.request("d1"), lane: .deferred, group: nil, deferrable: true)
        queue.append(Self.request("p1"), lane: .preempt, group: nil, deferrable: false)
        queue.append(Self.request("q2"), lane: .queued, group: nil, deferrable: false)
        queue.append(Self.request("l1"), lane: .lifecycle, group: nil, deferrable: false)
        #expect(queue.waitingEntries.map(Self.name) == ["l1", "p1", "d1", "q1", "q2"])
        #expect(Self.drain(&queue) == ["l1", "p1", "d1", "q1", "q2"])
    }

    @Test("the deferred lane is skipped while locked")
    func deferredSkippedWhileLocked() {
        var queue = WaitQueue()
        queue.append(Self.request("d1"), lane: .deferred, group: nil, deferrable: true)
        queue.append(Self.request("q1"), lane: .queued, group: nil, deferrable: false)
        #expect(Self.name(queue.popNext(deferredAllowed: false)) == "q1")
        #expect(queue.popNext(deferredAllowed: false) == nil)
        #expect(Self.name(queue.popNext(deferredAllowed: true)) == "d1")
    }

    @Test("a reinserted entry keeps its place in arrival order")
    func reinsertKeepsPlace() throws {
        var queue = WaitQueue()
        let old = queue.append(Self.request("old"), lane: .queued, group: nil, deferrable: true)
        queue.append(Self.request("new"), lane: .deferred, group: nil, deferrable: true)
        let next = queue.popNext(deferredAllowed: false)
        let popped = try #require(next)
        #expect(popped.sequence == old.sequence)
        let reinserted = queue.reinsert(popped, lane: .deferred)
        #expect(reinserted)
        #expect(Self.name(queue.popNext(deferredAllowed: true)) == "old")
        #expect(Self.name(queue.popNext(deferredAllowed: true)) == "new")
    }

    @Test("an entry moved to the deferred lane lands before deferred entries that arrived after it, whenever they came")
    func reinsertBeforeLaterArrivals() throws {
        var queue = WaitQueue()
        queue.append(Self.request("d1"), lane: .deferred, group: nil, deferrable: true)
        queue.append(Self.request("q2"), lane: .queued, group: nil, deferrable: true)
        queue.append(Self.request("d3"), lane: .deferred, group: nil, deferrable: true)
        queue.append(Self.request("q4"), lane: .queued, group: nil, deferrable: true)
        queue.append(Self.request("d5"), lane: .deferred, group: nil, deferrable: true)
        let next = queue.popNext(deferredAllowed: false)
        let q2 = try #require(next)
        #expect(Self.name(q2) == "q2")
        let reinserted = queue.reinsert(q2, lane: .deferred)
        #expect(reinserted)
        queue.append(Self.request("d6"), lane: .deferred, group: nil, deferrable: true)
        #expect(queue.count(in: .deferred) == 5)
        #expect(queue.count(in: .queued) == 1)
        #expect(queue.waitingEntries.map(Self.name) == ["d1", "q2", "d3", "d5", "d6", "q4"])
        #expect(queue.waitingEntries.map(\.lane) == [.deferred, .deferred, .deferred, .deferred, .deferred, .queued])
        #expect(Self.drain(&queue) == ["d1", "q2", "d3", "d5", "d6", "q4"])
    }

    @Test("removing a coalescing group takes that group's entries in the queued and the deferred lane, and no other")
    func removeGroup() {
        var queue = WaitQueue()
        queue.append(Self.request("a"), lane: .queued, group: "g", deferrable: false)
        queue.append(Self.request("b"), lane: .queued, group: "h", deferrable: false)
        queue.append(Self.request("c"), lane: .deferred, group: "g", deferrable: true)
        queue.append(Self.request("d"), lane: .preempt, group: nil, deferrable: false)
        #expect(queue.removeGroup("g").map(Self.name) == ["a", "c"])
        #expect(queue.waitingEntries.map(Self.name) == ["d", "b"])
        #expect(queue.count(in: .queued) == 1)
        #expect(queue.count(in: .deferred) == 0)
        #expect(queue.newestSequence == 4)
    }

    @Test("a group's members are found in whichever lane they stand, a member moved to the deferred lane included")
    func groupFoundInBothLanes() throws {
        var queue = WaitQueue()
        queue.append(Self.request("g1"), lane: .queued, group: "g", deferrable: true)
        queue.append(Self.request("g2"), lane: .deferred, group: "g", deferrable: true)
        queue.append(Self.request("h1"), lane: .queued, group: "h", deferrable: false)
        let next = queue.popNext(deferredAllowed: false)
        let moved = try #require(next)
        #expect(Self.name(moved) == "g1")
        #expect(queue.count(of: "g", in: .queued) == 0)
        let reinserted = queue.reinsert(moved, lane: .deferred)
        #expect(reinserted)
        #expect(queue.count(of: "g", in: .deferred) == 2)
        #expect(queue.count(of: "h", in: .queued) == 1)

        // Only the queued lane (the coalesceQueuedLaneOnly mutant): the deferred members stay.
        #expect(queue.removeGroup("g", from: [.queued]).isEmpty)
        #expect(queue.count(of: "g", in: .deferred) == 2)
        let removed = queue.removeGroup("g")
        #expect(removed.map(Self.name) == ["g2", "g1"])
        #expect(removed.map(\.lane) == [.deferred, .deferred])
        #expect(queue.count(of: "g", in: .deferred) == 0)
        #expect(queue.count(in: .deferred) == 0)
        #expect(queue.waitingEntries.map(Self.name) == ["h1"])
        #expect(Self.drain(&queue) == ["h1"])
        #expect(queue.groupCount == 0)
        #expect(queue.storageCount == 0)
    }

    @Test("a cancelled ticket leaves its lane's count at once, and dropping its entry later does not count it again")
    func cancellationCountedOnce() throws {
        var queue = WaitQueue()
        queue.append(Self.request("a"), lane: .queued, group: nil, deferrable: false)
        let b = queue.append(Self.request("b"), lane: .queued, group: "g", deferrable: false)
        queue.append(Self.request("c"), lane: .queued, group: nil, deferrable: false)
        #expect(queue.count(in: .queued) == 3)

        b.ticket.cancel()
        #expect(queue.count(in: .queued) == 2)
        #expect(queue.cancelledCount(in: .queued) == 1)
        #expect(queue.count(of: "g", in: .queued) == 0)
        #expect(queue.storageCount == 3)
        b.ticket.cancel()
        #expect(queue.count(in: .queued) == 2)
        #expect(queue.cancelledCount(in: .queued) == 1)

        #expect(Self.name(queue.popNext(deferredAllowed: true)) == "a")
        #expect(queue.count(in: .queued) == 1)
        #expect(Self.name(queue.popNext(deferredAllowed: true)) == "c")
        #expect(queue.count(in: .queued) == 0)
        #expect(queue.cancelledCount(in: .queued) == 0)
        #expect(queue.storageCount == 0)
        #expect(queue.groupCount == 0)
        #expect(queue.popNext(deferredAllowed: true) == nil)
        #expect(queue.count(in: .queued) == 0)
    }

    @Test("a ticket cancelled after it was popped is counted in no lane and is not put back")
    func cancelledAfterPop() throws {
        var queue = WaitQueue()
        queue.append(Self.request("a"), lane: .queued, group: nil, deferrable: true)
        let next = queue.popNext(deferredAllowed: true)
        let popped = try #require(next)
        popped.ticket.cancel()
        #expect(queue.cancelledCount(in: .queued) == 0)
        let reinserted = queue.reinsert(popped, lane: .deferred)
        #expect(!reinserted)
        #expect(queue.count(in: .deferred) == 0)
        #expect(queue.cancelledCount(in: .deferred) == 0)
        #expect(queue.storageCount == 0)
    }

    @Test("a ticket moved to the deferred lane and cancelled there is counted in the deferred lane")
    func cancelledAfterMove() throws {
        var queue = WaitQueue()
        queue.append(Self.request("a"), lane: .queued, group: nil, deferrable: true)
        queue.append(Self.request("b"), lane: .queued, group: nil, deferrable: true)
        let next = queue.popNext(deferredAllowed: true)
        let moved = try #require(next)
        let reinserted = queue.reinsert(moved, lane: .deferred)
        #expect(reinserted)
        moved.ticket.cancel()
        #expect(queue.count(in: .deferred) == 0)
        #expect(queue.cancelledCount(in: .deferred) == 1)
        #expect(queue.count(in: .queued) == 1)
        #expect(queue.cancelledCount(in: .queued) == 0)
        #expect(Self.drain(&queue) == ["b"])
        #expect(queue.cancelledCount(in: .deferred) == 0)
        #expect(queue.storageCount == 0)
    }

    @Test("a cancelled member of a coalescing group removed with its group is not returned, and its count is settled")
    func cancelledGroupMember() {
        var queue = WaitQueue()
        let a = queue.append(Self.request("a"), lane: .deferred, group: "g", deferrable: true)
        queue.append(Self.request("b"), lane: .queued, group: "g", deferrable: false)
        a.ticket.cancel()
        #expect(queue.count(in: .deferred) == 0)
        #expect(queue.removeGroup("g").map(Self.name) == ["b"])
        #expect(queue.cancelledCount(in: .deferred) == 0)
        #expect(queue.count(in: .deferred) == 0)
        #expect(queue.count(in: .queued) == 0)
        // The removed entries' leftovers are dropped, not served.
        #expect(queue.popNext(deferredAllowed: true) == nil)
        #expect(queue.storageCount == 0)
    }

    @Test(
        "10,000 waiters that join and are cancelled leave storage bounded by the live waiters",
        arguments: [WaitLane.queued, .deferred])
    func compactionBoundsStorage(lane: WaitLane) {
        var queue = WaitQueue()
        queue.append(Self.request("first"), lane: lane, group: nil, deferrable: true)
        var largest = 0
        for index in 0..<10_000 {
            let entry = queue.append(
                Self.request("w\(index)"), lane: lane, group: index.isMultiple(of: 2) ? "g" : nil,
                deferrable: true)
            entry.ticket.cancel()
            largest = max(largest, queue.storageCount)
        }
        queue.append(Self.request("last"), lane: lane, group: nil, deferrable: true)
        #expect(queue.count(in: lane) == 2)
        #expect(largest <= 2 * 2 + 16)
        #expect(queue.storageCapacity <= 64)
        #expect(queue.groupCount <= 1)
        #expect(Self.drain(&queue) == ["first", "last"])
        #expect(queue.cancelledCount(in: lane) == 0)
        #expect(queue.storageCount == 0)
        #expect(queue.groupCount == 0)
    }
}

@Suite("Admission values")
struct AdmissionValueTests {
    @Test(
        "lanes, policies and waits print their names",
        arguments: [
            (WaitLane.lifecycle.description, "lifecycle"), (WaitLane.preempt.description, "preempt"),
            (WaitLane.deferred.description, "deferred"), (WaitLane.queued.description, "queued"),
            (AdmissionPolicy.coalesce(group: "search").description, "coalesce(search)"),
            (WaitInfo(lane: .queued, sequence: 4).description, "queued #4"),
        ])
    func names(printed: String, expected: String) {
        #expect(printed == expected)
    }
}
