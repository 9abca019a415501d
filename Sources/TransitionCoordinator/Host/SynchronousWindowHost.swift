/// A host whose calls never suspend: the coordinator makes them inline, in its transition's own
/// step, with no task and no timer.
///
/// Conform when every call takes effect at once: a headless model (``InMemoryHost``), a recorder,
/// a renderer that only writes into lock-protected state. The calls come in the order
/// ``WindowHost`` documents, one at a time, from the coordinator's executor; `apply(_:)` must be
/// thread-safe (the type is `Sendable`) and must not block the thread (wait on a lock held across
/// other work, a semaphore, I/O): a host that can be slow belongs behind the async
/// ``WindowHost`` methods, whose phases the coordinator bounds by
/// ``CoordinatorConfiguration/hostTimeout``. Such a host cannot get stuck, so the timeout and
/// ``HostFault`` never apply to it.
///
/// The ``WindowHost`` methods come for free (each forwards to `apply(_:)`, through
/// `CommandHost`), so a synchronous host can stand wherever a ``WindowHost`` can.
package protocol SynchronousWindowHost: CommandHost {
    /// Carries one call out now, without suspending.
    func apply(_ command: HostCommand)
}

extension SynchronousWindowHost {
    /// Forwards to ``apply(_:)``.
    package func perform(_ command: HostCommand) async { apply(command) }
}
