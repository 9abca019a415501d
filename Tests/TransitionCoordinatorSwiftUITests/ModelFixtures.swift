import Observation
import TestSupport
import TransitionCoordinator
import TransitionCoordinatorSwiftUI

/// The trees the model's tests show: a tab bar whose first tab's stack presents a compose sheet.
enum Trees {
    static let list = Screen("list"), mail = Screen("mail"), thread = Screen("thread")
    static let feed = Screen("feed"), draft = Screen("draft"), attach = Screen("attach")

    /// `tabs main {*stack inbox [list, mail] ! stack compose [draft], stack news [feed]}`.
    static let app = WindowContent.tabs(
        TabBar(
            id: "main",
            .presenting(
                .stack(StackContainer(id: "inbox", root: list, pushed: [mail])),
                modal: .stack(StackContainer(id: "compose", root: draft))),
            .stack(StackContainer(id: "news", root: feed))))

    /// A coordinator showing ``app`` on a clock nobody advances, and a model of its root window
    /// showing its first snapshot.
    @MainActor
    static func model(_ content: WindowContent = app) async throws -> NavigationModel {
        let coordinator = try await Coordinator(root: content, clock: TestClock())
        return NavigationModel(coordinator: coordinator, showing: await coordinator.snapshot)
    }

    /// A model of `stack inbox [list] ! (stack compose [draft] ! attach)` whose views show both
    /// sheets: the inner one presented once the outer one's presentation ended.
    @MainActor
    static func twoSheets() async throws -> NavigationModel {
        let nested = WindowContent.presenting(
            .stack(StackContainer(id: "inbox", root: list)),
            modal: .presenting(.stack(StackContainer(id: "compose", root: draft)), modal: .screen(attach)))
        let model = try await model(nested)
        model.sheetStepEnded(presentedBy: .container("inbox"))
        return model
    }
}

/// Counts the changes observers of a model's state are told of: `withObservationTracking`,
/// registered again inside each change (on the main actor, where the model changes), so two
/// assignments in one step count two.
@MainActor
final class ChangeCounter {
    private(set) var count = 0
    private let model: NavigationModel

    init(_ model: NavigationModel) {
        self.model = model
        track()
    }

    private func track() {
        withObservationTracking {
            _ = model.state
        } onChange: { [self] in
            MainActor.assumeIsolated {
                count += 1
                track()
            }
        }
    }
}

/// Runs a coordinator call and captures its typed outcome, so tasks can hand it back as a value.
nonisolated(nonsending) func outcome(
    _ body: () async throws(TransitionError) -> TransitionRecord?
) async -> Result<TransitionRecord?, TransitionError> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}
