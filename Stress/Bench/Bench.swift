import TestSupport
import TransitionCoordinator

/// `stress bench`: the hot path's costs against floors measured in the same run.
///
/// Every case runs once to warm up, then `repetitions` times, the cases interleaved within each
/// repetition so that drift hits all of them alike. A row gives the median and min/max per
/// operation, operations per second and, where it has one, its ratio to a floor (median over
/// median) and the target the issue sets. Nothing is estimated: every number is measured.
public enum Bench {
    /// How big a run is.
    public struct Options: Sendable {
        /// Repetitions after the warm-up (at least 7 for a report).
        public var repetitions = 7
        /// A run of seconds, for CI: every size a tenth (the long run 100,000 transitions).
        public var quick = false
        /// Only the cases whose name contains one of these (for profiling); floors always run.
        public var only: [String]?
        /// Whether the floors run (off only for profiling one case alone).
        public var floors = true
        /// Told what runs next, as `repetition 3/7 · push + pop, 64 levels` (for a progress line).
        public var progress: (@Sendable (String) -> Void)?

        /// The full run.
        public init() {}
    }

    /// One interleaved case: runs once, returns nanoseconds per operation.
    struct Case {
        let name: String
        let unit: String
        let run: () async throws -> Double
    }

    /// Runs every case and returns the report.
    public static func run(_ options: Options) async throws -> BenchReport {
        let scale = options.quick ? 10 : 1
        let pairs = 5_000 / scale, calls = 200_000 / scale
        let plain = try await CoordinatorCases.coordinator()
        let asyncHosted = try await CoordinatorCases.coordinator(host: AsyncNoopHost())
        let (crowded, top) = try await CoordinatorCases.crowded()
        let animated = try await CoordinatorCases.coordinator()
        let fills = [25_000, 50_000, 100_000].map { $0 / scale }
        var memory: [Int: [Double]] = [:]

        var cases: [Case] = [
            Case(name: "floor: bare actor call", unit: "call") { try await timed(await Floors.actorCalls(calls)) },
            Case(name: "floor: bare actor call, 64 tasks at once", unit: "call") {
                try await timed(await Floors.contendedActorCalls(tasks: 64, each: 2_000 / scale))
            },
            Case(name: "floor: one suspension behind an in-flight flag", unit: "op") {
                try await timed(await Floors.flagged(calls / 4))
            },
            Case(name: "floor: one suspension in a task of its own, behind an in-flight flag", unit: "op") {
                try await timed(await Floors.abandonable(calls / 8))
            },
            Case(name: "floor: one suspension in a continuation FIFO, 64 tasks", unit: "op") {
                try await timed(await Floors.fifo(tasks: 64, each: 1_000 / scale))
            },
            Case(name: "push + pop, unanimated, one caller", unit: "pair") {
                try await timed(try await CoordinatorCases.pushPop(plain, at: .low, pairs: pairs))
            },
            Case(name: "floor: push + pop keeping the contract, plain Swift", unit: "pair") {
                try await timed(try await ContractFloor.pushPop(pairs: pairs, host: NoopHost()))
            },
            Case(name: "push + pop through an async host, unanimated", unit: "pair") {
                try await timed(try await CoordinatorCases.pushPop(asyncHosted, at: .low, pairs: pairs / 4))
            },
            Case(name: "push + pop, 64 levels, 32 windows up", unit: "pair") {
                try await timed(try await CoordinatorCases.pushPop(crowded, at: top, pairs: pairs / 2))
            },
            Case(name: "floor: transition with a one-suspension animator keeping the contract, plain Swift", unit: "transition") {
                try await timed(2 * (try await ContractFloor.animatedPushPop(pairs: pairs / 2, host: NoopHost())))
            },
            Case(name: "transition with a one-suspension animator", unit: "transition") {
                try await timed(
                    2
                        * (try await CoordinatorCases.pushPop(
                            animated, at: .low, pairs: pairs / 2,
                            animator: YieldingAnimator())))
            },
            Case(name: "probe: coordinator getter, 64 tasks at once", unit: "call") {
                try await timed(try await CoordinatorCases.getters(tasks: 64, each: 2_000 / scale))
            },
            Case(name: "busy rejection, 64 tasks, a transition held", unit: "rejection") {
                try await timed(try await CoordinatorCases.busyRejections(tasks: 64, each: 2_000 / scale))
            },
            Case(name: ".enqueue, 64 tasks × 1,000 requests", unit: "request") {
                try await timed(try await CoordinatorCases.enqueued(tasks: 64, each: 1_000 / scale))
            },
        ]
        if options.only != nil {
            // What each step of the contract costs: asked for by name only (`--only contract`).
            for (steps, run) in ContractFloor.ablations {
                cases.append(
                    Case(name: "contract floor without \(steps.name)", unit: "pair") {
                        try await timed(try await run(pairs, NoopHost()))
                    })
            }
        }
        let stacked = try await ContainerCases.coordinator()
        cases.append(
            Case(name: "push + pop on a stack, unanimated, one caller", unit: "pair") {
                try await timed(try await ContainerCases.pushPop(stacked, pairs: pairs))
            })
        for size in [1_000, 10_000] {
            let long = try await ContainerCases.coordinator(stackOf: size)
            for end in [ContainerCases.End.top, .bottom] {
                cases.append(
                    Case(name: "setStack, \(size.formatted) items, a change at the \(end.rawValue)", unit: "change") {
                        try await timed(
                            try await ContainerCases.setStack(
                                long, size: size, at: end,
                                changes: max(4, 2_000_000 / scale / size / 10)))
                    })
            }
        }
        for size in [1_000, 4_000] {
            // Linear on the default host: the 4,000-item row takes about four times the 1,000-item one.
            let replaced = try await ContainerCases.defaultHostCoordinator(stackOf: size)
            cases.append(
                Case(name: "setStack replacing all \(size.formatted) items, default host", unit: "setStack") {
                    try await timed(try await ContainerCases.replaceEvery(replaced, size: size, changes: options.quick ? 4 : 16))
                })
        }
        for steps in [8, 64] {
            let path = RouteCases.path(steps: steps)
            cases.append(
                Case(name: "parse a \(steps)-step path", unit: "parse") {
                    try await timed(try RouteCases.parse(path, times: 400_000 / scale / steps))
                })
        }
        for steps in [8, 64] {
            let navigated = try await CoordinatorCases.coordinator(host: NoopHost(), screens: RouteCases.registry())
            let (first, second) = (
                RouteCases.navigablePath(steps: steps, variant: "a"), RouteCases.navigablePath(steps: steps, variant: "b")
            )
            cases.append(
                Case(name: "parse and navigate a \(steps)-step path", unit: "navigation") {
                    try await timed(
                        try await RouteCases.navigate(navigated, between: first, and: second, times: 40_000 / scale / steps))
                })
        }
        let modelHome = try await ContainerCases.coordinator()
        for (name, first, second) in [
            (
                "an app's tabs, a stack 8 deep and a sheet",
                ModelCases.appTree(depth: 8, extra: false), ModelCases.appTree(depth: 8, extra: true)
            ),
            (
                "a stack of 1,000 screens", ModelCases.stackTree(1_000, extra: false),
                ModelCases.stackTree(1_000, extra: true)
            ),
        ] {
            let snapshots = ModelCases.snapshots(first, second, count: 20_000 / scale / (name.contains("1,000") ? 50 : 1))
            cases.append(
                Case(name: "SwiftUI model: update per transition, \(name)", unit: "update") {
                    try await timed(await ModelCases.apply(snapshots, coordinator: modelHome))
                })
        }
        let followed = try await ContainerCases.coordinator()
        cases.append(
            Case(name: "SwiftUI model: push + pop followed through events onto the main actor", unit: "transition") {
                try await timed(try await ModelCases.followed(followed, pairs: pairs / 5))
            })
        for (name, trees) in [
            ("a change at the top", ReconcilerCases.stacks(size: 1_000, at: .top)),
            ("a change at the bottom", ReconcilerCases.stacks(size: 1_000, at: .bottom)),
            ("every screen replaced", ReconcilerCases.replacedStacks(size: 1_000)),
        ] {
            cases.append(
                Case(name: "reconcile a 1,000-screen stack, \(name)", unit: "reconcile") {
                    try await timed(
                        try ReconcilerCases.reconcile(trees.0, trees.1, times: (name.hasPrefix("every") ? 200 : 4_000) / scale))
                })
        }
        let routeTrees = try await ReconcilerCases.routeTrees(steps: 64)
        cases.append(
            Case(name: "reconcile a 64-step route's tree, a change at the top", unit: "reconcile") {
                try await timed(try ReconcilerCases.reconcile(routeTrees.0, routeTrees.1, times: 10_000 / scale))
            })
        cases.append(
            Case(name: "reconcile a 64-step route's tree from no content", unit: "reconcile") {
                try await timed(try ReconcilerCases.reconcile(nil, routeTrees.1, times: 10_000 / scale))
            })
        // The coordinator's cost on the path apps use, an actor host reconciling each change.
        let reconciledStack = try await ReconcilerCases.reconcilingCoordinator(stackOf: 1_000)
        cases.append(
            Case(name: "setStack, 1,000 items, a change at the top, an actor host reconciling", unit: "change") {
                try await timed(try await ContainerCases.setStack(reconciledStack, size: 1_000, at: .top, changes: 2_000 / scale))
            })
        let reconciledRoutes = try await CoordinatorCases.coordinator(host: ReconcilingHost(), screens: RouteCases.registry())
        let (firstPath, secondPath) = (
            RouteCases.navigablePath(steps: 64, variant: "a"), RouteCases.navigablePath(steps: 64, variant: "b")
        )
        cases.append(
            Case(name: "parse and navigate a 64-step path, an actor host reconciling", unit: "navigation") {
                try await timed(
                    try await RouteCases.navigate(reconciledRoutes, between: firstPath, and: secondPath, times: 2_000 / scale))
            })
        let inlineRoutes = try await CoordinatorCases.coordinator(host: InlineReconcilingHost(), screens: RouteCases.registry())
        cases.append(
            Case(name: "parse and navigate a 64-step path, a synchronous host reconciling", unit: "navigation") {
                try await timed(
                    try await RouteCases.navigate(inlineRoutes, between: firstPath, and: secondPath, times: 2_000 / scale))
            })
        // Where that navigation's time goes: its stages alone (parsing and reconciling have rows above).
        let stages = try await RouteCases.Stages(between: firstPath, and: secondPath)
        cases.append(
            Case(name: "… of which: compile the 64-step route against what is shown", unit: "compile") {
                try await timed(try stages.compile(times: 2_000 / scale))
            })
        cases.append(
            Case(name: "… of which: plan the 64-step navigation", unit: "plan") {
                try await timed(try stages.plan(times: 2_000 / scale))
            })
        cases.append(
            Case(name: "… of which: check the 64-step route's content (invariant 8)", unit: "check") {
                try await timed(try stages.check(times: 4_000 / scale))
            })
        var screenMemory: [Double] = []
        cases.append(
            Case(name: "a stack of \((100_000 / scale).formatted) screens set at once", unit: "screen") {
                let (time, bytes) = try await ContainerCases.bigStack(100_000 / scale)
                screenMemory.append(bytes)
                return time
            })
        for subscribers in [1, 8, 64] {
            cases.append(
                Case(name: "push + pop, \(subscribers) event subscriber\(subscribers == 1 ? "" : "s")", unit: "pair") {
                    try await timed(try await CoordinatorCases.withSubscribers(subscribers, pairs: pairs / 5))
                })
        }
        var floorMemory: [Double] = []
        cases.append(
            Case(name: "floor: \(fills[0].formatted) tasks waiting in a continuation FIFO", unit: "waiter") {
                let (duration, bytes) = await Floors.fillFIFO(fills[0])
                floorMemory.append(Double(bytes) / Double(fills[0]))
                return nanoseconds(duration) / Double(fills[0])
            })
        for fill in fills {
            cases.append(
                Case(name: "fill the queue: \(fill.formatted) waiters", unit: "waiter") {
                    let (duration, bytes) = try await CoordinatorCases.fillQueue(fill)
                    memory[fill, default: []].append(Double(bytes) / Double(fill))
                    return nanoseconds(duration) / Double(fill)
                })
        }

        if let only = options.only {
            cases.removeAll { benchCase in !benchCase.name.hasPrefix("floor") && !only.contains { benchCase.name.contains($0) } }
        }
        if !options.floors {
            cases.removeAll { $0.name.hasPrefix("floor") }
        }
        var samples = Array(repeating: [Double](), count: cases.count)
        for repetition in 0...options.repetitions {
            for (index, benchCase) in cases.enumerated() {
                options.progress?(
                    (repetition == 0 ? "warm-up" : "repetition \(repetition)/\(options.repetitions)") + " · " + benchCase.name)
                let sample = try await benchCase.run()
                if repetition > 0 { samples[index].append(sample) }
            }
            if repetition == 0 {
                memory.removeAll()
                floorMemory.removeAll()
                screenMemory.removeAll()
            }
        }
        var rows = zip(cases, samples).map { BenchRow(name: $0.name, unit: $0.unit, samples: $1) }
        if !floorMemory.isEmpty {
            rows.append(
                BenchRow(
                    name: "floor: resident memory per task waiting in a continuation FIFO", unit: "waiter",
                    samples: floorMemory, kind: .bytes))
        }
        if !screenMemory.isEmpty {
            rows.append(
                BenchRow(name: "resident memory per screen in a stack", unit: "screen", samples: screenMemory, kind: .bytes))
        }
        for fill in fills where !(memory[fill] ?? []).isEmpty {
            rows.append(
                BenchRow(
                    name: "resident memory per waiter, \(fill.formatted) waiting", unit: "waiter",
                    samples: memory[fill] ?? [], kind: .bytes))
        }
        if options.only.map({ $0.contains { "default host".contains($0) } }) ?? true {
            options.progress?("the long run on the default host")
            rows += try await LongRun.rows(transitions: options.quick ? 100_000 : 1_000_000, blocks: options.repetitions)
        }
        return BenchReport(rows: rows, options: options).comparing()
    }

    /// Runs `body`, returning nanoseconds per operation it reports.
    private static func timed(_ body: @autoclosure () async throws -> Int) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let operations = try await body()
        return nanoseconds(start.duration(to: clock.now)) / Double(max(operations, 1))
    }
}

extension Int {
    /// The number with thousands separated by commas.
    var formatted: String {
        let digits = Array(String(self))
        return String(
            digits.enumerated().flatMap { index, digit in
                index > 0 && (digits.count - index).isMultiple(of: 3) ? [",", digit] : [digit]
            })
    }
}
