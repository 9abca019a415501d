import TransitionCoordinator

/// A deliberate bug planted at one of the harness's own seams (the coordinator's configuration, its
/// animators), so the library needs no code for it: the harness must catch it all the same.
///
/// Present in every build, so a plain `swift test` can show the harness failing; the library's own
/// mutants (``Mutation``) can be switched on only in a build with `-Xswiftc -DTC_MUTANTS`.
package enum SeamMutant: String, CaseIterable, Sendable, Hashable {
    /// The coordinator is given a host timeout a thousand times the one the host and the checks
    /// are told: a stuck host's calls are awaited to their end, and hold the coordinator.
    case unboundedHostCalls
    /// Every animator runs in a task of its own, which a cut (preemption, lifecycle event, the
    /// caller's cancellation) never reaches: the transition waits for the animator or the whole timeout.
    case noCancelOnCut

    /// The host timeout the coordinator is configured with: `configuration`'s, or a thousand times
    /// it under ``unboundedHostCalls``.
    static func coordinatorHostTimeout(_ configuration: StressConfiguration) -> Duration {
        configuration.seamMutants.contains(.unboundedHostCalls) ? configuration.hostTimeout * 1_000 : configuration.hostTimeout
    }

    /// The bug it plants, in a few words.
    var summary: String {
        switch self {
        case .unboundedHostCalls: "host calls awaited without a bound"
        case .noCancelOnCut: "a cut never reaches the animator's task"
        }
    }
}

/// The harness's mutants by name: the seam mutants in every build, and the library's own
/// (``Mutation``, `package` access) in a build with `-Xswiftc -DTC_MUTANTS`.
public enum StressHarness {
    /// A mutant the CLI can name without seeing the package-only types.
    public struct MutantName: Sendable {
        /// The mutant's name.
        public let name: String
        /// The bug it plants.
        public let summary: String
    }

    /// Whether this build has the library's mutants (`-Xswiftc -DTC_MUTANTS`).
    public static var buildHasLibraryMutants: Bool { Mutation.areCompiledIn }

    /// How to build the stress tool with every mutant.
    public static let mutantBuildCommand =
        "swift build -c release --product stress -Xswiftc -DTC_MUTANTS --scratch-path .build-mutants"
        + " && .build-mutants/release/stress --mutants"

    /// Every mutant of this build, by name: the library's (with `TC_MUTANTS`), then the seam mutants.
    public static var mutantNames: [MutantName] {
        var names: [MutantName] = []
        if Mutation.areCompiledIn { names += Mutation.allCases.map { MutantName(name: $0.rawValue, summary: summary(of: $0)) } }
        names += SeamMutant.allCases.map { MutantName(name: $0.rawValue, summary: $0.summary) }
        return names
    }

    /// Hunts the mutant named `name` over 64 seeds; nil when it survived (or the name is unknown).
    package static func hunt(_ name: String, base: StressConfiguration) -> (seed: UInt64, violation: InvariantViolation)? {
        guard let planted = configuration(huntConfiguration(base), withMutant: name) else { return nil }
        return Swarm.hunt(planted)
    }

    /// How one mutant fared over a swarm of seeds.
    public struct Catches: Sendable {
        /// The mutant.
        public let mutant: MutantName
        /// Seeds run.
        public let seeds: Int
        /// The seeds that caught it, each with its first violation, in seed order.
        package let catches: [(seed: UInt64, violation: InvariantViolation)]
        /// How long the seeds took on the wall clock.
        public let wall: Duration

        /// How many seeds caught it.
        public var caught: Int { catches.count }
        /// Whether more than half of the seeds caught it: a mutant that only a few lucky seeds
        /// catch shows a check or a workload that rarely reaches the bug.
        public var byMajority: Bool { caught * 2 > seeds }

        /// As `mutant noTimeout caught by 63/64 seeds (first: seed 1: invariant 7 …) in 1.2 s`.
        public var line: String {
            let first = catches.first.map { "seed \($0.seed): \($0.violation.description.split(separator: "\n").first ?? "")" }
            let tenths = Int(wall.components.seconds) * 10 + Int(wall.components.attoseconds / 100_000_000_000_000_000)
            let time = "\(tenths / 10).\(tenths % 10) s"
            let padded = mutant.name + String(repeating: " ", count: max(0, 26 - mutant.name.count))
            return "mutant \(padded) caught by \(caught)/\(seeds) seeds" + (first.map { " (first: \($0))" } ?? "")
                + " in \(time)" + (byMajority ? "" : " — FAILED: most seeds miss '\(mutant.summary)'")
        }
    }

    /// A UIKit stress run's outcome, as the CLI prints it.
    public struct UIKitOutcome: Sendable {
        /// One line: seeds, steps, commits checked, user actions, violations.
        public let summary: String
        /// The first violation of each failing seed, one line each.
        public let violations: [String]
    }

    /// The UIKit layer's mutants in this build (none without `TC_MUTANTS`).
    public static var uikitMutantNames: [String] { UIKitStress.mutantNames }

    /// Runs the UIKit stress mode (``UIKitStress``) on seeds 1...`seeds`, `steps` steps each.
    @MainActor
    public static func uikit(seeds: Int, steps: Int, mutants: Set<String> = []) async -> UIKitOutcome {
        let outcome = await UIKitStress.run(seeds: (1...UInt64(max(1, seeds))).map { $0 }, steps: steps, mutants: mutants)
        return UIKitOutcome(
            summary: outcome.summary,
            violations: outcome.violations.map { "seed \($0.seed): \($0.violation.description)" })
    }

    /// Runs the mutant named `name` on every seed 1...`seeds` (the hunt's configuration, each seed
    /// with its swarm fault plan) and counts the seeds that catch it; nil for an unknown name.
    ///
    /// Each seed runs in simulation, or on real threads for a mutant only they reach
    /// (``needsRealThreads(_:)``): then a catch depends on timing, and the majority rule still holds.
    public static func catches(_ name: String, base: StressConfiguration, seeds: Int = 64) async -> Catches? {
        guard let planted = configuration(huntConfiguration(base), withMutant: name),
            let mutant = mutantNames.first(where: { $0.name == name })
        else { return nil }
        let started = ContinuousClock.now
        let seedList = (1...UInt64(max(1, seeds))).map { $0 }
        if UIKitStress.mutantNames.contains(name) {
            // The UIKit layer's mutants live in the UIKit host: its stress mode hunts them, a seed
            // at a time, each seed's first violation its catch.
            var caught: [(seed: UInt64, violation: InvariantViolation)] = []
            for seed in seedList {
                caught += await UIKitStress.run(seeds: [seed], steps: UIKitStress.huntSteps, mutants: [name]).violations
            }
            return Catches(mutant: mutant, seeds: max(1, seeds), catches: caught, wall: started.duration(to: .now))
        }
        let caught =
            needsRealThreads(name)
            ? await Swarm.catchesOnThreads(planted, seeds: seedList) : Swarm.catches(planted, seeds: seedList)
        return Catches(mutant: mutant, seeds: max(1, seeds), catches: caught, wall: started.duration(to: .now))
    }

    /// Whether the mutant named `name` lives where only a run on real threads reaches it (a
    /// SwiftUI model, on the main actor): `--mutant NAME` then needs `--threads`.
    public static func needsRealThreads(_ name: String) -> Bool {
        Mutation.areCompiledIn && Mutation(rawValue: name)?.needsRealThreads == true
    }

    /// The configuration mutants are hunted with: at most 1,000 requests from 32 tasks, a lifecycle
    /// event per 25 requests.
    public static func huntConfiguration(_ base: StressConfiguration) -> StressConfiguration {
        var small = base
        small.requests = min(base.requests, 1_000)
        small.tasks = min(base.tasks, 32)
        small.lifecycleEvents = max(1, small.requests / 25)
        return small
    }

    /// `configuration` with the mutant named `name` switched on; nil for a name this build does not know.
    public static func configuration(_ configuration: StressConfiguration, withMutant name: String) -> StressConfiguration? {
        var planted = configuration
        if let seam = SeamMutant(rawValue: name) {
            planted.seamMutants = [seam]
            return planted
        }
        guard Mutation.areCompiledIn, let mutant = Mutation(rawValue: name) else { return nil }
        planted.mutants = [mutant]
        return planted
    }

    static func summary(of mutant: Mutation) -> String {
        switch mutant {
        case .noBusyCheck: "no busy check"
        case .staleRead: "state read before an await and written after"
        case .noOneShotFinish: "no one-shot finish bookkeeping"
        case .noTimeout: "no animation timeout"
        case .lockAfterAcknowledgement: "lock applied after the background acknowledgement"
        case .unboundedQueue: "unbounded waiting queue"
        case .unlockWhileNotActive: "unlock accepted while the app is not active"
        case .unboundedDeferred: "deferred limit ignored at hand-over"
        case .coalesceQueuedLaneOnly: "coalescing ignores the deferred lane"
        case .modelWaitsForGapsNextEvent: "the SwiftUI model learns of a gap in its stream only with the next event"
        case .tapBackReportsPop: "the testing product's back tap pops whatever is on top by its turn"
        case .flowCancelledAsRefusal: "a flow cancelled after its hop committed is told the hop was refused"
        case .coalesceOnlyWhenWaiting: "a coalescing request that runs at once leaves its group's deferred members waiting"
        case .preemptBeforeAdmission: "a preempt cuts the animation before it knows it will run"
        case .animatorAfterCut: "the animation ends before the animator is called"
        case .coverScreenIDsUnreserved: "app screens may use the covers' screen ids"
        case .lateBegan: "began sent after the slot changed hands"
        case .addressMarkers: "re-entrancy markers name coordinators by address"
        case .unprunedChain: "the re-entrancy chain keeps ended transitions"
        case .showCoverBeforeHiding: "a cover shown before what it hides is hidden"
        case .staleBusyGate: "busy refusals name a transition that has ended"
        case .stackWithoutRoot: "a pop or setStack that leaves only the root removes it too"
        case .removeTwice: "a screen's remove callback called twice"
        case .cancelledGestureApplied: "a cancelled gesture applied as a pop"
        case .setStackStepByStep: "a setStack shown step by step: observers see the middle"
        case .childModalLeftBehind: "a child modal left behind when its parent is dismissed"
        case .presentInBusyContext: "a present planned in a presentation context that presents already"
        case .routeStepByStep: "a route applied step by step: observers see the middle"
        case .linkDroppedFromInbox: "a link dropped from the inbox with no outcome"
        case .restoredDuplicateLink: "restored links sharing an id keep it, so one link ends twice"
        case .savedStateDropsParameters: "a saved state that restores other screens (parameters left out)"
        case .linkIgnoresDeclaredIDs: "a link that builds containers with made ids, not the app's"
        case .madeScreenAnyPlace: "a route that takes a screen an earlier route made at another place, with that place's id"
        case .madeScreenAnySpelling: "a route that takes a screen an earlier route made for another spelling, with its id"
        case .alreadyThereByTopScreen: "a link taken as already there when the top screen is the target's"
        case .linkResetsUnnamedTabs: "a link resets the tabs its route does not name"
        case .alreadyThereBeforeGuards: "a preempting link answered as already there before the guards of the one in flight"
        case .savedStateIgnoresDeclaredIDs: "saving that cannot read the app's declared ids"
        case .resumeWaitsOnItsOwnTransition: "a resume asked from an animator waits behind its own transition"
        case .heldGestureSureToCommit: "a held gesture taken as sure to commit by a preempting navigation"
        case .renamedTabDropsLaterTabs: "a renamed tab drops the other tabs' screens on restore"
        case .unboundedElementCount: "a destination's array as long as its parameter says"
        case .emptyKeyedValueDropped: "a destination's empty keyed value written as nothing"
        case .destinationKeysUnescaped: "a destination's keys written with their own dots"
        case .unorderedElementsAsIterated: "a destination's set listed in the order it iterates"
        case .singleFieldStructAsCase: "a struct destination with one keyed field named for that field"
        case .signedZero: "a destination's -0.0 another screen than 0.0"
        case .expiredAtDeadline: "a link that waited exactly its expiry ended as expired"
        case .linkUserUndecoded: "a link URL's user information compared as written"
        case .portLeadingZerosCounted: "a link URL's port with leading zeros refused as too large"
        case .restoredNegativeWaitGoes: "a restored link whose saved wait ran out sent, not expired"
        case .restoredIDZeroKept: "a restored link's saved id 0 kept, so a later restore reuses it"
        case .redirectedLinkLosesInbox: "a redirected link kept without its inbox, so no resume sends it"
        case .hopHidesDismiss: "a sheet over a hop container's screen dismissed, told as a hop"
        case .guardsBesideSetup: "guards asked while the host's first calls run, unbounding them"
        case .setupCallsNotReentrant: "a request from a call of the host's first calls taken, waiting on them"
        case .preemptCutsBehindWaiter: "a preempting request cutting the animation behind an earlier waiting one"
        case .owedResignForgotten: "a key unmanaged window's resign a stuck host missed never sent"
        case .releasedInboxLosesLink: "a link on its way losing its end when the app lets its inbox go"
        case .upPopsTabRoot: "a relative route's up past a tab's root, selecting or popping another tab"
        case .tabNeedingParameterRegistered: "a tab bar registered with a tab that needs a parameter"
        case .arrivalAwaitsDeadWaiters: "arrival(of:) waiting on a cancelled request the queue keeps"
        case .emptyStatementMeetsAll: "a non-exhaustive test store's empty statement met by whatever happened"
        case .resumeSkipsRedirectWait: "a resumed request asked before its redirect's deferred navigation ended"
        case .resumedGestureHeld: "a resumed gesture commit held as a gesture the user still holds"
        case .linkSplitsAtCharacters: "a link URL's path split at characters: a slash and a combining mark join"
        case .optionalPlaceholdersAlwaysGiven: "a link table's check that fills every optional query placeholder"
        case .tabStepOverModalsRefused: "a route's tab step over modals refused, so a kept sheet has no route"
        case .retargetedTabWritten: "a tab the app rooted elsewhere saved as its own tab, or left out"
        case .retargetedTabReset: "a link into another tab resets a tab the app rooted elsewhere"
        case .placeholderBoundTwice: "a link pattern that binds a placeholder twice taken"
        case .kindByCallWhereTopStays: "a change's kind the call's even where the top screen stays"
        case .tabSelectionByIndex: "a change's kind that compares tab selections by index"
        case .animationEndWithoutAnimator: "a record that notes an animation's end though no animator ran"
        case .modalEndsTabBranch: "a dropped step in a tab's sheet drops the other tabs' steps on restore"
        case .linkOnTopUnchecked: "a launch link over a restored state that shows its screen refuses the restore"
        case .undeclaredTabsWritten: "a tab bar built otherwise than declared saved as its declaration"
        case .guardSkippedForLinks: "guards skipped for links"
        case .beganWithoutOrigin: "began names no source or link"
        case .parkedLinkNotResumed: "a link parked behind sign-in is never resumed"
        case .guardWithoutTimeout: "a stalled guard holds the slot past the timeout"
        case .staleWindow: "a transition that only closes windows leaves them in the state"
        case .cancelEndsAllWaiters: "a flow's cancellation ends every flow waiting on its screen"
        case .movedScreenIgnored: "a flow waits on when its screen is moved out of its hop container"
        case .hopAgainKeepsEndedStay: "a flow that hops again to the screen still current is refused as unhopped"
        case .unhopTypeUnchecked: "an unhop with a value of another type than the waiting flow's is taken"
        case .launchLinkLostWithSavedSteps: "a launch link over a restored state lost when saved steps were dropped"
        case .linkOnTopUncheckedAlone: "a launch link that its own route refuses taken over a restored state"
        case .savedContentUnchecked: "a saved state that shows a screen twice refused whole, not cut back"
        case .savedLinksUnchecked: "a saved link past the standard limits saved, then lost when read back"
        case .preemptPlansOnUnvetted: "a preempting request held to running while a gesture or guards may end the transition"
        case .modelEqualWriteDropsKept: "a SwiftUI view's second equal write drops the first's value before it is answered"
        case .refusedResumeDropsRequest: "a resume refused before admission drops the request a guard redirected"
        case .thirdResumeAnsweredNil: "a resume asked while another waits on the same trip told nil while the link navigates"
        case .modelStepsUnderSwipedSheet: "a SwiftUI sheet swiped away shown again, its inner sheet's step waited on"
        case .preemptRefusedAfterCut: "a preempting request refused for a stuck host after it cut the animation"
        case .missedResetForgotten: "a reset a stuck host missed never sent in its catch-up"
        case .staleStackApplied: "a waiting setStack brings back screens the user removed meanwhile"
        case .navigateKindsFlattened: "a link's present, dismiss, select or hop told to the animator as a push or a pop"
        case .invalidRefusalUnannounced: "a refusal as invalid answered without its rejected event"
        case .missedMarkerTakesEventSlot: "a lagging subscriber's missed(n) marker takes its next event's slot, for good"
        case .missedOwedKept: "a probe that drained its stream is not told of a gap no later event revealed"
        case .linkEndsGapUnsaid: "a test store reads the link ends an inbox's stream dropped as if there were none"
        case .modelSheetOnScreenAsCommitted: "a sheet set to nil is judged on screen by the committed tab, not the one tapped"
        case .modelReportsAnywhere: "a key-window model reports a view's write in whichever window holds its container"
        case .modelStepsPastSwipedPresenter: "sheets presented where a swipe is unanswered reach the views in one update"
        case .emptyItemKeepsCallbacks: "a setStack item without callbacks leaves a kept screen's old callbacks in place"
        case .hopChildAnywhereInside: "a screen inside a hop container's current child taken for the child itself"
        case .unanimatedAfterCallsDropped: "an unanimated change's after-animation host calls never sent"
        case .unanimatedContentAnimated: "every content change sent to the host as animated"
        case .modelShowsUncommittedWrite: "a SwiftUI model shows a view's write before it is committed"
        case .modelWritesFromCommitted: "a SwiftUI model works out a view's tap or swipe from the committed state"
        case .modelReportsByPlace: "a SwiftUI model's swipe or tap that waited acts on the sheet or tab that replaced it"
        case .modelWorksOutViewWriteLate: "a SwiftUI view's swipe worked out after a commit names the sheet that replaced it"
        case .modelAnswerDropsEqualWrite: "a SwiftUI view's write dropped by the answer to an earlier write of an equal value"
        case .uikitChangeMidTransition: "the UIKit applier calls a container while UIKit's transition on it runs"
        case .uikitDismissMidChainTransition: "the UIKit applier dismisses sheets while a transition higher in their chain runs"
        case .uikitCurtainDownByStaleBackground: "a first background's task takes down a later background's curtain"
        case .uikitSheetWatchedLate: "a sheet's swipe down watched only once its presentation completed"
        case .uikitTapsUngated: "a tab tapped while the host's own change is under way"
        case .uikitReportDroppedAfterSwipe: "a back tap's report dropped while a back swipe's report is under way"
        case .uikitSwipeOverUnreportedPop: "a back swipe let begin over a stack whose back tap is not reported yet"
        case .uikitPresentUnderMoreList: "a sheet presented from the model's tab while the user has More's list open"
        case .uikitPresentInHiddenWindow: "a window's sheets presented while the window is hidden"
        case .uikitHeldSheetLetGo: "a sheet the app holds dismissed by the user's swipe, unguarded"
        case .uikitTabBarInHop: "a launch flow's tab bar made the child of a hop container at the window's root"
        case .uikitTabsInModelOrder: "the tabs the user reordered through More put back in the model's order"
        case .uikitHiddenMidChange: "a window hidden while a presentation in it still waits for UIKit"
        case .uikitUndoUncheckedAfterWait: "a refused swipe's sheet presented again after the model released it"
        case .uikitSwipeNamesContainer: "a stale swipe's report dismisses a new sheet under the same stack id"
        case .uikitPresentOutsideWindow: "a present made from a sheet the user swiped out of the window"
        case .uikitUndoSheetAlone: "a refused swipe's undo presents the sheet without what the model presents over it"
        case .uikitUndoInHiddenWindow: "a refused swipe's undo presents the sheet in a window the lock hid"
        case .uikitDismissWithheld: "a sheet asked to dismiss a modal the host held back from UIKit"
        case .uikitSwipedParentsUnread: "a present made from a tab of a tab-bar sheet the user swiped away"
        }
    }
}
