#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StressHarness

// `swift run -c release stress [--requests N] [--tasks T] [--seed S] [--timeout-ms MS] [--threads]`
// Exits 0 when no invariant was violated, 1 on any violation, 2 on bad arguments.

func usage(_ problem: String) -> Never {
    print("stress: \(problem)\nusage: stress [--requests N] [--tasks T] [--seed S] [--timeout-ms MS] [--threads]")
    exit(2)
}

func positive(_ value: String, _ flag: String) -> Int {
    guard let number = Int(value), number > 0 else { usage("\(flag) takes a positive whole number, not '\(value)'") }
    return number
}

var configuration = StressConfiguration()
var threads = false
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    if flag == "--threads" { threads = true; continue }
    guard let value = arguments.popFirst() else { usage("\(flag) needs a value") }
    switch flag {
    case "--requests": configuration.requests = positive(value, flag)
    case "--tasks": configuration.tasks = positive(value, flag)
    case "--timeout-ms": configuration.animationTimeout = .milliseconds(positive(value, flag))
    case "--seed":
        guard let seed = UInt64(value) else { usage("--seed takes a whole number from 0, not '\(value)'") }
        configuration.seed = seed
    default: usage("unknown option \(flag)")
    }
}
configuration.lifecycleEvents = max(1, configuration.requests / 25)

if threads {
    let report = await StressRunner.run(configuration)
    print(report.render())
    exit(report.passed ? 0 : 1)
} else {
    let first = StressRunner.simulate(configuration)
    let second = StressRunner.simulate(configuration)
    print(first.report.render())
    print("simulation            \(first.steps) scheduler steps · virtual time \(first.report.virtualTime) · digest \(first.digest)"
          + (first.digest == second.digest && first.steps == second.steps ? " · replayed: same digest" : " · replayed: DIFFERENT digest \(second.digest)"))
    let deterministic = first.digest == second.digest && first.steps == second.steps
    exit(first.violations.isEmpty && deterministic ? 0 : 1)
}
