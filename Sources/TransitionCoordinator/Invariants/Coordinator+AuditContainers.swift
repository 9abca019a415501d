/// Auditing the container actors: each owns exactly the node the snapshot shows.
extension Coordinator {
    /// Invariant 8's ownership half: every container the snapshot shows has an actor owning
    /// exactly its node, and no actor owns a container the snapshot does not show. Stops
    /// comparing when a transition is admitted during one of its awaits.
    func auditContainers() async -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        var shown: [ContainerID: WindowContent] = [:]
        for window in snapshot.windowList { window.content.forEachContainer { shown[$0] = $1 } }
        for id in containerActors.keys where shown[id] == nil {
            found.append(.init(.containers, "an actor still owns container \(id), which no window shows"))
        }
        let admittedBefore = machine.admitted
        for (id, node) in shown.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let owner = containerActors[id] else {
                found.append(.init(.containers, "no actor owns container \(id)"))
                continue
            }
            let owned = await owner.node
            guard machine.admitted == admittedBefore else { break }
            if owned != node {
                found.append(
                    .init(
                        .containers,
                        "container \(id)'s actor owns \(owned.map(\.description) ?? "nothing"), "
                            + "the snapshot shows \(node)"))
            }
        }
        return found
    }
}
