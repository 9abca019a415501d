/// What `stress --help` prints: every subcommand, every option, each with an example.
package enum StressHelp {
    /// One command of the `stress` executable.
    package struct Command: Sendable {
        /// The word that selects it after `stress` (empty for the default run).
        package let name: String
        /// What it does, in a sentence or two.
        package let summary: String
        /// Its options, in the order the help lists them.
        package let options: [Option]
        /// Command lines to try, each with what it shows.
        package let examples: [(command: String, shows: String)]
    }

    /// One option of a command.
    package struct Option: Sendable {
        /// The flag and its value's placeholder, as `--seed S`.
        package let usage: String
        /// What it does.
        package let summary: String

        /// The flag alone, as `--seed`.
        package var flag: String { String(usage.split(separator: " ").first ?? "") }
    }

    /// The commands, the default run first.
    package static let commands: [Command] = [
        Command(
            name: "",
            summary: "Runs the stress workload in deterministic simulation (one seed, or a swarm of seeds each "
                + "with its own fault plan, each replayed to check its digest) or on the real thread pool, and checks every "
                + "invariant. Exits 0 when every check held, 1 on a violation or a coverage gap, 2 on bad arguments.",
            options: [
                Option(usage: "--requests N", summary: "requests the workers ask for (\(StressConfiguration().requests))"),
                Option(usage: "--tasks T", summary: "worker tasks racing each other (\(StressConfiguration().tasks))"),
                Option(usage: "--seed S", summary: "the seed, or the first seed of a swarm (\(StressConfiguration().seed))"),
                Option(usage: "--seeds K", summary: "a swarm: K seeds from S, each with its own fault plan"),
                Option(usage: "--timeout-ms MS", summary: "the animation timeout in milliseconds (10)"),
                Option(usage: "--threads", summary: "run on the real thread pool instead (timing-dependent)"),
                Option(usage: "--shrink", summary: "reduce the first failing seed to the operations that matter"),
                Option(
                    usage: "--mutants",
                    summary: "every planted bug (or the one --mutant names) on seeds 1...K (64): each must "
                        + "be caught by most; a bug on the main actor (a SwiftUI model's) on real threads "
                        + "(a build with the mutants only: \(StressHarness.mutantBuildCommand))"),
                Option(
                    usage: "--mutant NAME",
                    summary: "switch one planted bug on (the mutant build only; a model's needs --threads)"),
                Option(usage: "--width N", summary: "keep every line within N columns (default: the terminal's, at most 100)"),
                Option(usage: "--verbose", summary: "list every outcome the tables sum under \"other\", every violation"),
                Option(usage: "--json", summary: "the whole report as JSON, for machines (a run, a swarm, the mutants)"),
                Option(
                    usage: "--help", summary: "this text (also -h; `stress help bench` or `stress bench --help` for one command)"),
            ],
            examples: [
                ("swift run -c release stress", "one seed, 10,000 requests, 64 tasks"),
                ("swift run -c release stress --seeds 256 --requests 2000", "a swarm of 256 seeds"),
                ("swift run -c release stress --threads --requests 20000", "the real thread pool"),
                ("swift run -c release stress --seed 42 --shrink", "shrink a failing seed"),
                ("swift run -c release stress --json > report.json", "the report for machines"),
                (".build-mutants/release/stress --mutants", "prove the harness catches each planted bug"),
            ]),
        Command(
            name: "route",
            summary: "Parses a deep link's path and prints it as a tree (exit 0), or its error with a "
                + "caret under the position (exit 1).",
            options: [Option(usage: "'PATH'", summary: "the path, quoted for the shell")],
            examples: [("swift run stress route '^/top/news(id=9)'", "the parsed route")]),
        Command(
            name: "fuzz",
            summary: "Checks the libFuzzer targets' promises (paths round-trip, URLs, saved states and "
                + "links restored, routes navigated) on inputs drawn from a seed. Exits 1 when a promise breaks.",
            options: [
                Option(usage: "--iterations N", summary: "inputs per target (2000)"),
                Option(usage: "--seed S", summary: "the seed the inputs are drawn from (1)"),
                Option(
                    usage: "--only TARGET",
                    summary: "one target: " + FuzzChecks.Target.allCases.map(\.rawValue).joined(separator: ", ")),
                Option(usage: "--trace", summary: "name each input before it runs (a trap stops the run)"),
                Option(usage: "--write-corpus DIR", summary: "write the seed corpus, DIR/TARGET/seed-N, and stop"),
            ],
            examples: [("swift run -c release stress fuzz --iterations 20000", "20,000 inputs per target")]),
        Command(
            name: "uikit",
            summary: "Drives the UIKit layer (the container host over the strict fake UIKit, whose transitions take "
                + "time) with the app's requests and the user's actions at random moments, on real threads; at each "
                + "checkpoint the fake must show the committed snapshot, with every call returned and no UIKit rule "
                + "broken. Exits 1 on a violation.",
            options: [
                Option(usage: "--seeds K", summary: "seeds 1...K (256)"),
                Option(usage: "--steps N", summary: "steps a seed (200)"),
                Option(usage: "--mutant NAME", summary: "plant one of the UIKit layer's bugs (the mutant build only)"),
            ],
            examples: [("swift run -c release stress uikit --seeds 256", "256 seeds of 200 steps")]),
        Command(
            name: "bench",
            summary: "Measures the hot path's costs against floors measured in the same run, the cases "
                + "interleaved; prints figures and asserts no timing.",
            options: [
                Option(usage: "--quick", summary: "every size a tenth, for CI"),
                Option(usage: "--repetitions N", summary: "repetitions after the warm-up (7)"),
                Option(usage: "--only 'NAME[|NAME...]'", summary: "only the cases whose name contains one of these"),
                Option(usage: "--no-floors", summary: "leave the floors out (to profile one case alone)"),
                Option(usage: "--width N", summary: "keep every line within N columns (default: the terminal's, at most 100)"),
                Option(usage: "--json", summary: "the rows as JSON, for machines"),
            ],
            examples: [
                ("swift run -c release stress bench --quick --repetitions 1", "a quick run"),
                ("swift run -c release stress bench --only 'setStack'", "the setStack cases and the floors"),
            ]),
    ]

    /// The subcommands' names: the words that may follow `stress`.
    package static var subcommands: [String] { commands.map(\.name).filter { !$0.isEmpty } }

    /// The command named `name` (the default run for the empty name).
    package static func command(_ name: String) -> Command? { commands.first { $0.name == name } }

    /// One line a command form, as `stress bench [--quick] [--repetitions N] …`.
    package static func usage(width: Int = 80) -> String {
        // Spelled out step by step: as one chained expression it took the type checker seconds.
        var lines: [String] = []
        for command in commands {
            var words = ["stress"]
            if !command.name.isEmpty { words.append(command.name) }
            for option in command.options where option.flag != "--help" {
                words.append(option.flag.hasPrefix("-") ? "[\(option.usage)]" : option.usage)
            }
            lines += ReportLayout.wrap("  " + words.joined(separator: " "), width: width)
        }
        return lines.joined(separator: "\n")
    }

    /// The help of every command (or of the one named `name`), at most `width` characters a line.
    package static func text(for name: String? = nil, width: Int = 80) -> String {
        let shown = commands.filter { name == nil || $0.name == name }
        var lines = ["stress: the TransitionCoordinator stress harness, fuzzer and benchmark", "", "usage:"]
        lines += usage(width: width).split(separator: "\n").map(String.init)
        for command in shown {
            lines.append("")
            lines.append(command.name.isEmpty ? "stress (the default run)" : "stress \(command.name)")
            lines += ReportLayout.wrap("  " + command.summary, width: width, indent: 2)
            let column = min(30, (command.options.map(\.usage.count).max() ?? 0) + 4)
            for option in command.options {
                let padding = String(repeating: " ", count: max(2, column - option.usage.count - 2))
                lines += ReportLayout.wrap("  " + option.usage + padding + option.summary, width: width, indent: column)
            }
            lines.append("  examples:")
            let commandWidth = command.examples.map(\.command.count).max() ?? 0
            for example in command.examples {
                let padded = example.command + String(repeating: " ", count: commandWidth - example.command.count)
                let line = "    " + padded + "  # " + example.shows
                lines +=
                    line.count <= width
                    ? [line]
                    : ReportLayout.wrap(
                        "    " + example.command + "  # " + example.shows,
                        width: width, indent: 8)
            }
        }
        lines.append("")
        lines.append(
            "A long run (a swarm, the mutants, the bench, the fuzzer) shows its progress on standard error "
                + "when that is a terminal, and prints nothing extra when it is not.")
        return lines.flatMap { ReportLayout.wrap($0, width: width, indent: $0.hasPrefix(" ") ? nil : 0) }.joined(separator: "\n")
    }
}
