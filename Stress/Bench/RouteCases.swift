import TransitionCoordinator

/// The routing cases: parsing a deep link's path of 8 and of 64 steps, navigating to it, and
/// the stages of that navigation one by one.
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

    /// Two navigations' stages, each run alone on the values a coordinator reached: the routes
    /// to two paths, their contents, and the states showing each.
    struct Stages {
        let registry: ScreenRegistry
        let routes: (Route, Route)
        let contents: (WindowContent, WindowContent)
        let states: (NavigationSnapshot, NavigationSnapshot)

        /// The stages of navigating between `first` and `second`, read from a coordinator that navigated to each.
        init(between first: String, and second: String) async throws {
            registry = RouteCases.registry()
            let coordinator = try await CoordinatorCases.coordinator(host: NoopHost(), screens: registry)
            var routes: [Route] = [], contents: [WindowContent] = [], states: [NavigationSnapshot] = []
            for path in [first, second] {
                let route = try Route(parsing: path)
                guard try await coordinator.navigate(to: route) != nil,
                    let content = await coordinator.snapshot.rootWindow?.content
                else { throw BenchError.setup("a navigation changed nothing") }
                routes.append(route)
                contents.append(content)
                states.append(await coordinator.snapshot)
            }
            self.routes = (routes[0], routes[1])
            self.contents = (contents[0], contents[1])
            self.states = (states[0], states[1])
        }

        /// Compiles each route in turn against the content the other showed, as a navigation
        /// does (what the last compile made recognized); returns the number of compiles.
        func compile(times: Int) throws -> Int {
            var made = RouteCompiler.MadeScreens()
            var shown = contents.1
            for index in 0..<times {
                let route = index.isMultiple(of: 2) ? routes.0 : routes.1
                shown = try RouteCompiler.content(resolved: route, registry: registry, sharingWith: shown, made: &made)
            }
            return times
        }

        /// Plans each navigation in turn from the state showing the other, as the machine does
        /// (the content's checks and the tabs a route keeps included); returns the number of plans.
        func plan(times: Int) throws -> Int {
            var next = WindowID(UInt64.max / 2)
            for index in 0..<times {
                let (route, content, state) =
                    index.isMultiple(of: 2) ? (routes.0, contents.0, states.1) : (routes.1, contents.1, states.0)
                _ = try TransitionPlanner.plan(.navigate(route, target: content), in: state, nextWindowID: &next)
            }
            return times
        }

        /// Checks each content against invariant 8, as a navigation's plan checks a route's
        /// untrusted content; returns the number of checks.
        func check(times: Int) throws -> Int {
            for index in 0..<times {
                let content = index.isMultiple(of: 2) ? contents.0 : contents.1
                guard ContentInvariants.check(content, in: "bench").isEmpty else {
                    throw BenchError.setup("a route's content breaks invariant 8")
                }
            }
            return times
        }
    }
}
