/// A waiting request's place in line: resolved exactly once, by the coordinator or by cancellation.
///
/// The coordinator `claim`s a live ticket and `deliver`s in one synchronous step, so a claimed
/// ticket can no longer be cancelled (its transition is admitted and will complete); a cancelled
/// ticket can no longer be claimed (it is skipped). Exactly one of the two wins, under the lock.
///
/// The ticket is the waiter's only record: it holds the request, its group and arrival sequence
/// (the ``WaitQueue``'s entries just point at it), and, under the same lock as its state, the lane
/// whose storage holds its entry (nil while it is out of the queue: popped, or removed with its
/// group).
///
/// ## Counting cancellations exactly once
///
/// The queue counts a lane's live waiters as the entries it put there (`attached`) minus the
/// lane's count in ``CancelledCounts``. Every change to a ticket's `lane` and every end of its
/// life happens under its lock, which orders them:
/// - The queue only puts a *live* ticket in a lane (``enter(_:)`` refuses an ended one), and the
///   coordinator only claims tickets it took out of the queue.
/// - A ticket ends once (live to ended never goes back). If it ends while `lane` is set, the same
///   locked step adds one to that lane's count; if `lane` is nil it adds nothing.
/// - The queue takes an entry out only through ``leave(where:)`` or ``leaveIfEnded(_:)``, which
///   clear `lane` under the lock and say whether the ticket had ended (`ended`: its one count is in
///   that lane, and the queue takes it back) or not (`waiting`: it was never counted).
///
/// So a count is added only for a ticket whose `lane` is set, and taken back only by the one
/// `leave` that clears that `lane`, after the addition (both under the lock): each cancelled entry
/// is counted once, no count is taken back twice or before it was added (a lane's count never goes
/// negative), and every count is taken back when its entry is dropped (none leaks). A cancellation
/// that races with ``WaitQueue/popNext(deferredAllowed:)`` either comes first (the pop finds the
/// ticket ended and drops it, taking the count back) or after (it finds `lane` nil, counts nothing,
/// and the coordinator's `claim` fails or ``enter(_:)`` refuses to put it back in line).
final class AdmissionTicket: Sendable {
    /// The admission, nil when the request asks for what the state shows already (nothing to
    /// do), or the refusal.
    typealias Outcome = Result<Admission?, TransitionError>

    /// Where the wait stands. The waiter's continuation carries no value (the outcome is read from
    /// here once it resumes), so the suspended frames need no room for an outcome.
    ///
    /// **Why the continuation may be unchecked.** A continuation enters the state only in ``wait(cancellable:)``
    /// (as `.waiting(c)` or `.claimed(c)`), and leaves it only when a locked step replaces that
    /// state with `.resolved` and hands `c` to its caller, which resumes it once, after the lock;
    /// `wait` resumes at once, itself, only a continuation it did not store (the ticket was
    /// resolved already, or a second waiter). So each one is resumed exactly once. That it is
    /// resumed at all is invariant 7
    /// (every request answered), which the harness checks after every run; the checked variant's
    /// canary cost a 40-byte allocation and frame room per waiter.
    private enum State {
        case pending
        case waiting(UnsafeContinuation<Void, Never>)
        case claimed(UnsafeContinuation<Void, Never>?)
        /// Boxed, so a ticket that waits keeps a small state.
        indirect case resolved(Outcome)
        case consumed

        /// Whether neither the coordinator nor a cancellation has taken the ticket yet.
        var isLive: Bool {
            switch self {
            case .pending, .waiting: true
            case .claimed, .resolved, .consumed: false
            }
        }
    }

    /// The ticket's state and its lane, changed together under the lock.
    private struct Place {
        var state: State = .pending
        /// The lane whose storage holds this ticket's entry, as the queue counts it; nil when out.
        var lane: WaitLane?
    }

    /// Whether, and how, a ticket stood in a lane when the queue took it out.
    enum Presence: Equatable {
        /// It stood in the lane, live; it was never counted as cancelled.
        case waiting(WaitLane)
        /// It stood in the lane and ended there: its count in that lane is the queue's to take back.
        case ended(WaitLane)
        /// It was in no lane asked about (its entry is a leftover, or it stands elsewhere).
        case absent
    }

    /// What was asked.
    let request: TransitionRequest
    /// Where it comes from (its `began` says so).
    let origin: TransitionMachine.Origin
    /// Its coalescing group, if any.
    let group: String?
    /// Its place in arrival order across all lanes.
    let sequence: UInt64
    /// Whether it goes (back) to the deferred lane when it meets the lock at its turn.
    let deferrable: Bool
    /// Whether it acted before its turn (a lifecycle event, a preempting request that cut the
    /// animation short): it runs whatever the host, committing to the model alone while a host
    /// call is stuck, since a refusal could no longer mean that nothing changed.
    let hasActed: Bool
    /// The queue's counts, bumped when the ticket ends while in a lane.
    private let cancelled: CancelledCounts
    /// The state and lane.
    private let place: Locked<Place>

    /// A live ticket standing in `lane`; only ``WaitQueue`` makes tickets.
    init(
        request: TransitionRequest, origin: TransitionMachine.Origin, group: String?, sequence: UInt64, deferrable: Bool,
        hasActed: Bool, lane: WaitLane, counts: CancelledCounts
    ) {
        self.request = request
        self.origin = origin
        self.group = group
        self.sequence = sequence
        self.deferrable = deferrable
        self.hasActed = hasActed
        cancelled = counts
        place = Locked(Place(state: .pending, lane: lane))
    }

    /// Whether the ticket still waits for the coordinator (neither claimed nor cancelled).
    var isLive: Bool { place.withLock { $0.state.isLive } }

    /// Whether the ticket is live and stands in `lane`.
    func isWaiting(in lane: WaitLane) -> Bool {
        place.withLock { $0.lane == lane && $0.state.isLive }
    }

    /// Whether the ticket stands in some lane (live or not).
    var isInLine: Bool { place.withLock { $0.lane != nil } }

    /// Puts the ticket (back) in `lane`; false, changing nothing, when it has ended.
    func enter(_ lane: WaitLane) -> Bool {
        place.withLock { place in
            guard place.state.isLive else { return false }
            precondition(place.lane == nil, "a ticket entered a lane while standing in one")
            place.lane = lane
            return true
        }
    }

    /// Takes the ticket out of its lane when `matches` accepts that lane; says how it stood there.
    func leave(where matches: (WaitLane) -> Bool) -> Presence {
        place.withLock { place in
            guard let lane = place.lane, matches(lane) else { return .absent }
            place.lane = nil
            return place.state.isLive ? .waiting(lane) : .ended(lane)
        }
    }

    /// Takes the ticket out of `lane` only if it ended there (`ended`); a live one stays (`waiting`),
    /// and one not in `lane` is `absent` (its entry there is a leftover).
    func leaveIfEnded(_ lane: WaitLane) -> Presence {
        place.withLock { place in
            guard place.lane == lane else { return .absent }
            guard !place.state.isLive else { return .waiting(lane) }
            place.lane = nil
            return .ended(lane)
        }
    }

    /// Ends the wait with ``TransitionError/Refusal/cancelled(_:)`` unless the coordinator claimed it first.
    func cancel() {
        let waiter: UnsafeContinuation<Void, Never>? = place.withLock { place in
            switch place.state {
            case .pending:
                place.state = .resolved(.failure(.refused(.cancelled(request))))
                countEnd(place)
                return nil
            case .waiting(let continuation):
                place.state = .resolved(.failure(.refused(.cancelled(request))))
                countEnd(place)
                return continuation
            case .claimed, .resolved, .consumed:
                return nil
            }
        }
        waiter?.resume()
    }

    /// Takes the ticket for delivery; false when it was cancelled.
    func claim() -> Bool {
        place.withLock { place in
            switch place.state {
            case .pending:
                place.state = .claimed(nil)
            case .waiting(let continuation):
                place.state = .claimed(continuation)
            case .claimed, .resolved, .consumed:
                return false
            }
            // The coordinator claims only tickets out of line; one in line would be counted as gone.
            countEnd(place)
            return true
        }
    }

    /// Hands the outcome to the waiter; only after a successful ``claim()``.
    func deliver(_ outcome: Outcome) {
        let waiter: UnsafeContinuation<Void, Never>? = place.withLock { place in
            guard case .claimed(let continuation) = place.state else { return nil }
            place.state = .resolved(outcome)
            return continuation
        }
        waiter?.resume()
    }

    /// Suspends until the ticket is resolved (at once if it is): the coordinator admits its
    /// request, a coalescing request supersedes it, or the waiting task is cancelled (then the
    /// ticket is cancelled and leaves the line; nothing changed). Then ``outcome()`` has the answer.
    /// Called once, by the task that asked, in its caller's isolation (the coordinator's).
    ///
    /// A request that is not `cancellable` (a lifecycle event, a preempting request that cut the
    /// animation short) has already acted and keeps its place when its task is cancelled.
    ///
    /// The coordinator puts the ticket in line in the same synchronous step as the decision to
    /// queue it, before this is called: even the call of an `async` function may suspend before its
    /// body runs (a simulated schedule found that suspension point), and the ticket keeps a
    /// hand-over made then.
    ///
    /// It neither throws nor returns a value: a waiting request's frames are what it keeps in
    /// memory (the bench's "resident memory per waiter").
    nonisolated(nonsending) func wait(cancellable: Bool) async {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                let ready: Bool = place.withLock { place in
                    switch place.state {
                    case .pending:
                        place.state = .waiting(continuation)
                        return false
                    case .claimed(nil):
                        place.state = .claimed(continuation)
                        return false
                    case .resolved, .consumed, .waiting, .claimed:
                        // Resolved already, or a second waiter (which ``outcome()`` answers as cancelled).
                        return true
                    }
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            if cancellable { cancel() }
        }
    }

    /// Takes the outcome once ``wait()`` returned: the delivered one, or ``TransitionError/Refusal/cancelled(_:)``
    /// for a second taker.
    func outcome() -> Outcome {
        place.withLock { place in
            guard case .resolved(let outcome) = place.state else { return .failure(.refused(.cancelled(request))) }
            place.state = .consumed
            return outcome
        }
    }

    /// Counts the ticket's end in its lane, if it stands in one; called under the lock, in the step
    /// that ends it.
    private func countEnd(_ place: Place) {
        if let lane = place.lane { cancelled.add(lane) }
    }
}
