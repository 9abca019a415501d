import TransitionCoordinator

/// The faults of one seed: which kinds are on, and how often each fires (swarm testing).
///
/// A seed's plan switches some fault kinds off entirely and draws its own rates for the rest, so
/// across seeds every combination of "this fault never happens" gets explored.
public struct FaultPlan: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of fault the harness injects.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
        case delayedAnimator, neverFinishingAnimator, twiceFinishingAnimator, throwingAnimator
        case lateFinishingAnimator, reentrantAnimator, cancelledCaller, lifecycleBurst, queueStall
        /// A host call that returns only long after the host timeout (per mille of host calls).
        case stuckHost
        /// An animator that starts a task which, after its transition ended, asks for the next one
        /// (of animators handed out): re-entrancy chains across ended transitions.
        case chainedAnimator
        /// Coordinators created and freed during the run, each asked by a task started inside the
        /// previous one's animator (of lifecycle events, one round each).
        case coordinatorChurn
        /// An app screen that uses a cover's screen id (of pushes and root replacements).
        case coverScreenID
        /// An animator that ignores cancellation and returns only after its delay, as a UIKit
        /// completion block fires at the animation's end (of animators handed out).
        case stubbornAnimator
        /// A storm of notifications as the app locks: deferrable requests queued behind a
        /// transition meet the lock at hand-over, more of their coalescing group arrive while
        /// locked (of lifecycle events in an active app).
        case lockedSpell
        /// A request that changes content (of requests): container operations on nested stacks,
        /// tabs and modals, `setStack` lists, windows opened with trees and whole trees replaced.
        case containerOperation
        /// A push onto a stack followed by the user's swipe back over it (of requests): begun,
        /// held while other requests and lifecycle events race it, then committed or cancelled.
        case interactiveGesture
        /// A replace that moves a hop flow's screen into a stack of the same window while the flow
        /// waits (of hop flow rounds): still shown, no longer the hop container's current child.
        case movedFlowScreen
        /// A second flow that hops to the screen a flow waits on, its task cancelled as it begins
        /// to wait (of hop flow rounds): the first flow must wait on.
        case cancelledRivalFlow
        /// A modal presented or dismissed, or another tab selected, as a whole tree replacing the
        /// root window's content (what a link resolves to), built from the content at the time
        /// (of requests): the animator must be told the same kind a handle call would give.
        case treeChange

        /// Orders kinds by declaration.
        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    /// The rate of each kind in percent (of animators handed out, of requests, of lifecycle
    /// events, of scheduler steps, of host calls; each kind says); 0 means off.
    public var rates: [Kind: Int]

    /// A plan with the given rates.
    public init(rates: [Kind: Int]) { self.rates = rates }

    /// Every fault on at moderate rates (the threads mode and single-seed runs).
    public static let standard = FaultPlan(rates: [
        .delayedAnimator: 25, .neverFinishingAnimator: 7, .twiceFinishingAnimator: 8, .throwingAnimator: 8,
        .lateFinishingAnimator: 4, .reentrantAnimator: 7, .cancelledCaller: 4, .lifecycleBurst: 15, .queueStall: 2,
        .stuckHost: 5, .chainedAnimator: 10, .coordinatorChurn: 50, .coverScreenID: 9,
        .stubbornAnimator: 20, .lockedSpell: 15, .containerOperation: 45, .interactiveGesture: 15,
        .movedFlowScreen: 50, .cancelledRivalFlow: 50, .treeChange: 15,
    ])

    /// The swarm plan of `seed`: each kind off with probability 1/4, otherwise at a drawn rate.
    public static func swarm(seed: UInt64) -> FaultPlan {
        var rng = SplitMix64(seed: seed).split(0xFA17)
        var rates: [Kind: Int] = [:]
        for kind in Kind.allCases {
            let ceiling = standard.rates[kind, default: 5] * 2
            rates[kind] = rng.chance(25) ? 0 : 1 + rng.below(max(1, ceiling))
        }
        return FaultPlan(rates: rates)
    }

    /// The rate of `kind`.
    public func rate(_ kind: Kind) -> Int { rates[kind, default: 0] }

    /// As `delayedAnimator 23% · neverFinishingAnimator off · …`.
    public var description: String {
        Kind.allCases.map { kind in rate(kind) == 0 ? "\(kind.rawValue) off" : "\(kind.rawValue) \(rate(kind))%" }
            .joined(separator: " · ")
    }
}
