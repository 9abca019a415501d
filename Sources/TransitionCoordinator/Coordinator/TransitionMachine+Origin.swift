extension TransitionMachine {
    /// Where a request comes from, as its ``InFlightTransition`` and record say: kept with a
    /// waiter's ticket so `began` says it too.
    struct Origin: Sendable, Hashable {
        /// The source.
        var source: NavigationSource
        /// The link it follows, if any.
        var link: LinkID?
    }
}
