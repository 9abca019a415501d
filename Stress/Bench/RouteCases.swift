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

    /// The registry the navigation cases use: any name is a screen, and `main` is tabs of three.
    static func registry() -> ScreenRegistry {
        var registry = ScreenRegistry.open
        do { try registry.tabs("main", tabs: ["t0", "t1", "t2"]) } catch { fatalError("the bench registry: \(error)") }
        return registry
    }

    /// A path of `steps` steps that navigates: the tabs `main`, its second tab, then pushes with
    /// a parameter or two and now and then a modal stack; the last step's `v` is `variant`, so
    /// two variants differ by their top screen.
    static func navigablePath(steps: Int, variant: String) -> String {
        var route = Route(absolute: true, [.push(RouteTarget("main")), .tab(RouteTarget("t1"))])
        for index in 2..<max(3, steps) {
            var parameters = index.isMultiple(of: 2) ? ["id": "\(index)", "q": "a,b é"] : [:]
            if index == steps - 1 { parameters["v"] = variant }
            let target = RouteTarget("screen_\(index)", parameters)
            route.steps.append(index % 8 == 5 ? .modalStack(target) : .push(target))
        }
        return route.path
    }

    /// Parses and navigates to `first` and `second` in turn, `times` navigations in all, each a
    /// transition that changes the top screen (an even count, so each run ends on `second`);
    /// returns the number of navigations.
    static func navigate(_ coordinator: Coordinator, between first: String, and second: String, times: Int) async throws -> Int {
        let times = times + times % 2
        for index in 0..<times {
            let route = try Route(parsing: index.isMultiple(of: 2) ? first : second)
            guard try await coordinator.navigate(to: route) != nil else { throw BenchError.setup("a navigation changed nothing") }
        }
        return times
    }
}
