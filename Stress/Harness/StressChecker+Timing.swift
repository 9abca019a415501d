import TransitionCoordinator

/// Invariant 7's time bounds: how long a transition may take, and when a stuck call is given up.
extension StressChecker {
    /// Invariant 7's bound on one answer: within the animation timeout plus the run's grace.
    func checkAnswerTime(_ wall: Duration, _ what: String) {
        if wall > answerBound {
            violations.append(.init(.answered, "\(what) was answered after \(wall), beyond \(answerBound)"))
        }
    }

    /// Invariant 7's time bound on one committed transition: from admission to commit within the
    /// animation timeout (plus the run's grace), whatever its animator did.
    func checkDuration(_ record: TransitionRecord) {
        let took = record.endedAt - record.startedAt
        // A phase whose host call got stuck adds up to one host timeout.
        let bound = transitionBound + (record.hostFault == nil ? .zero : hostTimeout)
        if took > bound {
            violations.append(
                .init(.answered, "\(record.id) '\(record.request)' took \(took) from admission to commit, beyond \(bound)"))
        }
        // A stuck call is given up one host timeout after its phase began, never later: exact in
        // virtual time (on real threads a timer fires a little late, and nothing bounds how much).
        if exactTime, let fault = record.hostFault, fault.transition == record.id, fault.since - fault.phaseBegan > hostTimeout {
            violations.append(
                .init(
                    .answered,
                    "\(record.id) gave up on its stuck call '\(fault.call)' \(fault.since - fault.phaseBegan) "
                        + "after its phase began, later than the host timeout \(hostTimeout)"))
        }
    }
}
