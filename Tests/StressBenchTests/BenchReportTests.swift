import Testing

@testable import StressBench

#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

/// The bench's table keeps to the terminal's width, and its JSON decodes to its rows.
@Suite("Bench report")
struct BenchReportTests {
    static let report = BenchReport(
        rows: [
            BenchRow(name: "floor: bare actor call", unit: "call", samples: [40, 42, 41]),
            BenchRow(name: "push + pop, unanimated, one caller", unit: "pair", samples: [900, 1_000, 950]),
            BenchRow(
                name: "floor: one suspension in a task of its own, behind an in-flight flag, measured at length", unit: "op",
                samples: [300, 310, 320]),
            BenchRow(name: "resident memory per screen in a stack", unit: "screen", samples: [700, 720], kind: .bytes),
        ], options: Bench.Options()
    ).comparing()

    @Test("a table too wide for the terminal puts each case on a line of its own over its figures", arguments: [80, 100])
    func fits(width: Int) {
        let lines = Self.report.render(width: width).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= width }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("push + pop, unanimated, one caller") && $0.contains("«floor: bare actor call»") })
    }

    @Test("a table that fits keeps one line a row")
    func oneLineWhenItFits() {
        let lines = Self.report.render(width: 400).split(separator: "\n")
        #expect(lines.count == 2 + Self.report.rows.count)
    }

    @Test("the JSON decodes to every row, with its ratio and whether it met its target")
    func jsonDecodes() throws {
        let document = try JSONDecoder().decode(BenchReport.Document.self, from: Data(Self.report.json().utf8))
        #expect(document == Self.report.document)
        #expect(document.rows.map(\.name) == Self.report.rows.map(\.name))
        let pair = try #require(document.rows.first { $0.name == "push + pop, unanimated, one caller" })
        #expect(pair.against == "floor: bare actor call" && pair.met == true && pair.median == 950, "within the frame budget")
        #expect(Self.report.json().contains("\"case\" : \"floor: bare actor call\""), "the case's key is as it was")
    }
}
