/// What the saved state's mutants need beyond one expression. Reached only where ``planted(_:)``
/// says one is on, so a build without `TC_MUTANTS` optimizes it away.
extension Route {
    /// The ``Mutation/savedStateDropsParameters`` mutant: this route with every step's parameters left out.
    var withoutParameters: Route {
        var route = self
        route.steps = steps.map { step in
            switch step {
            case .push(let target): .push(RouteTarget(target.name))
            case .modal(let target): .modal(RouteTarget(target.name))
            case .modalStack(let target): .modalStack(RouteTarget(target.name))
            case .tab(let target): .tab(RouteTarget(target.name))
            case .up: step
            }
        }
        return route
    }
}
