import TransitionCoordinator

extension LinkTask {
    /// The scenarios each on an app of its own, once per run, after the shared app's links: each
    /// sets up the one state its check needs, which the shared app's draws reach only by chance.
    static func runOwnApps(environment: StressEnvironment, checker: StressChecker) async {
        await relaunchAfterUpdates(environment: environment, checker: checker)
        await relaunchWithLinkRefusedAlone(environment: environment, checker: checker)
        await preemptDuringHeldSwipe(environment: environment, checker: checker)
        await preemptDuringHeldSwipeWithdrawn(environment: environment, checker: checker)
        await cancelledResumeKeepsRequest(environment: environment, checker: checker)
        await resumeBehindItsRedirect(environment: environment, checker: checker)
        await resumeWhileLockedAfterRedirect(environment: environment, checker: checker)
        await resumedGestureIsTheApps(environment: environment, checker: checker)
        await threeResumesShareATrip(environment: environment, checker: checker)
        await resumeFromAnimation(environment: environment, checker: checker)
        await zeroExpiryGoesAtOnce(environment: environment, checker: checker)
        await restoredLinksForged(environment: environment, checker: checker)
        await inboxLetGoEndsItsLinks(environment: environment, checker: checker)
        await redirectedLinkBackToItsInbox(environment: environment, checker: checker)
        await tabStatesSave(environment: environment, checker: checker)
        await upStaysInItsTab(environment: environment, checker: checker)
        await relaunchOntoShownScreen(environment: environment, checker: checker)
        await relaunchWithScreenTwice(environment: environment, checker: checker)
        await savedLinkPastTheStandardLimits(environment: environment, checker: checker)
        await reorderedTabsSelect(environment: environment, checker: checker)
        await hopSheetDismissed(environment: environment, checker: checker)
        await preemptPastStuckHost(environment: environment, checker: checker)
        await missedResetAfterStuckHost(environment: environment, checker: checker)
        await keyResignAfterStuckHost(environment: environment, checker: checker)
        await requestFromFirstCall(environment: environment, checker: checker)
        await guardsAfterFirstCalls(environment: environment, checker: checker)
        await preemptBehindEarlierWaiter(environment: environment, checker: checker)
        await laggingSubscriberRecovers(environment: environment, checker: checker)
        await probeToldOfLastGap(environment: environment, checker: checker)
        await storeToldOfDroppedLinkEnd(environment: environment, checker: checker)
        await storeEmptyStatementMeansNone(environment: environment, checker: checker)
        await tapBackDuringPush(environment: environment, checker: checker)
        if let broken = await CallbackChecks.emptyItemTakesCallbacksOff(environment: environment) {
            await checker.noteViolation(.init(.callbacks, broken))
        }
    }
}
