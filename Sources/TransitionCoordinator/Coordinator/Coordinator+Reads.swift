/// What a coordinator lets anyone read: windows, the transition in flight, queue depths, events,
/// and the audit that compares every owner with the snapshot. Reads never wait for a transition.
extension Coordinator {
    /// The window at `level`, or nil when the level is free.
    ///
    /// - Throws: ``TransitionError/InvalidRequest/unknownLevel(_:known:)`` for a level the coordinator was not configured with.
    public func window(at level: WindowLevel) throws(TransitionError) -> ManagedWindow? {
        guard level == .root || configuration.levels.contains(level) else {
            throw .invalid(.unknownLevel(level, known: configuration.levels))
        }
        return snapshot.window(at: level)
    }

    /// The key window.
    public var keyWindow: ManagedWindow? { snapshot.keyWindow.flatMap { snapshot.window($0) } }

    /// The top-most visible window.
    package var topMostVisibleWindow: ManagedWindow? { snapshot.topMostVisibleWindow }

    /// The transition in flight, if any.
    public var inFlightTransition: InFlightTransition? { machine.slot?.transition }

    /// Whether a `.reject` request made now would be refused as busy, read without entering the
    /// actor (its busy gate): what a host asks before it lets the user's gesture begin, from a
    /// synchronous UIKit callback. False promises nothing (the request may still be refused).
    package nonisolated var refusesAsBusy: Bool { gate.published != nil }

    /// The committed state and the transition in flight, read in one step (the harness checks
    /// what an animator sees).
    package var snapshotInFlight: (snapshot: NavigationSnapshot, inFlight: TransitionID?) {
        (snapshot, machine.slot?.transition.id)
    }

    /// The most requests that ever waited at once in the queued and preempt lanes (bounded by
    /// ``CoordinatorConfiguration/queueLimit``).
    package var peakQueueDepth: Int { machine.peakWaiting }

    /// The most requests that ever waited at once deferred until the unlock (bounded by
    /// ``CoordinatorConfiguration/deferredLimit``).
    package var peakDeferredDepth: Int { machine.peakDeferred }

    /// The host call that has not returned in time, while it has not; nil when the host answers.
    package var hostFault: HostFault? {
        if case .stuck(let stuck) = hostState, !stuck.progress.hasReturned { stuck.fault } else { nil }
    }

    /// The requests waiting, in the order they will be served (lanes first, then arrival).
    package var waitingRequests: [TransitionRequest] {
        machine.waiting.waitingEntries.map(\.ticket.request)
    }

    /// A new subscriber's stream of events, with its own buffer of
    /// ``CoordinatorConfiguration/eventBufferSize`` (and one item more): a stream that falls behind
    /// misses the events sent while it is full, and is given ``CoordinatorEvent/missed(_:)`` where
    /// they were, with their count; once it was read, that count and the event after it both fit.
    public nonisolated func events() -> AsyncStream<CoordinatorEvent> { hub.subscribe() }

    /// How many events were dropped from subscribers' full buffers.
    package nonisolated var droppedEventCount: Int { hub.droppedCount }

    /// Checks the invariants the coordinator can see: 3, 4 and 8 on ``snapshot``, 1 and 2 over
    /// ``history``, and, when no transition is in flight, that every level actor owns exactly the
    /// window the snapshot shows there and every container actor exactly its container's node.
    /// Returns the violations found (none when all hold).
    package func audit() async -> [InvariantViolation] {
        var found = InvariantChecker.check(snapshot, ignoresUnmanagedWindows: configuration.ignoresUnmanagedWindows)
        found += InvariantChecker.checkHistory(history)
        found += ownershipFaults
        guard machine.slot == nil else { return found }
        let admittedBefore = machine.admitted
        for level in [WindowLevel.root] + configuration.levels {
            guard let owner = levelActors[level] else {
                found.append(.init(.levels, "no actor owns level \(level)"))
                continue
            }
            let owned = await owner.window
            // A transition admitted during that await may be mid-commit: stop comparing.
            guard machine.admitted == admittedBefore else { break }
            if owned != snapshot.window(at: level) {
                found.append(
                    .init(
                        .levels,
                        "level \(level)'s actor owns \(owned.map(\.description) ?? "nothing"), "
                            + "the snapshot shows \(snapshot.window(at: level).map(\.description) ?? "nothing")"))
            }
        }
        guard machine.admitted == admittedBefore else { return found }
        return found + (await auditContainers())
    }
}
