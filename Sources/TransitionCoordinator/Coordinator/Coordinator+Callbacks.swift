/// The screens' callbacks (``StackItem``, ``ScreenCallbacks``): kept from the transition that
/// adds a screen until it leaves, called after each transition commits.
extension Coordinator {
    /// Calls the callbacks `record`'s ``TransitionRecord/screenEvents`` name, in their order, and
    /// keeps `items`' callbacks for those of their screens that are in a window after it.
    ///
    /// Runs in the committing step, after the slot is handed on and before the caller gets the
    /// record: nothing else runs on the actor in between, so callbacks see the committed state.
    /// Screens leaving drop their callbacks before the new items' are kept, so a screen replaced
    /// by one with the same id gets the new item's callbacks, and a screen that stays keeps the
    /// newest item's.
    @inline(never)
    func callBack(_ record: TransitionRecord, items: [ScreenID: ScreenCallbacks]) {
        let events = record.screenEvents
        var added = events.startIndex
        for (index, event) in zip(events.indices, events) {
            guard event.kind == .didHide || event.kind == .didRemove else { break }
            added = index + 1
            guard let callbacks = screenCallbacks[event.screen.id] else { continue }
            callbacks.call(for: event)
            #if TC_MUTANTS
            // Mutant: the owner is told its screen left twice.
            if mutants.contains(.removeTwice), event.callsRemove { callbacks.remove?() }
            #endif
            if event.kind == .didRemove { screenCallbacks[event.screen.id] = nil }
        }
        // A `setStack` that waited may have run with fewer screens than were asked (those the
        // user removed meanwhile): the dropped ones' callbacks are not kept, even where a screen
        // with that id shows elsewhere.
        var ran: Set<ScreenID>?
        if case .content(.setStack(_, let screens), _) = record.request, screens.count < items.count {
            ran = Set(screens.map(\.id))
        }
        for (id, callbacks) in items where !callbacks.isEmpty && record.after.window(showing: id) != nil && ran?.contains(id) != false {
            screenCallbacks[id] = callbacks
        }
        for event in events[added...] { screenCallbacks[event.screen.id]?.call(for: event) }
    }
}
