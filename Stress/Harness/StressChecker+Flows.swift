import TransitionCoordinator

extension StressChecker {
    /// A hop flow still waits for `screen` (hopped to in `round`) once its round's unhop was
    /// answered and it was given time to be told: no flow may wait past its screen's hop stay (see
    /// ``HopHandle``). A violation when `screen` is no longer the current child of hop container `hop` in
    /// `snapshot` (it left, or was moved elsewhere, and nobody ended the wait), or when it was
    /// `unhopped` (the value never reached the flow); a flow whose screen is still current and
    /// not unhopped may wait on.
    public func flowStillWaits(screen: ScreenID, hop: ContainerID, round: Int, unhopped: Bool, in snapshot: NavigationSnapshot) {
        let current = snapshot.windowList.contains { HopFlowTask.isCurrent(screen, hop: hop, in: $0.content) }
        flowOutcomes["still waiting", default: 0] += 1
        if !current {
            violations.append(
                .init(
                    .answered,
                    "the flow waiting on \(screen) in round \(round) still waits, though \(screen) "
                        + "is no longer the current child of hop \(hop): it waits past its screen's stay"))
        } else if unhopped {
            violations.append(
                .init(.answered, "the flow waiting on \(screen) in round \(round) still waits, though \(screen) unhopped"))
        }
    }
}
