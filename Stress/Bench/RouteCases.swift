import TransitionCoordinator

/// The routing cases: parsing a deep link's path of 8 and of 64 steps.
enum RouteCases {
    /// A path of `steps` steps as links write them: absolute, pushes with a parameter or two, now
    /// and then a tab, a modal stack or a modal, names and values with an escape and percent-encoding.
    static func path(steps: Int) -> String {
        var route = Route(absolute: true, [])
        for index in 0..<steps {
            let target = RouteTarget("screen_\(index)", index.isMultiple(of: 2) ? ["id": "\(index)", "q": "a,b é"] : [:])
            switch index % 8 {
            case 3: route.steps.append(.tab(target))
            case 5: route.steps.append(.modalStack(target))
            case 7: route.steps.append(.modal(target))
            default: route.steps.append(.push(target))
            }
        }
        return route.path
    }

    /// Parses `path` `times` times; returns the number of parses.
    static func parse(_ path: String, times: Int) throws -> Int {
        var steps = 0
        for _ in 0..<times { steps &+= try Route(parsing: path).steps.count }
        precondition(steps > 0, "the path parsed to nothing")
        return times
    }
}
