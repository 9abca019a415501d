/// The screens' callbacks (``StackItem``, ``ScreenCallbacks``): kept from the transition that
/// adds a screen until it leaves, decided in each transition's commit step and delivered after
/// it, in commit order, each on its own isolation.
extension Coordinator {
    /// Decides which callbacks `record`'s ``TransitionRecord/screenEvents`` call, in their order,
    /// and keeps `items`' callbacks for those of their screens that are in a window after it;
    /// calls the leading nonisolated ones at once when no earlier transition's are still being
    /// delivered, and returns the rest for ``deliver(_:)`` (nil when none is left).
    ///
    /// Runs in the committing step, after the slot is handed on and before the caller gets the
    /// record: nothing else runs on the actor in between, so what is called matches the record.
    /// Screens leaving drop their callbacks before the new items' are kept, so a screen replaced
    /// by one with the same id gets the new item's callbacks, and a screen that stays keeps the
    /// newest item's.
    func callBack(_ record: TransitionRecord, items: [ScreenID: ScreenCallbacks]) -> CallbackDelivery? {
        var calls: [ScreenCallbacks.Call] = []
        let events = record.screenEvents
        var added = events.startIndex
        for (index, event) in zip(events.indices, events) {
            guard event.kind == .didHide || event.kind == .didRemove else { break }
            added = index + 1
            guard let callbacks = screenCallbacks[event.screen.id] else { continue }
            callbacks.append(for: event, to: &calls)
            // Mutant: the owner is told its screen left twice.
            if planted(.removeTwice), event.callsRemove, let remove = callbacks.remove { calls.append(remove) }
            if event.kind == .didRemove { screenCallbacks[event.screen.id] = nil }
        }
        // A `setStack` that waited may have run with fewer screens than were asked (those the
        // user removed meanwhile): the dropped ones' callbacks are not kept, even where a screen
        // with that id shows elsewhere.
        var ran: Set<ScreenID>?
        if case .content(.setStack(_, let screens), _) = record.request, screens.count < items.count {
            ran = Set(screens.map(\.id))
        }
        // The newest item's callbacks win, none included: an item without callbacks for a screen
        // that stays takes the old ones off.
        for (id, callbacks) in items where record.after.window(showing: id) != nil && ran?.contains(id) != false {
            // Mutant: an item without callbacks leaves the old ones in place.
            if callbacks.isEmpty && planted(.emptyItemKeepsCallbacks) { continue }
            screenCallbacks[id] = callbacks.isEmpty ? nil : callbacks
        }
        for event in events[added...] { screenCallbacks[event.screen.id]?.append(for: event, to: &calls) }
        return schedule(calls)
    }

    /// Calls the leading inline callbacks of `calls` when every earlier transition's are
    /// delivered; the rest take the next turn of the delivery.
    private func schedule(_ calls: [ScreenCallbacks.Call]) -> CallbackDelivery? {
        if callbackTurn?.isOpen == true { callbackTurn = nil }
        var next = calls.startIndex
        if callbackTurn == nil {
            while next < calls.endIndex, case .inline(let body) = calls[next] {
                body()
                next += 1
            }
        }
        guard next < calls.endIndex else { return nil }
        let delivery = CallbackDelivery(calls: calls[next...], after: callbackTurn)
        callbackTurn = delivery.turn
        return delivery
    }

    /// Calls `delivery`'s callbacks in order, each awaited on its own isolation, once every
    /// earlier transition's are delivered; then lets the next transition's go. Not cancellable:
    /// every callback decided is called.
    nonisolated func deliver(_ delivery: CallbackDelivery) async {
        await delivery.after?.wait()
        for call in delivery.calls {
            switch call {
            case .inline(let body): body()
            case .isolated(let body): await body()
            }
        }
        delivery.turn.open()
    }
}

/// One transition's callbacks still to be called after its commit step, and its place in the
/// delivery's order.
struct CallbackDelivery: Sendable {
    /// The callbacks, in order.
    let calls: ArraySlice<ScreenCallbacks.Call>
    /// The turn of the transition committed before, whose callbacks go first (nil when they are all delivered).
    let after: CallbackTurn?
    /// Opened once these callbacks are all called.
    let turn = CallbackTurn()
}

/// A one-shot signal in the callbacks' delivery: opened once, waited on by the next delivery.
final class CallbackTurn: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Whether it has been opened.
    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Opens it, resuming whoever waits.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once it is open (at once if it is). Not cancellable.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Decided and parked under one lock: an open before or after is never missed.
            let ready = state.withLock { state in
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
