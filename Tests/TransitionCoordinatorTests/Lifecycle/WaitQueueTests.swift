import Testing
@testable import TransitionCoordinator

/// The pure wait-queue decisions: which waiter goes next, and which a coalescing request replaces.
@Suite("Wait queue")
struct WaitQueueTests {
    static func request(_ name: String) -> TransitionRequest { .push(Screen(name), at: .low) }

    @Test("lanes are served lifecycle, preempt, deferred, queued; first-in first-out within each")
    func serviceOrder() {
        var queue = WaitQueue<Int>()
        queue.append(Self.request("q1"), lane: .queued, group: nil, deferrable: false, ticket: 1)
        queue.append(Self.request("d1"), lane: .deferred, group: nil, deferrable: true, ticket: 2)
        queue.append(Self.request("p1"), lane: .preempt, group: nil, deferrable: false, ticket: 3)
        queue.append(Self.request("q2"), lane: .queued, group: nil, deferrable: false, ticket: 4)
        queue.append(Self.request("l1"), lane: .lifecycle, group: nil, deferrable: false, ticket: 5)
        var order: [Int] = []
        while let entry = queue.popNext(deferredAllowed: true) { order.append(entry.ticket) }
        #expect(order == [5, 3, 2, 1, 4])
    }

    @Test("the deferred lane is skipped while locked")
    func deferredSkippedWhileLocked() {
        var queue = WaitQueue<Int>()
        queue.append(Self.request("d1"), lane: .deferred, group: nil, deferrable: true, ticket: 1)
        queue.append(Self.request("q1"), lane: .queued, group: nil, deferrable: false, ticket: 2)
        #expect(queue.popNext(deferredAllowed: false)?.ticket == 2)
        #expect(queue.popNext(deferredAllowed: false) == nil)
        #expect(queue.popNext(deferredAllowed: true)?.ticket == 1)
    }

    @Test("a reinserted entry keeps its place in arrival order")
    func reinsertKeepsPlace() throws {
        var queue = WaitQueue<Int>()
        let old = queue.append(Self.request("old"), lane: .queued, group: nil, deferrable: true, ticket: 1)
        queue.append(Self.request("new"), lane: .deferred, group: nil, deferrable: true, ticket: 2)
        let next = queue.popNext(deferredAllowed: false)
        let popped = try #require(next)
        #expect(popped.sequence == old.sequence)
        queue.reinsert(popped, lane: .deferred)
        #expect(queue.popNext(deferredAllowed: true)?.ticket == 1)
        #expect(queue.popNext(deferredAllowed: true)?.ticket == 2)
    }

    @Test("removing a coalescing group takes that group's entries in the queued and the deferred lane, and no other")
    func removeGroup() {
        var queue = WaitQueue<Int>()
        queue.append(Self.request("a"), lane: .queued, group: "g", deferrable: false, ticket: 1)
        queue.append(Self.request("b"), lane: .queued, group: "h", deferrable: false, ticket: 2)
        queue.append(Self.request("c"), lane: .deferred, group: "g", deferrable: true, ticket: 3)
        queue.append(Self.request("d"), lane: .preempt, group: nil, deferrable: false, ticket: 4)
        #expect(queue.removeGroup("g").map(\.ticket) == [1, 3])
        #expect(queue.entries.map(\.ticket) == [2, 4])
        #expect(queue.count(in: [.queued]) == 1)
        #expect(queue.newestSequence == 4)
    }
}

@Suite("Admission values")
struct AdmissionValueTests {
    @Test("lanes, policies and waits print their names", arguments: [
        (WaitLane.lifecycle.description, "lifecycle"), (WaitLane.preempt.description, "preempt"),
        (WaitLane.deferred.description, "deferred"), (WaitLane.queued.description, "queued"),
        (AdmissionPolicy.coalesce(group: "search").description, "coalesce(search)"),
        (WaitInfo(lane: .queued, sequence: 4).description, "queued #4"),
    ])
    func names(printed: String, expected: String) {
        #expect(printed == expected)
    }
}
