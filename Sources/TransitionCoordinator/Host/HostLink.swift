/// How the coordinator reaches its host: inline when it is synchronous, else through its async
/// methods under the host timeout, made on the host's own actor when it is one.
enum HostLink: Sendable {
    case inline(any SynchronousWindowHost)
    /// `actor` is the host itself when the host is an actor (its calls start there, see
    /// ``HostCallRunner``); nil for any other host (a main-actor class, a nonisolated one).
    case awaited(any WindowHost, actor: (any Actor)?)

    init(_ host: any WindowHost) {
        if let synchronous = host as? any SynchronousWindowHost {
            self = .inline(synchronous)
        } else {
            self = .awaited(host, actor: host as? any Actor)
        }
    }
}
