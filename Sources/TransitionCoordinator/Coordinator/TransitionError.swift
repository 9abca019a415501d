/// Why the coordinator did not carry out a request. A thrown `TransitionError` always means
/// nothing changed.
///
/// The cases are grouped by what the app does about them, so a `catch` reads as a decision:
///
/// ```swift
/// do {
///     try await coordinator.openWindow(Screen("detail"), at: .low, animator: fade)
/// } catch .refused(.busy(let inFlight)) {
///     // the request was fine, the moment was not: retry after `inFlight`, or ask with `.enqueue`
/// } catch .invalid(let problem) {
///     // the request does not fit the state (a level occupied, nothing to pop): a bug to fix
/// } catch .redirected(_, let route) {
///     // a guard sent the app to `route` (sign-in, say); the request is kept for `resumeRedirected()`
/// } catch {
///     print(error)    // what and where, in words
/// }
/// ```
///
/// `indirect`, so a value is one pointer wide: a typed error needs its own slot in every async
/// frame it is thrown through, and a waiting request keeps those frames (see
/// <doc:Performance>, "resident memory per waiter"). Making one costs a small allocation, which the busy bench includes.
public indirect enum TransitionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request may well be right, but it cannot run now: another transition is in flight, it
    /// came from inside one, its wait ended, the app is locked, the host is stuck. Asking again
    /// later (or with another admission policy) may succeed.
    case refused(Refusal)
    /// The request does not fit the coordinator's state or configuration (a level occupied or
    /// unknown, nothing to pop, a screen shown twice): asking again unchanged fails again.
    case invalid(InvalidRequest)
    /// A content request does not fit the window's content (a pop at a stack's root, a tab out of
    /// range, an unknown container, a screen shown twice): what and where, as ``ContainerError``
    /// says, and the window it was planned against (nil when no window holds what it names).
    case container(ContainerError, in: ManagedWindow?)
    /// The route breaks the path's rules, or does not compile to content: ``NavigationError`` says
    /// where (a position in the path, or a step of the route) and why; `route` is the route as asked.
    case route(NavigationError, route: Route)
    /// A guard refused the transition (``NavigationGuard``); nothing changed.
    case denied(guard: String, reason: String)
    /// A guard sent the app elsewhere (sign-in, say): not a failure of the app, an answer. The
    /// coordinator navigates to `to` next and keeps this request for
    /// ``Coordinator/resumeRedirected()``; nothing of this one changed.
    case redirected(guard: String, to: Route)

    /// Why a request that may be right could not run now.
    public enum Refusal: Sendable, Hashable, CustomStringConvertible {
        /// Another transition is in flight and the request's policy does not wait.
        case busy(inFlight: InFlightTransition)
        /// The request came from inside the transition in flight (its animator, a task the animator
        /// started, or a host callback). Refused at once: waiting would deadlock.
        case reentrant(inFlight: InFlightTransition)
        /// The caller's task was cancelled before the request was admitted.
        case cancelled(TransitionRequest)
        /// The waiting queue holds `limit` requests already.
        case queueFull(limit: Int)
        /// The queue of requests deferred while locked holds `limit` requests already.
        case deferredQueueFull(limit: Int)
        /// A newer request of the same coalescing group replaced this waiting one.
        case superseded(group: String, by: TransitionRequest)
        /// A push of this screen id is in flight or waiting already (a double tap's second push):
        /// refused under every admission policy, so the screen is never pushed twice. `by` is the
        /// earlier request.
        case screenAlreadyRequested(ScreenID, by: TransitionRequest)
        /// The app is locked and the request would show something above the lock or remove it.
        case locked(lock: ManagedWindow)
        /// A host call has not returned within ``CoordinatorConfiguration/hostTimeout``; until it
        /// does, nothing is carried out but lifecycle events and a preempting request that cut the
        /// animation short already, each to the model alone (see ``HostFault``).
        case hostUnresponsive(HostFault)
        /// The interactive gesture was cancelled or cut short by a lifecycle event before it was
        /// committed (or was committed already); nothing changed.
        case gestureEnded(TransitionID)

        /// A stable short code for logs and metrics, as `busy`.
        public var code: String {
            switch self {
            case .busy: "busy"
            case .reentrant: "reentrant"
            case .cancelled: "cancelled"
            case .queueFull: "queueFull"
            case .deferredQueueFull: "deferredQueueFull"
            case .superseded: "superseded"
            case .screenAlreadyRequested: "screenAlreadyRequested"
            case .locked: "locked"
            case .hostUnresponsive: "hostUnresponsive"
            case .gestureEnded: "gestureEnded"
            }
        }

        /// What happened and what to do, in words a person can act on.
        public var description: String {
            switch self {
            case .busy(let inFlight):
                "busy: \(inFlight) is in flight; retry after it ends, or use a waiting admission policy"
            case .reentrant(let inFlight):
                "re-entrant request from inside \(inFlight) (its animator, a task it started, or a host call); "
                    + "request the follow-up transition after this one returns"
            case .cancelled(let request):
                "cancelled: the task asking for '\(request)' was cancelled before admission; nothing changed"
            case .queueFull(let limit):
                "the waiting queue is full (\(limit) requests); retry later or raise queueLimit"
            case .deferredQueueFull(let limit):
                "the queue of requests deferred until unlock is full (\(limit) requests); retry after the unlock or raise deferredLimit"
            case .superseded(let group, let newer):
                "superseded in coalescing group '\(group)' by the newer request '\(newer)'; nothing changed"
            case .screenAlreadyRequested(let id, let earlier):
                "screen id '\(id)' is already on its way ('\(earlier)' is in flight or waiting); a second push of it is refused"
            case .locked(let lock):
                "locked: the lock screen \(lock) is up; unlock first, or ask with whenLocked: .deferUntilUnlocked"
            case .hostUnresponsive(let fault):
                "the host has not returned from \(fault); nothing changed. Requests are served again once it returns"
            case .gestureEnded(let id):
                "the gesture \(id) was cancelled or cut short by a lifecycle event before it was committed; nothing changed"
            }
        }
    }

    /// How a request does not fit the coordinator's state or configuration.
    public enum InvalidRequest: Sendable, Hashable, CustomStringConvertible {
        /// The level is not one of the coordinator's configured levels.
        case unknownLevel(WindowLevel, known: [WindowLevel])
        /// Pushing at the root level; the root is only ever replaced.
        case rootLevelReserved
        /// The level already holds a window.
        case levelOccupied(WindowLevel, by: ManagedWindow)
        /// Nothing stands at the level to pop.
        case nothingToPop(WindowLevel)
        /// `closeAllWindows` (the request `popAll`) with nothing above the root.
        case nothingAboveRoot
        /// No window shows the screen.
        case screenNotShown(ScreenID)
        /// The screen is shown by the root window, which is never popped (replace it instead).
        case screenIsRoot(ScreenID)
        /// A screen with this id is already shown; ids must stay unique so requests can name them.
        case duplicateScreen(ScreenID, shownIn: ManagedWindow)
        /// No unmanaged window with this id is registered.
        case unknownUnmanagedWindow(String)
        /// The level belongs to the privacy shield or the lock screen; only lifecycle events use it.
        case levelReserved(WindowLevel)
        /// The screen id belongs to the privacy shield or the lock screen (at `coverLevel`); app
        /// screens may not use it, or the cover would duplicate them when it goes up.
        case screenReservedForCover(ScreenID, coverLevel: WindowLevel)
        /// Unlock while no lock screen is up.
        case notLocked
        /// Unlock while the app is not active: nobody can have typed a PIN into a shielded or
        /// background app, so the lock stays up.
        case unlockWhileNotActive(ApplicationState)
        /// A content request named a level where no window stands.
        case noWindow(at: WindowLevel)
        /// Window ids ran out: the next id would pass `UInt64.max` (only a planner handed such an id
        /// by its caller can meet this; a coordinator counts from 1).
        case windowIDsExhausted
        /// The app shows what the request asks for already: a ``TransitionRequest/navigate(_:target:)``
        /// made as a value (as the package's harness and tests do), whose target the root shows
        /// with nothing above it. (``Coordinator/navigate(to:animator:policy:whenLocked:)``
        /// answers such a navigation with nil instead.)
        case alreadyShown(TransitionRequest)

        /// A stable short code for logs and metrics, as `levelOccupied`.
        public var code: String {
            switch self {
            case .unknownLevel: "unknownLevel"
            case .rootLevelReserved: "rootLevelReserved"
            case .levelOccupied: "levelOccupied"
            case .nothingToPop: "nothingToPop"
            case .nothingAboveRoot: "nothingAboveRoot"
            case .screenNotShown: "screenNotShown"
            case .screenIsRoot: "screenIsRoot"
            case .duplicateScreen: "duplicateScreen"
            case .unknownUnmanagedWindow: "unknownUnmanagedWindow"
            case .levelReserved: "levelReserved"
            case .screenReservedForCover: "screenReservedForCover"
            case .notLocked: "notLocked"
            case .unlockWhileNotActive: "unlockWhileNotActive"
            case .noWindow: "noWindow"
            case .windowIDsExhausted: "windowIDsExhausted"
            case .alreadyShown: "alreadyShown"
            }
        }

        /// What does not fit, and where, in words a person can act on.
        public var description: String {
            switch self {
            case .unknownLevel(let level, let known):
                "unknown level \(level); configured levels are \(known.map(\.description).joined(separator: ", "))"
            case .rootLevelReserved:
                "the root level holds only the root window; use replaceRoot to change it"
            case .levelOccupied(let level, let window):
                "level \(level) is occupied by window \(window); pop it first"
            case .nothingToPop(let level):
                "nothing to pop at level \(level)"
            case .nothingAboveRoot:
                "nothing to pop: no window stands above the root"
            case .screenNotShown(let id):
                "no window shows screen '\(id)'"
            case .screenIsRoot(let id):
                "screen '\(id)' is the root window's; the root is replaced, never popped"
            case .duplicateScreen(let id, let window):
                "screen id '\(id)' is already shown in window \(window); screen ids must be unique"
            case .unknownUnmanagedWindow(let id):
                "no unmanaged window '\(id)' is registered"
            case .levelReserved(let level):
                "level \(level) is reserved for the privacy shield or the lock screen"
            case .screenReservedForCover(let id, let level):
                "screen id '\(id)' is reserved for the cover at \(level); give the app's screen another id"
            case .notLocked:
                "unlock while no lock screen is up"
            case .unlockWhileNotActive(let state):
                "unlock while the app is \(state); the lock stays up until the app is active and a person unlocks it"
            case .noWindow(let level):
                "no window stands at level \(level) to change the content of"
            case .windowIDsExhausted:
                "window ids ran out: the next would pass UInt64.max"
            case .alreadyShown(let request):
                "the app shows what '\(request)' asks for already; nothing to do"
            }
        }
    }

    /// A stable short code for logs and metrics: the inner case's, as `busy`, `levelOccupied` or,
    /// for a container error, `container.popAtRoot`.
    public var code: String {
        switch self {
        case .refused(let refusal): refusal.code
        case .invalid(let problem): problem.code
        case .container(let error, _): "container.\(error.code)"
        case .route(let error, _): "route.\(error.code)"
        case .denied: "denied"
        case .redirected: "redirected"
        }
    }

    /// What went wrong and where, in words a person can act on.
    public var description: String {
        switch self {
        case .refused(let refusal):
            refusal.description
        case .invalid(let problem):
            problem.description
        case .container(let error, let window):
            "\(error)" + (window.map { " (in window \($0))" } ?? "") + "; nothing changed"
        case .route(let error, let route):
            "route \(route): \(error); nothing changed"
        case .denied(let name, let reason):
            "the guard '\(name)' refused: \(reason); nothing changed"
        case .redirected(let name, let route):
            "the guard '\(name)' redirected to \(route); this request is kept for resumeRedirected(), nothing of it changed"
        }
    }
}

/// A transition admitted: as a rejection names the one in flight, and as `began` and `cancelled` announce it.
public struct InFlightTransition: Sendable, Hashable, CustomStringConvertible {
    /// Its identity.
    public let id: TransitionID
    /// What it does (a ``TransitionRequest/navigate(_:target:)`` names its route).
    public let request: TransitionRequest
    /// Where it comes from: the app, a link, a restoration, a gesture, a redirect, the user or the lifecycle.
    public let source: NavigationSource
    /// The inbox's id of the link it follows, when it follows one (``LinkInbox``): the
    /// correlation id that the `began` event, the record and the link's outcome share.
    public let link: LinkID?

    /// Names a transition; its source is the one `request` implies when nil
    /// (``NavigationSource/implied(by:)``).
    package init(id: TransitionID, request: TransitionRequest, source: NavigationSource? = nil, link: LinkID? = nil) {
        self.id = id
        self.request = request
        self.source = source ?? .implied(by: request)
        self.link = link
    }

    /// `T7 (push pin at medium(2000))`.
    public var description: String { "\(id) (\(request))" }
}
