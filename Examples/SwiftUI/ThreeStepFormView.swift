// Built only where SwiftUI exists; its headless twin is Tests/ExamplesTests/ThreeStepFormTests.swift.
#if canImport(SwiftUI)
import SwiftUI
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// Epoxy's three-step form in SwiftUI: a `NavigationStack` bound to the form's stack. Next sets
/// the stack from the state; the back button or swipe writes a shorter path, which the model
/// reports as the user's pop, and each step that leaves calls its `remove`, so the state follows.
struct ThreeStepFormView: View {
    private let form: ThreeStepForm
    @State private var model: NavigationModel

    init(form: ThreeStepForm) {
        self.form = form
        _model = State(initialValue: NavigationModel(coordinator: form.coordinator))
    }

    var body: some View {
        CoordinatedStack(model, stack: ThreeStepForm.container, as: ThreeStepForm.Destination.self) {
            step($0)
        } destination: {
            step($0)
        }
        .task { await model.run() }
    }

    private func step(_ step: ThreeStepForm.Destination) -> some View {
        let number = Int(step.rawValue.dropFirst("step".count)) ?? 1
        return Button(number < 3 ? "Next" : "Done") {
            Task { _ = try? await form.next(from: number) }
        }
        .navigationTitle("Step \(number)")
    }
}

/// The app: its coordinator made synchronously, as an `App`'s property (mark it `@main`).
struct ThreeStepFormSwiftUIApp: App {
    private let form = try? ThreeStepForm()

    var body: some Scene {
        WindowGroup {
            if let form { ThreeStepFormView(form: form) }
        }
    }
}
#endif
