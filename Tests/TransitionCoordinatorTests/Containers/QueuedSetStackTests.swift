import TestSupport
import Testing

@testable import TransitionCoordinator

/// A `setStack` that waits its turn runs against what the user did meanwhile: a screen the user
/// removed after the list was asked for (its `remove` fired, so the owner's state says it is
/// gone) is dropped from the list, and the record's request says which list ran.
@Suite("Queued setStack")
struct QueuedSetStackTests {
    /// A coordinator whose root stack `form` holds boot and one, both with logging callbacks.
    static func form() async throws -> (Coordinator, CallbackLog) {
        let coordinator = try await Coordinator(
            root: .stack(StackContainer(id: "form", root: Screen("boot"))),
            clock: TestClock())
        let log = CallbackLog()
        try await coordinator.stack("form").setStack([log.item(Screen("boot")), log.item(Screen("one"))])
        log.clear()
        return (coordinator, log)
    }

    static let policies: [AdmissionPolicy] = [.enqueue, .coalesce(group: "form")]

    @Test("a setStack queued behind the user's back swipe drops the screen the swipe removed", arguments: policies)
    func queuedBehindSwipe(_ policy: AdmissionPolicy) async throws {
        let (coordinator, log) = try await Self.form()
        var probe = EventProbe(coordinator)
        let swipe = try await coordinator.beginGesture(.pop("form"))
        let asked = [log.item(Screen("boot")), log.item(Screen("one"))]
        let queued = Task { await attempt { try await coordinator.stack("form").setStack(asked, policy: policy) } }
        _ = await probe.waiting(.content(.setStack("form", [Screen("boot"), Screen("one")])))
        try await swipe.commit()
        #expect(log.count("remove one") == 1, "the owner was told one is gone")
        let record = try #require(await queued.value.success)
        #expect(await coordinator.stack("form").items() == [Screen("boot")], "one stays gone, as the owner's state says")
        #expect(record.request == .content(.setStack("form", [Screen("boot")])), "the record names the list that ran")
        #expect(!log.calls.contains("didAdd one"))
    }

    @Test("a screen the owner's own earlier setStack removed is not dropped: the newer list wins")
    func ownerRemovalIsKept() async throws {
        let (coordinator, log) = try await Self.form()
        var probe = EventProbe(coordinator)
        let animator = GatedAnimator()
        let first = Task { await attempt { try await coordinator.stack("form").setStack([Screen("boot")], animator: animator) } }
        await animator.started()
        let queued = Task {
            await attempt {
                try await coordinator.stack("form").setStack(
                    [log.item(Screen("boot")), log.item(Screen("one"))],
                    policy: .enqueue)
            }
        }
        _ = await probe.waiting(.content(.setStack("form", [Screen("boot"), Screen("one")])))
        animator.open()
        _ = try #require(await first.value.success)
        let record = try #require(await queued.value.success)
        #expect(await coordinator.stack("form").items() == [Screen("boot"), Screen("one")])
        #expect(record.request == .content(.setStack("form", [Screen("boot"), Screen("one")])))
    }

    @Test("a dropped screen's callbacks are not kept, even when a screen with its id shows elsewhere by then")
    func droppedCallbacks() async throws {
        let tabs = WindowContent.tabs(
            TabBar(
                id: "main", .stack(StackContainer(id: "form", root: Screen("boot"))),
                .stack(StackContainer(id: "other", root: Screen("home")))))
        let coordinator = try await Coordinator(root: tabs, clock: TestClock())
        let log = CallbackLog()
        try await coordinator.stack("form").setStack([log.item(Screen("boot")), log.item(Screen("one"))])
        var probe = EventProbe(coordinator)
        let swipe = try await coordinator.beginGesture(.pop("form"))
        let moved = Task { await attempt { try await coordinator.stack("other").push(Screen("one"), policy: .enqueue) } }
        _ = await probe.waiting(.content(.push(Screen("one"), onto: "other")))
        let queued = Task {
            await attempt {
                try await coordinator.stack("form").setStack(
                    [log.item(Screen("boot")), log.item(Screen("one"))],
                    policy: .enqueue)
            }
        }
        _ = await probe.waiting(.content(.setStack("form", [Screen("boot"), Screen("one")])))
        try await swipe.commit()
        _ = try #require(await moved.value.success)
        _ = try #require(await queued.value.success)
        log.clear()
        try await coordinator.stack("other").pop()
        #expect(log.calls.isEmpty, "one in other is not the form's item: its callbacks stayed with the form's list")
    }

    @Test("a list left empty by the user's removals is refused as an empty stack; nothing changes")
    func emptiedList() async throws {
        let (coordinator, _) = try await Self.form()
        var probe = EventProbe(coordinator)
        let swipe = try await coordinator.beginGesture(.pop("form"))
        let queued = Task { await attempt { try await coordinator.stack("form").setStack([Screen("one")], policy: .enqueue) } }
        _ = await probe.waiting(.content(.setStack("form", [Screen("one")])))
        let popped = try await swipe.commit()
        #expect(await queued.value.failure == .container(.emptyStack("form"), in: popped.after.windowList[0]))
        #expect(await coordinator.stack("form").items() == [Screen("boot")])
    }

    @Test("a preempting setStack that will run without what the transition in flight removes is planned so before it cuts")
    func preemptBehindRemoval() async throws {
        let (coordinator, _) = try await Self.form()
        let animator = GatedAnimator()
        let pop = Task { await attempt { try await coordinator.stack("form").pop(animator: animator) } }
        await animator.started()
        // `one` leaves as the pop commits: the list will run as [], which no stack may be.
        await #expect {
            try await coordinator.stack("form").setStack([Screen("one")], policy: .preempt)
        } throws: { error in
            if case .container(.emptyStack, _)? = error as? TransitionError { true } else { false }
        }
        animator.open()
        let record = try #require(await pop.value.success)
        #expect(record.animation != .preempted, "a preempt that will not run never cuts the animation")
        // One that keeps something runs next, as it cut.
        let second = GatedAnimator()
        let push = Task { await attempt { try await coordinator.stack("form").push(Screen("two"), animator: second) } }
        await second.started()
        let preempt = Task {
            await attempt {
                try await coordinator.stack("form").setStack([Screen("boot"), Screen("two"), Screen("three")], policy: .preempt)
            }
        }
        let pushed = try #require(await push.value.success)
        #expect(pushed.animation == .preempted)
        let ran = try #require(await preempt.value.success)
        #expect(ran.request == .content(.setStack("form", [Screen("boot"), Screen("two"), Screen("three")])))
    }
}
