import Examples
import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// Epoxy's three-step form, run headless: on the fake UIKit with the back swipe the UIKit host
/// reports (`beginGesture`, then `commit` or `cancel`), and on the model with the path a
/// `NavigationStack` writes back.
@Suite("Example: Epoxy's three-step form with a back swipe")
struct ThreeStepFormTests {
    typealias State = ThreeStepForm.State

    @Test(
        "on the fake UIKit: Next pushes each step; a cancelled swipe keeps step 3, a finished one removes it and the state follows"
    )
    @MainActor
    func onFakeUIKit() async throws {
        let host = FakeWindowHost()
        let form = try ThreeStepForm(host: host)
        await form.coordinator.start()
        #expect(names(try await shown(by: host, of: form.coordinator)) == ["step1"])

        try await form.next(from: 1)
        #expect(names(try await shown(by: host, of: form.coordinator)) == ["step1", "step2"])
        try await form.next(from: 2)
        #expect(names(try await shown(by: host, of: form.coordinator)) == ["step1", "step2", "step3"])

        let letGo = try await form.coordinator.beginGesture(.pop(ThreeStepForm.container))
        await letGo.cancel()
        #expect(names(try await shown(by: host, of: form.coordinator)) == ["step1", "step2", "step3"])
        #expect(form.state == State(showStep2: true, showStep3: true), "a cancelled swipe is no pop")

        let swipe = try await form.coordinator.beginGesture(.pop(ThreeStepForm.container))
        let popped = try await swipe.commit()
        #expect(popped.source == .gesture)
        #expect(names(try await shown(by: host, of: form.coordinator)) == ["step1", "step2"])
        #expect(form.state == State(showStep2: true, showStep3: false), "step 3's remove wrote the swipe back")

        try await form.next(from: 2)
        #expect(names(try await shown(by: host, of: form.coordinator)) == ["step1", "step2", "step3"], "Next works again")
    }

    @Test(
        "on the model: the path holds the steps above step 1; a shorter path written by the view removes steps and the state follows"
    )
    @MainActor
    func onModel() async throws {
        let form = try ThreeStepForm()
        let model = NavigationModel(coordinator: form.coordinator)
        try await form.next(from: 1)
        try await form.next(from: 2)
        await model.refresh()
        #expect(model.path(of: ThreeStepForm.container, as: ThreeStepForm.Destination.self) == [.step2, .step3])

        // NavigationStack's back swipe: the path loses its last screen.
        let back = try #require(try await model.setPath([ThreeStepForm.Destination.step2], for: ThreeStepForm.container))
        #expect(back.source == .user)
        #expect(model.path(of: ThreeStepForm.container, as: ThreeStepForm.Destination.self) == [.step2])
        #expect(form.state == State(showStep2: true, showStep3: false))

        // The back button held down, back to step 1.
        try await model.setPath([ThreeStepForm.Destination](), for: ThreeStepForm.container)
        #expect(model.path(of: ThreeStepForm.container).isEmpty)
        #expect(form.state == State())
        #expect(await form.steps == [.step1])
    }

    /// A main-actor view's own state, read inside the change it passes to the form.
    @MainActor final class StepToggles {
        var wantsStep2 = true
    }

    @Test("a main-actor view updates the form with a change that reads its own state, and the stack follows")
    @MainActor
    func updateFromMainActor() async throws {
        let form = try ThreeStepForm()
        let toggles = StepToggles()
        try await form.update { $0.showStep2 = toggles.wantsStep2 }
        #expect(await form.steps == [.step1, .step2])
        toggles.wantsStep2 = false
        try await form.update { $0.showStep2 = toggles.wantsStep2 }
        #expect(await form.steps == [.step1])
    }
}
