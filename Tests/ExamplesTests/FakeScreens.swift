import TestSupport
import Testing
import TransitionCoordinator
import TransitionCoordinatorUIKit

/// What the fake UIKit shows in the window at `level`, read back from its controllers: nil when
/// no window stands there. Fails the test when a UIKit rule was broken, or when the fake does
/// not show exactly the coordinator's committed content (its controllers included).
@MainActor
func shown(
    at level: WindowLevel = .root, by host: FakeWindowHost, of coordinator: Coordinator,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> WindowContent? {
    try host.throwIfBroken()
    guard let window = try await coordinator.window(at: level) else { return nil }
    let kit = try #require(host.kits[window.id], "no fake for \(window.id)", sourceLocation: sourceLocation)
    let content = try kit.content()
    #expect(
        content == Reconciler.shown(window.content), "the fake UIKit is not in step with the coordinator",
        sourceLocation: sourceLocation)
    return content
}

/// The names of a stack's screens, bottom to top.
func names(_ content: WindowContent?) -> [String] {
    guard case .stack(let stack)? = content?.base else { return [] }
    return stack.items.map(\.name)
}
