/// Where a transition comes from: guards see it, and analytics can tell a link from a tap.
public enum NavigationSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// The app asked (a push, a pop, a content change, `navigate(to:)`).
    case app
    /// A link the inbox delivered.
    case link
    /// A saved state being restored.
    case restoration
    /// An interactive gesture being committed (a swipe-back, a sheet dragged away).
    case gesture
    /// The navigation a guard redirected to.
    case redirect
    /// A change the user already made on screen, reported by the host (`userDid`): not guarded,
    /// since it has happened.
    case user
    /// An application state change (the shield, the lock): not guarded.
    case lifecycle

    /// Whether guards are asked about transitions from this source.
    package var isGuarded: Bool { self != .user && self != .lifecycle }

    /// The source of `request` when its caller names none: the user's reports, the lifecycle's
    /// state changes, else the app.
    package static func implied(by request: TransitionRequest) -> NavigationSource {
        switch request {
        case .userDid: .user
        case .setApplicationState: .lifecycle
        default: .app
        }
    }
}

/// A guard's answer.
public enum GuardDecision: Sendable, Hashable {
    /// Go on.
    case allow
    /// Refuse, with a reason a person can act on: ``TransitionError/denied(guard:reason:)``.
    case deny(String)
    /// Refuse, and navigate to `route` instead (sign-in, say): the refused request is kept, and
    /// ``Coordinator/resumeRedirected()`` asks for it again once the app is ready (signed in).
    case redirect(Route)
}

/// An async check every guarded transition passes before it is carried out, whatever its source:
/// the app's requests, links, restoration and interactive gestures alike.
///
/// Guards run in order while the transition holds the slot (so the state they see is the one it
/// would change), under ``CoordinatorConfiguration/guardTimeout``: one that does not answer in time denies. They run
/// inside the transition's scope, so a guard that asks the coordinator for a transition is
/// refused as re-entrant rather than deadlocking. A guard vetoing a gesture's commit (a form with
/// unsaved changes, via ``TransitionContext/leaving``) cancels the gesture.
///
/// **Isolation.** A guard runs on its own isolation (`@isolated(any)`): one made with
/// ``onMainActor(_:decide:)``, or written `{ @MainActor context in … }`, on the main actor, so it
/// reads the app's main-actor state directly; a nonisolated one off the coordinator (on its task
/// executor when it has one). The transition waits for each answer in turn, the main actor staying free meanwhile
/// (the caller must not block it while waiting for a transition a main-actor guard checks).
public struct NavigationGuard: Sendable {
    /// Its name, as a denial names it.
    public let name: String
    /// Its decision about a transition, awaited on the isolation it was written for: a test calls
    /// it with a planned context (``TransitionContext/init(for:in:source:id:ignoresUnmanagedWindows:)``)
    /// to ask the guard alone, with no coordinator.
    public let decide: @isolated(any) @Sendable (TransitionContext) async -> GuardDecision

    /// A guard named `name` deciding with `decide`, on the isolation `decide` was written for.
    public init(_ name: String, decide: @escaping @isolated(any) @Sendable (TransitionContext) async -> GuardDecision) {
        self.name = name
        self.decide = decide
    }

    /// A guard named `name` deciding with `decide` on the main actor: `decide` reads the app's
    /// main-actor state as it is written.
    public static func onMainActor(
        _ name: String,
        decide: @escaping @MainActor @Sendable (TransitionContext) async -> GuardDecision
    ) -> NavigationGuard {
        NavigationGuard(name, decide: decide)
    }
}
