import TransitionCoordinator

/// Draws the harness's random requests and animators: valid and invalid ones, at every level.
struct Workload: Sendable {
    let levels: [WindowLevel]
    /// A level the coordinator does not know, to provoke `unknownLevel`.
    static let strayLevel = WindowLevel("stray", rawValue: 2_500)
    /// A small pool of screen ids, so duplicates and pops of shown screens happen often.
    static let screenPool = 12

    func request(_ rng: inout SplitMix64) -> TransitionRequest {
        if rng.chance(faults.rate(.containerOperation)) { return contentRequest(&rng) }
        let level = rng.chance(4) ? (rng.chance(50) ? Self.strayLevel : .root) : rng.pick(levels)
        switch rng.below(100) {
        case 0..<34: return .push(screen(&rng), at: level)
        case 34..<58: return .pop(level)
        case 58..<68: return .popScreen(ScreenID("s\(rng.below(Self.screenPool))"))
        case 68..<76: return .popAll
        // The root replaced by one screen, rarely when windows show content (it takes every container with it).
        case 76..<86 where faults.rate(.containerOperation) == 0 || rng.chance(40): return .replaceRoot(screen(&rng))
        case 76..<86: return .push(screen(&rng), at: level)
        case 86..<95: return .unlock
        default:
            let id = "overlay\(rng.below(2))"
            return rng.chance(60)
                ? .registerUnmanagedWindow(UnmanagedWindow(id: id, zOrder: 500 + rng.below(3_000), isKey: rng.chance(50)))
                : .unregisterUnmanagedWindow(id: id)
        }
    }

    /// The admission policy of a request: all four; for a window request reject most often, for a
    /// content request (what an app's screens ask, one after another) enqueue most often.
    func policy(for request: TransitionRequest, _ rng: inout SplitMix64) -> AdmissionPolicy {
        guard request.kind == .content else { return policy(&rng) }
        switch rng.below(100) {
        case 0..<10: return .reject
        case 10..<75: return .enqueue
        case 75..<90: return .coalesce(group: "g\(rng.below(3))")
        default: return .preempt
        }
    }

    /// The admission policy of a window request: all four, reject most often.
    func policy(_ rng: inout SplitMix64) -> AdmissionPolicy {
        switch rng.below(100) {
        case 0..<40: .reject
        case 40..<70: .enqueue
        case 70..<88: .coalesce(group: "g\(rng.below(3))")
        default: .preempt
        }
    }

    /// Whether a request waits for the unlock instead of being refused while locked.
    func lockedBehavior(_ rng: inout SplitMix64) -> LockedBehavior {
        rng.chance(50) ? .deferUntilUnlocked : .refuse
    }

    /// The next application state the lifecycle task reports: mostly the real iOS sequence
    /// (active → inactive → background → inactive → active), sometimes a jump.
    func lifecycle(after state: ApplicationState, _ rng: inout SplitMix64) -> ApplicationState {
        if rng.chance(15) { return rng.pick(ApplicationState.allCases) }
        switch state {
        case .active: return .inactive
        case .inactive: return rng.chance(50) ? .background : .active
        case .background: return .inactive
        }
    }

    /// The faults in force.
    var faults: FaultPlan = .standard

    /// An animator kind, hostile ones at the fault plan's rates; the rest none (1 in 4) or instant.
    func animator(_ rng: inout SplitMix64) -> AnimatorKind {
        var roll = rng.below(100)
        let hostile: [(FaultPlan.Kind, AnimatorKind)] = [
            (.delayedAnimator, .delayed), (.neverFinishingAnimator, .neverFinishing),
            (.twiceFinishingAnimator, .finishingTwice), (.throwingAnimator, .throwing),
            (.lateFinishingAnimator, .finishingLate), (.reentrantAnimator, .reentrant), (.chainedAnimator, .chained),
            (.stubbornAnimator, .stubborn),
        ]
        for (fault, kind) in hostile {
            if roll < faults.rate(fault) { return kind }
            roll -= faults.rate(fault)
        }
        return rng.chance(25) ? .none : .instant
    }

    func screen(_ rng: inout SplitMix64) -> Screen {
        if rng.chance(faults.rate(.coverScreenID)) {
            // An app screen with a cover's screen id: refused, or the cover duplicates it.
            return rng.chance(50) ? Screen("pin") : Screen("shield")
        }
        let number = rng.below(Self.screenPool)
        return Screen("screen", id: ScreenID("s\(number)"), parameters: rng.chance(30) ? ["n": "\(number)"] : [:])
    }
}

/// One request a worker task fires, fully drawn in advance so a failing run can be shrunk.
public struct Operation: Sendable, Hashable, CustomStringConvertible {
    /// What is asked.
    public var request: TransitionRequest
    /// The animator handed along.
    public var animator: AnimatorKind
    /// The admission policy.
    public var policy: AdmissionPolicy
    /// What it does while locked.
    public var whenLocked: LockedBehavior
    /// Whether the worker cancels the request's task right after asking.
    public var cancels: Bool
    /// How long a delayed animator takes.
    public var delay: Duration
    /// The pause after the answer.
    public var pause: Duration
    /// For a ``TransitionRequest/userDid(_:at:)`` of a pop: asked as an interactive gesture,
    /// begun, held for ``delay`` and then ended this way; nil for everything else.
    public var gesture: GestureEnd? = nil
    /// The draw that aims a content request at a container that exists when it fires
    /// (``Workload/aimed(_:roll:at:)``).
    public var aim: UInt64 = 0
    /// Asked instead as a whole tree that presents, dismisses or selects a tab in what the root
    /// window shows when it is fired (see ``TreeChange``).
    public var treeChange = false

    /// How a worker's interactive gesture ends.
    public enum GestureEnd: String, Sendable, Hashable {
        /// The user finishes the swipe.
        case commit
        /// The user lets go.
        case cancel
    }

    /// Whether it shows an app screen under a cover's screen id.
    public var usesCoverScreenID: Bool {
        switch request {
        case .push(let screen, _), .replaceRoot(let screen): ["pin", "shield"].contains(screen.id.rawValue)
        case .show(let content, _), .content(.replace(with: let content), _), .content(.hop(to: let content, _), _),
            .content(.present(let content, _), _):
            content.screens.contains { ["pin", "shield"].contains($0.id.rawValue) }
        case .content(.push(let screen, _), _): ["pin", "shield"].contains(screen.id.rawValue)
        case .content(.setStack(_, let screens), _): screens.contains { ["pin", "shield"].contains($0.id.rawValue) }
        default: false
        }
    }

    /// Whether it opens a window with content other than a single screen.
    public var showsContent: Bool {
        if case .show(let content, _) = request, content.containers.isEmpty == false { true } else { false }
    }

    /// As `push s3 at low(1000) · enqueue · delayed`.
    public var description: String {
        "\(request) · \(policy)" + (whenLocked == .deferUntilUnlocked ? " · defer" : "")
            + (animator == .none ? "" : " · \(animator.rawValue) animator") + (cancels ? " · cancelled" : "")
            + (gesture.map { " · gesture, then \($0.rawValue)" } ?? "") + (treeChange ? " · as a tree change" : "")
    }
}

extension Workload {
    /// The scripts of every worker task for `configuration`: task i's operations come from its
    /// own sub-stream of the seed, so the same seed always gives the same scripts.
    func scripts(_ configuration: StressConfiguration) -> [[Operation]] {
        let root = SplitMix64(seed: configuration.seed)
        return (0..<configuration.tasks).map { task in
            let share =
                configuration.requests / configuration.tasks + (task < configuration.requests % configuration.tasks ? 1 : 0)
            var rng = root.split(UInt64(task))
            return (0..<share).flatMap { _ in
                let request = request(&rng)
                var operation = Operation(
                    request: request, animator: animator(&rng), policy: policy(for: request, &rng),
                    whenLocked: lockedBehavior(&rng), cancels: rng.chance(faults.rate(.cancelledCaller)),
                    delay: configuration.maxAnimationDelay * (Double(rng.below(1_000)) / 1_000),
                    // A quarter of the answers are followed at once by the next request (a double tap).
                    pause: rng.chance(25) ? .zero : configuration.maxPause * (Double(rng.below(1_000)) / 1_000),
                    aim: rng.next())
                operation.treeChange = rng.chance(faults.rate(.treeChange))
                guard rng.chance(faults.rate(.interactiveGesture)) else { return [operation] }
                operation.treeChange = false
                // A screen pushed, then the user's swipe back over it: begun (most waiting their
                // turn, as a host that queues a swipe made during an animation), held, then
                // finished or let go.
                let stack = rng.pick(Array(Self.stackIDs.prefix(2)))
                var push = operation
                push.request = .content(
                    .push(Screen("content", id: ScreenID("k\(rng.below(Self.contentScreenPool))")), onto: stack))
                push.policy = .enqueue
                operation.request = .userDid(.pop(stack))
                operation.policy = rng.chance(25) ? .reject : .enqueue
                operation.gesture = rng.chance(40) ? .commit : .cancel
                operation.cancels = false
                return [push, operation]
            }
        }
    }
}
