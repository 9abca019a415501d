/// What the planner's mutants need beyond one expression. Reached only where ``planted(_:)`` says
/// one is on, so a build without `TC_MUTANTS` optimizes it away.
extension ContainerPlanner {
    /// The ``Mutation/navigateKindsFlattened`` mutant: a whole tree's change is a push or a pop.
    static func flattened(_ before: WindowContent, _ after: WindowContent) -> ContentAnimation {
        if before.topScreen == after.topScreen { return .none }
        return before.shows(after.topScreen.id) ? .pop : .push
    }
}
