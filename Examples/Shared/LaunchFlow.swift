import TransitionCoordinator

/// CLHoppingViewController's launch flow, top to bottom in one function: a splash screen while
/// the app loads, then sign-up when no session is saved, then the main stack.
///
/// The root window holds one hop container, `launch`. ``run()`` hops to each screen and waits
/// for it to unhop (the splash unhops with whether a session was found); each screen knows
/// nothing of the others and only reports that it is done (``splashFinished(signedIn:)``,
/// ``signedUp()``). A value, `Sendable`.
public struct LaunchFlow: Sendable {
    /// The app's screens, as its own values.
    public enum Destination: Hashable, Codable, Sendable {
        /// What the launch container shows before the flow runs.
        case blank
        /// The splash screen, shown while the app loads.
        case splash
        /// The sign-up screen, shown when no session is saved.
        case signUp
        /// The app's home screen, once launched.
        case home
    }

    /// The hop container's id.
    public static let container: ContainerID = "launch"
    /// The root content before the flow runs: the container showing a blank screen.
    public static let root = WindowContent.hop(HopContainer(id: container, showing: .destination(Destination.blank)))
    /// The app once launched: a navigation stack with its home screen.
    public static let main = WindowContent.stack(StackContainer(id: "main", root: Destination.home))

    /// The coordinator, made synchronously.
    public let coordinator: Coordinator

    /// An app whose root window is ``root``, shown through `host` (a headless one when nil).
    ///
    /// - Throws: nothing in practice: the root content is valid.
    public init(host: (any WindowHost)? = nil) throws {
        coordinator = try Coordinator(root: Self.root, host: host)
    }

    /// Runs the flow: splash, sign-up unless the splash found a session, then ``main``. Each hop
    /// crossfades with `animator`. Returns once main is shown.
    ///
    /// - Throws: ``TransitionError`` when a hop is refused, or a screen left before it unhopped.
    public func run(animator: (any Animator)? = nil) async throws(TransitionError) {
        let launch = coordinator.hop(Self.container)
        let signedIn: Bool = try await launch.hopAndWait(to: Destination.splash, animator: animator)
        if !signedIn {
            let _: Void = try await launch.hopAndWait(to: Destination.signUp, animator: animator)
        }
        try await launch.hop(
            to: Self.main, animator: animator, policy: .enqueue,
            whenLocked: .deferUntilUnlocked)
    }

    /// The splash screen is done loading: the flow goes on, to sign-up unless `signedIn`. Waits
    /// first for the hop to the splash to commit: the splash can appear while its hop animates,
    /// and the coordinator answers from the committed state (`Coordinator.arrival(of:)`).
    public func splashFinished(signedIn: Bool) async throws(TransitionError) {
        _ = await coordinator.arrival(of: Destination.splash)
        try await coordinator.hop(Self.container).unhop(Destination.splash, with: signedIn)
    }

    /// The sign-up screen is done: the flow goes on to main, once the hop to sign-up committed.
    public func signedUp() async throws(TransitionError) {
        _ = await coordinator.arrival(of: Destination.signUp)
        try await coordinator.hop(Self.container).unhop(Destination.signUp)
    }
}

extension LaunchFlow {
    /// What the launch container shows in `content` (a root window's): its current child.
    public static func current(in content: WindowContent?) -> WindowContent? {
        guard case .hop(let hop)? = content?.find(container) else { return nil }
        return hop.current
    }
}
