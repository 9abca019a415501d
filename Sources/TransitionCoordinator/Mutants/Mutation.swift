// The one place that knows whether this build can plant a bug: every other file asks
// `planted(_:)`. In a build without TC_MUTANTS it is the constant `false`, which the optimizer
// folds, so each site's branch, and the `Mutants/` functions only such a branch calls, are gone
// from the library an app links.

/// Deliberate bugs the stress harness switches on to prove it catches them (mutation testing).
///
/// The names exist in every build; only a harness build made with the `TC_MUTANTS` condition can
/// switch one on (``plant(_:)``). Each bug sits at its site as one expression that reads
/// ``planted(_:)``, in the manner of FoundationDB's `BUGGIFY`: `if planted(.unboundedQueue) { return }`,
/// `let applies = committing || planted(.cancelledGestureApplied)`. Without the condition,
/// ``planted(_:)`` is the constant `false`, so the optimizer removes each site's branch: the library
/// an app links runs none of them. The few bugs that need more than an expression call a function
/// of `Mutants/`, reached only from such a branch.
@usableFromInline
package enum Mutation: String, CaseIterable, Sendable, Hashable {
    /// Admission forgets to check the in-flight slot: two transitions can overlap.
    case noBusyCheck
    /// Admission reads the state, awaits, then plans against what it read: a lost update.
    case staleRead
    /// A callback animator's second finish is silently dropped instead of ignored and noted.
    case noOneShotFinish
    /// The animation timeout is never armed: a never-finishing animator hangs its transition.
    case noTimeout
    /// Entering the background acknowledges before the lock is up (the next transition raises it).
    case lockAfterAcknowledgement
    /// The waiting queue ignores its limit.
    case unboundedQueue
    /// Unlock is accepted while the app is inactive or in the background.
    case unlockWhileNotActive
    /// A request moved to the deferred lane at hand-over ignores the deferred limit.
    case unboundedDeferred
    /// A coalescing request supersedes only the queued lane, not the deferred one.
    case coalesceQueuedLaneOnly
    /// A coalescing request admitted at once (or already there) leaves its group's deferred members waiting.
    case coalesceOnlyWhenWaiting
    /// A hop flow cancelled after its hop committed is told the hop was refused as cancelled.
    case flowCancelledAsRefusal
    /// The testing product's back tap reports a pop of the top, not the screen it left on top.
    case tapBackReportsPop
    /// The SwiftUI model learns its stream fell behind only with the next event: a gap at the end
    /// leaves it showing an old state until another commit.
    case modelWaitsForGapsNextEvent
    /// A preempting request cuts the animation short before it knows it will run.
    case preemptBeforeAdmission
    /// The animation ends as soon as its task starts, so the animator may run after its windows are gone.
    case animatorAfterCut
    /// App screens may use the covers' screen ids.
    case coverScreenIDsUnreserved
    /// A handed-over transition's `began` event is sent when its task resumes, after rejections naming it.
    case lateBegan
    /// Re-entrancy markers name the coordinator by its address, which a later coordinator may reuse.
    case addressMarkers
    /// The re-entrancy chain keeps the markers of transitions that have ended.
    case unprunedChain
    /// A cover is shown before the windows it must hide are hidden.
    case showCoverBeforeHiding
    /// The busy gate is not withdrawn when its transition commits: `.reject` requests are refused
    /// in their callers' context naming a transition that has ended (until the next one begins).
    case staleBusyGate
    /// A pop that reaches a stack's root, or a `setStack` to the root alone, removes the root as
    /// well: a stack left without its root.
    case stackWithoutRoot
    /// A screen's `remove` callback is called twice when it leaves.
    case removeTwice
    /// A cancelled interactive gesture is applied as if committed.
    case cancelledGestureApplied
    /// A `setStack` is shown step by step: while it animates, the snapshot holds the stack cut
    /// back to what it shares with the new one (the pops done, the pushes not), a state observers
    /// must never see.
    case setStackStepByStep
    /// Dismissing a modal that presents another leaves that child behind, presented by the
    /// dismissing node: a child sheet outlives its parent.
    case childModalLeftBehind
    /// A present from a node whose presentation context presents already (a stack in a tab while
    /// its tab bar presents, say) is planned as if the context were free: two presentations in
    /// one UIKit presentation context, which UIKit refuses.
    case presentInBusyContext
    /// A route is applied step by step: while it animates, the snapshot and the host hold the
    /// route's target without its last step (the last modal not yet presented, or the last push
    /// not yet made), a state observers must never see.
    case routeStepByStep
    /// A link superseded while waiting in the inbox is forgotten with no outcome: its sender
    /// never hears of it.
    case linkDroppedFromInbox
    /// The inbox keeps the ids of restored links even when two share one, so a link ends twice.
    case restoredDuplicateLink
    /// The saved state leaves the screens' parameters out: restoring it shows other screens.
    case savedStateDropsParameters
    /// A link builds its containers with the ids a route makes, not the ones the registry
    /// declares: the app's handles miss what the link built.
    case linkIgnoresDeclaredIDs
    /// A route takes a screen an earlier route made wherever it is shown now, not only at the
    /// place it was made: the screen keeps an id made for another place.
    case madeScreenAnyPlace
    /// A route takes a screen an earlier route made for an equal target spelled otherwise: the
    /// screen keeps an id written from the other spelling's bytes.
    case madeScreenAnySpelling
    /// A navigation is taken as already there when the root's top screen is the target's: a link
    /// that differs only below the top, or in a tab not shown, does nothing.
    case alreadyThereByTopScreen
    /// A link rebuilds every tab: the tabs its route does not name lose what the user had open.
    case linkResetsUnnamedTabs
    /// A `.preempt` navigation to where the transition in flight leads is answered already there
    /// while that transition's guards may still refuse it: the app never gets there.
    case alreadyThereBeforeGuards
    /// Saving reads the content without the registry's declared ids: content with the app's ids
    /// cannot be saved.
    case savedStateIgnoresDeclaredIDs
    /// Restoring a state whose first tab step names a tab the app no longer has drops every step
    /// after it, the other tabs' screens with them, not only that tab's branch.
    case renamedTabDropsLaterTabs
    /// A destination's array takes the count its parameter states, however large: a link of a
    /// few bytes makes the decoder build millions of elements.
    case unboundedElementCount
    /// An empty keyed value in a destination (a payload-less case in a payload, a struct whose
    /// fields are all nil, an empty dictionary) is written as nothing: it reads back absent, and
    /// values that differ there share one id.
    case emptyKeyedValueDropped
    /// A destination's keys are written with their own dots: a dictionary key `a.b` reads back
    /// as nesting, and two values share one id.
    case destinationKeysUnescaped
    /// A set in a destination lists its elements in the order it iterates them: equal sets
    /// built in another order are other screens.
    case unorderedElementsAsIterated
    /// A struct whose one field is a keyed value is taken as an enum case, named for that field.
    case singleFieldStructAsCase
    /// A destination's `-0.0` keeps its sign: a value equal to one shown is another screen.
    case signedZero
    /// The inbox ends a link that waited exactly its expiry as expired: a link posted with no
    /// expiry to an open, idle inbox never goes.
    case expiredAtDeadline
    /// A link URL's user information is compared as written: a URL that RFC 3986 calls the same
    /// as the pattern's (`us%65r@`) leads nowhere.
    case linkUserUndecoded
    /// A link URL's port with leading zeros (`:000443`) is refused as over 65535.
    case portLeadingZerosCounted
    /// A link URL's path is split at characters: a `/` that a combining mark follows is one
    /// character with it, so it does not separate, and a value crosses segments.
    case linkSplitsAtCharacters
    /// A redirected request, resumed, is asked at once, not after the redirect's navigation: a
    /// sign-in deferred until the unlock commits after it, over what the resume showed.
    case resumeSkipsRedirectWait
    /// A gesture's commit, redirected and resumed, keeps the gesture's source: admitted as a
    /// gesture the user still holds, a lifecycle event cuts it while its guards decide.
    case resumedGestureHeld
    /// A non-exhaustive test store reads a category stated empty (`$0.events = []`) as lines
    /// that appear in order, which anything meets: a step stating that nothing happened passes
    /// whatever happened.
    case emptyStatementMeetsAll
    /// `arrival(of:)` counts a cancelled waiter the queue has not dropped yet as one that may
    /// still show the screen: a request deferred while locked and then cancelled leaves it
    /// waiting until the unlock.
    case arrivalAwaitsDeadWaiters
    /// A tab bar whose tab's screen needs a parameter is registered: no route can make that tab,
    /// so the tab bar saves but never restores.
    case tabNeedingParameterRegistered
    /// A relative route's `up` goes past a tab's root as past a screen: `..` at the root of the
    /// selected tab selects the tab printed before it, and a longer `up` pops what that tab shows.
    case upPopsTabRoot
    /// A restored link saved with a negative remaining wait is read as having none left: it goes
    /// to an open, idle inbox instead of expiring at once.
    case restoredNegativeWaitGoes
    /// A restored link's saved id of 0 is kept: the inbox then reads as having given no id, so a
    /// later restore keeps its ids again, and one id ends twice.
    case restoredIDZeroKept
    /// A link's delivery task holds its inbox weakly: an inbox the app lets go while the link is
    /// on its way ends ``LinkInbox/outcomes`` without that link's end.
    case releasedInboxLosesLink
    /// A key unmanaged window's resign that a stuck host missed (the registration committed to
    /// the model alone) is forgotten: the catch-up never names it, and the host keeps it key.
    case owedResignForgotten
    /// A preempting request behind an earlier one still waiting (it came while the guards
    /// decided) cuts the animation: the earlier one runs first, and the cutter may then be
    /// refused after it cut.
    case preemptCutsBehindWaiter
    /// A request from one of the host's first calls (``Coordinator/start()``) is taken, not
    /// refused as re-entrant: it waits for the calls it is made from, until the host timeout.
    case setupCallsNotReentrant
    /// A transition admitted while the host's first calls run (``Coordinator/start()``) asks its
    /// guards at once: their time limit replaces the calls' own, so a stuck call is never given up.
    case guardsBesideSetup
    /// A hop container whose screen no longer presents its sheet is told a hop, not a dismiss:
    /// the same change is another kind made by a whole tree (a link) than by a handle.
    case hopHidesDismiss
    /// A link a guard redirected is kept without the inbox it came from: the resume cannot send
    /// it again, and it stays parked there until it expires.
    case redirectedLinkLosesInbox
    /// A link table's check fills every optional query placeholder: a pattern whose optional
    /// parameter fills a required one passes, and the URL without it fails when followed.
    case optionalPlaceholdersAlwaysGiven
    /// A route's tab step over modals is refused: a tab that keeps its sheet while another is
    /// selected has no route, so such a state saves as one that does not restore.
    case tabStepOverModalsRefused
    /// A tab's stack the app rooted at another screen is written as the tab's own (left out when
    /// it holds that root alone): saving loses it without a word.
    case retargetedTabWritten
    /// A link into another tab resets a tab the app rooted at another screen.
    case retargetedTabReset
    /// A link pattern that binds a placeholder twice (`/:id/posts/:id`) is taken: a link's second
    /// value silently replaces its first.
    case placeholderBoundTwice
    /// A content change keeps the kind its call makes (a push, a select) even where the top
    /// screen stays: an animator's context says push for a screen pushed onto a tab not shown.
    case kindByCallWhereTopStays
    /// A change's kind compares tab bars' selections by index: tabs reordered, the shown tab
    /// replaced at the same index, is told to the animator as a push or a pop.
    case tabSelectionByIndex
    /// A record notes when its animation ended though the animator was never called (barred
    /// before its start by a preemption or its caller's cancellation).
    case animationEndWithoutAnimator
    /// Restoring a state whose dropped step stands in a sheet a tab keeps drops every step after
    /// it, the other tabs' with them, not only that tab's branch.
    case modalEndsTabBranch
    /// A launch link that would show over the restored state what the state shows already (the
    /// mail open when its notification is tapped) is taken as it is: the restore is refused, and
    /// neither the state nor the link is shown.
    case linkOnTopUnchecked
    /// A tab bar built by hand with other tabs than the registry names, or other stacks than it
    /// declares, is saved as its declaration: the tab or the stack id the app made is lost.
    case undeclaredTabsWritten
    /// Guards are not asked about links the inbox delivers: one source bypasses them.
    case guardSkippedForLinks
    /// `resumeRedirected()` asked from inside the transition in flight (its animator) sends a
    /// parked link behind that transition, and waits for it: the animation ends only at its timeout.
    case resumeWaitsOnItsOwnTransition
    /// A `.preempt` navigation to where a held gesture leads is answered already there, though
    /// the user may still cancel the gesture: the app never gets there.
    case heldGestureSureToCommit
    /// `began` names no source or link (the source its request implies instead): analytics
    /// cannot follow a link from its start to its end.
    case beganWithoutOrigin
    /// The inbox loses track of a link parked behind sign-in: a resume finds nothing, and the
    /// link waits until it expires.
    case parkedLinkNotResumed
    /// A guard that does not answer is waited for far past the animation timeout: the slot is
    /// held, and everything behind it waits.
    case guardWithoutTimeout
    /// A transition that only closes windows leaves them in the state.
    case staleWindow
    /// A flow's cancellation ends the wait of whichever flow waits on its screen: a flow that was
    /// not cancelled is told it was.
    case cancelEndsAllWaiters
    /// A flow waits on when its screen is moved out of its hop container by a transition that
    /// leaves it in the window: it is never ended.
    case movedScreenIgnored
    /// A hop to the screen already current keeps the stay that ended: a flow that hops to it
    /// again (a retried sign-in) is refused as unhopped already, and so is the screen's unhop.
    case hopAgainKeepsEndedStay
    /// An unhop with a value of another type than the waiting flow's is taken: the flow fails,
    /// the stay is used up, and the screen stays with nobody waiting for it.
    case unhopTypeUnchecked
    /// A launch link meant to go over the restored state is dropped without a word when the
    /// saved state lost steps (a screen renamed by an update): the person's link is lost.
    case launchLinkLostWithSavedSteps
    /// A launch link meant to go over the restored state is compiled only over it: a tab step
    /// the link alone refuses selects a tab of the state's, and the link's screen stays in a tab
    /// that is not shown.
    case linkOnTopUncheckedAlone
    /// A saved state whose steps each compile but that shows one screen twice is taken as it
    /// compiles: the coordinator refuses it whole, and nothing of it is restored.
    case savedContentUnchecked
    /// The inbox's links are saved as they are: one taken under wider route limits than the
    /// standard ones cannot be read back, and is lost at the next launch with no outcome.
    case savedLinksUnchecked
    /// A preempting request that arrives while the transition in flight may still be refused (its
    /// guards deciding) or cancelled (a gesture the user holds) is planned against the state that
    /// transition would commit and held to running: cancelling its caller does not withdraw it,
    /// and it runs, or is refused, on a state its caller never saw it wait for.
    case preemptPlansOnUnvetted
    /// A SwiftUI view's write equal to what it shows (a tab tapped twice while the first tap
    /// waits) replaces the earlier write's kept value and is answered at once: the view reads the
    /// committed state before the first write is answered, and the tab snaps back.
    case modelEqualWriteDropsKept
    /// A resume of the request a guard redirected that is refused before admission (its caller
    /// cancelled) drops the request: the navigation behind sign-in is lost, though nothing changed.
    case refusedResumeDropsRequest
    /// A resume asked while another caller already waits for the same trip of a parked link is
    /// told nil at once (nothing kept), while the link goes on and navigates.
    case thirdResumeAnsweredNil
    /// A SwiftUI model waits for SwiftUI to end a step of a sheet inside one the user swiped
    /// away: that end never comes, and once the swipe is answered the views show the sheet the
    /// user dismissed.
    case modelStepsUnderSwipedSheet
    /// A preempting request that cut the animation short is refused at hand-over while a host
    /// call is stuck: it changed the transition in flight, yet its caller is told nothing changed.
    case preemptRefusedAfterCut
    /// The calls a stuck phase never sent are forgotten when the host answers again, resets
    /// among them: the catch-up leaves an animator's changes on screen.
    case missedResetForgotten
    /// A `setStack` that waited is applied as it was asked, bringing back screens the user
    /// removed meanwhile (whose `remove` told the owner they were gone).
    case staleStackApplied
    /// A whole tree's change (a link, a replaced tree) is told to the animator as a push or a
    /// pop, even when it presents or dismisses a modal, selects a tab or hops.
    case navigateKindsFlattened
    /// A request refused as invalid gets its typed error, but no `rejected` event: an observer
    /// never learns of the refusal.
    case invalidRefusalUnannounced
    /// An event stream's buffer has no slot kept for the `missed(n)` marker: a stream that fell
    /// behind once is given the marker in the slot its next event needed, and stays behind for good.
    case missedMarkerTakesEventSlot
    /// A stream's `missed(n)` marker is given with the next event only: a probe that read all it
    /// was given, with no event after the gap, never learns of it.
    case missedOwedKept
    /// A test store reads the link ends an inbox's stream dropped as if there were none: a step
    /// that states fewer ends than happened passes.
    case linkEndsGapUnsaid
    /// A `setStack` item without callbacks, for a screen that stays, leaves the callbacks an older
    /// item gave it: an owner that took them off is still called as the screen goes.
    case emptyItemKeepsCallbacks
    /// A hop container's current child is taken to be any screen inside it: a flow's screen moved
    /// into a stack there still counts as current (its wait never ends), and a screen pushed over
    /// the child, or presented over it, can unhop.
    case hopChildAnywhereInside
    /// An unanimated change to an async host sends only its before-animation calls: the new key
    /// window is never made key, and the screens and windows that left are never destroyed.
    case unanimatedAfterCallsDropped
    /// Every content change is sent to the host as animated, also one no animator animates: a
    /// host whose containers animate themselves (UIKit's) animates a change nobody awaits.
    case unanimatedContentAnimated
    /// A SwiftUI model shows what a view wrote (a shorter path, a tab, a sheet set to nil) at
    /// once, before the coordinator commits it, and keeps it when the write is refused: a state
    /// no committed snapshot has. The model runs on the main actor, so only a run on real threads
    /// (``needsRealThreads``) reaches it.
    case modelShowsUncommittedWrite

    /// A SwiftUI model works out a view's write from the committed state, not from what the view
    /// showed: a tap back to the committed tab, made while the first tap waits, sends nothing,
    /// and the user's last tap is lost; a sheet swiped down while a commit's sheets reach the
    /// view in steps dismisses the committed sheet, which the view never showed.
    case modelWritesFromCommitted
    /// A SwiftUI model reports a tab tap by the tab's index and a sheet swiped down by its
    /// presenter, as they were when the user acted: a report that waits its turn behind a change
    /// that replaced the sheet, or moved the tabs, acts on what took their place.
    case modelReportsByPlace
    /// A SwiftUI view's write (a sheet swiped, a tab tapped) is worked out when its report's
    /// task runs, from what the model shows then: a commit applied in between (the app swapped
    /// the sheet) makes it name what took the place of what the user touched.
    case modelWorksOutViewWriteLate
    /// A SwiftUI model's answer to a view's write drops any kept write of an equal value: a tab
    /// tapped, tapped back and tapped again snaps back to the second tap's tab when the first
    /// tap is answered, while the last tap still waits.
    case modelAnswerDropsEqualWrite
    /// The SwiftUI model judges whether a sheet a view set to nil is on screen by the committed
    /// tabs, not the one the view's unanswered tap shows: a swipe there is dropped, a teardown
    /// in the tab it left is reported as the user's.
    case modelSheetOnScreenAsCommitted
    /// The SwiftUI model following the key window reports a view's write in whichever window
    /// holds its container: a stale write of a window no longer shown changes it, hidden.
    case modelReportsAnywhere
    /// The SwiftUI model takes a sheet presented where the view's swipe is unanswered (it reads
    /// nil there) as shown already: once the swipe is answered, that sheet and the sheets over
    /// it reach the views in one update, and SwiftUI never shows the inner ones.
    case modelStepsPastSwipedPresenter

    /// The UIKit applier calls a container while UIKit runs a transition on it (the user's back
    /// tap still animating, a sheet's dismissal): UIKit drops the `setViewControllers`, refuses
    /// the present or dismiss.
    case uikitChangeMidTransition
    /// The UIKit applier dismisses a presenter's sheets while a presentation or dismissal runs
    /// higher in that chain (the user's swipe of the top sheet): UIKit refuses the dismiss, and
    /// the sheets the model dismissed stay on screen.
    case uikitDismissMidChainTransition
    /// The UIKit host's first background takes down the curtain a later background put up,
    /// before that one's cover is up: the app switcher's snapshot may show the app.
    case uikitCurtainDownByStaleBackground
    /// The UIKit host watches a sheet's swipe down only once its presentation completed: a
    /// sheet swiped down the moment it lands is never reported.
    case uikitSheetWatchedLate
    /// The UIKit host presents a window's sheets while the window is hidden, where UIKit refuses.
    case uikitPresentInHiddenWindow
    /// The UIKit host lets the user tap a tab while its own change is under way: a presentation
    /// planned from the model's tab comes from a tab no longer on screen.
    case uikitTapsUngated
    /// The UIKit host drops a back tap's report while a back swipe's report is under way: the
    /// user's pop is neither reported nor undone.
    case uikitReportDroppedAfterSwipe
    /// The UIKit host lets UIKit dismiss every sheet the user swipes down, the ones the app holds
    /// too: a sheet a guard protects leaves the screen, reported as the user's unguarded change.
    case uikitHeldSheetLetGo
    /// The UIKit reconciler keeps a hop container at the window's root as a container controller:
    /// the tab bar a launch flow hops to becomes its child, where UIKit wants a window's root.
    case uikitTabBarInHop
    /// The UIKit applier gives a tab bar its tabs in the model's order: the order the user gave
    /// them through More's Edit is reverted by the next change.
    case uikitTabsInModelOrder
    /// The UIKit host hides a window at once, while a change in it still waits for UIKit (the
    /// user's drag of a sheet): the presentation it makes later goes to a hidden window, where
    /// UIKit refuses it, and it is never made.
    case uikitHiddenMidChange
    /// The UIKit host checks only before its waits that a sheet the coordinator refused to let
    /// the user dismiss is still the model's: a sheet the model dismissed and released meanwhile
    /// is presented again.
    case uikitUndoUncheckedAfterWait
    /// The UIKit host reports a stack sheet swiped down by its container id alone: a report that
    /// waited behind the app's dismiss and a new sheet with the same stack id dismisses the new one.
    case uikitSwipeNamesContainer
    /// The UIKit applier presents from a controller out of the window: a sheet the user swiped
    /// away while the app's present over it waited for that dismissal. UIKit refuses it.
    case uikitPresentOutsideWindow
    /// The UIKit host's undo of a refused swipe presents the sheet alone: what the model
    /// presented over it while the swipe animated stays off screen.
    case uikitUndoSheetAlone
    /// The UIKit host's undo of a refused swipe presents the sheet in a window the lock hid
    /// meanwhile: UIKit refuses it, and after the unlock the sheet the model shows never comes back.
    case uikitUndoInHiddenWindow
    /// The UIKit applier dismisses from a sheet what it held back from UIKit (a modal whose
    /// presenter the user had swiped away): the sheet, presented again by a refused swipe's undo,
    /// is asked to dismiss what it does not present.
    case uikitDismissWithheld
    /// The UIKit applier takes a controller for out of the window only when it is a modal itself:
    /// a tab of a tab-bar sheet the user swiped away presents, and UIKit refuses it.
    case uikitSwipedParentsUnread
    /// The UIKit applier presents from the model's selected tab while the user has More's list
    /// open (which UIKit reports to no one): the tab is out of the window, and UIKit refuses it.
    case uikitPresentUnderMoreList
    /// The UIKit host lets a back swipe begin over a stack whose back tap it has not reported
    /// yet: with the finger down UIKit's stack leaves out a screen, and the tap's report, finding
    /// another stack, is dropped as undone.
    case uikitSwipeOverUnreportedPop

    /// Whether the mutant lives in the UIKit layer: the UIKit stress mode over the strict fake
    /// hunts it (`stress uikit`).
    package var isUIKit: Bool {
        switch self {
        case .uikitChangeMidTransition, .uikitDismissMidChainTransition, .uikitCurtainDownByStaleBackground,
            .uikitSheetWatchedLate, .uikitPresentInHiddenWindow,
            .uikitTapsUngated,
            .uikitReportDroppedAfterSwipe, .uikitHeldSheetLetGo, .uikitTabBarInHop,
            .uikitTabsInModelOrder, .uikitHiddenMidChange, .uikitUndoUncheckedAfterWait, .uikitSwipeNamesContainer,
            .uikitPresentOutsideWindow, .uikitUndoSheetAlone, .uikitUndoInHiddenWindow, .uikitDismissWithheld,
            .uikitSwipedParentsUnread, .uikitPresentUnderMoreList, .uikitSwipeOverUnreportedPop:
            true
        default: false
        }
    }

    /// Whether only a run on real threads reaches the mutant's bug: the simulation does not run
    /// the main actor, where a SwiftUI model lives.
    package var needsRealThreads: Bool {
        switch self {
        case .modelShowsUncommittedWrite, .modelWritesFromCommitted, .modelReportsByPlace, .modelWorksOutViewWriteLate,
            .modelAnswerDropsEqualWrite, .modelEqualWriteDropsKept, .modelStepsUnderSwipedSheet,
            .modelSheetOnScreenAsCommitted, .modelReportsAnywhere, .modelStepsPastSwipedPresenter,
            .modelWaitsForGapsNextEvent:
            true
        default: false
        }
    }
}

#if TC_MUTANTS
extension Mutation {
    /// The mutants switched on, process-wide: the harness runs one mutant's hunt at a time, and
    /// a set planted here reaches every task, detached ones too. Sites ask from inside other locks
    /// (an animation race's, an unhop wait's): this lock is a leaf, whose body takes no other lock
    /// and calls nothing, so no order of the two can deadlock.
    private static let switchedOn = Locked<Set<Mutation>>([])

    /// Whether the current task computes a reference the harness compares the library with
    /// (``unplanted(_:)``), where no bug may reach.
    @TaskLocal private static var inReference = false

    /// Whether this build can switch mutants on: true, it was made with `TC_MUTANTS`.
    package static var areCompiledIn: Bool { true }

    /// Switches on exactly `mutants` for everything that runs from now on, in every task.
    package static func plant(_ mutants: Set<Mutation>) {
        switchedOn.withLock { $0 = mutants }
    }

    /// Runs `body` with every mutant off for the current task and the tasks it starts: the
    /// harness's reference computations (a replay on the pure planners, the shape it expects the
    /// UIKit host to show) call the same functions the bugs are planted in.
    package static func unplanted<T>(_ body: () throws -> T) rethrows -> T {
        try $inReference.withValue(true, operation: body)
    }

    /// Whether `mutant` is on here.
    fileprivate static func isOn(_ mutant: Mutation) -> Bool {
        switchedOn.withLock { !$0.isEmpty && $0.contains(mutant) } && !inReference
    }
}

/// Whether the deliberate bug `mutant` is switched on here (see ``Mutation``).
package func planted(_ mutant: Mutation) -> Bool { Mutation.isOn(mutant) }
#else
extension Mutation {
    /// Whether this build can switch mutants on: false, it was made without `TC_MUTANTS`.
    package static var areCompiledIn: Bool { false }

    /// Switches nothing on: this build has no mutants.
    package static func plant(_ mutants: Set<Mutation>) {}

    /// Runs `body`: with no mutants in this build, nothing needs to be switched off.
    package static func unplanted<T>(_ body: () throws -> T) rethrows -> T { try body() }
}

/// Whether the deliberate bug `mutant` is switched on: never, in a build without `TC_MUTANTS`.
/// Inlined as the constant `false` wherever it is asked, so each bug's branch is removed.
@inlinable @inline(__always)
package func planted(_ mutant: Mutation) -> Bool { false }
#endif
