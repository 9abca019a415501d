import TransitionCoordinator

/// Draws the harness's random requests and animators: valid and invalid ones, at every level.
struct Workload: Sendable {
    let levels: [WindowLevel]
    /// A level the coordinator does not know, to provoke `unknownLevel`.
    static let strayLevel = WindowLevel("stray", rawValue: 2_500)
    /// A small pool of screen ids, so duplicates and pops of shown screens happen often.
    static let screenPool = 12

    func request(_ rng: inout SplitMix64) -> TransitionRequest {
        let level = rng.chance(4) ? (rng.chance(50) ? Self.strayLevel : .root) : rng.pick(levels)
        switch rng.below(100) {
        case 0..<34: return .push(screen(&rng), at: level)
        case 34..<58: return .pop(level)
        case 58..<68: return .popScreen(ScreenID("s\(rng.below(Self.screenPool))"))
        case 68..<76: return .popAll
        case 76..<86: return .replaceRoot(screen(&rng))
        case 86..<95: return .unlock
        default:
            let id = "overlay\(rng.below(2))"
            return rng.chance(60)
                ? .registerUnmanagedWindow(UnmanagedWindow(id: id, zOrder: 500 + rng.below(3_000), isKey: rng.chance(50)))
                : .unregisterUnmanagedWindow(id: id)
        }
    }

    /// The admission policy of a request: all four, reject most often.
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
        rng.chance(35) ? .deferUntilUnlocked : .refuse
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
            (.lateFinishingAnimator, .finishingLate), (.reentrantAnimator, .reentrant),
        ]
        for (fault, kind) in hostile {
            if roll < faults.rate(fault) { return kind }
            roll -= faults.rate(fault)
        }
        return rng.chance(25) ? .none : .instant
    }

    private func screen(_ rng: inout SplitMix64) -> Screen {
        let number = rng.below(Self.screenPool)
        return Screen("screen", id: ScreenID("s\(number)"), parameters: rng.chance(30) ? ["n": "\(number)"] : [:])
    }
}
