import Testing
import TransitionCoordinatorTesting

@testable import TransitionCoordinator

extension Coordinator {
    /// Plants a broken invariant, as a level actor that could not take its content notes one.
    fileprivate func plantOwnershipFault() {
        ownershipFaults.append(.init(.levels, "level low was not handed its content"))
    }
}

/// The store runs the harness's invariant audit on the coordinator under test.
@Suite("The test store's audit")
struct StoreAuditTests {
    @Test("a coordinator whose invariants hold passes the audit")
    func holds() async throws {
        let store = try await NavigationTestStore(root: .stack(StackContainer(id: "inbox", root: Screen("list"))))
        try await store.coordinator.stack("inbox").push(Screen("mail"))
        #expect(await store.audit())
    }

    @Test("a broken invariant fails the audit and finish, naming the invariant")
    func fires() async throws {
        let store = try await NavigationTestStore(root: .stack(StackContainer(id: "inbox", root: Screen("list"))))
        await store.coordinator.plantOwnershipFault()
        await withKnownIssue {
            #expect(await store.audit() == false)
        } matching: {
            $0.comments.map(\.rawValue).joined().contains("level low was not handed its content")
        }
        await withKnownIssue {
            await store.finish()
        } matching: {
            $0.comments.map(\.rawValue).joined().contains("the coordinator's audit")
        }
    }

    @Test("a record counts an animator's second finish")
    func secondFinishCounted() async throws {
        let coordinator = await Coordinator(root: Screen("home"), clock: TestClock())
        let twice = CallbackAnimator { _, finish in
            finish()
            finish()
        }
        let record = try await coordinator.openWindow(Screen("pin"), at: .medium, animator: twice)
        #expect(record.extraFinishCalls == 1)
        let once = try await coordinator.closeWindow(at: .medium, animator: CallbackAnimator { _, finish in finish() })
        #expect(once.extraFinishCalls == 0)
    }
}
