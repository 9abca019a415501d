import StressBench
import StressHarness
import TransitionCoordinator

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// swift run -c release stress --help: every subcommand and option, with examples (StressHelp).
// --mutants runs every mutant on seeds 1...K (64 unless --seeds K) and fails unless each is
// caught by more than half of them (with --mutant NAME, that one alone); --mutant NAME alone runs
// one seed with it. Both need a build with the mutants
// compiled in (StressHarness.mutantBuildCommand): a plain build refuses them, saying how.
// Exits 0 when every check held, 1 on any violation, 2 on bad arguments.
// Reports keep to Terminal.reportWidth; a long run shows progress on standard error only when
// that is a terminal.

/// Says what was wrong with the arguments, and how to ask for help; exits 2.
func usage(_ problem: String, command: String = "") -> Never {
    Terminal.writeError(
        "stress: \(problem)\nusage:\n\(StressHelp.usage())\n"
            + "stress \(command.isEmpty ? "" : command + " ")--help says more\n")
    exit(2)
}

/// Prints the help of `command` (every command when nil) and exits 0.
func help(_ command: String? = nil) -> Never {
    print(StressHelp.text(for: command, width: Terminal.reportWidth))
    exit(0)
}

let progress = Progress()

/// Refuses a mutant run in a build without the library's mutants, saying how to build one.
func requireMutantBuild(_ flag: String) {
    guard !StressHarness.buildHasLibraryMutants else { return }
    Terminal.writeError(
        "stress: \(flag) needs a build with the mutants compiled in (the library an app links has none):\n"
            + "  \(StressHarness.mutantBuildCommand)\n")
    exit(2)
}

func positive(_ value: String, _ flag: String) -> Int {
    guard let number = Int(value), number > 0 else { usage("\(flag) takes a positive whole number, not '\(value)'") }
    return number
}

if ["help", "--help", "-h"].contains(CommandLine.arguments.dropFirst().first) {
    // `stress help bench` is `stress bench --help`.
    let named = CommandLine.arguments.dropFirst(2).first
    help(named.flatMap { StressHelp.subcommands.contains($0) ? $0 : nil })
}

if CommandLine.arguments.dropFirst().first == "route" {
    // swift run stress route 'PATH': the parsed route as a tree (exit 0), or the error with a caret
    // under its position (exit 1).
    let rest = CommandLine.arguments.dropFirst(2)
    if ["--help", "-h"].contains(rest.first) { help("route") }
    guard rest.count == 1, let path = rest.first else {
        usage("route takes one path, quoted: stress route '^/top/news(id=9)'", command: "route")
    }
    do throws(NavigationError) {
        let route = try Route(parsing: path)
        print(route.tree)
        print("prints as: \(route.path)")
        exit(0)
    } catch {
        print(error.caret(under: path))
        exit(1)
    }
}

if CommandLine.arguments.dropFirst().first == "fuzz" {
    // swift run -c release stress fuzz [--iterations N] [--seed S] [--only TARGET] [--trace] [--write-corpus DIR]:
    // the libFuzzer targets' checks (Stress/Fuzz) on inputs drawn from the seed; exits 1 when a
    // promise breaks (a trap stops the run: --trace names each input before it runs).
    var iterations = 2_000
    var seed: UInt64 = 1
    var targets = FuzzChecks.Target.allCases
    var trace = false
    var rest = CommandLine.arguments.dropFirst(2)
    while let flag = rest.popFirst() {
        switch flag {
        case "--iterations": iterations = positive(rest.popFirst() ?? "", flag)
        case "--seed":
            guard let value = rest.popFirst(), let number = UInt64(value) else { usage("--seed takes a whole number") }
            seed = number
        case "--only":
            guard let value = rest.popFirst(), let target = FuzzChecks.Target(rawValue: value) else {
                usage("--only takes one of " + FuzzChecks.Target.allCases.map(\.rawValue).joined(separator: ", "))
            }
            targets = [target]
        case "--trace": trace = true
        case "--help", "-h": help("fuzz")
        case "--write-corpus":
            // The seed corpus, one file a value: DIR/TARGET/seed-N.
            guard let directory = rest.popFirst() else { usage("--write-corpus takes a folder") }
            for target in FuzzChecks.Target.allCases {
                for (index, input) in StructuredFuzz.corpus(target).enumerated() {
                    let path = "\(directory)/\(target.rawValue)/seed-\(index)"
                    guard let file = fopen(path, "wb") else {
                        print("stress fuzz: cannot write \(path)")
                        exit(1)
                    }
                    _ = input.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
                    fclose(file)
                }
            }
            exit(0)
        default:
            usage(
                "fuzz takes --iterations N, --seed S, --only TARGET, --trace and --write-corpus DIR, not \(flag)", command: "fuzz"
            )
        }
    }
    let shown = progress, count = iterations, traced = trace
    @Sendable func traceInput(_ target: FuzzChecks.Target, _ index: Int, _ input: [UInt8]) {
        if traced {
            shown.clear()
            print(
                "\(target.rawValue) #\(index): \(input.count) bytes: " + String(decoding: input, as: UTF8.self).debugDescription)
        }
        if index.isMultiple(of: 100) { shown.show("stress fuzz: \(target.rawValue) \(index)/\(count)") }
    }
    let tracer: (@Sendable (FuzzChecks.Target, Int, [UInt8]) -> Void)? = trace || progress.enabled ? traceInput : nil
    let failures = await StructuredFuzz.run(seed: seed, iterations: iterations, targets: targets, trace: tracer)
    progress.clear()
    for failure in failures { print("stress fuzz: a promise broke: \(failure)") }
    print(
        "stress fuzz: \(targets.count) targets × \(iterations) inputs from seed \(seed): "
            + (failures.isEmpty ? "every check held" : "\(failures.count) inputs broke a promise"))
    exit(failures.isEmpty ? 0 : 1)
}

if CommandLine.arguments.dropFirst().first == "uikit" {
    // swift run -c release stress uikit [--seeds K] [--steps N] [--mutant NAME]
    var rest = CommandLine.arguments.dropFirst(2)
    var seedCount = 256, steps = 200
    var planted: Set<String> = []
    while let flag = rest.popFirst() {
        switch flag {
        case "--seeds": seedCount = positive(rest.popFirst() ?? "", flag)
        case "--steps": steps = positive(rest.popFirst() ?? "", flag)
        case "--help", "-h": help("uikit")
        case "--mutant":
            requireMutantBuild(flag)
            let name = rest.popFirst() ?? ""
            guard StressHarness.uikitMutantNames.contains(name) else {
                usage("--mutant takes one of \(StressHarness.uikitMutantNames.joined(separator: ", "))", command: "uikit")
            }
            planted.insert(name)
        default: usage("uikit takes --seeds K, --steps N and --mutant NAME, not \(flag)", command: "uikit")
        }
    }
    let outcome = await StressHarness.uikit(seeds: seedCount, steps: steps, mutants: planted)
    print(outcome.summary)
    for line in outcome.violations.prefix(5) { print("  " + line) }
    exit(outcome.violations.isEmpty ? 0 : 1)
}

if CommandLine.arguments.dropFirst().first == "bench" {
    // swift run -c release stress bench [--quick] [--repetitions N] [--only NAME] [--no-floors] [--json]
    var options = Bench.Options()
    if progress.enabled { options.progress = { [progress] status in progress.show("stress bench: " + status) } }
    var json = false
    var benchWidth = Terminal.reportWidth
    var rest = CommandLine.arguments.dropFirst(2)
    while let flag = rest.popFirst() {
        switch flag {
        case "--quick": options.quick = true
        case "--no-floors": options.floors = false
        case "--json": json = true
        case "--help", "-h": help("bench")
        case "--only":
            guard let value = rest.popFirst() else { usage("--only takes parts of case names, separated by |") }
            options.only = value.split(separator: "|").map(String.init)
        case "--repetitions":
            guard let value = rest.popFirst(), let count = Int(value), count >= 1 else {
                usage("--repetitions takes a positive whole number")
            }
            options.repetitions = count
        case "--width": benchWidth = max(ReportLayout.narrowestWidth, positive(rest.popFirst() ?? "", flag))
        default:
            usage(
                "bench takes --quick, --repetitions N, --only NAME, --no-floors, --width N and --json, not \(flag)",
                command: "bench")
        }
    }
    do {
        let report = try await Bench.run(options)
        progress.clear()
        print(json ? report.json() : report.render(width: benchWidth))
        exit(0)
    } catch {
        progress.clear()
        print("stress bench: \(error)")
        exit(1)
    }
}

var configuration = StressConfiguration()
var mutantFlag = ""
var mutantName: String?
var seeds: Int?
var threads = false, mutants = false, json = false, shrink = false, verbose = false
var widthOption: Int?
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    switch flag {
    case "--threads":
        threads = true
        continue
    case "--mutants":
        requireMutantBuild(flag)
        mutants = true
        continue
    case "--json":
        json = true
        continue
    case "--shrink":
        shrink = true
        continue
    case "--verbose":
        verbose = true
        continue
    case "--help", "-h": help()
    default: break
    }
    guard StressHelp.command("")?.options.contains(where: { $0.flag == flag }) == true else { usage("unknown option \(flag)") }
    guard let value = arguments.popFirst() else { usage("\(flag) needs a value") }
    switch flag {
    case "--requests": configuration.requests = positive(value, flag)
    case "--tasks": configuration.tasks = positive(value, flag)
    case "--seeds": seeds = positive(value, flag)
    case "--mutant":
        requireMutantBuild(flag)
        guard let mutated = StressHarness.configuration(configuration, withMutant: value) else {
            usage("--mutant takes one of \(StressHarness.mutantNames.map(\.name).joined(separator: ", "))")
        }
        configuration = mutated
        mutantName = value
        mutantFlag = " --mutant \(value)"
    case "--timeout-ms": configuration.animationTimeout = .milliseconds(positive(value, flag))
    case "--width": widthOption = max(ReportLayout.narrowestWidth, positive(value, flag))
    case "--seed":
        guard let seed = UInt64(value) else { usage("--seed takes a whole number from 0, not '\(value)'") }
        configuration.seed = seed
    default: usage("unknown option \(flag)")
    }
}
configuration.lifecycleEvents = max(1, configuration.requests / 25)
if let name = mutantName, StressHarness.needsRealThreads(name), !threads, !mutants {
    usage("--mutant \(name) plants a bug on the main actor, which only a run on real threads reaches: add --threads")
}

// A mutant run reproduces only in the mutant build (StressHarness.mutantBuildCommand).
let command =
    (mutantFlag.isEmpty ? "swift run -c release stress" : ".build-mutants/release/stress")
    + " --requests \(configuration.requests) --tasks \(configuration.tasks)\(mutantFlag)"

if mutants {
    // Every mutant must be caught by most seeds (each run with its own swarm fault plan), or the
    // harness reaches the bug only by luck.
    let count = seeds ?? 64
    let started = ContinuousClock.now
    var weak = 0
    var all: [StressHarness.Catches] = []
    let hunted = StressHarness.mutantNames.filter { mutantName == nil || $0.name == mutantName }
    for (index, mutant) in hunted.enumerated() {
        progress.show("stress --mutants: \(index + 1)/\(hunted.count) \(mutant.name) on \(count) seeds")
        guard let catches = await StressHarness.catches(mutant.name, base: configuration, seeds: count) else { continue }
        progress.clear()
        all.append(catches)
        if !json { ReportLayout.wrap(catches.line, width: widthOption ?? Terminal.reportWidth).forEach { print($0) } }
        if !catches.byMajority { weak += 1 }
    }
    progress.clear()
    if json {
        print(MutantReport(all, seeds: count).json)
        exit(weak == 0 ? 0 : 1)
    }
    let total = started.duration(to: .now).components
    let tenths = Int(total.seconds) * 10 + Int(total.attoseconds / 100_000_000_000_000_000)
    print(
        weak == 0
            ? "mutants: all \(hunted.count) caught by most of \(count) seeds in \(tenths / 10).\(tenths % 10) s"
            : "mutants: \(weak) caught by \(count / 2) seeds or fewer — FAILED")
    exit(weak == 0 ? 0 : 1)
}

if threads {
    progress.show("stress: seed \(configuration.seed) · \(configuration.requests) requests on the thread pool")
    let report = await StressRunner.run(configuration)
    progress.clear()
    print(json ? report.json(mode: "threads") : report.render(width: widthOption ?? Terminal.reportWidth, verbose: verbose))
    if !report.passed, !json { print("reproduce: \(command) --seed \(configuration.seed) --threads (timing-dependent)") }
    exit(report.passed ? 0 : 1)
}

let seedList = (0..<UInt64(seeds ?? 1)).map { configuration.seed + $0 }
let width = widthOption ?? Terminal.reportWidth
var done = 0, failed = 0
progress.show(
    seeds == nil
        ? "stress: seed \(configuration.seed) · \(configuration.requests) requests in simulation, then its replay"
        : "stress: swarm of \(seedList.count) seeds")
let results = Swarm.run(configuration, seeds: seedList, swarm: seeds != nil) { result in
    done += 1
    if !result.violations.isEmpty { failed += 1 }
    progress.clear()
    if seeds != nil, !json {
        ReportLayout.wrap(result.line.split(separator: "\n").map(String.init), width: width).forEach { print($0) }
    }
    if seeds != nil { progress.show("stress: seed \(done)/\(seedList.count) done · \(failed) failing") }
}
progress.clear()
let failing = results.filter { !$0.violations.isEmpty }
var gaps = seeds != nil ? Swarm.coverageGaps(results) : []
if seeds == nil, let shortfall = results.first?.run.report.workloadShortfall { gaps.append("workload: \(shortfall)") }
if json {
    if seeds == nil, let only = results.first {
        print(Swarm.json(only, gaps: gaps))
    } else {
        print(Swarm.json(results, gaps: gaps))
    }
} else {
    if seeds == nil, let only = results.first {
        print(Swarm.report(only, gaps: gaps, width: width, verbose: verbose))
    } else {
        print(Swarm.summary(results, gaps: gaps, width: width, verbose: verbose))
    }
    for result in failing.prefix(5) {
        ReportLayout.wrap("✗ seed \(result.seed): \(result.violations.first.map(\.description) ?? "")", width: width).forEach {
            print($0)
        }
        print("  reproduce: \(command) --seed \(result.seed)" + (seeds != nil ? " --seeds 1" : ""))
    }
    if shrink, let first = failing.first {
        var failingConfiguration = configuration
        failingConfiguration.seed = first.seed
        failingConfiguration.faults = first.faults
        progress.show("stress: shrinking seed \(first.seed)")
        let shrunk = Shrinker.shrink(failingConfiguration)
        progress.clear()
        if let shrunk {
            let lines = [
                "shrunk seed \(first.seed) from \(shrunk.before) to \(shrunk.after) operations "
                    + "(\(shrunk.configuration.lifecycleEvents) lifecycle events) in \(shrunk.attempts) simulations; still fails with:",
                "  ✗ \(shrunk.violations.first.map(\.description) ?? "")",
            ]
            ReportLayout.wrap(lines, width: width).forEach { print($0) }
            for (task, script) in (shrunk.configuration.scripts ?? []).enumerated() where !script.isEmpty {
                for operation in script { print("  task \(task): \(operation)") }
            }
        }
    }
}
exit(failing.isEmpty && gaps.isEmpty ? 0 : 1)
