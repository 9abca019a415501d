import Testing

@testable import StressHarness

/// `stress --help` describes every subcommand and every option, with an example of each command.
@Suite("Stress help")
struct StressHelpTests {
    @Test("the help names every subcommand, and each comes with an example")
    func namesEverySubcommand() {
        let text = StressHelp.text()
        #expect(StressHelp.subcommands == ["route", "fuzz", "uikit", "bench"])
        for command in StressHelp.commands {
            #expect(text.contains(command.name.isEmpty ? "stress (the default run)" : "\nstress \(command.name)\n"))
            #expect(!command.examples.isEmpty, "\(command.name)")
            for example in command.examples { #expect(text.contains(example.command), "\(example.command)") }
        }
    }

    @Test("the help describes every option of every command")
    func describesEveryOption() {
        let text = StressHelp.text()
        for command in StressHelp.commands {
            for option in command.options { #expect(text.contains("  " + option.usage + "  "), "\(option.usage)") }
        }
    }

    @Test(
        "every flag CI passes to stress is in the help",
        arguments: [
            ("", ["--seeds", "--requests", "--threads", "--mutants"]), ("bench", ["--quick", "--repetitions"]),
            ("fuzz", ["--iterations"]),
        ])
    func coversCI(command: String, flags: [String]) throws {
        let options = try #require(StressHelp.command(command)).options.map(\.flag)
        for flag in flags { #expect(options.contains(flag), "\(flag)") }
    }

    @Test("the help keeps to the width it is given", arguments: [80, 100])
    func fits(width: Int) {
        #expect(StressHelp.text(width: width).split(separator: "\n").allSatisfy { $0.count <= width })
    }
}
